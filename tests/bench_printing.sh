#!/bin/sh
# tests/bench_printing.sh - `make bench` for printing/: a 36-board hand record with the
# double-dummy analysis, against raw libdds (CalcAllTablesPBN on the same 36 deals, all cores,
# tests/data/printing/rawdds.c, which also computes par) in the same run; bar 1.2x. Then the record of a set that has
# the analysis already (bar 200 ms), and the curtain cards and sheet. Wall-clock milliseconds.
set -eu
: "${PREDUP:?}" "${TOP:?}"
w=$(mktemp -d "${TMPDIR:-/tmp}/predup-bench-XXXXXX")
trap 'rm -rf "$w"' EXIT
cd "$w"
ms() { echo $(($(date +%s%N) / 1000000)); }
best() { # best N CMD...: the fastest of N runs, in ms
    n=$1
    shift
    b=
    for i in $(seq "$n"); do
        t0=$(ms)
        "$@" >/dev/null
        t=$(($(ms) - t0))
        if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
    done
    echo "$b"
}
"$PREDUP" key new k.key >/dev/null
"$PREDUP" deal --key k.key --boards 1-36 --event "Club Pairs" --quiet -o set.pbn
awk -f "$TOP/tests/data/printing/dds_input.awk" set.pbn >deals.txt
cc -O2 -o rawdds "$TOP/tests/data/printing/rawdds.c" -ldds
echo "   machine: $(nproc) cores"

t0=$(ms)
raw_in=$(./rawdds <deals.txt | head -1)
raw=$(($(ms) - t0))
t0=$(ms)
"$PREDUP" print record set.pbn -o record.pdf --quiet >/dev/null
rec=$(($(ms) - t0))
echo "   36-board record with DD analysis: ${rec} ms"
echo "   raw libdds, same 36 tables:       ${raw} ms (process), ${raw_in} ms (CalcAllTablesPBN)"
awk -v a="$rec" -v b="$raw" 'BEGIN { printf "   ratio: %.2fx raw libdds (bar 1.20x)\n", a / b }'

"$PREDUP" analyze set.pbn -o an.pbn --quiet >/dev/null
t=$(best 5 "$PREDUP" print record an.pbn -o record2.pdf)
echo "   36-board record, analysis in the PBN: ${t} ms, best of 5 (bar 200 ms);" \
    "$(wc -c <record2.pdf) bytes"
t=$(best 5 "$PREDUP" --version)
echo "   of which process start (predup --version: libdds's load-time setup): ${t} ms, best of 5"
t=$(best 5 "$PREDUP" print curtain an.pbn -o curtain.pdf)
echo "   144 curtain cards: ${t} ms, best of 5; $(wc -c <curtain.pdf) bytes"
t=$(best 5 "$PREDUP" print sheet an.pbn -o sheet.pdf)
echo "   36-board dealing sheet: ${t} ms, best of 5; $(wc -c <sheet.pdf) bytes"
