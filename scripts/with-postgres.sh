#!/usr/bin/env bash
# Runs COMMAND… with DATABASE_URL pointing at a throw-away PostgreSQL cluster: initdb into a
# temporary folder, started on a free loopback port with its socket in that folder, removed on
# exit whatever happens. Never the package's own cluster or service, never the default port.
# Uses Debian's postgresql binaries (/usr/lib/postgresql/<newest>/bin), installed with apt when
# missing (as root only) without creating or starting the package's cluster.
#   bash scripts/with-postgres.sh uvu tests/postgres '\.test\.ts$'
# WITH_POSTGRES_DURABLE=1: fsync and synchronous commits as a production cluster has them (the
# benchmarks compare with SQLite's synchronous=FULL); by default they are off, for the tests' speed.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG…]" >&2
  exit 2
fi

find_bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5n | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
  fi
}

install_postgresql() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "with-postgres: PostgreSQL is missing (no /usr/lib/postgresql/*/bin/initdb)." >&2
    echo "  Install Debian's 'postgresql' package as root, or run this script as root." >&2
    exit 1
  fi
  echo "with-postgres: installing Debian's postgresql (no cluster, no service started)…" >&2
  # The package would create and start a 'main' cluster on port 5432: neither is wanted.
  mkdir -p /etc/postgresql-common
  if [ ! -f /etc/postgresql-common/createcluster.conf ]; then
    echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.conf
  elif ! grep -Eq '^\s*create_main_cluster\s*=\s*false' /etc/postgresql-common/createcluster.conf; then
    echo 'create_main_cluster = false' >>/etc/postgresql-common/createcluster.conf
  fi
  local policy=/usr/sbin/policy-rc.d policy_backup=''
  if [ -e "$policy" ]; then
    policy_backup=$(mktemp)
    cp -p "$policy" "$policy_backup"
  fi
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  local status=0
  DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends postgresql >&2 || status=$?
  if [ -n "$policy_backup" ]; then mv "$policy_backup" "$policy"; else rm -f "$policy"; fi
  if [ "$status" -ne 0 ]; then
    echo "with-postgres: apt-get install postgresql failed ($status)." >&2
    exit "$status"
  fi
}

BIN_DIR=$(find_bin_dir)
if [ -z "$BIN_DIR" ]; then
  install_postgresql
  BIN_DIR=$(find_bin_dir)
  if [ -z "$BIN_DIR" ]; then
    echo "with-postgres: postgresql installed but no initdb under /usr/lib/postgresql/*/bin." >&2
    exit 1
  fi
fi

# Root may not run the server: the cluster belongs to the 'postgres' user (created by the package).
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' user to own the cluster." >&2
    exit 1
  fi
  as_owner=(runuser -u postgres --)
fi

CLUSTER_DIR=$(mktemp -d -t with-postgres.XXXXXX)
chmod 700 "$CLUSTER_DIR"
if [ "${#as_owner[@]}" -gt 0 ]; then chown postgres: "$CLUSTER_DIR"; fi
DATA_DIR="$CLUSTER_DIR/data"
started=0

cleanup() {
  # Also after a start that timed out: a postmaster.pid means a server may still be running.
  if [ -f "$DATA_DIR/postmaster.pid" ]; then
    "${as_owner[@]}" "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$CLUSTER_DIR"
}
child=''
# On a signal, end the command first (bash runs a trap only once the command it waits for ends).
on_signal() {
  if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null || true; fi
  exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

# A free loopback port, never 5432 (a real cluster may live there).
free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  else
    echo $((20000 + RANDOM % 30000))
  fi
}

# Trust only on the cluster's own socket (its folder is the owner's alone); TCP needs the password.
"${as_owner[@]}" "$BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
  --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$CLUSTER_DIR/initdb.log" 2>&1 || {
  cat "$CLUSTER_DIR/initdb.log" >&2
  exit 1
}

speed_settings='-c fsync=off -c full_page_writes=off -c synchronous_commit=off'
if [ "${WITH_POSTGRES_DURABLE:-}" = 1 ]; then speed_settings=''; fi

for attempt in 1 2 3; do
  PORT=$(free_port)
  if [ "$PORT" = 5432 ]; then continue; fi
  if "${as_owner[@]}" "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -l "$CLUSTER_DIR/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k '$CLUSTER_DIR' $speed_settings" \
    start >/dev/null; then
    started=1
    break
  fi
  echo "with-postgres: start on port $PORT failed (attempt $attempt)." >&2
done
if [ "$started" -ne 1 ]; then
  cat "$CLUSTER_DIR/server.log" >&2 || true
  exit 1
fi

DB_NAME=judging_test
DB_USER=judging
DB_PASSWORD=judging
psql_admin=("${as_owner[@]}" "$BIN_DIR/psql" -X -q -v ON_ERROR_STOP=1 -h "$CLUSTER_DIR" -p "$PORT" -U postgres -d postgres)
"${psql_admin[@]}" -c "create role $DB_USER login createdb password '$DB_PASSWORD'"
# A test database is dropped "with (force)": that ends its connections, an autovacuum worker's too,
# which needs pg_signal_backend (the throw-away cluster's role only; never a real one).
"${psql_admin[@]}" -c "grant pg_signal_backend to $DB_USER"
"${psql_admin[@]}" -c "create database $DB_NAME owner $DB_USER"

export DATABASE_URL="postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PORT/$DB_NAME"
# In the background (stdin kept) so that `wait` returns at once when a signal arrives.
"$@" <&0 &
child=$!
status=0
wait "$child" || status=$?
exit "$status"
