#!/usr/bin/env bash
# Formats every Swift file git tracks with the toolchain's `swift format`, to the style in .swift-format:
# Sources, Tests (Tests/Integration included), Examples (Examples/Service included), Benchmarks, the
# Package.swift files, .ci's snippets and stand-ins, and any file added later (a DocC tutorial's code among
# them), since the list is `git ls-files '*.swift'`, not a list of folders.
#
#   bash .ci/format.sh          formats the files in place
#   bash .ci/format.sh --lint   changes nothing; `swift format lint --strict` fails on any finding
#
# A declaration that a guide in Docs/ quotes with a layout of its own (columns aligned) is marked
# `// swift-format-ignore`, since .ci/check-doc-samples.py compares the guide's lines with the code's.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=format
case "${1-}" in
  "") ;;
  --lint) mode=lint ;;
  *) echo "usage: bash .ci/format.sh [--lint]" >&2; exit 2 ;;
esac

# NUL-separated, so a path with a space stays one path; a file deleted but not yet committed is skipped.
files=()
while IFS= read -r -d '' file; do
  # The common-errors packages are wrong on purpose, and the guide quotes the compiler on their lines.
  [[ $file == .ci/common-errors/* ]] && continue
  if [[ -f "$file" ]]; then files+=("$file"); fi
done < <(git ls-files -z -- '*.swift')
if ((${#files[@]} == 0)); then
  echo "error: git lists no Swift file here" >&2
  exit 1
fi

if [[ $mode == lint ]]; then
  swift format lint --strict --parallel --configuration .swift-format "${files[@]}"
  echo "swift format: ${#files[@]} files, no findings"
else
  swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
  echo "swift format: ${#files[@]} files formatted"
fi
