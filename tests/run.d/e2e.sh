#!/bin/sh
# End-to-end: ./morphos (the sanitized build/asan/morphos, or $MORPHOS)
# driven by the @sabaki/gtp controller from npm, installed here on first use
# at the version pinned in tests/e2e/package.json (node and npm themselves
# from apt-get when missing and running as root). Closes with
# "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=$(realpath -m "${MORPHOS:-build/asan/morphos}")
need "$engine"
have_node() { command -v node >/dev/null && command -v npm >/dev/null; }
# CI runs on a fresh machine: as root with apt-get, install them there.
if ! have_node && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing nodejs and npm with apt-get"
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm; } >"$tmp/apt.log" 2>&1 ||
        tail -20 "$tmp/apt.log"
fi
have_node || give_up "node and npm are needed (apt-get install nodejs npm)"
cd tests/e2e || give_up "no tests/e2e"
if [ ! -f node_modules/@sabaki/gtp/package.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>"$tmp/npm.log" || { cat "$tmp/npm.log"; give_up "npm could not install @sabaki/gtp"; }
fi
suite e2e.js node e2e.js "$engine"
summary
