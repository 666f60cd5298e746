#!/bin/sh
# The fuzz targets' seed corpus, replayed under AddressSanitizer +
# UndefinedBehaviorSanitizer (build/asan/tests/replay_gtp, replay_sgf,
# replay_aprecord from make test): each GTP regression script (its
# commands), each SGF record and each AbstractPlay game file as one input, plus tests/fuzz/corpus/<target>/ (inputs worth keeping,
# such as a fixed crash). Timed fuzzing is `make fuzz`.
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
mkdir -p "$tmp/gtp" "$tmp/sgf" "$tmp/aprecord"
for f in tests/gtp/*.gtp; do grep -v '^#?' "$f" > "$tmp/gtp/$(basename "$f")"; done
cp tests/gtp/data/*.sgf "$tmp/sgf/"
cp tests/data/abstractplay/records/*.json tests/data/abstractplay/records/bad/*.json "$tmp/aprecord/"
for t in gtp sgf aprecord; do
    bin=build/asan/tests/replay_$t
    [ -d "tests/fuzz/corpus/$t" ] && cp "tests/fuzz/corpus/$t"/* "$tmp/$t/" 2>/dev/null
    n=$(ls "$tmp/$t" | wc -l)
    if [ ! -x "$bin" ]; then
        bad "missing $bin (run make test)"
    elif [ "$n" -lt 2 ]; then
        bad "replay_$t: only $n seeds"
    elif "$bin" "$tmp/$t"/* > "$tmp/$t.log" 2>&1 && grep -qx "replay: $n inputs" "$tmp/$t.log"; then
        ok "replay_$t: $n seeds"
    else
        bad "replay_$t"; tail -30 "$tmp/$t.log"
    fi
done
summary
