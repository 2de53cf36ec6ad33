#!/usr/bin/env bash
# Requests per second and p50/p99 latency of the release build, each cart held by an Actuate store and then
# by a plain actor, in alternating rounds on 127.0.0.1, with wrk: every request adds an item to one of 100
# carts. Bounded: ROUNDS x 2 backends x (WARMUP + DURATION) of load.
#
#   Examples/Service/Scripts/load.sh                 # 3 rounds of 10 s per backend, 64 connections
#   ROUNDS=5 DURATION=20s CONNECTIONS=128 Examples/Service/Scripts/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
duration=${DURATION:-10s}
warmup=${WARMUP:-2s}
connections=${CONNECTIONS:-64}
threads=${THREADS:-1}
port=${PORT:-18080}

command -v wrk > /dev/null || { apt-get update -qq && apt-get install -y -qq wrk > /dev/null; }
swift build -c release --product cart-service > /dev/null
binary="$(swift build -c release --show-bin-path)/cart-service"
results=$(mktemp -d)

# Starts the service, waits (bounded) until it listens, and prints its pid.
start() {
  "$binary" --port "$port" --backend "$1" > "$results/out" 2> "$results/err" &
  local pid=$!
  for _ in $(seq 100); do
    grep -q "listening on" "$results/out" && { echo "$pid"; return; }
    sleep 0.1
  done
  echo "the service did not start: $(cat "$results/err")" >&2
  kill "$pid"
  exit 1
}

# wrk's latency figures are in us, ms or s: print them in ms.
ms() {
  awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.2f", v }'
}

echo "| round | backend | requests/s | p50 (ms) | p99 (ms) | errors |"
echo "| --- | --- | --- | --- | --- | --- |"
for round in $(seq "$rounds"); do
  for backend in store actor; do
    pid=$(start "$backend")
    wrk -t"$threads" -c"$connections" -d"$warmup" -s Scripts/add-items.lua "http://127.0.0.1:$port" > /dev/null
    wrk -t"$threads" -c"$connections" -d"$duration" --latency -s Scripts/add-items.lua "http://127.0.0.1:$port" > "$results/wrk"
    kill -TERM "$pid"
    wait "$pid"
    rps=$(awk '/^Requests\/sec/ { printf "%.0f", $2 }' "$results/wrk")
    p50=$(awk '$1 == "50%" { print $2 }' "$results/wrk" | ms)
    p99=$(awk '$1 == "99%" { print $2 }' "$results/wrk" | ms)
    errors=$(awk '/Non-2xx|Socket errors/ { printf "%s ", $0 }' "$results/wrk")
    echo "| $round | $backend | $rps | $p50 | $p99 | ${errors:-none} |"
  done
done
rm -r "$results"
