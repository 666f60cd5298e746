#!/bin/sh
# bench/selfplay as a user runs it: tiny games (6x6, 300 playouts a move)
# played in one run, as shards through GNU parallel and merged, and by a
# run killed half-way (kill -9) then resumed: each must give the one run's
# file byte for byte. Also a torn tail, a second writer, other settings,
# --check, the instruction-set copies. Run from the repository root after
# `make`. Ends with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
S=./bench/selfplay
SET="-s 6 -p 300 --seed 5"
N=24
games() { grep -c '^[0-9]' "$1"; }

check "selfplay --help" "$S --help >$tmp/help && grep -q usage $tmp/help"
check "a bad option exits 2" "$S --count x -o $tmp/x.tsv >/dev/null 2>&1; [ \$? = 2 ]"
check "no output file: exits 2" "$S -n 1 >/dev/null 2>&1; [ \$? = 2 ]"
check "bad rules: exit 2 and the reason" "$S --rules zz -o $tmp/x.tsv 2>$tmp/err >/dev/null; [ \$? = 2 ] && grep -q 'unknown rule token' $tmp/err && [ ! -s $tmp/x.tsv ]"
check "an option self-play sets itself is refused" "$S --set threads=2 -o $tmp/x.tsv 2>$tmp/err >/dev/null; [ \$? = 2 ] && grep -q 'sets threads itself' $tmp/err"

# The reference: one sequential run.
check "one run of $N games" "$S $SET -n $N --quiet -o $tmp/seq.tsv >$tmp/seq.out && [ \$(games $tmp/seq.tsv) = $N ]"
check "every game replays (--check)" "$S --check $tmp/seq.tsv >$tmp/check.out && grep -q '$N games replayed.* 0 bad' $tmp/check.out"
check "--check names the data: range and hash" "grep -Eq 'games 0..$((N - 1)); game lines hash [0-9a-f]{16} ' $tmp/check.out"

# Shards through GNU parallel, two at a time, uneven and in any order.
if parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    printf '0 7\n7 5\n12 12\n' | parallel --will-cite -j 2 --colsep ' ' \
        "$S $SET --first {1} -n {2} --quiet -o $tmp/shard-{1}.tsv >/dev/null"
    check "GNU parallel: three shards" "[ \$(cat $tmp/shard-*.tsv | grep -c '^[0-9]') = $N ]"
    check "the merged shards are the one run's file" "$S --merge $tmp/shard-12.tsv $tmp/shard-0.tsv $tmp/shard-7.tsv -o $tmp/merged.tsv 2>$tmp/merge.err && cmp $tmp/seq.tsv $tmp/merged.tsv"
    check "the merged file's hash is the one run's" "$S --check $tmp/merged.tsv | grep -o 'hash [0-9a-f]*' >$tmp/h2 && grep -o 'hash [0-9a-f]*' $tmp/check.out | cmp -s - $tmp/h2"
    check "merge says what it merged" "grep -q 'merged $N games (0..$((N - 1))) from 3 files; 0 duplicates' $tmp/merge.err"
else
    bad "GNU parallel is not installed (tests/deps.sh installs Debian's parallel)"
fi
check "merge: a gap is reported, status 1" "$S --merge $tmp/shard-0.tsv $tmp/shard-12.tsv -o $tmp/gap.tsv 2>$tmp/gap.err; [ \$? = 1 ] && grep -q 'gap: games 7-11 missing' $tmp/gap.err"
check "merge: overlapping shards, duplicates identical" "$S --merge $tmp/seq.tsv $tmp/shard-7.tsv >$tmp/dup.tsv 2>$tmp/dup.err && cmp $tmp/seq.tsv $tmp/dup.tsv && grep -q '5 duplicates' $tmp/dup.err"
check "merge: the output may not be an input" "$S --merge $tmp/seq.tsv -o $tmp/seq.tsv 2>/dev/null; [ \$? = 2 ] && cmp -s $tmp/seq.tsv $tmp/merged.tsv"

