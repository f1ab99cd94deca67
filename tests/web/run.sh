#!/bin/sh
# tests/web/run.sh - `make check-web`: the web board in a real browser (tests/web/board.test.cjs).
#
# Needs Debian's chromium (or CHROMIUM=/path) and node with npm; installs playwright-core (the
# driver only: it downloads no browser) into BUILDDIR/tests/web/node_modules on first use.
# Without a browser or node it skips, except in CI (CI=true), where that is a failure.
# Usage: run.sh BUILDDIR SRCDIR
set -eu
builddir=$(cd "$1" && pwd)
srcdir=$(cd "$2" && pwd)
boardvm=$builddir/boardvm
work=$builddir/tests/web
mkdir -p "$work"

missing() {
    if [ "${CI:-}" = true ]; then
        echo "check-web: FAIL: $1 (CI must run the browser tests)" >&2
        exit 1
    fi
    echo "check-web: SKIP: $1" >&2
    exit 0
}

if ! "$boardvm" serve 2>&1 | grep -q 'needs a rules file'; then
    missing "boardvm was built without serve (install libmicrohttpd-dev and libjansson-dev, ./configure)"
fi
chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
    for c in chromium chromium-browser google-chrome; do
        if command -v "$c" >/dev/null 2>&1; then chromium=$(command -v "$c"); break; fi
    done
fi
[ -n "$chromium" ] || missing "no chromium (Debian: apt-get install chromium fonts-dejavu-core fonts-wqy-microhei)"
command -v node >/dev/null 2>&1 || missing "no node (Debian: apt-get install nodejs npm)"
if [ ! -d "$work/node_modules/playwright-core" ]; then
    command -v npm >/dev/null 2>&1 || missing "no npm to install playwright-core (Debian: apt-get install npm)"
    # playwright-core is the driver alone; PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD keeps it from
    # looking for browsers of its own: the installed chromium is used
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$work" --no-audit --no-fund \
        --no-save --loglevel=error playwright-core@1
fi
rm -rf "$work/screenshots"
BOARDVM=$boardvm SRCDIR=$srcdir SHOTS=$work/screenshots CHROMIUM=$chromium \
    NODE_PATH=$work/node_modules timeout 900 node "$srcdir/tests/web/board.test.cjs"
