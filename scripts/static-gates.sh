#!/usr/bin/env bash
# The static gates of `pnpm verify`, two at a time on a two-core machine: the type check in the
# background, and lint, the API document's lint and the format check in the foreground. The type
# check's output is printed after, whole, so the logs do not interleave; the exit status fails if
# any gate failed.
set -uo pipefail
cd "$(dirname "$0")/.."
typecheck_log=$(mktemp -t typecheck.XXXXXX)
trap 'rm -f "$typecheck_log"' EXIT
pnpm typecheck >"$typecheck_log" 2>&1 &
typecheck_pid=$!
pnpm lint && pnpm lint:api && pnpm format:check
others_status=$?
wait "$typecheck_pid"
typecheck_status=$?
echo "---- the type check (pnpm typecheck) ----"
cat "$typecheck_log"
if [ "$typecheck_status" -ne 0 ] || [ "$others_status" -ne 0 ]; then
  echo "static-gates: typecheck exit $typecheck_status, lint/lint:api/format exit $others_status" >&2
  exit 1
fi
