#!/bin/sh
# GTP regression scripts (tests/gtp/*.gtp, gogui-regress format), the
# raw-input robustness test and 100 random sessions with the search on
# (tests/gtp/sessions.py, seed 2), against the sanitized engine
# build/asan/morphos (MORPHOS overrides). Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS:-build/asan/morphos}
need "$engine"
suite regress.py python3 tests/gtp/regress.py "$engine" tests/gtp/*.gtp
suite robust.py python3 tests/gtp/robust.py "$engine"
suite sessions.py python3 tests/gtp/sessions.py "$engine" 100 2
summary
