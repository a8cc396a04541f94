#!/usr/bin/env bash
# Real Unleash servers for the behaviour suite's live tier: a private PostgreSQL cluster (one database per server) plus
# unleash-server 5.12.8, 6.10.1, 7.6.5 and 8.2.0 (all on the system Node 20), each on a free 127.0.0.1 port.
#
#   bash scripts/unleash-live.sh start   # install once, start everything in parallel, write $FLAGDESK_LIVE_DIR/live.env
#   bash scripts/unleash-live.sh stop    # stop every server and PostgreSQL, by PID
#   bash scripts/unleash-live.sh test    # start, run `vitest --project behaviour` with the env, print one line of
#                                        # counts per version, always stop
#
# Env: FLAGDESK_LIVE_VERSIONS (default "5.12.8 6.10.1 7.6.5 8.2.0"; one at a time while developing),
#      FLAGDESK_LIVE_DIR (default /tmp/flagdesk-live), UNLEASH_TOKEN (admin token to create),
#      HEALTH_TIMEOUT (seconds, default 300), PG_BINDIR (where initdb/pg_ctl live; default: detect).
# One server per major line, so the suite finds them as UNLEASH_URL_<major>.
# Every failure exits non-zero with the reason: CI must never pass with the live tiers skipped.
set -euo pipefail

LIVE_DIR="${FLAGDESK_LIVE_DIR:-/tmp/flagdesk-live}"
ENV_FILE="$LIVE_DIR/live.env"
TOKEN="${UNLEASH_TOKEN:-*:*.unleash-insecure-admin-api-token}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-300}"
PG_DIR="$LIVE_DIR/pg"
PG_USER_NAME=flagdesk
PG_USER_PASS=flagdesk-live
read -r -a VERSIONS <<<"${FLAGDESK_LIVE_VERSIONS:-5.12.8 6.10.1 7.6.5 8.2.0}"
APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log() { printf '[unleash-live] %s\n' "$*" >&2; }
die() { log "FAILED: $*"; exit 1; }
major_of() { echo "${1%%.*}"; }

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# ------------------------------------------------------------------ PostgreSQL
find_pg_bindir() {
  if [ -n "${PG_BINDIR:-}" ]; then echo "$PG_BINDIR"; return 0; fi
  local dir
  for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; return 0; fi
  return 1
}

ensure_pg_bindir() {
  if ! PGBIN="$(find_pg_bindir)"; then
    [ "$(id -u)" = 0 ] || die "PostgreSQL is not installed and we are not root to apt-get it"
    log "PostgreSQL not found: apt-get install postgresql"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || die "apt-get update"
    apt-get install -y -qq postgresql >/dev/null || die "apt-get install postgresql"
    PGBIN="$(find_pg_bindir)" || die "no initdb after installing postgresql"
  fi
  log "PostgreSQL: $("$PGBIN/postgres" --version)"
}

# postgres refuses to run as root: its tools run as the postgres OS user then
if [ "$(id -u)" = 0 ]; then
  as_pg() { runuser -u postgres -- "$@"; }
  PG_OWNER=postgres
else
  as_pg() { "$@"; }
  PG_OWNER="$(id -un)"
fi

start_postgres() {
  local port="$1"
  rm -rf "$PG_DIR" # a clean slate every start: the suite's fixtures assume nothing
  mkdir -p "$PG_DIR"
  chown "$PG_OWNER" "$PG_DIR"
  chmod 700 "$PG_DIR"
  as_pg "$PGBIN/initdb" -D "$PG_DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    -E UTF8 --locale=C.UTF-8 >"$LIVE_DIR/initdb.log" 2>&1 || { cat "$LIVE_DIR/initdb.log" >&2; die "initdb"; }
  as_pg "$PGBIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DIR" start >/dev/null \
    || { tail -20 "$PG_DIR/postgres.log" >&2; die "pg_ctl start"; }
  local psql=("$PGBIN/psql" -h "$PG_DIR" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qtA)
  as_pg "${psql[@]}" -c "CREATE ROLE $PG_USER_NAME LOGIN PASSWORD '$PG_USER_PASS'" || die "create role"
  local version
  for version in "${VERSIONS[@]}"; do
    as_pg "${psql[@]}" -c "CREATE DATABASE $(db_name "$version") OWNER $PG_USER_NAME" || die "create database"
  done
  PG_PID="$(head -1 "$PG_DIR/data/postmaster.pid")"
}

