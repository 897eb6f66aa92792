#!/bin/sh
# `npm start`: build when the sources changed since the last build, then serve the compiled
# server with plain node. The supervisor is this shell (about a megabyte, where a Node
# process takes forty): a server the watchdog killed (SIGKILL: its event loop was stuck; see
# lib/ops/watchdog.ts) is started again, after a pause that doubles while it keeps dying
# young; any other exit is final. The server's path is SERVER_ENTRY of build-state.mjs.
node scripts/build-if-stale.mjs || exit $?

# glibc gives each thread that allocates (V8's helpers, libuv's pool) an arena of its own, and
# memory freed in them after a burst stays resident: two arenas let the server shrink back to
# about 1.3× its idle size a minute after a load, where the default kept 2.3× (PostgreSQL,
# bench:signed-in). Other C libraries ignore it.
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
pause=1
server=
stopping=
stop() {
  stopping=1
  [ -n "$server" ] && kill "-$1" "$server" 2>/dev/null
}
trap 'stop TERM' TERM
trap 'stop INT' INT

while :; do
  started=$(date +%s)
  node .next/atrio/server.mjs "$@" &
  server=$!
  # A trapped signal ends `wait` early: wait again until the server itself has exited.
  while :; do
    wait "$server"
    code=$?
    kill -0 "$server" 2>/dev/null || break
  done
  server=
  if [ -n "$stopping" ] || [ "$code" -ne 137 ]; then exit "$code"; fi
  if [ $(($(date +%s) - started)) -gt 60 ]; then pause=1; else pause=$((pause * 2 > 30 ? 30 : pause * 2)); fi
  echo "The server was killed (SIGKILL: the watchdog, or out of memory); starting it again in $pause s." >&2
  sleep "$pause"
done
