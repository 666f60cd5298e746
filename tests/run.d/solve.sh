#!/bin/sh
# The solver's persistence, against the sanitized engine build/asan/morphos
# (MORPHOS overrides): a solve killed and restarted (tests/solve/kill.py);
# and the committed proofs of tests/data/proofs checked whole by the
# shipped engine ./morphos (MORPHOS_RELEASE overrides; tests/solve/proofs.py:
# some 2 s of CPU for base5, 7 s and 0.3 GB of memory for ap5). Closes
# with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS:-build/asan/morphos}
release=${MORPHOS_RELEASE:-./morphos}
need "$engine" "$release"
suite kill.py python3 tests/solve/kill.py "$engine"
suite proofs.py python3 tests/solve/proofs.py "$release" 5,none,edges=on,pie=off,base5 5,none,edges=off,p3=on,tiebreak=on,pie=off,ap5
summary
