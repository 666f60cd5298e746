#!/bin/sh
# Run every test: the CUnit binaries given as arguments, then every other
# suite under tests/ that has a runner (tests/run.d/*.sh but lib.sh, the
# runners' shared tally). Prints each
# runner's own summary, with the CPU seconds it took (user + system, its
# children included: make test's budget is CPU time), and closes with one
# line "N passed, N failed".
passed=0; failed=0
# The children's CPU seconds so far: `times` must run in this shell (in a
# command substitution it would count the subshell's children only).
tfile=$(mktemp); trap 'rm -f "$tfile"' EXIT
# cpu_mark sets $spent to the seconds since the last mark.
cpu=0
cpu_mark() {
    times > "$tfile"
    set -- "$cpu" "$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%.2f", t }' "$tfile")"
    cpu=$2; spent=$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }')
}
for t in "$@"; do
    out=$("$t" 2>&1); rc=$?
    echo "$out" | sed -n '/Run Summary/,$p'
    line=$(echo "$out" | awk '$1 == "tests" { print $3, $4, $5 }')
    set -- $line
    if [ -n "$line" ]; then p=$2; f=$3; else p=0; f=1; fi
    # A crash (sanitizer report) ends the binary before its summary.
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; echo "$out" | tail -30; fi
    [ "$f" != 0 ] && echo "$out" | grep -E 'FAIL|Test:|ERROR' | head -40
    cpu_mark
    echo "$t: $p passed, $f failed (cpu $spent s)"
    passed=$((passed + p)); failed=$((failed + f))
    shift $#
done
for r in tests/run.d/*.sh; do
    [ -f "$r" ] && [ "$r" != tests/run.d/lib.sh ] || continue
    out=$(sh "$r" 2>&1); rc=$?
    echo "$out" | tail -20
    line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
    p=$(echo "$line" | awk '{print $1}'); f=$(echo "$line" | awk '{print $3}')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    cpu_mark
    echo "$r: $p passed, $f failed (cpu $spent s)"
    passed=$((passed + p)); failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
