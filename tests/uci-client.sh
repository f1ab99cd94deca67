#!/bin/sh
# `boardvm uci` driven by a real UCI client, node-uci, with chess.js as the independent judge of
# its moves, of `go perft` and of its SAN (tests/uci-client.cjs). npm installs both into
# tests/npm/ of the build tree on first use (the npm registry is the only place they come from);
# without node or npm the test is skipped, except in CI (CI=true), where that is a failure.
# POSITIONS (default 5000) is the number of random-game positions of the SAN comparison;
# bench/san-chessjs.sh runs it with 100000.
srcdir=${srcdir:-.}
work=$(pwd)/tests/npm
missing() {
    if [ "${CI:-}" = true ]; then echo "FAIL: $1 (CI must run this test)"; exit 1; fi
    echo "SKIP: $1"; exit 77
}
command -v node >/dev/null 2>&1 || missing "no node (Debian: apt-get install nodejs npm)"
if [ ! -d "$work/node_modules/chess.js" ] || [ ! -d "$work/node_modules/node-uci" ]; then
    command -v npm >/dev/null 2>&1 || missing "no npm to install chess.js and node-uci"
    mkdir -p "$work"
    npm install --prefix "$work" --no-audit --no-fund --no-save --loglevel=error \
        chess.js@1.4.0 node-uci@1.3.4 >"$work/npm.log" 2>&1 || missing "npm install failed: $(tail -3 "$work/npm.log")"
fi
NODE_PATH=$work/node_modules exec node "$srcdir/tests/uci-client.cjs" "$(pwd)/boardvm" \
    "$(cd "$srcdir" && pwd)/rules/chess.rules" "$work" "${POSITIONS:-5000}"
