#!/bin/sh
# tests/fuzz_formats.sh - builds pbn/'s libFuzzer targets (every file format reader, each with
# its writer by round trip; reading with no format given; predup check's linter) with
# clang -fsanitize=fuzzer,address,undefined into build-fuzz/formats/ and runs each for
# $FUZZ_SECONDS on its corpus in tests/fuzz/<target>/ (new inputs go to
# build-fuzz/formats/corpus/<target>/, crashes to build-fuzz/formats/artifacts/).
# FUZZ_TARGETS="dup dlm" runs a subset.
set -eu
top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
secs=${FUZZ_SECONDS:-600}
targets=${FUZZ_TARGETS:-"pbn check any dup dlm bri dge lin csv ber bhg rzd cds"}
out=$top/build-fuzz/formats
mkdir -p "$out/artifacts"
libs="$(pkg-config --libs libcrypto 2>/dev/null || echo -lcrypto) -ldds -lm $(pkg-config --libs ompi-c 2>/dev/null) $(pkg-config --libs icu-uc icu-i18n 2>/dev/null)"
mpi_cflags=$(pkg-config --cflags ompi-c 2>/dev/null) # dealer/run/mpi.c (predup under mpirun)
src=$(ls "$top"/dealer/*/*.c "$top"/pbn/*.c | grep -v -e '/fuzz_' -e '/cmd_')
for t in $targets; do
    bin=$out/fuzz_$t
    clang -g -O1 -std=c11 -D_GNU_SOURCE -I"$top" $mpi_cflags -fsanitize=fuzzer,address,undefined \
        -fno-sanitize-recover=all -o "$bin" "$top/pbn/fuzz_$t.c" $src $libs
done
. "$top/tests/lib_fuzz.sh"
# shellcheck disable=SC2086 # targets is a word list
fuzz_run "$out" 1048576 $targets
