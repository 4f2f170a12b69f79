#!/usr/bin/env bash
# A throwaway Redis server for tests (the distributed `agentspec eval --queue`
# tests enqueue runs on BullMQ through it).
#
#   scripts/ensure-redis.sh [start]   ensure it runs; print its redis://… URL on stdout
#   scripts/ensure-redis.sh url       print the URL if it runs (exit 1 if not)
#   scripts/ensure-redis.sh stop      stop it
#
# Idempotent: a running server is reused. When Redis is absent it is
# installed with apt-get (Debian's `redis-server`). The server lives in
# $AGENTSPEC_REDIS_DIR (default /tmp/agentspec-redis), listens on 127.0.0.1
# on a free port, keeps nothing on disk (no RDB, no AOF) and has no password
# (test use only).
set -euo pipefail

BASE="${AGENTSPEC_REDIS_DIR:-/tmp/agentspec-redis}"
ACTION="${1:-start}"

log() { echo "ensure-redis: $*" >&2; }

install_redis() {
  log "Redis not found: installing Debian's redis-server with apt-get"
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo -n"; fi
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq redis-server >/dev/null
}

url() { echo "redis://127.0.0.1:$(cat "$BASE/port")"; }

running() {
  [ -f "$BASE/port" ] && redis-cli -h 127.0.0.1 -p "$(cat "$BASE/port")" ping 2>/dev/null | grep -q PONG
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  if [ "$ACTION" != start ]; then exit 1; fi
  install_redis
fi

mkdir -p "$BASE"
exec 9>"$BASE/.lock"
flock 9

case "$ACTION" in
  url)
    if running; then url; else exit 1; fi
    ;;
  stop)
    if running; then redis-cli -h 127.0.0.1 -p "$(cat "$BASE/port")" shutdown nosave >/dev/null 2>&1 || true; fi
    rm -f "$BASE/port"
    ;;
  start)
    if running; then url; exit 0; fi
    port="$(free_port)"
    redis-server --bind 127.0.0.1 --port "$port" --daemonize yes --dir "$BASE" \
      --pidfile "$BASE/redis.pid" --logfile "$BASE/redis.log" --save '' --appendonly no 9>&-
    for _ in $(seq 1 50); do
      if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then break; fi
      sleep 0.1
    done
    echo "$port" > "$BASE/port"
    running || { log "redis-server did not start (see $BASE/redis.log)"; exit 1; }
    url
    ;;
  *)
    echo "usage: $0 [start|url|stop]" >&2
    exit 2
    ;;
esac
