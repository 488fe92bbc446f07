#!/bin/sh
# tests/fuzz_lang.sh - builds dealer/run/fuzz_script.c (the constraint language: lexer, parser,
# shape lists, evaluation and actions) with clang -fsanitize=fuzzer,address,undefined into
# build-fuzz/lang/ and runs it for $FUZZ_SECONDS on tests/fuzz/script/ with the dictionary
# tests/fuzz/script.dict (new inputs go to build-fuzz/lang/corpus/script/, crashes to
# build-fuzz/lang/artifacts/). Inputs up to 1 MB (FUZZ_MAX_LEN): deep nesting and long chains
# are inputs the parser must survive.
set -eu
. "$(dirname "$0")/lib_fuzz.sh"
fuzz_setup lang
fuzz_build "$out" script "$top/dealer/run/fuzz_script.c"
fuzz_run "$out" "${FUZZ_MAX_LEN:-1048576}" script