# Killed half-way (SIGKILL: no chance to tidy up), then resumed.
$S $SET -n $N --quiet -o $tmp/killed.tsv >/dev/null 2>&1 &
pid=$!
i=0
now() { n=$(grep -c '^[0-9]' $tmp/killed.tsv 2>/dev/null); echo "${n:-0}"; }
while [ $i -lt 3000 ] && [ "$(now)" -lt 3 ]; do sleep 0.01; i=$((i + 1)); done
check "a second run on the same file is refused while the first writes" "$S $SET -n $N -o $tmp/killed.tsv >/dev/null 2>$tmp/lock.err; [ \$? = 2 ] && grep -q 'another run' $tmp/lock.err || ! kill -0 $pid 2>/dev/null"
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
before=$(games $tmp/killed.tsv)
check "the kill left part of the games ($before of $N)" "[ $before -ge 3 ] && [ $before -lt $N ]"
check "resumed: the one run's file" "$S $SET -n $N --quiet -o $tmp/killed.tsv >$tmp/resume.out 2>&1 && cmp $tmp/seq.tsv $tmp/killed.tsv"
check "resumed: the games already there were skipped" "grep -q 'games played, $before already in' $tmp/resume.out"
check "again: nothing to play" "$S $SET -n $N --quiet -o $tmp/killed.tsv | grep -q '^selfplay: 0 games played, $N already'"

# A torn last line (a kill in the middle of a write): dropped, replayed.
size=$(wc -c <$tmp/seq.tsv)
head -c $((size - 200)) $tmp/seq.tsv >$tmp/torn.tsv
check "a torn tail is dropped and its game played again" "$S $SET -n $N --quiet -o $tmp/torn.tsv >/dev/null 2>$tmp/torn.err && cmp $tmp/seq.tsv $tmp/torn.tsv && grep -q 'dropped a torn last line' $tmp/torn.err"
check "merge leaves a torn tail out, and says so" "head -c $((size - 200)) $tmp/seq.tsv >$tmp/torn2.tsv && $S --merge $tmp/torn2.tsv >/dev/null 2>$tmp/torn2.err; grep -q 'torn last line' $tmp/torn2.err"

check "a file of other settings is refused, untouched" "cp $tmp/seq.tsv $tmp/other.tsv && $S -s 6 -p 301 --seed 5 -n 1 -o $tmp/other.tsv >/dev/null 2>$tmp/other.err; [ \$? = 2 ] && grep -q 'other settings' $tmp/other.err && cmp $tmp/seq.tsv $tmp/other.tsv"
sed 's/\tblack\t/\twhite\t/' $tmp/seq.tsv >$tmp/lie.tsv
check "--check finds a wrong result" "$S --check $tmp/lie.tsv >$tmp/lie.out; [ \$? = 1 ] && grep -q 'final position says black' $tmp/lie.out"

# Every rule family: games that replay (compound turns, returns, flips
# from a full board, the presets, Cairo boards).
for r in a b c d e c,d abstractplay=default abstractplay=duomorph abstractplay=remorph morpharaoh,board=48 morpharaoh,board=160; do
    check "rules $r: games recorded and replayed" "$S -s 5 -p 60 -n 2 --rules $r --quiet -o $tmp/r-$r.tsv >/dev/null && $S --check $tmp/r-$r.tsv | grep -q '2 games replayed.* 0 bad'"
done

# The record does not depend on the instruction-set copy that runs.
for a in x86-64 x86-64-v3; do
    if MORPHOS_ARCH=$a $S --help >/dev/null 2>&1; then
        MORPHOS_ARCH=$a $S $SET -n 3 --quiet -o $tmp/arch-$a.tsv >/dev/null 2>&1
        check "MORPHOS_ARCH=$a plays the same games" "[ \"\$(head -n 13 $tmp/seq.tsv)\" = \"\$(cat $tmp/arch-$a.tsv)\" ]"
    fi
done

summary
