#!/bin/sh
# The layers are enforced by the link: each library of build/rel, linked
# whole into a program with only the layers below it, must resolve every
# symbol; and a rules object that calls the engine must fail to link that
# way (the check can fail). Run after make; make check-layers runs it.
# Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
cc=${CC:-cc}
rel=${REL:-build/x86-64}
pass=0; fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'int main(void) { return 0; }\n' > "$tmp/main.c"
# link NAME LIB BELOW...: LIB whole, then the layers below it.
link() {
    name=$1; lib=$2; shift 2
    $cc -o "$tmp/$name" "$tmp/main.c" -Wl,--whole-archive "$lib" -Wl,--no-whole-archive "$@" -lpthread -lm 2>"$tmp/$name.log"
}
for l in "rules" "engine rules" "protocol engine rules" "bench engine rules"; do
    set -- $l; top=$1; shift
    below=""; for b in "$@"; do below="$below $rel/lib$b.a"; done
    if [ ! -f "$rel/lib$top.a" ]; then echo "FAIL: missing $rel/lib$top.a (run make)"; fail=$((fail + 1)); continue; fi
    # shellcheck disable=SC2086
    if link "$top" "$rel/lib$top.a" $below; then
        echo "ok   lib$top.a links with only: ${*:-the C library}"; pass=$((pass + 1))
    else
        echo "FAIL: lib$top.a calls outside the layers below it:"
        grep -o "undefined reference to .*" "$tmp/$top.log" | sort -u; fail=$((fail + 1))
    fi
done
# A call up: a rules object calling engine_create must not link.
printf 'struct Engine *engine_create(void);\nvoid *rules_calls_up(void) { return engine_create(); }\n' > "$tmp/up.c"
cp "$rel/librules.a" "$tmp/librules.a"
if $cc -c -o "$tmp/up.o" "$tmp/up.c" && ar rs "$tmp/librules.a" "$tmp/up.o" 2>/dev/null &&
    ! link up "$tmp/librules.a" && grep -q "undefined reference to .engine_create" "$tmp/up.log"; then
    echo "ok   a rules object calling engine_create fails to link"; pass=$((pass + 1))
else
    echo "FAIL: a call from rules up to the engine linked"; fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
