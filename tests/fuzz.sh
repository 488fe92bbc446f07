#!/bin/sh
# tests/fuzz.sh - `make fuzz`: runs every tests/fuzz_*.sh (each builds its libFuzzer target with
# clang -fsanitize=fuzzer,address,undefined and runs it on its corpus in tests/fuzz/<target>/).
# FUZZ_SECONDS sets the time per target (default 600).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
export TOP="$top" FUZZ_SECONDS="${FUZZ_SECONDS:-600}"
for f in "$top"/tests/fuzz_*.sh; do
    [ -f "$f" ] || continue
    echo "== $(basename "$f" .sh) for $FUZZ_SECONDS s"
    sh "$f"
done
