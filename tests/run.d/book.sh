#!/bin/sh
# The opening book: the converter refuses a line it cannot embed (that
# engine/generated/book_data.c is fresh is tests/run.d/generated.sh's), and over
# GTP mcts answers from the book at the Morpharaoh 48 start (stderr says
# "book:") unless `book` is off or the searcher is a baseline; under
# pie=on it opens and swaps as its pie book says.
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
engine=${MORPHOS:-build/asan/morphos}
# mkbook's own runs (one engine process per cell) use the release build:
# what they test is the tool, and the sanitized start-up costs 0.2 s each.

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
# mkbook first, mirror and pie on a small made-up book and match file:
# Black's score per first stone and first two moves (crashes left out); a
# first-move answer replaced by its twin's where that did clearly better;
# the offer nearest to even among stones with enough games after the
# book's answer, swap over half, lines after a swap added.
r="morpharaoh,board=48,edge=pair,center=embrace,pie=off"
{
    printf '# morphos-match 1\n# rules\t%s\n' "$r"
    g() { printf '0\t%s\t%s\t9\t%s\t%s\n' "$1" "$2" "$3" "$4"; }
    n() { k=$1; shift; while [ "$k" -gt 0 ]; do g "$@"; k=$((k - 1)); done; }
    n 6 A A "black connects" "11;28;3"; n 4 A B "white connects" "11;28;3"
    n 10 A B "white connects" "36;18"; g A A "crash by B: gone" "36;18"
    n 30 B A "white connects" "8;18"; n 10 A B "white connects" "39;29"
    n 24 A A "black connects" "22;14"; n 6 A B "white connects" "22;14"
} > "$tmp/games.tsv"
python3 tools/mkbook.py first "$tmp/games.tsv" > "$tmp/first.tsv"
row() { grep -qxF "$(printf '%s\t%s' "$r" "$1")" "$tmp/first.tsv"; }
check "first: Black's wins per stone" row "$(printf '11\t10\t6\t0')"
check "first: ... and per two moves" row "$(printf '11;28\t10\t6\t0')"
check "first: a crash is no game" row "$(printf '36\t10\t0\t0')"
check "first: Black's losses as B" row "$(printf '8;18\t30\t0\t0')"
printf '%s\t0\t%s\t%s\n' "$r" - 22 "$r" 11 28 "$r" 36 18 "$r" 8 18 "$r" 39 29 "$r" 22 14 "$r" "22;14" 18 > "$tmp/off.tsv"
line() { awk -F'\t' -v r="$2" -v m="$1" '$1 == r && $3 == m { print $4 }' "$3"; }
python3 tools/mkbook.py mirror --engine ./morphos --book "$tmp/off.tsv" --first "$tmp/first.tsv" > "$tmp/mirror.tsv"
# 36 answered 18 (Black 0 of 10) is 11 answered 29 by the half turn; 11 28
# gave Black 6 of 10.
check "mirror: the twin's better answer" test "$(line 11 "$r" "$tmp/mirror.tsv")" = 29
check "mirror: the better one kept" test "$(line 36 "$r" "$tmp/mirror.tsv")" = 18
check "mirror: other lines kept" test "$(grep -vc '^#' "$tmp/mirror.tsv")" = 7
python3 tools/mkbook.py pie --engine ./morphos --book "$tmp/off.tsv" --first "$tmp/first.tsv" > "$tmp/pie.tsv"
on=$(printf '%s' "$r" | sed 's/pie=off/pie=on/')
# After the book's answers: 8 and 39 (the same opening) 40 games, Black 0;
# 22: 30 games, Black 24; 11 and 36 have 10 each, too few: their 20 games
# together (Black 6) decide.
check "pie: the offer nearest to even" test "$(line - "$on" "$tmp/pie.tsv")" = 22
check "pie: swap a stone Black scores over half with" test "$(line 22 "$on" "$tmp/pie.tsv")" = swap
check "pie: below half, the book's answer" test "$(line 8 "$on" "$tmp/pie.tsv")" = 18
check "pie: too few games after the answer: all after the stone and its twin" \
    test "$(line 11 "$on" "$tmp/pie.tsv")" = 28
check "pie: lines without a swap kept" test "$(line '22;14' "$on" "$tmp/pie.tsv")" = 18
check "pie: every line also after a swap" test "$(grep -c ';swap' "$tmp/pie.tsv")" = 6
summary
