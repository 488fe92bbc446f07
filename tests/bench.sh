#!/bin/sh
# tests/bench.sh PREDUP - `make bench`: runs every tests/bench_*.sh with the binary and prints
# ONE table of their rows, headed by the machine (CPU model, cores) and the date. A bench
# script prints rows "case|predup|peer|ratio"; the scripts that compare predup with a peer
# (tests/bench_lib.sh) alternate the two over $BENCH_ROUNDS rounds (3; FAST=1: 1) in CPU time
# and print the ratio's median with its min and max. Other output goes to the log. The table is
# Markdown, written to stdout and to $BENCH_TABLE (default build/bench.md), the table
# README.md's speed section quotes; the log is $BENCH_LOG (default build/bench.log).
# BENCH_ONLY="lang pbn" runs only those scripts (tests/bench_lang.sh, tests/bench_pbn.sh).
set -u
P=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
BENCH_ROUNDS=${BENCH_ROUNDS:-3}
[ "${FAST:-0}" != 0 ] && BENCH_ROUNDS=1
BENCH_RUNS=$BENCH_ROUNDS # tests/bench_mpi.sh's name for it
export PREDUP="$P" TOP="$top" BENCH_ROUNDS BENCH_RUNS
log=${BENCH_LOG:-$top/build/bench.log}
table=${BENCH_TABLE:-$top/build/bench.md}
mkdir -p "$(dirname "$log")" "$(dirname "$table")"
: > "$log"
rows=$(mktemp "${TMPDIR:-/tmp}/bench-rows-XXXXXX")
out=$(mktemp "${TMPDIR:-/tmp}/bench-out-XXXXXX")
trap 'rm -f "$rows" "$out"' EXIT
for b in "$top"/tests/bench_*.sh; do
    [ -f "$b" ] || continue
    name=$(basename "$b" .sh)
    [ "$name" = bench_lib ] && continue
    case " ${BENCH_ONLY:-${name#bench_}} " in *" ${name#bench_} "*) ;; *) continue ;; esac
    echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))" >> "$log"
    sh "$b" > "$out" 2>> "$log" || echo "$name: failed (see $log)|-|-|-" >> "$out"
    grep -v -E '^[^|]+\|[^|]*\|[^|]*\|[^|]*$' "$out" >> "$log"
    grep -E '^[^|]+\|[^|]*\|[^|]*\|[^|]*$' "$out" >> "$rows"
done
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')
{
    echo "$("$P" --version 2>/dev/null | head -1); ${cpu:-unknown CPU}, $(nproc) cores" \
        "(shared); $BENCH_ROUNDS round(s), predup and peer alternated; $(date -u +%Y-%m-%d)"
    echo
    echo "| case | predup | peer | ratio: median (min-max) |"
    echo "|---|---|---|---|"
    awk -F'|' '{ for (i = 1; i <= 4; i++) gsub(/^[ \t]+|[ \t]+$/, "", $i)
                 printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$rows"
} > "$table"
cat "$table"
echo
echo "(the table: $table; log of every run: $log)"
