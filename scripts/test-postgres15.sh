#!/usr/bin/env bash
# The integration tests again, against Debian's PostgreSQL 15 through TEST_DATABASE_URL, so the
# embedded PostgreSQL (18) is never the only server the code has met. A throwaway cluster on a
# loopback port, removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
PGBIN=/usr/lib/postgresql/15/bin
if [ ! -x "$PGBIN/initdb" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
dir=$(mktemp -d /tmp/onething-pg15-XXXXXX)
chmod 755 "$dir"
as_postgres() {
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
port=${PG15_PORT:-55515}
as_postgres "$PGBIN/initdb -D $dir/data -U postgres --auth=trust >/dev/null"
as_postgres "$PGBIN/pg_ctl -D $dir/data -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300' -l $dir/log -w start >/dev/null"
trap 'as_postgres "$PGBIN/pg_ctl -D $dir/data -m fast -w stop >/dev/null" || true; rm -rf "$dir"' EXIT
echo "[pg15] $("$PGBIN/postgres" --version) on 127.0.0.1:$port"
TEST_DATABASE_URL="postgresql://postgres@127.0.0.1:$port/postgres" npx vitest run
