#!/usr/bin/env bash
# Requests per second, p50/p99 latency and CPU time per request of the release build, with each cart held by
# an Actuate store (logging to swift-log at the info level, as the service runs by default, and with no
# debug log at all) and by a plain actor, in alternating rounds on 127.0.0.1, with wrk: every request adds
# an item to one of 100 carts. With DATABASE_URL set, a fourth server also keeps each cart in PostgreSQL and
# answers an add once it is committed. Bounded: ROUNDS x 3 or 4 configurations x (WARMUP + DURATION) of load.
#
#   DATABASE_URL=$(Scripts/postgres.sh start) Examples/Service/Scripts/load.sh   # persistence on and off
#
#   Examples/Service/Scripts/load.sh                 # 3 rounds of 10 s per configuration, 64 connections
#   ROUNDS=5 DURATION=20s CONNECTIONS=128 Examples/Service/Scripts/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
duration=${DURATION:-10s}
warmup=${WARMUP:-2s}
connections=${CONNECTIONS:-64}
threads=${THREADS:-1}
port=${PORT:-18080}
source Scripts/configurations.sh

command -v wrk > /dev/null || { apt-get update -qq && apt-get install -y -qq wrk > /dev/null; }
swift build -c release --product cart-service > "${TMPDIR:-/tmp}/cart-service-build.log" 2>&1 ||
  { cat "${TMPDIR:-/tmp}/cart-service-build.log"; exit 1; }
binary="$(swift build -c release --show-bin-path 2> /dev/null)/cart-service"
results=$(mktemp -d)

# Waits (bounded) until the service started last listens.
listening() {
  for _ in $(seq 100); do
    grep -qs "listening on" "$results/out" && return
    sleep 0.1
  done
  echo "the service did not start: $(cat "$results/err")" >&2
  kill "$pid"
  exit 1
}

# The CPU time the service has used, user and system, in clock ticks.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# wrk's latency figures are in us, ms or s: print them in ms.
ms() {
  awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.2f", v }'
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| round | carts held by | requests/s | p50 (ms) | p99 (ms) | CPU per request (µs) | errors |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
pid=
# A run that gives up stops its server too: one left running would hold the port for the next run.
trap 'if [ -n "$pid" ]; then kill "$pid" 2> /dev/null || true; fi' EXIT
for round in $(seq "$rounds"); do
  for configuration in "${configurations[@]}"; do
    rm -f "$results/out"  # so that the last run's "listening on" is not taken for this one's
    # shellcheck disable=SC2086 # the arguments are words
    service --port "$port" ${arguments[$configuration]} > "$results/out" 2> "$results/err" &
    pid=$!
    listening
    wrk -t"$threads" -c"$connections" -d"$warmup" -s Scripts/add-items.lua "http://127.0.0.1:$port" > /dev/null
    before=$(cpu "$pid")
    wrk -t"$threads" -c"$connections" -d"$duration" --latency -s Scripts/add-items.lua "http://127.0.0.1:$port" > "$results/wrk"
    after=$(cpu "$pid")
    kill -TERM "$pid"
    wait "$pid"
    rps=$(awk '/^Requests\/sec/ { printf "%.0f", $2 }' "$results/wrk")
    p50=$(awk '$1 == "50%" { print $2 }' "$results/wrk" | ms)
    p99=$(awk '$1 == "99%" { print $2 }' "$results/wrk" | ms)
    requests=$(awk '/requests in/ { print $1 }' "$results/wrk")
    perRequest=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="$requests" 'BEGIN { printf "%.1f", t / hz / n * 1e6 }')
    errors=$(awk '/Non-2xx|Socket errors/ { printf "%s ", $0 }' "$results/wrk")
    echo "| $round | $configuration | $rps | $p50 | $p99 | $perRequest | ${errors:-none} |"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -r "$results"
