#!/bin/sh
# make fuzz: libFuzzer (clang, AddressSanitizer + UndefinedBehaviorSanitizer)
# on the GTP command parser, the SGF reader and AbstractPlay's game files
# (JSON), FUZZ_SECONDS each (default 120), seeded from the GTP regression
# scripts, SGF records and AbstractPlay files and from
# tests/fuzz/corpus/<target>/. The targets are built by make
# (build/fuzz/fuzz_gtp, fuzz_sgf, fuzz_aprecord). A finding is left in build/fuzz/
# (crash-*, leak-*, timeout-*); copy it into tests/fuzz/corpus/<target>/
# once fixed so that make test replays it. Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
secs=${FUZZ_SECONDS:-120}
out=build/fuzz
passed=0; failed=0
rm -rf "$out/seed_gtp" "$out/seed_sgf" "$out/seed_aprecord"
mkdir -p "$out/seed_gtp" "$out/seed_sgf" "$out/seed_aprecord"
for f in tests/gtp/*.gtp; do grep -v '^#?' "$f" > "$out/seed_gtp/$(basename "$f")"; done
cp tests/gtp/data/*.sgf "$out/seed_sgf/"
cp tests/data/abstractplay/records/*.json tests/data/abstractplay/records/bad/*.json "$out/seed_aprecord/"
for t in gtp sgf aprecord; do
    bin="$out/fuzz_$t"
    [ -d "tests/fuzz/corpus/$t" ] && cp "tests/fuzz/corpus/$t"/* "$out/seed_$t/" 2>/dev/null
    if [ ! -x "$bin" ]; then echo "fuzz_$t: missing $bin (make fuzz builds it)"; failed=$((failed + 1)); continue; fi
    mkdir -p "$out/corpus_$t"
    dict=""; [ "$t" = gtp ] && dict="-dict=tests/fuzz/gtp.dict"
    if ASAN_OPTIONS=detect_leaks=1 "$bin" $dict -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus_$t" "$out/seed_$t" >"$out/run_$t.log" 2>&1; then
        echo "fuzz_$t: ok ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/run_$t.log" | awk '{print $2}') runs in ${secs}s)"
        passed=$((passed + 1))
    else
        echo "fuzz_$t: FAILED"; grep -A30 -E 'ERROR|SUMMARY|deadly' "$out/run_$t.log" | head -60
        ls "$out"/crash-* "$out"/timeout-* "$out"/leak-* "$out"/oom-* 2>/dev/null
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
