#!/bin/sh
# The web board (web/, docs/web.md): `make web`, then the browser tests in
# headless Chromium against the engine in WebAssembly
# (web/tests/board.test.mjs: the page; web/tests/engine.test.mjs: stop,
# threads, service worker; npm packages from web/package-lock.json).
# Closes with "N passed, N failed" (both files together).
cd "$(dirname "$0")/../.." || exit 1
mkdir -p build/web
if ! make --no-print-directory web >build/web/make.log 2>&1; then
    tail -20 build/web/make.log; echo "make web failed"; echo "0 passed, 1 failed"; exit 1
fi
if ! (cd web && npm ci --no-audit --no-fund --silent >../build/web/npm.log 2>&1); then
    tail -20 build/web/npm.log; echo "npm ci failed in web/"; echo "0 passed, 1 failed"; exit 1
fi
passed=0; failed=0
for t in web/tests/board.test.mjs web/tests/engine.test.mjs; do
    out=$(node "$t" 2>&1); rc=$?
    echo "$out" | grep -v '^ok ' | tail -40
    line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
    p=$(echo "$line" | awk '{print $1}'); f=$(echo "$line" | awk '{print $3}')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    echo "$t: $p passed, $f failed"
    passed=$((passed + p)); failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
