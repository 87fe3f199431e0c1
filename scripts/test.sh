#!/usr/bin/env bash
# Quick start, command 2: install what the tests need (Debian Chromium, WebKitGTK and Xvfb
# included) and run every gate: typecheck, lint, format, unit/API tests, the PostgreSQL lane
# (scripts/with-postgres.sh installs Debian's postgresql when missing), browser tests (Chromium
# and WebKit lanes).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
source scripts/install-browsers.sh
source scripts/install-webkit.sh
pnpm install --frozen-lockfile
pnpm verify
