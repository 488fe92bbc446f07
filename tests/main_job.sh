#!/bin/sh
# tests/main_job.sh PREDUP OUTDIR - the main job on the built-in default event: a new key, a
# 36-board set in PBN, and then as far as predup goes (analysis, PDFs, filling on the simulator).
set -eu
P=$1
OUT=$2
mkdir -p "$OUT"
if [ ! -f "$OUT/event.key" ]; then
    "$P" key new "$OUT/event.key" >"$OUT/commitment.txt"
fi
echo "commitment (publish before the event): $(cut -d' ' -f1 "$OUT/commitment.txt")"
"$P" deal --key "$OUT/event.key" --boards 1-36 --event "predup demo pairs" --site "Club" \
    -o "$OUT/set.pbn"
echo "dealt 36 boards: $OUT/set.pbn"
"$P" verify --key "$OUT/event.key" "$OUT/set.pbn"
