#!/usr/bin/env bash
# Runs a command against a throwaway S3-compatible server on a free loopback port:
#   bash scripts/with-s3.sh npx vitest run --project integration tests/integration/storage-contract.test.ts
# The bucket's URL is passed as STORAGE_URL, so the app's storage() uses it. The server is
# s3rver (a devDependency, installed by `npm install`): a Node implementation of the S3 REST
# API that keeps objects in a temporary folder. Composes with scripts/with-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=node_modules/s3rver/bin/s3rver.js
if [ ! -f "$BIN" ]; then
  echo "s3rver is missing: run 'npm install' first." >&2
  exit 1
fi

WORK="$(mktemp -d /tmp/atrio-s3.XXXXXX)"
BUCKET=atrio-test
PID=
cleanup() {
  if [ -n "$PID" ]; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# Port 0: the server takes a free port and says which; nothing can take it between look and bind.
# Its list continuation tokens are DES-encrypted, which OpenSSL 3 keeps in the legacy provider.
# The log exists before the server starts: the background job's redirect may come after the first read.
: >"$WORK/server.log"
node --openssl-legacy-provider "$BIN" --directory "$WORK/data" --address 127.0.0.1 --port 0 --silent --no-vhost-buckets \
  --configure-bucket "$BUCKET" >"$WORK/server.log" 2>&1 &
PID=$!
PORT=
for _ in $(seq 1 150); do
  PORT="$(sed -n 's/^S3rver listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$WORK/server.log")"
  [ -n "$PORT" ] && break
  if ! kill -0 "$PID" 2>/dev/null; then
    cat "$WORK/server.log" >&2
    echo "s3rver did not start" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$PORT" ]; then
  cat "$WORK/server.log" >&2
  echo "s3rver did not say its port within 15 s" >&2
  exit 1
fi
echo "s3rver $(node -p "require('./node_modules/s3rver/package.json').version") on 127.0.0.1:$PORT, bucket $BUCKET"

# S3RVER:S3RVER is s3rver's built-in account; `ci` is a key prefix, so prefixes are exercised too.
export STORAGE_URL="s3://S3RVER:S3RVER@127.0.0.1:$PORT/$BUCKET/ci?tls=false"
# The SDK warns once per process that its 2027 releases need Node 22; nothing to act on in tests.
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
"$@"
