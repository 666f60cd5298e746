#!/bin/sh
# The learned model's pipeline on small data (seconds): bench/learn trains
# on tests/data/learn/ (deterministic, the output compiles, the played
# moves' likelihood rises), reduces a file to its moves without changing
# what it trains, predicts held-out moves better than uniform choice, and
# refuses bad input with the reason; the engine (build/asan/morphos,
# MORPHOS overrides) takes the learned options and plays with them, also
# where the rules have no weights. Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS:-build/asan/morphos}
learn=${LEARN:-bench/learn}
d=tests/data/learn

"$learn" weights --holdout 5 --min-count 3 $d/small-9.tsv > $tmp/w1.c 2> $tmp/err1
check "weights: trains on the small data" test -s $tmp/w1.c
"$learn" weights --holdout 5 --min-count 3 $d/small-9.tsv > $tmp/w2.c 2>/dev/null
check "weights: the same data gives the same weights" cmp $tmp/w1.c $tmp/w2.c
check "weights: the output compiles as engine/generated/learned_data.c" \
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -I engine/generated -c $tmp/w1.c -o $tmp/w.o
check "weights: the header names the data, its games and hash" grep -q "small-9.tsv: size 9, rules none,edges=on,pie=on, 10000 playouts, seed base 1, 24 games trained on .*FNV-1a" $tmp/w1.c
check "weights: the played moves' likelihood rises above uniform" \
    awk '/mean log-likelihood of the/ { split($0, a, "uniform "); split(a[2], u, ","); split($0, b, "trained "); exit !(b[2] + 0 > u[1] + 0.5) }' $tmp/err1
check "weights: the square family has the priors' wide model" grep -q "^static const LearnedWide WIDE_0 = " $tmp/w1.c
check "weights: the wide model fits the training moves better than the 3x3 one" \
    awk '/trained -/ { split($0, b, "trained "); t = b[2] + 0 } /wide model:/ { split($0, a, "log-likelihood "); w = a[2] + 0 } END { exit !(w > t) }' $tmp/err1
check "weights: the square family has the priors' connection model" grep -q "^static const LearnedWide CONN_0 = " $tmp/w1.c
check "weights: the connection model fits the training moves better than the wide one" \
    awk '/: wide model:/ { split($0, a, "log-likelihood "); w = a[2] + 0 } /connection model/ { split($0, a, "log-likelihood "); c = a[2] + 0 } END { exit !(c > w) }' $tmp/err1
"$learn" weights --holdout 5 --min-count 3 --min-wide 100000 $d/small-9.tsv > $tmp/w3.c 2>/dev/null
check "weights: --min-wide above every count keeps no wide pattern and still compiles" sh -c \
    "grep -q 'wide model: 0 wide patterns' $tmp/w3.c && ${CC:-cc} -std=c11 -Wall -Wextra -Werror -I engine/generated -c $tmp/w3.c -o $tmp/w3.o"
"$learn" moves $d/visits-9.tsv > $tmp/m.tsv
check "moves: the header says moves-only" grep -q "^# moves-only	" $tmp/m.tsv
check "moves: no visit counts left" sh -c "! grep -v '^#' $tmp/m.tsv | grep -q '[A-Za-z0-9]=[0-9]'"
"$learn" weights --holdout 0 --min-count 1 $d/visits-9.tsv 2>/dev/null | sed 1,8d > $tmp/a.c
"$learn" weights --holdout 0 --min-count 1 $tmp/m.tsv 2>/dev/null | sed 1,8d > $tmp/b.c
check "moves: the reduced file trains the same weights" sh -c "test -s $tmp/a.c && cmp $tmp/a.c $tmp/b.c"
"$learn" weights --holdout 0 --min-count 1 --target visits $d/visits-9.tsv > $tmp/v1.c 2> $tmp/errv
check "weights --target visits: trains on the visit shares, said in the header" sh -c \
    "grep -q -- '--target visits' $tmp/v1.c && grep -q 'of the visit shares' $tmp/errv && ! cmp -s $tmp/v1.c $tmp/a.c"
"$learn" weights --holdout 0 --min-count 1 --target visits $tmp/m.tsv 2>/dev/null | sed 1,8d | grep -v 'mean log-likelihood' > $tmp/vm.c
check "weights --target visits: plies without visits train on the move played" sh -c "grep -v 'mean log-likelihood' $tmp/b.c | cmp - $tmp/vm.c"
"$learn" moves --visits 5 $d/visits-9.tsv > $tmp/r.tsv
check "moves --visits 5: the header says reduced, visit counts kept" sh -c \
    "grep -q '^# reduced	.*at least 5% of the visits' $tmp/r.tsv && grep -v '^#' $tmp/r.tsv | grep -q '[A-Z][0-9]*=[0-9]'"
check "moves --visits 5: every root move kept has 5% of its ply's visits" sh -c \
    "grep -v '^#' $tmp/r.tsv | cut -f8 | tr ';' '\\n' | awk '{ t = 0; m = 1e9; for (i = 3; i <= NF; i++) { split(\$i, a, \"=\"); t += a[2]; if (a[2] < m) m = a[2] } if (NF > 2 && m * 100 < 5 * t) bad = 1 } END { exit bad }'"
check "moves --visits 5: fewer root moves than the original" sh -c "test \$(wc -c < $tmp/r.tsv) -lt \$(wc -c < $d/visits-9.tsv)"
"$learn" weights --holdout 0 --min-count 1 --target visits $tmp/r.tsv > $tmp/vr.c 2>/dev/null
check "moves --visits 5: the reduced file still trains" test -s $tmp/vr.c
"$learn" predict --holdout 5 $d/small-9.tsv > $tmp/p.txt 2>&1
check "predict: a table row for the held-out moves" grep -q "^| $d/small-9.tsv | none,edges=on,pie=on | [1-9][0-9]* (6 games)" $tmp/p.txt
check "predict: the learned model beats uniform choice at top-5" \
    awk -F'|' '/small-9/ { exit !($6 + 0 > $10 + 0.1) }' $tmp/p.txt
