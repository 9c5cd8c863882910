#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for the server's storage tests
# and prints the URL to export as ROBORALLY_PG_URL (nothing when it cannot:
# the tests then say SKIPPED). Installs Debian's `postgresql` package when
# run as root and it is missing. Stop it with `scripts/postgres-for-tests.sh stop DIR`.
set -euo pipefail
# A port of its own: ROBORALLY_PG_PORT, or the first free one from 54329
# (another CI run on the same machine may hold one).
free_port() {
    local p
    for p in $(seq "$1" $(( $1 + 40 ))); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
    done
    echo "$1"
}
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
    (timeout 600 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq postgresql) >&2 \
        || echo "apt-get could not install postgresql" >&2
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
PORT="${ROBORALLY_PG_PORT:-$(free_port 54329)}"
started=""
for _ in 1 2 3; do
    if as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $dir -c fsync=off" start >/dev/null 2>&1; then
        started=1
        break
    fi
    # The port was taken in the meantime: try the next free one.
    [ -n "${ROBORALLY_PG_PORT:-}" ] && break
    PORT=$(free_port $(( PORT + 1 )))
done
if [ -z "$started" ]; then
    echo "PostgreSQL did not start: $(tail -3 "$dir/server.log" 2>/dev/null)" >&2
    rm -rf "$dir"
    exit 0
fi
as_postgres "$bin/createdb" -h 127.0.0.1 -p "$PORT" -U postgres roborally >&2 || { echo "createdb failed" >&2; exit 0; }
echo "postgres://postgres@127.0.0.1:$PORT/roborally $dir"
