# Shared by scripts/start.sh, scripts/test.sh and .ci/run: find or install the tools a fresh machine lacks.
# Only Node.js (with npm) is assumed.
set -euo pipefail

PNPM_VERSION=10.34.9

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    PNPM=(pnpm)
    return
  fi
  # corepack's signature check fails against some registries (see ../shared/versions.md): use npm.
  if npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1; then
    PNPM=(pnpm)
  else
    echo "note: could not install pnpm globally; using npx pnpm@$PNPM_VERSION" >&2
    PNPM=(npx --yes "pnpm@$PNPM_VERSION")
  fi
}

ensure_chromium() {
  local chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ -x "$chromium" ]; then return; fi
  echo "Chromium is missing at $chromium: installing Debian's chromium package for the browser tests..." >&2
  local sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo); fi
  if ! { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y -qq chromium; } >/dev/null; then
    echo "ERROR: could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
}

install_deps() {
  "${PNPM[@]}" install --frozen-lockfile
}
