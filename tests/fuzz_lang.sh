#!/bin/sh
# tests/fuzz_lang.sh - builds dealer/run/fuzz_script.c (the constraint language: lexer, parser,
# shape lists, evaluation and actions) with clang -fsanitize=fuzzer,address,undefined into
# build-fuzz/lang/ and runs it for $FUZZ_SECONDS on tests/fuzz/script/ (new inputs go to
# build-fuzz/lang/corpus/, crashes to build-fuzz/lang/artifacts/). Inputs up to 1 MB
# (FUZZ_MAX_LEN): deep nesting and long chains are inputs the parser must survive.
set -eu
top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
secs=${FUZZ_SECONDS:-600}
out=$top/build-fuzz/lang
mkdir -p "$out/artifacts" "$out/corpus"
. "$top/tests/lib_fuzz.sh"
fuzz_lib
fuzz_build "$out" script "$top/dealer/run/fuzz_script.c"
echo "== fuzz_script for $secs s"
if ! UBSAN_OPTIONS=halt_on_error=1 "$out/fuzz_script" -max_total_time="$secs" -timeout=10 \
    -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-1048576}" -print_final_stats=1 \
    -dict="$top/tests/fuzz/script.dict" \
    -artifact_prefix="$out/artifacts/" "$out/corpus" "$top/tests/fuzz/script" \
    >"$out/fuzz_script.log" 2>&1; then
    echo "fuzz_script: FAILED, see $out/fuzz_script.log and $out/artifacts/"
    exit 1
fi
grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units)' "$out/fuzz_script.log" || true
