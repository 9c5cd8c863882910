#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for the server's storage tests
# and prints the URL to export as ROBORALLY_PG_URL (nothing when it cannot:
# the tests then say SKIPPED). Installs Debian's `postgresql` package when
# run as root and it is missing. Stop it with `scripts/postgres-for-tests.sh stop DIR`.
set -euo pipefail
PORT="${ROBORALLY_PG_PORT:-54329}"
if [ "${1:-}" = "stop" ]; then
    dir="$2"
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    exit 0
fi
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing postgresql (apt-get)" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2 || true
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "no PostgreSQL to start" >&2
    exit 0
fi
dir=$(mktemp -d /tmp/rr-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_postgres "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1 || { echo "initdb failed: $(tail -3 "$dir/initdb.log")" >&2; exit 0; }
as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $dir -c fsync=off" start >/dev/null 2>&1 \
    || { echo "PostgreSQL did not start: $(tail -3 "$dir/server.log" 2>/dev/null)" >&2; exit 0; }
as_postgres "$bin/createdb" -h 127.0.0.1 -p "$PORT" -U postgres roborally >&2 || { echo "createdb failed" >&2; exit 0; }
echo "postgres://postgres@127.0.0.1:$PORT/roborally $dir"
