#!/bin/sh
# The fuzz targets' seed corpus, replayed under AddressSanitizer +
# UndefinedBehaviorSanitizer (build/asan/tests/replay_gtp, replay_sgf,
# replay_aprecord from make test): each GTP regression script (its
# commands), each SGF record and each AbstractPlay game file as one input, plus tests/fuzz/corpus/<target>/ (inputs worth keeping,
# such as a fixed crash). Timed fuzzing is `make fuzz`.
# Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/gtp" "$tmp/sgf" "$tmp/aprecord"
for f in tests/gtp/*.gtp; do grep -v '^#?' "$f" > "$tmp/gtp/$(basename "$f")"; done
cp tests/gtp/data/*.sgf "$tmp/sgf/"
cp tests/data/abstractplay/records/*.json tests/data/abstractplay/records/bad/*.json "$tmp/aprecord/"
pass=0; fail=0
for t in gtp sgf aprecord; do
    bin=build/asan/tests/replay_$t
    [ -d "tests/fuzz/corpus/$t" ] && cp "tests/fuzz/corpus/$t"/* "$tmp/$t/" 2>/dev/null
    n=$(ls "$tmp/$t" | wc -l)
    if [ ! -x "$bin" ]; then
        echo "FAIL: missing $bin (run make test)"; fail=$((fail + 1))
    elif [ "$n" -lt 2 ]; then
        echo "FAIL: replay_$t: only $n seeds"; fail=$((fail + 1))
    elif "$bin" "$tmp/$t"/* > "$tmp/$t.log" 2>&1 && grep -qx "replay: $n inputs" "$tmp/$t.log"; then
        echo "replay_$t: $n seeds"; pass=$((pass + 1))
    else
        echo "FAIL: replay_$t"; tail -30 "$tmp/$t.log"; fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
