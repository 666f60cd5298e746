#!/bin/sh
# The rules suite (tests/test_rules.c) built as the web build's compiler
# builds the rules core: the clang of web/web.mk's LLVM at -O3 with
# link-time optimisation, __wasm__ and __wasm_simd128__ defined (the
# WebAssembly paths, in clang's generic vectors), run on this CPU. The
# middle end's optimisations are the web build's, so a miscompile of its
# rules core shows here without emcc, a profile or a browser: LLVM 19's
# GVN made every placement that random_placement_with drew illegal (an
# off-board point; rules/movegen.c says how), which this build of 6d8990e
# shows as 6 of the suite's 35 tests failed, and which the web build
# without its profile played (docs/results.md). gcc's builds (make test)
# never see it. About 12 s of CPU to build, 1 s to run.
#
# Then the whole program as the web build's link optimises it: the sources
# of `make web` (protocol/main.c for web/wasm_main.c) compiled by that
# clang for WebAssembly with web/web.mk's WEB_OPT against emscripten's
# headers, linked by wasm-ld at its link-time level (the C library's calls
# left as imports; nothing runs), without the profile, which hides loops
# it finds cold. The IR printed before each GVN of the link must have no
# load or store wider than the local object it is based on
# (tests/wide_access.py): vector accesses of a small array by a loop
# whose bound clang does not know, the shape in which LLVM 19's GVN
# forwards a wrong value (rules/position.h, move_placements). 9f12036 had
# 11, in the move text and partial-move code. About 20 s of CPU.
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
llvm=${WEB_LLVM:-19}
for t in clang-$llvm ld.lld-$llvm; do
    command -v $t >/dev/null || give_up "$t not found: the web build's LLVM $llvm builds this suite (Debian: apt-get install clang-$llvm lld-$llvm)"
done
if ! clang-$llvm -std=c11 -O3 -flto -fuse-ld=lld-$llvm -D__wasm__ -D__wasm_simd128__ -D_POSIX_C_SOURCE=200809L \
    rules/*.c rules/generated/*.c tests/test_rules.c -o "$tmp/test_rules" -lcunit -lpthread -lm >"$tmp/cc.log" 2>&1; then
    tail -20 "$tmp/cc.log"; give_up "clang-$llvm -O3 -flto could not build the rules suite"
fi
"$tmp/test_rules" >"$tmp/out" 2>&1
grep FAILED "$tmp/out"
check "rules suite, clang-$llvm -O3 -flto, the WebAssembly paths: every test passed" \
    "awk '\$1 == \"tests\" && \$3 > 0 && \$3 == \$4 && \$5 == 0 { ok = 1 } END { exit !ok }' '$tmp/out'"

command -v wasm-ld-$llvm >/dev/null || give_up "wasm-ld-$llvm not found (Debian: apt-get install lld-$llvm)"
sysroot=$(em-config CACHE 2>/dev/null)/sysroot
[ -f "$sysroot/include/stdio.h" ] || give_up "emscripten's headers not found (em-config CACHE; Debian: apt-get install emscripten)"
opt=$(sed -n 's/^WEB_OPT *= *//p' web/web.mk)
[ -n "$opt" ] || give_up "no line WEB_OPT = ... in web/web.mk"
cflags=""; ldflags=""
for f in $opt; do
    case $f in -Wl,*) ldflags="$ldflags $(echo "${f#-Wl,}" | tr , ' ')" ;; *) cflags="$cflags $f" ;; esac
done
mkdir "$tmp/wasm"
src=$(ls "$PWD"/rules/*.c "$PWD"/rules/generated/*.c "$PWD"/engine/*.c "$PWD"/engine/generated/*.c "$PWD"/protocol/*.c)
if ! (cd "$tmp/wasm" && clang-$llvm --target=wasm32-unknown-emscripten --sysroot="$sysroot" -std=c11 $cflags \
    -D_POSIX_C_SOURCE=200809L -c $src) >"$tmp/cc.log" 2>&1; then
    tail -20 "$tmp/cc.log"; give_up "clang-$llvm could not compile the program for WebAssembly"
fi
# One object per source, named by its file name alone.
[ "$(ls "$tmp"/wasm/*.o | wc -l)" = "$(echo $src | wc -w)" ] || give_up "two sources share a file name: one object would hide the other"
if ! wasm-ld-$llvm $ldflags --no-entry --export-if-defined=__main_argc_argv --allow-undefined -mllvm -print-before=gvn \
    "$tmp"/wasm/*.o -o "$tmp/wasm/morphos.wasm" 2>"$tmp/gvn.txt"; then
    grep -v '^ ' "$tmp/gvn.txt" | tail -20; give_up "wasm-ld-$llvm could not link the program"
fi
python3 tests/wide_access.py "$tmp/gvn.txt" >"$tmp/wide"
grep -v ' in [0-9]* functions$' "$tmp/wide"
check "the program for WebAssembly, LLVM $llvm's link at WEB_OPT: no access wider than its object before GVN" \
    "grep -q '^0 accesses wider than their object in [1-9][0-9]* functions$' '$tmp/wide'"
summary
