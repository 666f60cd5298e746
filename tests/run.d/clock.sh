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
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS_RELEASE:-./morphos}
[ -x "$engine" ] || { echo "missing $engine (run make)"; echo "0 passed, 1 failed"; exit 1; }
out1=$(python3 tests/clock/latency.py "$engine" --margin 5); rc1=$?
echo "$out1" | grep -v '^[0-9]* passed, [0-9]* failed$'
p1=$(echo "$out1" | tail -1 | awk '{print $1}'); f1=$(echo "$out1" | tail -1 | awk '{print $3}')
out=$(python3 bench/clock_matrix.py --ci --margin 5 --engine "$engine" 2>&1); rc2=$?
echo "$out"
if [ $rc2 = 0 ]; then echo "ok   clock benchmark CI slice: no loss on time, no move over its time"; else echo "FAIL clock benchmark CI slice"; fi
# run.sh shows the last lines only: the failures again, last.
echo "$out1" | grep '^FAIL'
p=$(( ${p1:-0} + (rc2 == 0) )); f=$(( ${f1:-1} + (rc2 != 0) ))
[ $rc1 -ne 0 ] && [ "$f" = 0 ] && f=1
echo "$p passed, $f failed"
[ "$f" = 0 ]
