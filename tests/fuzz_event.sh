#!/bin/sh
# tests/fuzz_event.sh - builds config/fuzz_event.c (event files and event records fed arbitrary
# text) with clang -fsanitize=fuzzer,address,undefined into build-fuzz/event/ and runs it for
# $FUZZ_SECONDS on its corpus in tests/fuzz/event/ (inputs up to 1 MB).
set -eu
. "$(dirname "$0")/lib_fuzz.sh"
fuzz_setup event
fuzz_build "$out" event "$top/config/fuzz_event.c"
fuzz_run "$out" 1048576 event
