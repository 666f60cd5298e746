#!/bin/sh
# Clock discipline (tests/clock/latency.py) against the release ./morphos,
# the binary that ships, and a small bounded slice of the clock benchmark
# (bench/clock_matrix --ci): fails on any hang, any command over its budget
# plus the margin, any loss on time. The margin is 5 s, which no load
# reaches (0.939 s for a 0.5 s budget failed the old 0.25 on a busy
# machine): this catches hangs and ignored budgets; that a deadline is kept
# exactly is test_engine's test on an injected clock, and the tight margins
# are the benchmark's (latency.py and clock_matrix.py with their defaults).
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS_RELEASE:-./morphos}
need "$engine"
suite latency.py python3 tests/clock/latency.py "$engine" --margin 5
python3 bench/clock_matrix.py --ci --margin 5 --engine "$engine" 2>&1
if [ $? = 0 ]; then ok "clock benchmark CI slice: no loss on time, no move over its time"
else bad "clock benchmark CI slice"; fi
summary
