#!/bin/sh
# The engine under an address-space limit (tests/gtp/memlimit.py), against
# the shipped build ./morphos (MORPHOS overrides): AddressSanitizer cannot
# start under ulimit -v. Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS:-./morphos}
if [ ! -x "$engine" ]; then
    echo "missing $engine (run make)"; echo "0 passed, 1 failed"; exit 1
fi
python3 tests/gtp/memlimit.py "$engine"
