#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on a free loopback port:
#   bash scripts/with-postgres.sh npm run test:integration
# The server's URL is passed as TEST_DATABASE_URL. Installs PostgreSQL with apt-get
# when it is missing and we are root.
set -euo pipefail

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
BIN="$(pg_bin)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing PostgreSQL (apt-get)…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    BIN="$(pg_bin)"
  else
    echo "PostgreSQL is not installed. Install it (e.g. 'sudo apt-get install postgresql') and run again." >&2
    exit 1
  fi
fi

WORK="$(mktemp -d /tmp/atrio-pg.XXXXXX)"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
AS=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$WORK"
  AS=(runuser -u postgres --)
fi

cleanup() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$WORK/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"${AS[@]}" "$BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${AS[@]}" "$BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
