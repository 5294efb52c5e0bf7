#!/usr/bin/env bash
# The session service's own dependencies: its WhatsApp Web engine (Baileys, and through it
# libsignal, GPL-3.0) lives in plugins/whatsapp_ops/session-service/node_modules, installed from
# that folder's package-lock.json, never from the root's. So `npm ci --omit=dev` of the main server
# stays free of it, and the main server cannot load it. Installs when the lock file changed since
# the last install; the service's start, its tests (pretest), the type check and its bench run this.
set -euo pipefail
dir="$(cd "$(dirname "$0")/.." && pwd)/plugins/whatsapp_ops/session-service"
stamp="$dir/node_modules/.switchboard-lock-sha256"
hash="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
  exit 0
fi
echo "session-service: installing its own dependencies (npm ci in plugins/whatsapp_ops/session-service)"
npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
echo "$hash" >"$stamp"
