#!/usr/bin/env bash
# Quick start, command 1: install, build, migrate ./data (demo data on an empty database) and
# serve the API under /api and the PWA on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
pnpm install --frozen-lockfile
pnpm build
exec pnpm start
