#!/bin/sh
# The solver's persistence, against the sanitized engine build/asan/morphos
# (MORPHOS overrides): a solve killed and restarted (tests/solve/kill.py);
# and the committed proofs of tests/data/proofs checked whole by the
# shipped engine ./morphos (MORPHOS_RELEASE overrides; tests/solve/proofs.py:
# some 6 s of CPU). Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS:-build/asan/morphos}
release=${MORPHOS_RELEASE:-./morphos}
for x in "$engine" "$release"; do
    if [ ! -x "$x" ]; then
        echo "missing $x (run make test)"; echo "0 passed, 1 failed"; exit 1
    fi
done
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
p=0; f=0
for t in "tests/solve/kill.py $engine" "tests/solve/proofs.py $release 5,none,edges=on,pie=off,base5"; do
    out=$(python3 $t); rc=$?
    echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    line=$(echo "$out" | tail -1)
    p=$((p + $(echo "$line" | awk '{print $1+0}'))); fl=$(echo "$line" | awk '{print $3+0}')
    [ $rc -ne 0 ] && [ "$fl" = 0 ] && fl=1
    f=$((f + fl))
done
echo "$p passed, $f failed"
[ "$f" = 0 ]
