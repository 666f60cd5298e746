#!/bin/sh
# The bench tools as a user runs them: --help, the quick perft suite, a
# table with a wrong count, a short match between two real engines, a
# match against a broken engine, and merging two result files. Run from the
# repository root after `make`. Ends with "N passed, N failed".
. "$(dirname "$0")/lib.sh"

for t in perft_suite match bench; do
    check "$t --help" "./bench/$t --help >$tmp/help 2>&1 && grep -q usage $tmp/help"
done
check "perft_suite bad option exits 2" "./bench/perft_suite --threads 0 x >/dev/null 2>&1; [ \$? = 2 ]"

check "perft_suite --quick" "./bench/perft_suite --quick tests/data/perft-public.tsv >$tmp/quick && grep -q ' 0 failed' $tmp/quick"
check "perft_suite --quick, Morpharaoh table" "./bench/perft_suite --quick tests/data/morpharaoh/perft.tsv >$tmp/quick2 && grep -q ' 0 failed' $tmp/quick2"
check "perft_suite, AbstractPlay table (all rows)" "./bench/perft_suite tests/data/abstractplay/perft.tsv >$tmp/quick3 && grep -q ' 0 failed, 0 skipped' $tmp/quick3"
check "perft_suite --threads 2" "./bench/perft_suite --quick --threads 2 --bulk off tests/data/perft-public.tsv >/dev/null"
printf 'size\trules\toptions\tmoves\tdepth\tperft\n3\tnone\tedges=on,pie=on\t-\t1\t9\n3\tnone\tedges=on,pie=on\t-\t2\t999\n' >$tmp/wrong.tsv
check "perft_suite exits 1 on a mismatch" "./bench/perft_suite $tmp/wrong.tsv >$tmp/wrong.out; [ \$? = 1 ] && grep -q FAIL $tmp/wrong.out && grep -q '1 ok, 1 failed' $tmp/wrong.out"

check "bench --set: a bad option exits 2" "./bench/bench --only search --set nope=1 >/dev/null 2>&1; [ \$? = 2 ]"
check "bench --set: options reach the engine" "./bench/bench --only search --playouts 200 --set threads=2 >$tmp/set.out && grep -q 'engine options: threads=2' $tmp/set.out"

# The search's behaviour is committed: bench/search.signature holds the
# moves signature of `bench --only search` (docs/bench.md says when and how
# to change it).
want=$(cat bench/search.signature)
got=$(./bench/bench --only search | sed -n 's/.*moves signature \([0-9a-f]*\).*/\1/p')
if [ -n "$want" ] && [ "$got" = "$want" ]; then ok; else
    bad "bench --only search: moves signature $got, committed $want (bench/search.signature): search behaviour changed; see docs/bench.md"
fi

check "bench --compare without the reference: skipped, said so" "./bench/bench --compare $tmp/none >$tmp/cmp.out && grep -q 'comparison skipped' $tmp/cmp.out"
check "bench --only random --size 5" "./bench/bench --only random --size 5 --count 200 | grep -q ' 5x5 '"
check "bench --only engine on Morpharaoh 48 measures search (book off)" "./bench/bench --only engine --rules morpharaoh,board=48 --seconds 0.05 >$tmp/eng.out && grep -Eq ' [0-9]{3,} playouts in [0-9.]+ s: +[0-9]{3,7} playouts/s' $tmp/eng.out && ! grep -q ' in 0.00 s' $tmp/eng.out"
check "threads=2: a fixed --playouts search runs in full" "printf 'boardsize 9\nplay b E5\nplay w D4\ngenmove b\nquit\n' | ./morphos --threads 2 --playouts 20000 --movetime 0 --verbose on 2>&1 >/dev/null | grep -Eq '200[0-9][0-9] playouts in'"

R='./morphos --searcher random'
check "short match between real engines" "./bench/match -a '$R' -b '$R' -n 6 -s 5 -j 2 --movetime 1 -o $tmp/m1.tsv --quiet >$tmp/m1.out && grep -q '^games 6:' $tmp/m1.out"
check "every game saved" "[ \$(grep -c '^[0-9]' $tmp/m1.tsv) = 6 ]"
check "broken engine adjudicated" "./bench/match -a 'sh tests/bench/broken_engine.sh die' -b '$R' -n 2 -s 5 --first-game 6 -o $tmp/m2.tsv >$tmp/m2.out && grep -q 'A 0 wins, 2 losses' $tmp/m2.out && grep -q 'A lost by: connection 0 crash 2' $tmp/m2.out"
check "merge adds up" "./bench/match --merge $tmp/m1.tsv $tmp/m2.tsv --sprt 0,50 >$tmp/merge.out && grep -q '^games 8:' $tmp/merge.out && grep -q '^SPRT' $tmp/merge.out"
check "the report counts opening pairs" "grep -q '^pairs 3 ' $tmp/m1.out"
check "merge rejects a bad file" "./bench/match --merge $tmp/wrong.tsv >/dev/null 2>&1; [ \$? = 1 ]"

summary
