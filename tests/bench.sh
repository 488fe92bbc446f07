#!/bin/sh
# tests/bench.sh PREDUP - `make bench`: runs every tests/bench_*.sh with the binary and prints
# their figures. Each script measures predup and, where one exists, a peer in the same run.
set -u
P=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
export PREDUP="$P" TOP="$top"
for b in "$top"/tests/bench_*.sh; do
    [ -f "$b" ] || continue
    echo "== $(basename "$b" .sh)"
    sh "$b" || echo "   (bench script failed: $b)"
done
