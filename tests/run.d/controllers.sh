#!/bin/sh
# What GTP controllers depend on, against the sanitized engine
# build/asan/morphos (MORPHOS overrides): the start-up flags
# (tests/gtp/startup.py), the replay of the traffic GoGui and
# gogui-twogtp really sent (tests/gtp/replay.py, tests/data/gogui-traffic/),
# GoGui's interrupt, live graphics and analyze menu (tests/gtp/interrupt.py),
# and a match of the engine against itself, pie on, through a manager that
# knows only points (tests/gtp/pointmatch.py).
# Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS:-build/asan/morphos}
if [ ! -x "$engine" ]; then
    echo "missing $engine (run make test)"; echo "0 passed, 1 failed"; exit 1
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
p=0; f=0
for t in startup.py replay.py interrupt.py pointmatch.py; do
    out=$(python3 "tests/gtp/$t" "$engine"); rc=$?
    echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    line=$(echo "$out" | tail -1)
    tp=$(echo "$line" | awk '{print $1}'); tf=$(echo "$line" | awk '{print $3}')
    [ -z "$tp" ] && { tp=0; tf=1; }
    [ $rc -ne 0 ] && [ "$tf" = 0 ] && tf=1
    echo "$t: $tp passed, $tf failed"
    p=$((p + tp)); f=$((f + tf))
done
echo "$p passed, $f failed"
[ "$f" = 0 ]
