#!/usr/bin/env bash
# The compiler messages quoted in Docs/GettingStarted.md ("Common errors") and Docs/Views.md, checked in a
# package of a user's own that depends on this checkout by path: see .ci/check-common-errors.py. In CI it builds in
# the scratch folder the other packages that depend on Actuate share (.ci/scratch.py).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 .ci/check-common-errors.py
