#!/bin/sh
# tests/fuzz_unique.sh - builds pbn/fuzz_unique.c (whenever verify accepts a mutated revealed
# record with a mutated set file, the file holds exactly an original set's deals) with clang
# -fsanitize=fuzzer,address,undefined into build-fuzz/unique/ and runs it for $FUZZ_SECONDS on
# its seeds in tests/fuzz/unique/ (inputs up to 64 kB).
# Its first finding (tests/data/unique/finding-record-prefix, a set that begins like a record)
# is closed and replayed by tests/check_unique.c.
set -eu
. "$(dirname "$0")/lib_fuzz.sh"
fuzz_setup unique
fuzz_build "$out" unique "$top/pbn/fuzz_unique.c" \
    -DFUZZ_UNIQUE_DIR="\"$top/tests/data/unique\"" ${FUZZ_UNIQUE_CFLAGS:-}
fuzz_run "$out" 65536 unique
