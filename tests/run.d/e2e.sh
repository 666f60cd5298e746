#!/bin/sh
# End-to-end: ./morphos (the sanitized build/asan/morphos, or $MORPHOS)
# driven by the @sabaki/gtp controller from npm, installed here on first use
# at the version pinned in tests/e2e/package.json. Closes with
# "N passed, N failed".
cd "$(dirname "$0")/../e2e" || exit 1
engine=${MORPHOS:-../../build/asan/morphos}
fail() { echo "$1"; echo "0 passed, 1 failed"; exit 1; }
[ -x "$engine" ] || fail "missing $engine (run make test)"
command -v node >/dev/null && command -v npm >/dev/null || fail "node and npm are needed (apt-get install nodejs npm)"
if [ ! -f node_modules/@sabaki/gtp/package.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>npm.log || { cat npm.log; fail "npm could not install @sabaki/gtp"; }
    rm -f npm.log
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
node e2e.js "$engine"
