#!/usr/bin/env bash
# Headless Chromium for the browser tests (packages/cli/tests/trace-view-browser.test.ts
# drives it with playwright-core): Debian's `chromium` at /usr/bin/chromium,
# installed with apt-get when absent. Idempotent: an installed one is kept.
# Never downloads a browser build of its own (playwright's installer is not used).
set -euo pipefail

CHROMIUM=/usr/bin/chromium
log() { echo "ensure-chromium: $*" >&2; }

if [ -x "$CHROMIUM" ]; then exit 0; fi
log "Chromium not found: installing Debian's chromium with apt-get"
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo -n"; fi
$sudo apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
[ -x "$CHROMIUM" ] || { log "apt-get installed chromium, but $CHROMIUM is missing"; exit 1; }
