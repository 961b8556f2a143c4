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
# The order e-mails (notify-dispatch, run every minute by supabase-local's scheduler) go over real SMTP
# into supabase-local's own mailbox ([local_smtp] smtp_port, any user and password, no TLS): functions
# get this environment as their secrets. Set any of these to send through another server instead.
export SMTP_HOST="${SMTP_HOST:-127.0.0.1}" SMTP_PORT="${SMTP_PORT:-${SUPABASE_SMTP_PORT:-54325}}" SMTP_SECURE="${SMTP_SECURE:-false}"
export SMTP_USER="${SMTP_USER:-local}" SMTP_PASS="${SMTP_PASS:-local}"
export MAIL_FROM="${MAIL_FROM:-FurniCraft <orders@furnicraft.in>}"
export STORE_SITE_URL="${STORE_SITE_URL:-http://127.0.0.1:${PORT:-3000}}"
# The local Razorpay sandbox sends its refund and payout webhooks where Razorpay's dashboard would:
# the store's webhook function, on the API's own origin (a path), signed with the local webhook secret.
export RAZORPAY_WEBHOOK_URL="${RAZORPAY_WEBHOOK_URL:-/functions/v1/razorpay-webhook}"
exec "${PNPM[@]}" --filter supabase-local run serve
