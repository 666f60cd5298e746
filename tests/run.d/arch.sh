#!/bin/sh
# The copies per instruction-set level (Makefile LEVELS, arch/dispatch.c):
# each level this CPU runs passes the rules suite and the quick perft
# tables as shipped (-O2), chosen with MORPHOS_ARCH; a level the build does
# not have is refused with the list; under qemu-x86_64 (when installed) a
# CPU without BMI2/AVX2 runs the perft tables and refuses x86-64-v3 and
# x86-64-v4. The x86-64-v4 copy (AVX-512, rules/simd.h) is tested only on
# a CPU that has it: qemu does not emulate AVX-512.
# Run from the repository root after make test's builds.
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
tables="tests/data/perft-public.tsv tests/data/morpharaoh/perft.tsv tests/data/abstractplay/perft.tsv"
perft() { # perft the quick rows of every table; $@: a command prefix
    for t in $tables; do "$@" ./bench/perft_suite --quick "$t" | grep -q ' 0 failed' || return 1; done
}
levels=$(MORPHOS_ARCH=list ./morphos 2>/dev/null </dev/null)
if [ -z "$levels" ]; then
    # One copy (make native, or not x86-64): no dispatcher to ask.
    check "one copy: perft tables" "perft"
else
    for l in $(echo "$levels" | awk '{print $1}'); do
        check "$l: rules suite as shipped" "MORPHOS_ARCH=$l build/tests/test_rules | awk '\$1 == \"tests\" && \$3 > 0 && \$3 == \$4 { ok = 1 } END { exit !ok }'"
        check "$l: perft tables" "MORPHOS_ARCH=$l perft"
    done
    check "an unknown level is refused with the list" \
        "MORPHOS_ARCH=x86-64-v9 ./morphos 2>&1 | grep -q 'not a level of this build; one of auto, list, x86-64-v4, x86-64-v3, x86-64-v2, x86-64'"
    if command -v qemu-x86_64 >/dev/null; then
        check "qemu Nehalem (no BMI2/AVX2): the dispatcher offers x86-64-v2 at best" \
            "[ \"\$(MORPHOS_ARCH=list qemu-x86_64 -cpu Nehalem ./morphos | head -1)\" = x86-64-v2 ]"
        check "qemu Nehalem: x86-64-v3 refused" \
            "MORPHOS_ARCH=x86-64-v3 qemu-x86_64 -cpu Nehalem ./morphos 2>&1 </dev/null | grep -q 'this CPU lacks instructions of x86-64-v3'"
        check "qemu Nehalem: x86-64-v4 refused, naming what it lacks" \
            "MORPHOS_ARCH=x86-64-v4 qemu-x86_64 -cpu Nehalem ./morphos 2>&1 </dev/null | grep -q 'this CPU lacks instructions of x86-64-v4 (AVX-512'"
        check "qemu Nehalem: perft, quick rows" \
            "qemu-x86_64 -cpu Nehalem ./bench/perft_suite --quick tests/data/perft-public.tsv | grep -q ' 0 failed'"
    else
        echo "skipped (not counted): the qemu-x86_64 checks (apt-get install qemu-user)"
    fi
fi
summary
