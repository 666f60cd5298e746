#!/bin/sh
# The project's generated sources and how each is made. They are committed
# (a build needs no Python); `make generated` rewrites them from their
# inputs, `make check-generated` (and tests/run.d/generated.sh, part of
# `make test`) fails when a committed file differs from what its generator
# writes now.
#   tools/generated.sh --write | --check
cd "$(dirname "$0")/.." || exit 1
export LC_ALL=C # the order of engine/books/*.tsv
mode=${1:---check}
case $mode in --write|--check) ;; *) echo "usage: tools/generated.sh --write|--check" >&2; exit 2 ;; esac
passed=0; failed=0
gen() { # FILE COMMAND...: the file and the command that writes it to stdout
    file=$1; shift
    tmp=$(mktemp) || exit 1
    if ! "$@" > "$tmp"; then
        echo "FAIL $file: its generator failed: $*"; failed=$((failed + 1)); rm -f "$tmp"; return
    fi
    if [ "$mode" = --write ]; then
        cmp -s "$tmp" "$file" && echo "unchanged $file" || echo "wrote $file"
        cat "$tmp" > "$file"
    elif cmp -s "$tmp" "$file"; then
        echo "ok   $file is what '$*' writes"; passed=$((passed + 1))
    else
        echo "FAIL $file is stale: run make generated (diff: $(diff "$file" "$tmp" | wc -l) lines)"; failed=$((failed + 1))
    fi
    rm -f "$tmp"
}
gen rules/generated/cairo_data.c python3 tools/gen_cairo.py tests/data/morpharaoh
gen engine/generated/book_data.c python3 tools/mkbook.py c engine/books/*.tsv
# The learned weights: bench/learn (built by make) trains on the committed
# self-play games; the baseline copy, so that no level's fused multiply-add
# changes a digit.
gen engine/generated/learned_data.c env MORPHOS_ARCH=x86-64 ./bench/learn weights engine/learned/*.tsv
[ "$mode" = --check ] && echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
