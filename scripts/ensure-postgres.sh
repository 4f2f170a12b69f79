#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests (the langgraph checkpointer tests
# resume sessions across processes through it).
#
#   scripts/ensure-postgres.sh [start]   ensure it runs; print its postgres://… URL on stdout
#   scripts/ensure-postgres.sh url       print the URL if it runs (exit 1 if not)
#   scripts/ensure-postgres.sh stop      stop it (the data directory stays for the next start)
#
# Idempotent: a running server is reused. When PostgreSQL is absent it is
# installed with apt-get (Debian's `postgresql`). The cluster lives in
# $AGENTSPEC_PG_DIR (default /tmp/agentspec-postgres), owned by the `postgres`
# user when run as root, listens on 127.0.0.1 on a free port, trusts local
# connections (test use only), and has a database `agentspec_test`.
set -euo pipefail

BASE="${AGENTSPEC_PG_DIR:-/tmp/agentspec-postgres}"
DB=agentspec_test
ACTION="${1:-start}"

log() { echo "ensure-postgres: $*" >&2; }

find_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

install_postgres() {
  log "PostgreSQL not found: installing Debian's postgresql with apt-get"
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo -n"; fi
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
}

# Run a command as the cluster owner: `postgres` when we are root (initdb refuses root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

url() { echo "postgres://postgres@127.0.0.1:$(cat "$BASE/port")/$DB"; }

running() {
  [ -f "$BASE/port" ] && [ -f "$BASE/data/PG_VERSION" ] && as_owner "$BIN/pg_ctl" -D "$BASE/data" status >/dev/null 2>&1
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

BIN="$(find_bin || true)"
if [ -z "$BIN" ]; then
  if [ "$ACTION" != start ]; then exit 1; fi
  install_postgres
  BIN="$(find_bin)"
fi

mkdir -p "$BASE"
if [ "$(id -u)" = 0 ]; then chown postgres "$BASE"; fi
exec 9>"$BASE/.lock"
flock 9

case "$ACTION" in
  url)
    if running; then url; else exit 1; fi
    ;;
  stop)
    if running; then as_owner "$BIN/pg_ctl" -D "$BASE/data" -m fast -w stop >/dev/null; fi
    rm -f "$BASE/port"
    ;;
  start)
    if running; then url; exit 0; fi
    if [ ! -f "$BASE/data/PG_VERSION" ]; then
      rm -rf "$BASE/data"
      as_owner "$BIN/initdb" -D "$BASE/data" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    port="$(free_port)"
    as_owner "$BIN/pg_ctl" -D "$BASE/data" -l "$BASE/data/server.log" -w \
      -o "-p $port -k $BASE -c listen_addresses=127.0.0.1" start >/dev/null 9>&-
    echo "$port" > "$BASE/port"
    if ! as_owner "$BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
      as_owner "$BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB"
    fi
    url
    ;;
  *)
    echo "usage: $0 [start|url|stop]" >&2
    exit 2
    ;;
esac
