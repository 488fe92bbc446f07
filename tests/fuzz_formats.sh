#!/bin/sh
# tests/fuzz_formats.sh - builds pbn/'s libFuzzer targets (every file format reader, each with
# its writer by round trip; reading with no format given; predup check's linter) with
# clang -fsanitize=fuzzer,address,undefined into build-fuzz/formats/ and runs each for
# $FUZZ_SECONDS on its corpus in tests/fuzz/<target>/ (new inputs go to
# build-fuzz/formats/corpus/<target>/, crashes to build-fuzz/formats/artifacts/).
# FUZZ_TARGETS="dup dlm" runs a subset.
set -eu
targets=${FUZZ_TARGETS:-"pbn check any dup dlm bri dge lin csv ber bhg rzd cds"}
. "$(dirname "$0")/lib_fuzz.sh"
fuzz_setup formats
for t in $targets; do
    fuzz_build "$out" "$t" "$top/pbn/fuzz_$t.c"
done
# shellcheck disable=SC2086 # targets is a word list
fuzz_run "$out" 1048576 $targets
