#!/usr/bin/env bash
# Runs two commands at once, for a CI machine's two cores: BACKGROUND's output is held and
# printed after FOREGROUND ends, whole, so the two logs do not interleave; the exit status fails
# if either failed. `pnpm verify` uses it for the type check beside lint and the format check, and
# for the PostgreSQL lane beside the SQLite suite.
#   bash scripts/side-by-side.sh 'pnpm test:postgres' 'pnpm test'
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -ne 2 ]; then
  echo "usage: $0 BACKGROUND FOREGROUND" >&2
  exit 2
fi
background_log=$(mktemp -t side-by-side.XXXXXX)
trap 'rm -f "$background_log"' EXIT
bash -c "$1" >"$background_log" 2>&1 &
background_pid=$!
bash -c "$2"
foreground_status=$?
wait "$background_pid"
background_status=$?
echo "---- $1 ----"
cat "$background_log"
if [ "$foreground_status" -ne 0 ] || [ "$background_status" -ne 0 ]; then
  echo "side-by-side: '$2' exit $foreground_status, '$1' exit $background_status" >&2
  exit 1
fi
