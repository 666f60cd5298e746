#!/bin/sh
# Clock discipline (tests/clock/latency.py) against the release ./morphos,
# the binary that ships, and a small bounded slice of the clock benchmark
# (bench/clock_matrix --ci): fails on any hang, any command over its budget
# plus the margin, any loss on time. Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS_RELEASE:-./morphos}
[ -x "$engine" ] || { echo "missing $engine (run make)"; echo "0 passed, 1 failed"; exit 1; }
python3 tests/clock/latency.py "$engine"
