#!/usr/bin/env bash
# `pnpm test` (SQLite) and `pnpm test:postgres` side by side: each is one Node process and a CI
# machine has two cores. The PostgreSQL lane's output is printed after, whole, so the two logs
# do not interleave; the exit status fails if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."
postgres_log=$(mktemp -t postgres-lane.XXXXXX)
trap 'rm -f "$postgres_log"' EXIT
pnpm test:postgres >"$postgres_log" 2>&1 &
postgres_pid=$!
pnpm test
sqlite_status=$?
wait "$postgres_pid"
postgres_status=$?
echo "---- the PostgreSQL lane (pnpm test:postgres) ----"
cat "$postgres_log"
if [ "$sqlite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "test-both-engines: SQLite suite exit $sqlite_status, PostgreSQL lane exit $postgres_status" >&2
  exit 1
fi
