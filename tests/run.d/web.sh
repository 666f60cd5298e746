#!/bin/sh
# The web board (web/, docs/web.md): `make web`, then the browser tests in
# headless Chromium against the engine in WebAssembly
# (web/tests/board.test.mjs, npm packages from web/package-lock.json).
# Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
mkdir -p build/web
if ! make --no-print-directory web >build/web/make.log 2>&1; then
    tail -20 build/web/make.log; echo "make web failed"; echo "0 passed, 1 failed"; exit 1
fi
if ! (cd web && npm ci --no-audit --no-fund --silent >../build/web/npm.log 2>&1); then
    tail -20 build/web/npm.log; echo "npm ci failed in web/"; echo "0 passed, 1 failed"; exit 1
fi
node web/tests/board.test.mjs
