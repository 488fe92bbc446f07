#!/bin/sh
# tests/bench.sh PREDUP - `make bench`: runs every tests/bench_*.sh with the binary and prints
# ONE table of their rows. A bench script prints rows "case|predup|peer|ratio" (ratio: how
# many times faster predup is than the peer, or the figure the case names), measuring predup
# and its peer in the same run; any other output goes to the log. Every script runs 3 times
# (FAST=1: once) and each cell is the median of its runs. The table is Markdown, ready for
# README.md's speed section; the log is $BENCH_LOG (default build/bench.log).
set -u
P=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
export PREDUP="$P" TOP="$top"
runs=3
[ "${FAST:-0}" != 0 ] && runs=1
log=${BENCH_LOG:-$top/build/bench.log}
mkdir -p "$(dirname "$log")"
: > "$log"
rows=$(mktemp "${TMPDIR:-/tmp}/bench-rows-XXXXXX")
out=$(mktemp "${TMPDIR:-/tmp}/bench-out-XXXXXX")
trap 'rm -f "$rows" "$out"' EXIT
for b in "$top"/tests/bench_*.sh; do
    [ -f "$b" ] || continue
    name=$(basename "$b" .sh)
    for r in $(seq "$runs"); do
        echo "== $name, run $r of $runs ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))" >> "$log"
        sh "$b" > "$out" 2>> "$log" || echo "$name: failed (see $log)|-|-|-" >> "$out"
        grep -v -E '^[^|]+\|[^|]*\|[^|]*\|[^|]*$' "$out" >> "$log"
        grep -E '^[^|]+\|[^|]*\|[^|]*\|[^|]*$' "$out" | sed "s/^/$name|/" >> "$rows"
    done
done
echo "$("$P" --version 2>/dev/null | head -1); $(nproc) cores; $runs run(s) per cell, median; $(date -u +%Y-%m-%d)"
echo
echo "| case | predup | peer | ratio |"
echo "|---|---|---|---|"
# Median per cell (the middle run by value, printed as that run wrote it), rows in the order
# first seen; "-" cells stay "-".
awk -F'|' '
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
function median(list,   a, k, i, j, t, num, w, v) {
    k = split(list, a, SUBSEP)
    num = 0
    for (i = 1; i <= k; i++) if (a[i] != "-" && a[i] != "") { num++; v[num] = a[i] + 0; w[num] = a[i] }
    if (num == 0) return "-"
    for (i = 2; i <= num; i++)
        for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
            t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
            t = w[j]; w[j] = w[j - 1]; w[j - 1] = t
        }
    return w[int((num + 1) / 2)]
}
{
    key = trim($1) "|" trim($2)
    if (!(key in seen)) { seen[key] = 1; order[++nk] = key; label[key] = trim($2) }
    for (c = 3; c <= 5; c++) cell[key, c] = (cell[key, c] == "" ? "" : cell[key, c] SUBSEP) trim($c)
}
END {
    for (i = 1; i <= nk; i++) {
        k = order[i]
        printf "| %s | %s | %s | %s |\n", label[k], median(cell[k, 3]), median(cell[k, 4]), median(cell[k, 5])
    }
}' "$rows"
echo
echo "(log of every run: $log)"
