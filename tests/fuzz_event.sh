#!/bin/sh
# tests/fuzz_event.sh - builds config/fuzz_event.c (event files and event records fed arbitrary
# text) with clang -fsanitize=fuzzer,address,undefined into build-fuzz/event/ and runs it for
# $FUZZ_SECONDS on its corpus in tests/fuzz/event/ (inputs up to 1 MB).
set -eu
top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
secs=${FUZZ_SECONDS:-600}
out=$top/build-fuzz/event
mkdir -p "$out/artifacts"
libs="$(pkg-config --libs libcrypto inih 2>/dev/null || echo -lcrypto -linih) -ldds -lm $(pkg-config --libs ompi-c 2>/dev/null) $(pkg-config --libs icu-uc icu-i18n 2>/dev/null)"
mpi_cflags=$(pkg-config --cflags ompi-c 2>/dev/null) # dealer/run/mpi.c (predup under mpirun)
src=$(ls "$top"/dealer/*/*.c "$top"/pbn/*.c "$top"/config/*.c "$top"/printing/kind.c |
      grep -v -e '/fuzz_' -e '/cmd_' -e '/squaredeal.c' -e '/bigdeal.c' \
          -e 'config/machine.c')
clang -g -O1 -std=c11 -D_GNU_SOURCE -I"$top" $mpi_cflags -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=all -o "$out/fuzz_event" "$top/config/fuzz_event.c" $src $libs
. "$top/tests/lib_fuzz.sh"
fuzz_run "$out" 1048576 event
