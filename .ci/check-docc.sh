#!/usr/bin/env bash
# The DocC documentation of Actuate and ActuateTesting: the articles match the guides in Docs/ they come from
# (.ci/docc-articles.py --check), each module's catalog converts with the toolchain's docc without a warning
# or error under --analyze (a link that does not resolve; a parameter or return value left undocumented by a
# doc comment that documents the others, or documented but not in the signature; a directive misused), and
# every code file of the tutorial compiles, runs and passes its tests (.ci/check-docc-tutorial.py).
#
# Locally: bash .ci/check-docc.sh writes .build/docc/<Module>.doccarchive and the logs beside them. To read
# the docs in a browser while editing them, after one run:
#   "$(dirname "$(readlink -f "$(command -v swift)")")/docc" preview Sources/Actuate/Actuate.docc \
#     --additional-symbol-graph-dir .build/docc/symbol-graphs/Actuate
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
python3 .ci/docc-articles.py --check

# docc ships beside swift; DOCC overrides it.
docc=${DOCC:-$(dirname "$(readlink -f "$(command -v swift)")")/docc}
[[ -x $docc ]] || { echo "docc: not found at $docc; set DOCC to the toolchain's docc"; exit 1; }

# The symbol graphs of the package's modules, from the debug build (reused when it is up to date). SwiftPM
# 6.3 also tries the test runner modules it synthesises (<Package>PackageTests, …PackageDiscoveredTests),
# which have no module to load, and then exits with 1 although it wrote every other graph: that failure,
# and no other, is let through, and the graphs are written afresh so none is left from an earlier run.
mkdir -p .build/docc
rm -rf "$(swift build --show-bin-path)/../symbolgraph"
log=.build/docc/symbol-graphs.log
swift package dump-symbol-graph --emit-extension-block-symbols > "$log" 2>&1 || {
  if grep '^error: ' "$log" | grep -qvE "^error: Failed to emit symbol graph for '[A-Za-z]+Package(Discovered)?Tests'"; then
    cat "$log"
    exit 1
  fi
}
graphs=$(sed -n 's/^Files written to //p' "$log")
[[ -d $graphs ]] || { cat "$log"; echo "docc: no symbol graph folder"; exit 1; }

failed=0
for module in Actuate ActuateTesting; do
  # One module's graphs only (its own, and those of its extensions to other modules' types), so that each
  # catalog documents its module and nothing else.
  rm -rf ".build/docc/symbol-graphs/$module" ".build/docc/$module.doccarchive"
  mkdir -p ".build/docc/symbol-graphs/$module"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json ".build/docc/symbol-graphs/$module/" \
    2>/dev/null || true
  [[ -f ".build/docc/symbol-graphs/$module/$module.symbols.json" ]] \
    || { echo "docc: no symbol graph for $module in $graphs"; exit 1; }
  log=".build/docc/$module.log"
  status=0
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir ".build/docc/symbol-graphs/$module" \
    --output-dir ".build/docc/$module.doccarchive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --source-service github --source-service-base-url https://github.com/actuate-swift/actuate/blob/main \
    --checkout-path "$PWD" \
    --analyze --warnings-as-errors > "$log" 2>&1 || status=$?
  # --analyze also prints notes (advice on an article's layout), which are not failures.
  problems=$(grep -cE '^(warning|error): ' "$log" || true)
  notes=$(grep -cE '^note: ' "$log" || true)
  if [[ $status -ne 0 || $problems -ne 0 ]]; then
    awk 'BEGIN { RS = ""; ORS = "\n\n" } !/^note: /' "$log"  # each diagnostic, notes left out
    echo "docc: $module: $problems warning(s) or error(s), exit status $status"
    failed=1
  else
    echo "docc: $module: no warning ($notes note(s) of advice, in $log)"
  fi
done
[[ $failed -eq 0 ]] || exit 1

python3 .ci/check-docc-tutorial.py
echo "docc: done in $((SECONDS - started)) s"
