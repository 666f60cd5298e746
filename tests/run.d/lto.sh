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
summary
