#!/usr/bin/env bash
# Each snippet in .ci/common-errors/ is a mistake from "Common errors" in Docs/GettingStarted.md, or from
# Docs/Views.md for a snippet named StoreModel…. Its first lines (`// error: …`, `// note: …`) are the
# diagnostics the guide quotes: the compiler must still give each one, and the guide must still quote it
# word for word. Needs the package built (`swift build`) first.
set -euo pipefail
cd "$(dirname "$0")/.."

modules="$(swift build --show-bin-path)/Modules"
target=()
# The module is built for Actuate's floor; swiftc's default deployment target on macOS is older.
if [[ "$(uname)" == Darwin ]]; then target=(-target "$(uname -m)-apple-macosx13.0"); fi
failures=0
for snippet in .ci/common-errors/*.swift; do
  guide=Docs/GettingStarted.md
  if [[ "$(basename "$snippet")" == StoreModel* ]]; then guide=Docs/Views.md; fi
  output=$(swiftc -typecheck -swift-version 6 "${target[@]}" -I "$modules" "$snippet" 2>&1 || true)
  while IFS= read -r expected; do
    message=${expected#// }
    if ! grep -qF -- "$message" <<<"$output"; then
      echo "$snippet: the compiler no longer says \"$message\"; it says:"
      echo "$output"
      failures=$((failures + 1))
    elif ! grep -qF -- "${message#*: }" "$guide"; then
      echo "$snippet: $guide does not quote \"${message#*: }\"; quote the compiler's message there"
      failures=$((failures + 1))
    fi
  done < <(grep -E '^// (error|note): ' "$snippet")
done
if ((failures)); then exit 1; fi
echo "common errors: every quoted message is the compiler's"