db_name() { echo "unleash_${1//./_}"; }

# ------------------------------------------------------------------ Unleash
install_unleash() {
  local version="$1" dir="$LIVE_DIR/server-$1"
  local installed
  installed="$(node -p "try{require('$dir/node_modules/unleash-server/package.json').version}catch(e){''}")"
  if [ "$installed" = "$version" ]; then log "unleash-server@$version already installed"; return 0; fi
  mkdir -p "$dir"
  echo '{"name":"flagdesk-live-unleash","private":true}' >"$dir/package.json"
  log "npm install unleash-server@$version (outside the app's node_modules)"
  # --ignore-scripts: nothing needs an install script, and it keeps analytics postinstalls quiet
  (cd "$dir" && npm install --no-audit --no-fund --ignore-scripts "unleash-server@$version" >"$LIVE_DIR/npm-$version.log" 2>&1) \
    || { tail -20 "$LIVE_DIR/npm-$version.log" >&2; die "npm install unleash-server@$version"; }
}

write_starter() {
  cat >"$1/start-unleash.mjs" <<'JS'
// Generated by scripts/unleash-live.sh: one real Unleash OSS server on loopback.
import * as unleash from 'unleash-server';

const start = unleash.start ?? unleash.default?.start; // 8.x is ESM, 5.x-7.x CommonJS
const env = process.env;
const port = Number(env.LIVE_PORT);
await start({
  db: { host: '127.0.0.1', port: Number(env.LIVE_PG_PORT), user: env.LIVE_PG_USER, password: env.LIVE_PG_PASS, database: env.LIVE_DB, ssl: false },
  server: { host: '127.0.0.1', port, unleashUrl: `http://127.0.0.1:${port}` },
  authentication: {
    type: 'open-source',
    createAdminUser: true,
    initApiTokens: [{ environment: '*', projects: ['*'], secret: env.LIVE_TOKEN, type: 'admin', tokenName: 'admin' }],
  },
  versionCheck: { enable: false, url: 'http://127.0.0.1:9/version-check-disabled' },
  telemetry: false,
  logLevel: 'warn',
});
JS
}

start_unleash() {
  local version="$1" port="$2" pg_port="$3" dir="$LIVE_DIR/server-$1"
  write_starter "$dir"
  (
    cd "$dir"
    export NODE_ENV=production TZ=UTC SEND_TELEMETRY=false CHECK_VERSION=false \
      LIVE_PORT="$port" LIVE_PG_PORT="$pg_port" LIVE_PG_USER="$PG_USER_NAME" LIVE_PG_PASS="$PG_USER_PASS" \
      LIVE_DB="$(db_name "$version")" LIVE_TOKEN="$TOKEN"
    setsid nohup node start-unleash.mjs >"$LIVE_DIR/unleash-$version.log" 2>&1 </dev/null &
    echo $! >"$LIVE_DIR/unleash-$version.pid"
  )
  cat "$LIVE_DIR/unleash-$version.pid"
}

wait_healthy() {
  local version="$1" port="$2" pid="$3" deadline=$(( $(date +%s) + HEALTH_TIMEOUT )) started
  started=$(date +%s)
  until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/health" || true)" = 200 ]; do
    if ! kill -0 "$pid" 2>/dev/null; then tail -30 "$LIVE_DIR/unleash-$version.log" >&2; die "unleash $version exited"; fi
    if [ "$(date +%s)" -ge "$deadline" ]; then tail -30 "$LIVE_DIR/unleash-$version.log" >&2; die "unleash $version: no /health 200 in ${HEALTH_TIMEOUT}s"; fi
    sleep 0.5
  done
  log "unleash $version healthy at http://127.0.0.1:$port (pid $pid) after $(( $(date +%s) - started ))s"
}

