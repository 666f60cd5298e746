#!/bin/sh
# Make sure what the tests need is installed: CUnit headers (libcunit1-dev),
# GNU parallel (the self-play shards, tests/run.d/selfplay.sh), and for the
# web board emcc, LLVM 19, chromium and npm.
# Installs it when it can (root, or sudo without a password); otherwise
# says exactly what to install.
need=""
[ -f /usr/include/CUnit/Basic.h ] || need="$need libcunit1-dev"
parallel --version 2>/dev/null | grep -q 'GNU parallel' || need="$need parallel"
# The web board's tests: Emscripten, Debian's Chromium, npm (tests/run.d/web.sh);
# emcc compiles with LLVM 19 (web/web.mk, WEB_LLVM).
command -v emcc >/dev/null || need="$need emscripten"
for t in clang-19:clang-19 wasm-ld-19:lld-19 llvm-profdata-19:llvm-19; do
    command -v "${t%%:*}" >/dev/null || need="$need ${t#*:}"
done
[ -x /usr/bin/chromium ] || need="$need chromium"
command -v npm >/dev/null || need="$need npm"
[ -z "$need" ] && exit 0
echo "tests need:$need"
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "install them with: sudo apt-get install$need" >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null && $SUDO apt-get install -y -qq $need >/dev/null || {
    echo "could not install$need; install them with: sudo apt-get install$need" >&2; exit 1; }
