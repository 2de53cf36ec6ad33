#!/usr/bin/env bash
# The release build's resident memory, with carts held by stores (logging at the info level, as the service
# runs by default, and with no debug log) and by a plain actor: after start, with 10,000 idle carts, and
# after they were evicted; twice, to show whether the memory of evicted carts is reused. Bounded: each wait
# for the idle sweep gives up 60 s after the carts' idle timeout. With DATABASE_URL set, also stores that
# keep each cart in PostgreSQL.
#
#   Examples/Service/Scripts/memory.sh
#   DATABASE_URL=$(Examples/Service/Scripts/postgres.sh start) Examples/Service/Scripts/memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."

carts=${CARTS:-10000}
idle=${IDLE_TIMEOUT:-10}
# A cart in PostgreSQL is made by taking its lease and committing its first add, two commits of a few
# milliseconds: 10,000 one after another took 117 s on 2 busy cores, so the sweep evicted the first before
# the last was made. They are made over 4 connections, whose commits PostgreSQL groups, and may idle longer.
pg_idle=${PG_IDLE_TIMEOUT:-90}
port=${PORT:-18081}

swift build -c release --product cart-service > "${TMPDIR:-/tmp}/cart-service-build.log" 2>&1 ||
  { cat "${TMPDIR:-/tmp}/cart-service-build.log"; exit 1; }
binary="$(swift build -c release --show-bin-path 2> /dev/null)/cart-service"
out=$(mktemp)
pid=
# A run that gives up (a cart evicted too early, a sweep too slow) stops its server too: one left running
# would hold the port and answer the next run's requests.
trap 'if [ -n "$pid" ]; then kill "$pid" 2> /dev/null || true; fi' EXIT

rss() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status"; }  # KiB

# The carts in memory: those held, and those evicted that are still stopping (saving, giving their lease up).
held() {
  curl -s "http://127.0.0.1:$port/health" |
    python3 -c 'import json, sys; reply = json.load(sys.stdin); print(reply["carts"] + reply.get("stopping", 0))'
}

# Waits until the idle sweep has evicted every cart and each has stopped, for at most 60 s past the idle
# timeout (a sweep comes at most a quarter of it late).
evicted() {
  for _ in $(seq $(((timeout + 60) * 10))); do
    [ "$(held)" = 0 ] && return
    sleep 0.1
  done
  echo "the carts were not evicted within $((timeout + 60)) s" >&2
  exit 1
}

source Scripts/configurations.sh

echo "| carts held by | at start (MiB) | $carts carts (MiB) | per cart (KiB) | evicted (MiB) | $carts more (MiB) | evicted again (MiB) |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for configuration in "${configurations[@]}"; do
  rm -f "$out"  # so that the last run's "listening on" is not taken for this one's
  timeout=$idle limit=IDLE_TIMEOUT connections=1
  if [ "$configuration" = "store, PostgreSQL" ]; then timeout=$pg_idle limit=PG_IDLE_TIMEOUT connections=4; fi
  # shellcheck disable=SC2086 # the arguments are words
  service --port "$port" ${arguments[$configuration]} --idle-timeout "$timeout" > "$out" 2> /dev/null &
  pid=$!
  for _ in $(seq 100); do grep -qs "listening on" "$out" && break; sleep 0.1; done
  python3 Scripts/make-carts.py "$port" 1 warm
  evicted
  start=$(rss "$pid")
  made=$SECONDS
  python3 Scripts/make-carts.py "$port" "$carts" first "$connections"
  echo "$configuration: $carts carts made in $((SECONDS - made)) s" >&2
  [ "$(held)" = "$carts" ] || { echo "carts were evicted while they were made: raise $limit" >&2; exit 1; }
  full=$(rss "$pid")
  evicted
  empty=$(rss "$pid")
  python3 Scripts/make-carts.py "$port" "$carts" second "$connections"
  again=$(rss "$pid")
  evicted
  emptyAgain=$(rss "$pid")
  kill -TERM "$pid"
  wait "$pid"
  awk -v b="$configuration" -v s="$start" -v f="$full" -v e="$empty" -v a="$again" -v e2="$emptyAgain" -v n="$carts" \
    'BEGIN { printf "| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.1f |\n", b, s/1024, f/1024, (f-s)/n, e/1024, a/1024, e2/1024 }'
done
rm "$out"
