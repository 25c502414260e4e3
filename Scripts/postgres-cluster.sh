#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the PostgreSQL store's tests, on 127.0.0.1 at a free port, under a
# temporary directory (fsync off: it holds nothing worth keeping). Authentication is trust, except for
# members of the role og_password_auth, which sign in with a SCRAM password (the tests of wrong passwords).
#
#   eval "$(Scripts/postgres-cluster.sh start)"   # exports MODELGEN_POSTGRES_URL and MODELGEN_POSTGRES_DIR
#   Scripts/postgres-cluster.sh stop "$MODELGEN_POSTGRES_DIR"
#
# max_connections is 500: the suites run their cases in parallel, many with a store of their own (up to 4
# pooled connections and one that listens); 188 client backends were counted at once, and at a load
# average of 18 one run in four failed with "too many clients already" under the former 200.
#
# initdb refuses to run as root, so as root the cluster runs as the user `nobody`. Needs Debian's
# `postgresql` package (.ci/run installs it).
set -euo pipefail

bin_dir() {
    if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
        dirname "$(command -v pg_ctl)"
        return
    fi
    local found
    found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
    [ -n "$found" ] || { echo "error: PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
    echo "$found"
}

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
    bin="$(bin_dir)"
    dir="$(mktemp -d /tmp/modelgen-postgres.XXXXXX)"
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown nobody "$dir"
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_owner "$bin/initdb" -D "$dir/data" --auth=trust --no-sync -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner sed -i '1i host all +og_password_auth 127.0.0.1/32 scram-sha-256' "$dir/data/pg_hba.conf"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=500" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner psql -h "$dir" -p "$port" -U postgres -d postgres -qc "CREATE ROLE og_password_auth NOLOGIN" >/dev/null
    echo "export MODELGEN_POSTGRES_URL=postgres://postgres@127.0.0.1:$port/postgres"
    echo "export MODELGEN_POSTGRES_DIR=$dir"
    ;;
stop)
    dir="${2:?usage: $0 stop DIR}"
    [ -d "$dir/data" ] && as_owner "$(bin_dir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
