#!/usr/bin/env bash
# The release build's resident memory, for each backend: after start, with 10,000 idle carts, and after they
# were evicted; twice, to show whether the memory of evicted carts is reused. Bounded: each wait for the idle
# sweep gives up after 60 s.
#
#   Examples/Service/Scripts/memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."

carts=${CARTS:-10000}
idle=${IDLE_TIMEOUT:-10}
port=${PORT:-18081}

swift build -c release --product cart-service > /dev/null
binary="$(swift build -c release --show-bin-path)/cart-service"
out=$(mktemp)

rss() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status"; }  # KiB

held() { curl -s "http://127.0.0.1:$port/health" | python3 -c 'import json, sys; print(json.load(sys.stdin)["carts"])'; }

# Waits until the idle sweep has evicted every cart, for at most 60 s.
evicted() {
  for _ in $(seq 600); do
    [ "$(held)" = 0 ] && return
    sleep 0.1
  done
  echo "the carts were not evicted within 60 s" >&2
  exit 1
}

echo "| backend | at start (MiB) | $carts carts (MiB) | per cart (KiB) | evicted (MiB) | $carts more (MiB) | evicted again (MiB) |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for backend in store actor; do
  "$binary" --port "$port" --backend "$backend" --idle-timeout "$idle" > "$out" 2> /dev/null &
  pid=$!
  for _ in $(seq 100); do grep -q "listening on" "$out" && break; sleep 0.1; done
  python3 Scripts/make-carts.py "$port" 1 warm
  evicted
  start=$(rss "$pid")
  python3 Scripts/make-carts.py "$port" "$carts" first
  [ "$(held)" = "$carts" ] || { echo "carts were evicted while they were made: raise IDLE_TIMEOUT" >&2; exit 1; }
  full=$(rss "$pid")
  evicted
  empty=$(rss "$pid")
  python3 Scripts/make-carts.py "$port" "$carts" second
  again=$(rss "$pid")
  evicted
  emptyAgain=$(rss "$pid")
  kill -TERM "$pid"
  wait "$pid"
  awk -v b="$backend" -v s="$start" -v f="$full" -v e="$empty" -v a="$again" -v e2="$emptyAgain" -v n="$carts" \
    'BEGIN { printf "| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.1f |\n", b, s/1024, f/1024, (f-s)/n, e/1024, a/1024, e2/1024 }'
done
rm "$out"