check "predict: the wide model's agreement and both models' log-likelihoods" \
    awk -F'|' '/small-9/ { exit !($12 + 0 > $10 + 0.1 && $11 + 0 > 0.1 && $13 + 0 < 0 && $14 + 0 < 0) }' $tmp/p.txt
check "predict: the connection model's agreement and log-likelihood" \
    awk -F'|' '/small-9/ { exit !($16 + 0 > $10 + 0.1 && $15 + 0 > 0.1 && $17 + 0 < 0) }' $tmp/p.txt

# refusals
printf 'hello\n' > $tmp/bad.tsv
check "a file that is not self-play is refused" sh -c "! '$learn' weights $tmp/bad.tsv 2>&1 | grep -q x; '$learn' weights $tmp/bad.tsv 2>&1 | grep -q 'not a self-play file'"
sed 's/^# rules	.*/# rules	c,edges=on,c=exact,pie=off/' $d/small-9.tsv | head -12 > $tmp/c.tsv
check "compound-turn rules are refused with the reason" sh -c "'$learn' weights $tmp/c.tsv 2>&1 | grep -q 'compound turns'"
sed '12s/	F4;/	Z99;/' $d/small-9.tsv > $tmp/illegal.tsv
check "an illegal move is refused with its line" sh -c "'$learn' weights $tmp/illegal.tsv 2>&1 | grep -q ":12: ply 0: .*'Z99'""
check "an unknown command is refused" sh -c "'$learn' train x 2>&1 | grep -q \"unknown command 'train'\""
check "a bad option value is refused" sh -c "'$learn' weights --iters 0 x 2>&1 | grep -q 'needs a number'"
check "a bad --target is refused" sh -c "'$learn' weights --target best x 2>&1 | grep -q \"needs 'move' or 'visits'\""
check "moves --visits out of 1..100 is refused" sh -c "'$learn' moves --visits 0 x 2>&1 | grep -q 'percentage from 1 to 100'"
check "a missing file is refused" sh -c "'$learn' weights $tmp/none.tsv 2>&1 | grep -q 'No such file'"
check "predict refuses rules without built-in weights" sh -c "'$learn' predict $tmp/c.tsv 2>&1 | grep -q -i 'compound turns\|no built-in weights'"

# the engine's options
gtp() { printf '%s\nquit\n' "$*" | "$engine" 2>/dev/null; }
check "learned options read back" sh -c "gtp_out=\$(printf 'set_param learned_priors on\nset_param learned_policy on\nset_param learned_scale 0.5\nset_param learned_anchor 0.5\nset_param learned_blend 0.5\nget_param learned_priors\nget_param learned_policy\nget_param learned_scale\nget_param learned_anchor\nget_param learned_blend\nquit\n' | $engine 2>/dev/null); echo \"\$gtp_out\" | grep -q '= on' && echo \"\$gtp_out\" | test \$(echo \"\$gtp_out\" | grep -c '= 0.5') = 3"
check "learned_bias reads back; above 100 refused" sh -c "printf 'set_param learned_bias 0.3\\nget_param learned_bias\\nset_param learned_bias 101\\nquit\\n' | $engine 2>/dev/null | tr '\\n' ' ' | grep -q '= 0.3 .*? '"
check "learned_plies reads back; negative refused, the value kept" sh -c "printf 'set_param learned_plies 20\\nget_param learned_plies\\nset_param learned_plies -1\\nget_param learned_plies\\nquit\\n' | $engine 2>/dev/null | tr '\\n' ' ' | grep -q '= 20 .*? .*= 20'"
check "learned_wide reads back; a bad value refused, the value kept" sh -c "printf 'get_param learned_wide\\nset_param learned_wide off\\nget_param learned_wide\\nset_param learned_wide 2\\nget_param learned_wide\\nquit\\n' | $engine 2>/dev/null | tr '\\n' ' ' | grep -q '= on .*= off .*? .*= off'"
check "learned_conn reads back; above 25 refused, the value kept" sh -c "printf 'set_param learned_conn 13\\nget_param learned_conn\\nset_param learned_conn 26\\nget_param learned_conn\\nquit\\n' | $engine 2>/dev/null | tr '\\n' ' ' | grep -q '= 13 .*? .*= 13'"
check "learned_policy_all reads back" sh -c "printf 'get_param learned_policy_all\\nset_param learned_policy_all on\\nget_param learned_policy_all\\nquit\\n' | $engine 2>/dev/null | tr '\\n' ' ' | grep -q '= off .*= on'"
check "learned_anchor above 1 is refused" sh -c "printf 'set_param learned_anchor 1.5\\nquit\\n' | $engine 2>/dev/null | grep -q '^?'"
check "a bad learned option value is refused, the option kept" sh -c "printf 'set_param learned_priors maybe\nget_param learned_priors\nquit\n' | $engine 2>/dev/null | grep -q 'takes on or off'"
for rules in morphos c morpharaoh,board=48 abstractplay=default; do
    out=$(gtp "rules $rules
boardsize 7
set_param movetime 0
set_param playouts 300
set_param learned_priors on
set_param learned_policy on
set_param learned_policy_all on
set_param learned_bias 1
set_param learned_conn 25
genmove b
genmove w
set_param learned_plies 3
genmove b")
    check "genmove with the learned options under $rules" sh -c "test \$(echo '$out' | grep -c '^= [A-Za-z0-9]') -ge 3"
done
summary
