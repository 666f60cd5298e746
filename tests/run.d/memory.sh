#!/bin/sh
# The engine under an address-space limit (tests/gtp/memlimit.py), against
# the shipped build ./morphos (MORPHOS overrides): AddressSanitizer cannot
# start under ulimit -v. Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS:-./morphos}
need "$engine"
suite memlimit.py python3 tests/gtp/memlimit.py "$engine"
summary
