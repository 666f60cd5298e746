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
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
