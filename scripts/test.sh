#!/usr/bin/env bash
# Quick start, command 2: install what the tests need (Debian Chromium included) and run every
# gate: typecheck, lint, format, unit/API tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
source scripts/install-browsers.sh
pnpm install --frozen-lockfile
pnpm verify
