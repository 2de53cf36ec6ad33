#!/usr/bin/env bash
# A throwaway PostgreSQL for the service and its tests: Debian's server, its own cluster in a folder of its
# own, listening on 127.0.0.1 only, trusting local connections. `start` installs the server if it is missing,
# starts it unless it runs, and prints the URL to give the service as DATABASE_URL; `stop` stops it and
# deletes the cluster; `url` prints the URL. Each can be run again safely.
#
#   export DATABASE_URL=$(Examples/Service/Scripts/postgres.sh start)
#   Examples/Service/Scripts/postgres.sh stop
set -euo pipefail

folder=${ACTUATE_PG_DIR:-${TMPDIR:-/tmp}/actuate-postgres}
port=${ACTUATE_PG_PORT:-55432}
database=carts
user=actuate
url="postgres://$user@127.0.0.1:$port/$database"

# The server's programs: Debian keeps them out of PATH, under the version they belong to.
bin() { ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1; }

# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user the package made.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

running() { [ -n "$(bin)" ] && as_owner "$(bin)/pg_ctl" status -D "$folder/data" > /dev/null 2>&1; }

start() {
  if [ -z "$(bin)" ]; then
    [ "$(id -u)" = 0 ] || { echo "PostgreSQL is not installed: run apt-get install -y postgresql as root" >&2; exit 1; }
    echo "installing PostgreSQL (apt-get install -y postgresql)" >&2
    # Debian's package would make and start a cluster of its own on port 5432: this script needs neither.
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/actuate.conf
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null; }
  fi
  if running; then
    echo "$url"
    return
  fi
  mkdir -p "$folder"
  [ "$(id -u)" = 0 ] && chown postgres: "$folder"
  if [ ! -f "$folder/data/PG_VERSION" ]; then
    as_owner "$(bin)/initdb" -D "$folder/data" -U "$user" -A trust --no-sync > "$folder/initdb.log" 2>&1 ||
      { cat "$folder/initdb.log" >&2; exit 1; }
  fi
  # The socket goes in the folder too, so that no system folder need exist or be writable.
  as_owner "$(bin)/pg_ctl" start -D "$folder/data" -l "$folder/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $folder" > /dev/null ||
    { cat "$folder/server.log" >&2; echo "PostgreSQL did not start: see $folder/server.log" >&2; exit 1; }
  if ! as_owner "$(bin)/psql" -h 127.0.0.1 -p "$port" -U "$user" -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1; then
    as_owner "$(bin)/psql" -h 127.0.0.1 -p "$port" -U "$user" -d postgres -qc "CREATE DATABASE $database" > /dev/null
  fi
  echo "$url"
}

stop() {
  if running; then as_owner "$(bin)/pg_ctl" stop -D "$folder/data" -m fast > /dev/null; fi
  rm -rf "$folder"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "$url" ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
