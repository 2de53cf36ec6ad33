# The servers load.sh and memory.sh compare, sourced by both from Examples/Service: stores with the swift-log
# bridge at info, stores with no debug log, a plain actor, and, with DATABASE_URL set, stores that keep each
# cart in PostgreSQL.
configurations=("store" "store, no debug log" "actor")
declare -A arguments=(
  ["store"]="--backend store"
  ["store, no debug log"]="--backend store --log-level critical"
  ["actor"]="--backend actor"
  ["store, PostgreSQL"]="--backend store"
)
# With DATABASE_URL (Scripts/postgres.sh start prints one), stores that persist each cart in PostgreSQL too;
# the other servers run without it.
database=${DATABASE_URL:-}
if [ -n "$database" ]; then configurations+=("store, PostgreSQL"); fi
unset DATABASE_URL
# Runs the service as `configuration` says, with the database only for the configuration that uses it. It
# runs in the background, in a subshell that exec replaces, so that $! is the service's own process.
service() {
  if [ "$configuration" = "store, PostgreSQL" ]; then export DATABASE_URL=$database; fi
  exec "$binary" "$@"
}
