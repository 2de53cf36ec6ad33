#!/usr/bin/env bash
# Debian's nginx in front of cart-service processes, all on 127.0.0.1: each request goes to the process its
# cart id hashes to (consistent hashing, so a process that goes away moves only its own carts), and to the
# next one when that process refuses the connection. `start` installs nginx if it is missing, writes its
# configuration in a folder of its own and starts it; `stop` stops it. Each can be run again safely.
#
#   Examples/Service/Scripts/balancer.sh start 8080 8081 8082   # listen on 8080, in front of 8081 and 8082
#   Examples/Service/Scripts/balancer.sh stop
set -euo pipefail

folder=${ACTUATE_NGINX_DIR:-${TMPDIR:-/tmp}/actuate-nginx}

running() { [ -s "$folder/nginx.pid" ] && kill -0 "$(cat "$folder/nginx.pid")" 2> /dev/null; }

start() {
  [ $# -ge 2 ] || { echo "usage: $0 start LISTEN_PORT SERVER_PORT..." >&2; exit 2; }
  local port=$1
  shift
  if ! command -v nginx > /dev/null && [ ! -x /usr/sbin/nginx ]; then
    [ "$(id -u)" = 0 ] || { echo "nginx is not installed: run apt-get install -y nginx as root" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx > /dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx > /dev/null; }
  fi
  if running; then stop; fi
  mkdir -p "$folder"
  {
    echo "worker_processes 1;"
    echo "pid $folder/nginx.pid;"
    echo "error_log $folder/error.log warn;"
    echo "events { worker_connections 1024; }"
    echo "http {"
    echo "  access_log off;"
    for temp in client_body proxy fastcgi uwsgi scgi; do echo "  ${temp}_temp_path $folder/$temp;"; done
    # The cart id is the path's second part; other paths (/health) hash as a whole.
    echo '  map $uri $cart { ~^/carts/(?<id>[^/]+) $id; default $uri; }'
    echo "  upstream carts {"
    echo '    hash $cart consistent;'
    for server in "$@"; do echo "    server 127.0.0.1:$server max_fails=1 fail_timeout=5s;"; done
    echo "    keepalive 32;"
    echo "  }"
    echo "  server {"
    echo "    listen 127.0.0.1:$port;"
    echo "    location / {"
    echo "      proxy_pass http://carts;"
    echo "      proxy_http_version 1.1;"
    echo '      proxy_set_header Connection "";'
    # A refused connection tries the next process: nothing was sent, so even a POST is safe to send again.
    # A request already sent is not sent again: it may have been done.
    echo "      proxy_next_upstream error timeout;"
    echo "      proxy_connect_timeout 1s;"
    echo "    }"
    echo "  }"
    echo "}"
  } > "$folder/nginx.conf"
  # nginx runs on after this script, so it must not keep the descriptors of whoever ran the script, beyond
  # the standard three: a launcher that learns of the script's end from one of them would wait forever.
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2> /dev/null || true; fi
    done
    exec "$(command -v nginx || echo /usr/sbin/nginx)" -p "$folder" -c "$folder/nginx.conf"
  ) || { cat "$folder/error.log" >&2; exit 1; }
  echo "http://127.0.0.1:$port"
}

stop() {
  if running; then
    local pid
    pid=$(cat "$folder/nginx.pid")
    kill -QUIT "$pid"
    # nginx ends its workers first: wait for it, at most 10 s. A daemon's parent is init, which may not reap
    # it in a container: a zombie has ended too.
    for _ in $(seq 100); do
      case "$(ps -o stat= -p "$pid" 2> /dev/null)" in "" | Z*) break ;; esac
      sleep 0.1
    done
  fi
  rm -rf "$folder"
}

case "${1:-}" in
  start)
    shift
    start "$@"
    ;;
  stop) stop ;;
  *)
    echo "usage: $0 start LISTEN_PORT SERVER_PORT... | stop" >&2
    exit 2
    ;;
esac
