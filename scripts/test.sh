#!/usr/bin/env bash
# Run every test from a fresh clone: unit, integration (over HTTP against supabase-local on PGlite,
# and on PostgreSQL too when DATABASE_URL is set) and the browser journeys in Chromium, including the
# `prod` project: the site built for production behind Debian's nginx (e2e/prod).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

# Debian's nginx serves the production build in the e2e `prod` project (deploy/nginx.conf, over TLS
# with a certificate openssl makes for the run), as chromium serves the browser tests: both are
# installed when missing. Only the binaries are used; the package's own service is never started.
ensure_nginx() {
  local nginx="${NGINX_PATH:-/usr/sbin/nginx}"
  if [ -x "$nginx" ] && command -v openssl >/dev/null 2>&1; then return; fi
  echo "nginx or openssl is missing: installing Debian's nginx and openssl packages for the production e2e tests..." >&2
  local sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo); fi
  if ! { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y -qq nginx openssl; } >/dev/null; then
    echo "ERROR: could not install nginx/openssl. Install them yourself (apt-get install nginx openssl) or set NGINX_PATH." >&2
    exit 1
  fi
}

ensure_pnpm
ensure_chromium
ensure_nginx
install_deps
"${PNPM[@]}" run build
echo "== unit tests"
"${PNPM[@]}" exec vitest run --project unit
echo "== integration tests (supabase-local over HTTP)"
"${PNPM[@]}" exec vitest run --project integration
echo "== end-to-end tests (Chromium; the prod project through nginx)"
"${PNPM[@]}" --filter e2e run test
