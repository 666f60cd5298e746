# tests/run.d/lib.sh - the tally the runners of tests/run.d share: sourced
# (`. "$(dirname "$0")/lib.sh"`) at a runner's top, it moves to the
# repository root, makes a scratch directory $tmp (removed on exit), and
# gives check/ok/bad to count checks, suite to add up a test program's own
# counts, need and give_up for what a runner cannot go on without, and
# summary for the closing line "N passed, N failed" that tests/run.sh adds
# up. Not a runner itself: tests/run.sh skips it.
cd "$(dirname "$0")/../.." || exit 1
pass=0; fail=0
failures=""
tmp=$(mktemp -d) || { echo "mktemp failed"; echo "0 passed, 1 failed"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
# Sanitized programs stop at the first error and report leaks.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"

# ok [TEXT]: one check passed (TEXT shown when given).
ok() { pass=$((pass + 1)); [ -z "$1" ] || echo "ok   $1"; }
# bad TEXT: one check failed, shown now and again by summary.
bad() {
    fail=$((fail + 1)); echo "FAIL: $1"
    failures="$failures
FAIL: $1"
}
# check NAME COMMAND: NAME passes when COMMAND succeeds (its output
# discarded). One word after NAME is a shell command line, run with eval;
# several are a command and its arguments, run as they are.
check() {
    name=$1; shift
    if [ $# = 1 ]; then
        if eval "$1" >/dev/null 2>&1; then ok; else bad "$name"; fi
    elif "$@" >/dev/null 2>&1; then ok; else bad "$name"; fi
}
# suite NAME COMMAND...: a test program that closes with "N passed, N
# failed": its output shown but that line and its "ok" lines, its counts
# added, then "NAME: N passed, N failed"; its FAIL lines are kept for the
# summary. No such line, or a failing status with no failure counted, is
# one failure.
suite() {
    s_name=$1; shift
    s_out=$("$@"); s_rc=$?
    printf '%s\n' "$s_out" | grep -Ev '^[0-9]+ passed, [0-9]+ failed$|^ok '
    s_line=$(printf '%s\n' "$s_out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
    s_p=$(echo "$s_line" | awk '{print $1}'); s_f=$(echo "$s_line" | awk '{print $3}')
    [ -z "$s_p" ] && { s_p=0; s_f=1; }
    [ $s_rc -ne 0 ] && [ "$s_f" = 0 ] && s_f=1
    echo "$s_name: $s_p passed, $s_f failed"
    pass=$((pass + s_p)); fail=$((fail + s_f))
    [ "$s_f" = 0 ] && return
    s_bad=$(printf '%s\n' "$s_out" | grep FAIL)
    failures="$failures${s_bad:+
$s_bad}
$s_name: $s_f failed"
}
# need FILE...: give up unless every FILE is an executable.
need() {
    for n_f in "$@"; do [ -x "$n_f" ] || give_up "missing $n_f (run make test)"; done
}
# give_up TEXT: one failure, the summary, exit.
give_up() { bad "$1"; summary; exit 1; }
# summary: the failures again (tests/run.sh shows a runner's last lines),
# then "N passed, N failed"; the runner's status: 0 when none failed.
summary() {
    [ -n "$failures" ] && [ "$fail" -gt 0 ] && printf 'failures:%s\n' "$failures"
    echo "$pass passed, $fail failed"
    [ "$fail" = 0 ]
}
