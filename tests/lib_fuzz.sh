# tests/lib_fuzz.sh - sourced by the tests/fuzz_*.sh scripts: builds and runs libFuzzer targets.
# fuzz_setup NAME: what every fuzz script starts from: top (TOP, else the checkout the script
# is in), secs (FUZZ_SECONDS, default 600), out (build-fuzz/NAME, with its artifacts/ folder),
# then fuzz_lib.
# fuzz_run OUT MAX_LEN TARGETS...: runs $OUT/fuzz_<target> for $secs seconds on its corpus in
# tests/fuzz/<target>/ (new inputs in $OUT/corpus/<target>/, crashes in $OUT/artifacts/), with
# the dictionary tests/fuzz/<target>.dict where there is one.
# Returns 1 if any target failed; prints each target's closing statistics.
# fuzz_lib: builds (make, incrementally) build-fuzz/obj/libpredup.a, every room's code compiled
# by clang with the fuzzer's coverage and ASan+UBSan, from the Makefile's one list of sources.
# fuzz_build OUT NAME MAIN [CFLAGS...]: links OUT/fuzz_NAME from MAIN (its
# LLVMFuzzerTestOneInput) and that archive, with the program's own libraries.
fuzz_setup() {
    top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
    secs=${FUZZ_SECONDS:-600}
    out=$top/build-fuzz/$1
    mkdir -p "$out/artifacts"
    fuzz_lib
}

fuzz_run() {
    out=$1 max_len=$2
    shift 2
    fail=0
    for t in "$@"; do
        mkdir -p "$out/corpus/$t"
        dict=
        [ ! -f "$top/tests/fuzz/$t.dict" ] || dict=-dict=$top/tests/fuzz/$t.dict
        echo "== fuzz_$t for $secs s"
        # shellcheck disable=SC2086 # dict is empty or one word
        if ! UBSAN_OPTIONS=halt_on_error=1 "$out/fuzz_$t" -max_total_time="$secs" -timeout=10 \
            -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 $dict \
            -artifact_prefix="$out/artifacts/$t-" "$out/corpus/$t" "$top/tests/fuzz/$t" \
            >"$out/fuzz_$t.log" 2>&1; then
            echo "fuzz_$t: FAILED, see $out/fuzz_$t.log and $out/artifacts/"
            fail=1
        fi
        grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units)' "$out/fuzz_$t.log" || true
    done
    return $fail
}

fuzz_san='-fsanitize=address,undefined -fno-sanitize-recover=all'
fuzz_lib() {
    make -s --no-print-directory -C "$top" -j2 CC=clang BUILD=build-fuzz/obj OPT='-g -O1' \
        SAN="-fsanitize=fuzzer-no-link $fuzz_san" build-fuzz/obj/libpredup.a
    fuzz_cflags=$(make -s --no-print-directory -C "$top" fuzz-cflags)
    fuzz_ldlibs=$(make -s --no-print-directory -C "$top" fuzz-ldlibs)
}
fuzz_build() {
    fb_out=$1 fb_name=$2 fb_main=$3
    shift 3
    # shellcheck disable=SC2086 # the flags are word lists
    clang -g -O1 -std=c11 -D_GNU_SOURCE -I"$top" -I"$top/build-fuzz/obj/machine/operator" \
        $fuzz_cflags "$@" -fsanitize=fuzzer $fuzz_san -o "$fb_out/fuzz_$fb_name" "$fb_main" \
        "$top/build-fuzz/obj/libpredup.a" $fuzz_ldlibs
}
