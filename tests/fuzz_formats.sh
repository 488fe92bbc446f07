#!/bin/sh
# tests/fuzz_formats.sh - builds pbn/'s libFuzzer targets (every file format reader, each with
# its writer by round trip, and predup check's linter) with clang -fsanitize=fuzzer,address,
# undefined into build-fuzz/formats/ and runs each for $FUZZ_SECONDS on its corpus in
# tests/fuzz/<target>/ (new inputs go to build-fuzz/formats/corpus/<target>/, crashes to
# build-fuzz/formats/artifacts/). FUZZ_TARGETS="dup dlm" runs a subset.
set -eu
top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
secs=${FUZZ_SECONDS:-600}
targets=${FUZZ_TARGETS:-"pbn check dup dlm bri dge lin csv ber bhg rzd cds"}
out=$top/build-fuzz/formats
mkdir -p "$out/artifacts"
libs="$(pkg-config --libs libcrypto 2>/dev/null || echo -lcrypto) -ldds -lm"
src=$(ls "$top"/dealer/*.c "$top"/pbn/*.c | grep -v -e '/fuzz_' -e '/cmd_' -e '/lang_cmd.c')
for t in $targets; do
    bin=$out/fuzz_$t
    clang -g -O1 -std=c11 -D_GNU_SOURCE -I"$top" -fsanitize=fuzzer,address,undefined \
        -fno-sanitize-recover=all -o "$bin" "$top/pbn/fuzz_$t.c" $src $libs
done
fail=0
for t in $targets; do
    mkdir -p "$out/corpus/$t"
    echo "== fuzz_$t for $secs s"
    if ! UBSAN_OPTIONS=halt_on_error=1 "$out/fuzz_$t" -max_total_time="$secs" -timeout=10 \
        -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$t-" "$out/corpus/$t" "$top/tests/fuzz/$t" \
        >"$out/fuzz_$t.log" 2>&1; then
        echo "fuzz_$t: FAILED, see $out/fuzz_$t.log and $out/artifacts/"
        fail=1
    fi
    grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units)' "$out/fuzz_$t.log" || true
done
exit $fail
