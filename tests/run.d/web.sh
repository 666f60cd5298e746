#!/bin/sh
# The web board (web/, docs/web.md): `make web`, then the browser tests in
# headless Chromium against the engine in WebAssembly
# (web/tests/board.test.mjs: the page; web/tests/engine.test.mjs: stop,
# threads, service worker; web/tests/same.test.mjs: the same searches as
# ./morphos; npm packages from web/package-lock.json).
# Closes with "N passed, N failed" (the three files together).
. "$(dirname "$0")/lib.sh"
mkdir -p build/web
if ! make --no-print-directory web >build/web/make.log 2>&1; then
    tail -20 build/web/make.log; give_up "make web failed"
fi
if ! (cd web && npm ci --no-audit --no-fund --silent >../build/web/npm.log 2>&1); then
    tail -20 build/web/npm.log; give_up "npm ci failed in web/"
fi
for t in web/tests/board.test.mjs web/tests/engine.test.mjs web/tests/same.test.mjs; do
    suite "$t" node "$t"
done
summary
