#!/bin/sh
# The sanitizer build of the x86-64-v3 fast paths (pext/pdep, AVX2; the
# Makefile's build/asan-v3: ASan + UBSan + MORPHOS_CHECKS, -march=x86-64-v3):
# the rules suite and the quick rows of every perft table. The plain
# sanitizer build (build/asan) compiles the portable paths only. Skipped,
# with a word, where the CPU lacks x86-64-v3 (the dispatcher's list, as
# arch.sh asks it) or the build has no such level (not x86-64, make native).
# Run from the repository root after make test's builds.
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
d=build/asan-v3
if ! MORPHOS_ARCH=list ./morphos 2>/dev/null </dev/null | grep -qx 'x86-64-v3'; then
    echo "skipped (not counted): the sanitizer build of x86-64-v3 (this CPU, or this build, has no x86-64-v3: BMI2, AVX2)"
elif [ ! -x $d/tests/test_rules ] || [ ! -x $d/bench/perft_suite ]; then
    bad "missing $d/tests/test_rules or $d/bench/perft_suite (run make test)"
else
    out=$($d/tests/test_rules 2>&1); rc=$?
    if [ $rc -eq 0 ] && echo "$out" | awk '$1 == "tests" && $3 > 0 && $3 == $4 { ok = 1 } END { exit !ok }'; then
        ok "x86-64-v3 sanitized: rules suite ($(echo "$out" | awk '$1 == "tests" { print $4 }') tests)"
    else
        bad "x86-64-v3 sanitized: rules suite"; echo "$out" | grep -E 'FAIL|Test:|ERROR|runtime error' | head -20
    fi
    for t in tests/data/perft-public.tsv tests/data/morpharaoh/perft.tsv tests/data/abstractplay/perft.tsv; do
        out=$($d/bench/perft_suite --quick "$t" 2>&1); rc=$?
        if [ $rc -eq 0 ] && echo "$out" | grep -q ' 0 failed'; then ok "x86-64-v3 sanitized: perft $t"
        else bad "x86-64-v3 sanitized: perft $t"; echo "$out" | tail -5; fi
    done
fi
summary
