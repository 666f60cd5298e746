#!/bin/sh
# The layers are enforced twice. By the link: each library of build/rel,
# linked whole into a program with only the layers below it, must resolve
# every symbol. By the includes: every header a layer's sources reach
# (the preprocessor's own list, cc -MM, so a header included by a header
# counts) lies in that layer or below - an inline function of a header
# above (engine/clock.h's now_seconds in rules/) links, so only this check
# sees it. And engine/ reads no mutator letter (grep). Each check is
# shown to fail on a planted call up. Run after
# make; make check-layers runs it. Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
cc=${CC:-cc}
rel=${REL:-build/x86-64}
printf 'int main(void) { return 0; }\n' > "$tmp/main.c"
# link NAME LIB BELOW...: LIB whole, then the layers below it.
link() {
    name=$1; lib=$2; shift 2
    $cc -o "$tmp/$name" "$tmp/main.c" -Wl,--whole-archive "$lib" -Wl,--no-whole-archive "$@" -lpthread -lm 2>"$tmp/$name.log"
}
for l in "rules" "engine rules" "protocol engine rules" "bench engine rules"; do
    set -- $l; top=$1; shift
    below=""; for b in "$@"; do below="$below $rel/lib$b.a"; done
    if [ ! -f "$rel/lib$top.a" ]; then bad "missing $rel/lib$top.a (run make)"; continue; fi
    # shellcheck disable=SC2086
    if link "$top" "$rel/lib$top.a" $below; then
        ok "lib$top.a links with only: ${*:-the C library}"
    else
        bad "lib$top.a calls outside the layers below it:"
        grep -o "undefined reference to .*" "$tmp/$top.log" | sort -u
    fi
done
# A call up: a rules object calling engine_create must not link.
printf 'struct Engine *engine_create(void);\nvoid *rules_calls_up(void) { return engine_create(); }\n' > "$tmp/up.c"
cp "$rel/librules.a" "$tmp/librules.a"
if $cc -c -o "$tmp/up.o" "$tmp/up.c" && ar rs "$tmp/librules.a" "$tmp/up.o" 2>/dev/null &&
    ! link up "$tmp/librules.a" && grep -q "undefined reference to .engine_create" "$tmp/up.log"; then
    ok "a rules object calling engine_create fails to link"
else
    bad "a call from rules up to the engine linked"
fi
# includes LAYER DIR ALLOWED...: the project headers the sources of DIR
# (and DIR/generated) reach, outside the folders ALLOWED, into $tmp/bad.
# A header outside the project (the C library) is not a layer's.
includes() {
    layer=$1; dir=$2; shift 2
    : > "$tmp/bad"
    srcs=$(ls "$dir"/*.c "$dir"/generated/*.c 2>/dev/null)
    # shellcheck disable=SC2086
    $cc -MM -D_POSIX_C_SOURCE=200809L $srcs 2>"$tmp/mm.log" > "$tmp/mm" || { echo "cc -MM failed:"; cat "$tmp/mm.log"; return 1; }
    tr ' \\' '\n\n' < "$tmp/mm" | grep '\.h$' | sort -u | while read -r h; do
        rel=$(realpath -m --relative-to=. "$h")
        case $rel in ../*|/*) continue ;; esac
        folder=${rel%%/*}
        ok=0; for a in "$@"; do [ "$folder" = "$a" ] && ok=1; done
        [ $ok = 1 ] || echo "$layer reaches $rel" >> "$tmp/bad"
    done
    [ ! -s "$tmp/bad" ]
}
for l in "rules" "engine rules" "protocol engine rules" "bench engine rules"; do
    set -- $l; top=$1
    if includes "$top" "$top" "$@"; then
        shift; ok "$top/ includes only $top/ and: ${*:-the C library}"
    else
        bad "$top/ includes a header of a layer above it:"; cat "$tmp/bad"
    fi
done
# An include up: a rules source reading the engine's clock (an inline
# function: it links) must fail the include check.
mkdir -p "$tmp/up/rules"
printf '#include "%s/engine/clock.h"\ndouble rules_reads_clock(void) { return now_seconds(); }\n' "$(pwd)" > "$tmp/up/rules/win.c"
if ! includes rules "$tmp/up/rules" rules && grep -q "rules reaches engine/clock.h" "$tmp/bad"; then
    ok "a rules source including ../engine/clock.h fails the include check"
else
    bad "a rules source including the engine's clock passed the include check"
fi
# The engine reads what the rules core says a board can do (Board's
# capabilities: max_places, plain_turns, flip_bannable, ...), never a
# mutator's letter or option: a new mutator then stays inside rules/.
letters() { grep -nE 'rules(\.|->)(a|b|c|d|e|c_upto|c_adjacent|d_extra|e_a1white|p3)\b' "$@"; }
if letters engine/*.c engine/*.h engine/generated/*.c > "$tmp/letters"; then
    bad "engine/ reads a mutator's letter (the Board's capabilities say what it needs):"; cat "$tmp/letters"
else
    ok "engine/ reads no mutator letter"
fi
printf 'int banned(const Board *b) { return b->rules.b; }\n' > "$tmp/letter.c"
if letters "$tmp/letter.c" > /dev/null; then
    ok "a planted read of b->rules.b is seen"
else
    bad "a planted read of b->rules.b passed the letter check"
fi
summary
