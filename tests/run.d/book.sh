#!/bin/sh
# The opening book: engine/book_data.c is what tools/mkbook.py makes of
# engine/books/*.tsv, the converter refuses a line it cannot embed, and over
# GTP mcts answers from the book at the Morpharaoh 48 start (stderr says
# "book:") unless `book` is off or the searcher is a baseline; under
# pie=on it opens and swaps as its pie book says.
# Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
engine=${MORPHOS:-build/asan/morphos}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
pass=0; fail=0
check() { # name, then a command that succeeds when the check holds
    name=$1; shift
    if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; fi
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

python3 tools/mkbook.py c engine/books/*.tsv > "$tmp/book_data.c"
check "book_data.c is generated from engine/books" cmp "$tmp/book_data.c" engine/book_data.c
printf 'morpharaoh\t0\t-\t"22\tquote\n' > "$tmp/bad.tsv"
check "mkbook c refuses a line it cannot embed" sh -c "! python3 tools/mkbook.py c '$tmp/bad.tsv'"

run() { # file, then GTP lines: the engine's answers and stderr into the file
    out=$1; shift
    printf 'rules morpharaoh\nset_param verbose 1\nset_param movetime 0.05\n%s\ngenmove b\nquit\n' "$*" |
        "$engine" > "$out" 2>&1
}
book_move=$(awk -F'\t' '$1 == "morpharaoh,board=48,edge=pair,center=embrace,pie=off" && $3 == "-" { print $4 }' engine/books/*.tsv)
check "the book has the Morpharaoh 48 start" test -n "$book_move"
run "$tmp/on" ""
check "mcts answers from the book" grep -qx "book: $book_move .*" "$tmp/on"
check "... and plays its move" grep -qx "= $book_move" "$tmp/on"
run "$tmp/off" "set_param book off"
check "book off: mcts searches" grep -q '^mcts: ' "$tmp/off"
run "$tmp/uct" "set_param searcher uct"
check "uct never uses the book" sh -c "grep -q '^= [0-9]' '$tmp/uct' && ! grep -q '^book:' '$tmp/uct'"
run "$tmp/other" "rules morpharaoh edge=majority"
check "no book for other rules (edge=majority)" grep -q '^mcts: ' "$tmp/other"
pie_rules="morpharaoh,board=48,edge=pair,center=embrace,pie=on"
pie_move=$(awk -F'\t' -v r="$pie_rules" '$1 == r && $3 == "-" { print $4 }' engine/books/*.tsv)
check "the pie=on book has the start" test -n "$pie_move"
run "$tmp/pie" "rules morpharaoh pie=on"
check "pie=on: the book's first stone" grep -qx "= $pie_move" "$tmp/pie"
swapped=$(awk -F'\t' -v r="$pie_rules" '$1 == r && $3 ~ /^[0-9]+$/ && $4 == "swap" { print $3; exit }' engine/books/*.tsv)
check "the pie=on book swaps some first stone" test -n "$swapped"
printf 'rules morpharaoh pie=on\nset_param movetime 0.05\nplay b %s\ngenmove w\nquit\n' "$swapped" | "$engine" > "$tmp/swap" 2>&1
check "pie=on: mcts swaps that stone" grep -qx "= swap" "$tmp/swap"
# mkbook first and pie on a small made-up book and match file: Black's
# score counted per first stone (crashes left out), the offer nearest to
# even among stones with enough games, swap over half, twins pooled only
# when the book answers them alike, lines after a swap added.
r="morpharaoh,board=48,edge=pair,center=embrace,pie=off"
{
    printf '# morphos-match 1\n# rules\t%s\n' "$r"
    g() { printf '0\t%s\t%s\t9\t%s\t%s\n' "$1" "$2" "$3" "$4"; }
    i=0; while [ $i -lt 6 ]; do g A A "black connects" "11;2;3"; i=$((i + 1)); done
    i=0; while [ $i -lt 4 ]; do g A B "white connects" "11;2;3"; i=$((i + 1)); done
    g A B "white connects" "36;2"; g A A "crash by B: gone" "36"
    i=0; while [ $i -lt 30 ]; do g B A "white connects" "8;1"; i=$((i + 1)); done
    i=0; while [ $i -lt 10 ]; do g A B "white connects" "39;1"; i=$((i + 1)); done
    i=0; while [ $i -lt 30 ]; do
        if [ $i -lt 24 ]; then g A A "black connects" "22;5"; else g A B "white connects" "22;5"; fi
        i=$((i + 1))
    done
} > "$tmp/games.tsv"
python3 tools/mkbook.py first "$tmp/games.tsv" > "$tmp/first.tsv"
row() { grep -qxF "$(printf '%s\t%s' "$r" "$1")" "$tmp/first.tsv"; }
check "first: Black's wins per stone" row "$(printf '11\t10\t6\t0')"
check "first: a crash is no game" row "$(printf '36\t1\t0\t0')"
check "first: Black's losses as B" row "$(printf '8\t30\t0\t0')"
printf '%s\t0\t%s\t%s\n' "$r" - 22 "$r" 11 28 "$r" 36 18 "$r" 8 18 "$r" 39 29 "$r" 22 14 "$r" "22;14" 18 > "$tmp/off.tsv"
python3 tools/mkbook.py pie --engine "$engine" --book "$tmp/off.tsv" --first "$tmp/first.tsv" > "$tmp/pie.tsv"
on=$(printf '%s' "$r" | sed 's/pie=off/pie=on/')
line() { awk -F'\t' -v r="$on" -v m="$1" '$1 == r && $3 == m { print $4 }' "$tmp/pie.tsv"; }
# 8 and 39 are twins answered alike (40 games, Black 0); 22 has 30 games
# of its own (Black 24): 22 is nearer to even. 11 and 36 are answered
# differently and have too few games each to be offered; for the swap
# they pool (Black 6 of 11).
check "pie: the offer nearest to even" test "$(line -)" = 22
check "pie: swap a stone Black scores over half with" test "$(line 22)" = swap
check "pie: twins with too few games pool for the swap" test "$(line 36)" = swap
check "pie: keep the book's answer below half" test "$(line 8)" = 18
check "pie: lines without a swap kept" test "$(line '22;14')" = 18
check "pie: every line also after a swap" test "$(grep -c ';swap' "$tmp/pie.tsv")" = 6
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
