#!/bin/sh
# GTP regression scripts (tests/gtp/*.gtp, gogui-regress format), the
# raw-input robustness test and 100 random sessions with the search on
# (tests/gtp/sessions.py, seed 2), against the sanitized engine
# build/asan/morphos (MORPHOS overrides). Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS:-build/asan/morphos}
if [ ! -x "$engine" ]; then
    echo "missing $engine (run make test)"; echo "0 passed, 1 failed"; exit 1
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
out=$(python3 tests/gtp/regress.py "$engine" tests/gtp/*.gtp); rc1=$?
echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
p1=$(echo "$out" | tail -1 | awk '{print $1}'); f1=$(echo "$out" | tail -1 | awk '{print $3}')
out=$(python3 tests/gtp/robust.py "$engine"); rc2=$?
echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
p2=$(echo "$out" | tail -1 | awk '{print $1}'); f2=$(echo "$out" | tail -1 | awk '{print $3}')
out=$(python3 tests/gtp/sessions.py "$engine" 100 2); rc3=$?
echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
p3=$(echo "$out" | tail -1 | awk '{print $1}'); f3=$(echo "$out" | tail -1 | awk '{print $3}')
p=$(( ${p1:-0} + ${p2:-0} + ${p3:-0} )); f=$(( ${f1:-1} + ${f2:-1} + ${f3:-1} ))
{ [ $rc1 -ne 0 ] || [ $rc2 -ne 0 ] || [ $rc3 -ne 0 ]; } && [ "$f" = 0 ] && f=1
echo "$p passed, $f failed"
[ "$f" = 0 ]
