#!/usr/bin/env bash
# Start the whole store from a fresh clone: install, build both apps, start supabase-local
# (API on :54321, storefront on http://127.0.0.1:3000/, admin on /admin).
# DATABASE_URL=postgres://… uses PostgreSQL instead of the embedded PGlite database.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_pnpm
install_deps
"${PNPM[@]}" run build
exec "${PNPM[@]}" --filter supabase-local run serve
