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
libs="$(pkg-config --libs libcrypto inih zlib 2>/dev/null || echo -lcrypto -linih -lz) -ldds -lm $(pkg-config --libs ompi-c 2>/dev/null) $(pkg-config --libs icu-uc icu-i18n 2>/dev/null)"
mpi_cflags=$(pkg-config --cflags ompi-c 2>/dev/null) # dealer/run/mpi.c (predup under mpirun)
src=$(ls "$top"/dealer/*/*.c "$top"/pbn/*.c "$top"/machine/*.c "$top"/config/*.c "$top"/printing/kind.c |
      grep -v -e '/fuzz_' -e '/cmd_' -e '/usb.c' -e 'machine/fill.c' -e 'config/ceremony.c')
for t in $targets; do
    dir=machine
    [ "$t" = cfg ] && dir=config
    clang -g -O1 -std=c11 -D_GNU_SOURCE -I"$top" $mpi_cflags -fsanitize=fuzzer,address,undefined \
        -fno-sanitize-recover=all -o "$out/fuzz_$t" "$top/$dir/fuzz_$t.c" $src $libs
done
. "$top/tests/lib_fuzz.sh"
# shellcheck disable=SC2086 # targets is a word list
fuzz_run "$out" 1048576 $targets
