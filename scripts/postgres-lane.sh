#!/usr/bin/env bash
# The PostgreSQL lane (`pnpm test:postgres`), run inside scripts/with-postgres.sh, which sets
# DATABASE_URL to a throw-away cluster: every test app there gets a database of its own
# (apps/sync-server/src/test-support/test-database.ts).
#  1. tests/postgres: what exists only on PostgreSQL (migrations, backups, the move, several processes);
#  2. the server's whole API suite, but for what tests SQLite itself (db/: its connection, pragmas
#     and statement cache; security/: its harness guards a SQLite file; the file-shrinking test);
#  3. the sync crash test and the sync property test, on their own databases there.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! "${DATABASE_URL:-}" =~ ^postgres(ql)?:// ]]; then
  echo "postgres-lane: run through scripts/with-postgres.sh (DATABASE_URL=postgres://…)." >&2
  exit 2
fi
node tests/postgres/run-uvu.ts tests/postgres '\.test\.ts$'
node tests/postgres/run-uvu.ts apps/sync-server/src '\.test\.ts$' '^(db|security)$' '^features/sync/sync-pruning-vacuum\.test\.ts$'
node tests/api/sync-crash.test.ts
node tests/api/sync-property.test.ts
