#!/bin/sh
# tests/fuzz_machine.sh - builds machine/'s libFuzzer targets (fuzz_host: the controller fed
# arbitrary machine replies; fuzz_sim: the simulated firmware fed arbitrary host messages)
# with clang -fsanitize=fuzzer,address,undefined into build-fuzz/machine/ and runs each for
# $FUZZ_SECONDS on its corpus in tests/fuzz/<target>/; and config/'s cfg (machine profiles).
# FUZZ_TARGETS="sim" runs a subset.
set -eu
targets=${FUZZ_TARGETS:-"host sim cfg"}
. "$(dirname "$0")/lib_fuzz.sh"
fuzz_setup machine
for t in $targets; do
    dir=machine
    [ "$t" = cfg ] && dir=config
    fuzz_build "$out" "$t" "$top/$dir/fuzz_$t.c"
done
# shellcheck disable=SC2086 # targets is a word list
fuzz_run "$out" 1048576 $targets
