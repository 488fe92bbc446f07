#!/bin/sh
# tests/fuzz_machine.sh - builds machine/'s libFuzzer targets (fuzz_host: the controller fed
# arbitrary machine replies; fuzz_sim: the simulated firmware fed arbitrary host messages)
# with clang -fsanitize=fuzzer,address,undefined into build-fuzz/machine/ and runs each for
# $FUZZ_SECONDS on its corpus in tests/fuzz/<target>/; and config/'s cfg (machine profiles).
# FUZZ_TARGETS="sim" runs a subset.
set -eu
top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
secs=${FUZZ_SECONDS:-600}
targets=${FUZZ_TARGETS:-"host sim cfg"}
out=$top/build-fuzz/machine
mkdir -p "$out/artifacts"
. "$top/tests/lib_fuzz.sh"
fuzz_lib
for t in $targets; do
    dir=machine
    [ "$t" = cfg ] && dir=config
    fuzz_build "$out" "$t" "$top/$dir/fuzz_$t.c"
done
# shellcheck disable=SC2086 # targets is a word list
fuzz_run "$out" 1048576 $targets
