#!/bin/sh
# End-to-end: ./morphos (the sanitized build/asan/morphos, or $MORPHOS)
# driven by the @sabaki/gtp controller from npm, installed here on first use
# at the version pinned in tests/e2e/package.json (node and npm themselves
# from apt-get when missing and running as root). Closes with
# "N passed, N failed".
cd "$(dirname "$0")/../e2e" || exit 1
engine=${MORPHOS:-../../build/asan/morphos}
fail() { echo "$1"; echo "0 passed, 1 failed"; exit 1; }
[ -x "$engine" ] || fail "missing $engine (run make test)"
have_node() { command -v node >/dev/null && command -v npm >/dev/null; }
# CI runs on a fresh machine: as root with apt-get, install them there.
if ! have_node && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing nodejs and npm with apt-get"
    log=$(mktemp) || fail "mktemp failed"
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm; } >"$log" 2>&1 ||
        tail -20 "$log"
    rm -f "$log"
fi
have_node || fail "node and npm are needed (apt-get install nodejs npm)"
if [ ! -f node_modules/@sabaki/gtp/package.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>npm.log || { cat npm.log; fail "npm could not install @sabaki/gtp"; }
    rm -f npm.log
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
node e2e.js "$engine"
