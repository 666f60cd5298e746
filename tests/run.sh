#!/bin/sh
# Run every test: the CUnit binaries given as arguments, then every other
# suite under tests/ that has a runner (tests/run.d/*.sh but lib.sh, the
# runners' shared tally). Prints each one's own summary, with the CPU
# seconds it took (user + system, its children included) and its wall
# time, and closes with one line "N passed, N failed".
#
# They run on TEST_JOBS lanes at once (default: the CPUs online; 1 runs
# them one after another): each lane takes the next test not yet taken,
# the slow ones first (SLOW), so that no core idles while a long runner
# ends alone. Each test's output goes to a file of its own and is printed
# whole, in the order above, once it is done: the log reads the same
# whatever the lanes. Tests share nothing but the build: each runner works
# in its own scratch directory, and none has a wall-clock limit that a
# second lane's load could reach (README, "Tests and CI").
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
case $jobs in ''|*[!0-9]*|0) jobs=1 ;; esac
# Started first, the longest first (CPU seconds of a run on 2 cores): a
# long test started last would leave the other lane idle to the end.
SLOW="tests/run.d/web.sh tests/run.d/gtp.sh tests/run.d/controllers.sh build/asan/tests/test_engine
      build/asan/tests/test_selfplay tests/run.d/solve.sh tests/run.d/clock.sh tests/run.d/lto.sh"
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM

# The tests in print order, one a line: "bin PATH" (a CUnit binary) or
# "run PATH" (a runner); then the order the lanes take them in.
for t in "$@"; do echo "bin $t"; done > "$dir/list"
for r in tests/run.d/*.sh; do
    [ -f "$r" ] && [ "$r" != tests/run.d/lib.sh ] && echo "run $r"
done >> "$dir/list"
n=$(wc -l < "$dir/list")
for s in $SLOW; do awk -v s="$s" '$2 == s { print NR }' "$dir/list"; done > "$dir/order"
awk -v first=" $(tr '\n' ' ' < "$dir/order")" 'index(first, " " NR " ") == 0 { print NR }' "$dir/list" >> "$dir/order"

# lane: run each test no other lane has taken (mkdir is atomic): its
# output to $dir/N.out, then "STATUS CPU WALL" to $dir/N.done. `times`
# gives the CPU of this lane's children, so it must run in the lane.
lane() {
    me=$1; cpu=0
    for i in $(cat "$dir/order"); do
        mkdir "$dir/$i.taken" 2>/dev/null || continue
        set -- $(sed -n "${i}p" "$dir/list")
        t0=$(date +%s.%N)
        if [ "$1" = bin ]; then "$2" > "$dir/$i.out" 2>&1; else sh "$2" > "$dir/$i.out" 2>&1; fi
        rc=$?
        times > "$dir/times.$me"
        now=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%.2f", t }' "$dir/times.$me")
        echo "$rc $(awk -v a="$cpu" -v b="$now" -v t0="$t0" -v t1="$(date +%s.%N)" 'BEGIN { printf "%.1f %.1f", b - a, t1 - t0 }')" > "$dir/$i.tmp"
        mv "$dir/$i.tmp" "$dir/$i.done"
        cpu=$now
    done
}
pids=""
k=0
while [ $k -lt "$jobs" ]; do
    lane $k &
    pids="$pids $!"
    k=$((k + 1))
done

passed=0; failed=0
i=0
while read -r kind t; do
    i=$((i + 1))
    # Wait for it; a lane that died (killed) leaves it undone.
    while [ ! -f "$dir/$i.done" ]; do
        alive=0; for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive = 1 ] || break
        sleep 0.2
    done
    if [ -f "$dir/$i.done" ]; then read -r rc spent wall < "$dir/$i.done"; else rc=1; spent=0; wall=0; fi
    out="$dir/$i.out"; [ -f "$out" ] || : > "$out"
    if [ "$kind" = bin ]; then
        sed -n '/Run Summary/,$p' "$out"
        line=$(awk '$1 == "tests" { print $3, $4, $5 }' "$out")
        set -- $line
        if [ -n "$line" ]; then p=$2; f=$3; else p=0; f=1; fi
        # A crash (sanitizer report) ends the binary before its summary.
        if [ "$rc" -ne 0 ] && [ "$f" = 0 ]; then f=1; tail -30 "$out"; fi
        [ "$f" != 0 ] && grep -E 'FAIL|Test:|ERROR' "$out" | head -40
    else
        tail -20 "$out"
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$out" | tail -1)
        p=$(echo "$line" | awk '{print $1}'); f=$(echo "$line" | awk '{print $3}')
        [ -z "$p" ] && { p=0; f=1; }
        [ "$rc" -ne 0 ] && [ "$f" = 0 ] && f=1
    fi
    echo "$t: $p passed, $f failed (cpu $spent s, wall $wall s)"
    passed=$((passed + p)); failed=$((failed + f))
done < "$dir/list"
wait
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
