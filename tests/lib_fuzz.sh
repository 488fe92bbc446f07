# tests/lib_fuzz.sh - sourced by the tests/fuzz_*.sh scripts: runs built libFuzzer targets.
# fuzz_run OUT MAX_LEN TARGETS...: runs $OUT/fuzz_<target> for $secs seconds on its corpus in
# tests/fuzz/<target>/ (new inputs in $OUT/corpus/<target>/, crashes in $OUT/artifacts/).
# Returns 1 if any target failed; prints each target's closing statistics.
fuzz_run() {
    out=$1 max_len=$2
    shift 2
    fail=0
    for t in "$@"; do
        mkdir -p "$out/corpus/$t"
        echo "== fuzz_$t for $secs s"
        if ! UBSAN_OPTIONS=halt_on_error=1 "$out/fuzz_$t" -max_total_time="$secs" -timeout=10 \
            -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 \
            -artifact_prefix="$out/artifacts/$t-" "$out/corpus/$t" "$top/tests/fuzz/$t" \
            >"$out/fuzz_$t.log" 2>&1; then
            echo "fuzz_$t: FAILED, see $out/fuzz_$t.log and $out/artifacts/"
            fail=1
        fi
        grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units)' "$out/fuzz_$t.log" || true
    done
    return $fail
}