# ------------------------------------------------------------------ commands
cmd_start() {
  for tool in node npm curl; do command -v "$tool" >/dev/null 2>&1 || die "$tool is required"; done
  [ -f "$ENV_FILE" ] && cmd_stop # never leave an earlier run's servers behind
  mkdir -p "$LIVE_DIR"
  chmod 755 "$LIVE_DIR"
  ensure_pg_bindir
  local version t0
  t0=$(date +%s)
  for version in "${VERSIONS[@]}"; do install_unleash "$version"; done
  log "installs took $(( $(date +%s) - t0 ))s"
  local pg_port
  pg_port="$(free_port)"
  start_postgres "$pg_port"
  # written now, so that stop works even if a server fails to come up
  printf 'POSTGRES_PID=%s\nPG_DATA=%s\nFLAGDESK_LIVE_VERSIONS="%s"\n' "$PG_PID" "$PG_DIR/data" "${VERSIONS[*]}" >"$ENV_FILE"
  # All servers start at once: each spends its first seconds in migrations, which overlap well even on 2 cores.
  local -A ports=() pids=()
  local used=" $pg_port " port
  t0=$(date +%s)
  for version in "${VERSIONS[@]}"; do
    port="$(free_port)"
    while [[ "$used" == *" $port "* ]]; do port="$(free_port)"; done
    used+="$port "
    ports[$version]="$port"
    pids[$version]="$(start_unleash "$version" "$port" "$pg_port")"
    echo "UNLEASH_PID_$(major_of "$version")=${pids[$version]}" >>"$ENV_FILE"
  done
  for version in "${VERSIONS[@]}"; do wait_healthy "$version" "${ports[$version]}" "${pids[$version]}"; done
  log "all servers healthy $(( $(date +%s) - t0 ))s after start"
  for version in "${VERSIONS[@]}"; do
    echo "UNLEASH_URL_$(major_of "$version")=http://127.0.0.1:${ports[$version]}" >>"$ENV_FILE"
  done
  echo "UNLEASH_TOKEN=$TOKEN" >>"$ENV_FILE"
  log "ready; env file $ENV_FILE"
  cat "$ENV_FILE"
}

stop_pid() {
  local pid="$1" i
  [ -n "$pid" ] || return 0
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.25; done
  kill -KILL "$pid" 2>/dev/null || true
}

cmd_stop() {
  if [ ! -f "$ENV_FILE" ]; then log "nothing to stop ($ENV_FILE absent)"; return 0; fi
  local pid pgdata
  for pid in $(sed -n 's/^UNLEASH_PID_[0-9]*=//p' "$ENV_FILE"); do stop_pid "$pid"; done
  pgdata="$(sed -n 's/^PG_DATA=//p' "$ENV_FILE")"
  if [ -n "$pgdata" ] && [ -f "$pgdata/postmaster.pid" ]; then
    PGBIN="$(find_pg_bindir)" || die "cannot find pg_ctl to stop PostgreSQL"
    as_pg "$PGBIN/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null || log "pg_ctl stop failed"
  fi
  rm -f "$ENV_FILE"
  log "stopped"
}

cmd_test() {
  trap 'cmd_stop' EXIT
  local t0 status=0
  t0=$(date +%s)
  cmd_start
  set -a
  # shellcheck disable=SC1090
  . "$ENV_FILE"
  set +a
  local report="$LIVE_DIR/behaviour-report.json"
  rm -f "$report"
  (cd "$APP_DIR" && FLAGDESK_REQUIRE_LIVE=1 npx vitest run --project behaviour \
    --reporter=default --reporter=json --outputFile.json="$report") || status=$?
  # One line per target (so per server version), read from vitest's own report.
  (cd "$APP_DIR" && npx tsx scripts/live-counts.ts "$report") || status=1
  log "live tier took $(( $(date +%s) - t0 ))s (install, start, suite)"
  exit "$status"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  test) cmd_test ;;
  *) echo "usage: bash scripts/unleash-live.sh start|stop|test" >&2; exit 2 ;;
esac
