#!/usr/bin/env bash
# Run every test from a fresh clone: unit, integration (over HTTP against supabase-local on PGlite,
# and on PostgreSQL too when DATABASE_URL is set) and the browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_pnpm
ensure_chromium
install_deps
"${PNPM[@]}" run build
echo "== unit tests"
"${PNPM[@]}" exec vitest run --project unit
echo "== integration tests (supabase-local over HTTP)"
"${PNPM[@]}" exec vitest run --project integration
echo "== end-to-end tests (Chromium)"
"${PNPM[@]}" --filter e2e run test
