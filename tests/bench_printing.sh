#!/bin/sh
# tests/bench_printing.sh - `make bench` rows for printing/: a 36-board hand record with the
# double-dummy analysis against raw libdds (CalcAllTablesPBN on the same 36 deals, all cores,
# tests/data/printing/rawdds.c, which also computes par) in the same run (bar: 1.2x raw's time,
# i.e. a ratio >= 0.83x); then the record of a set that has the analysis already (bar 200 ms),
# process start, the curtain cards and the dealing sheet. Milliseconds, best of 3.
# Rows "case|predup|peer|ratio".
set -eu
: "${PREDUP:?}" "${TOP:?}"
w=$(mktemp -d "${TMPDIR:-/tmp}/predup-bench-XXXXXX")
trap 'rm -rf "$w"' EXIT
cd "$w"
ms() { echo $(($(date +%s%N) / 1000000)); }
best() { # best N OUT CMD...: the fastest of N runs, in ms (OUT removed before each run; - for none)
    n=$1 o=$2
    shift 2
    b=
    for i in $(seq "$n"); do
        [ "$o" = - ] || rm -f "$o"
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

t0=$(ms)
./rawdds <deals.txt >/dev/null
raw=$(($(ms) - t0))
t0=$(ms)
"$PREDUP" print record set.pbn -o record.pdf --quiet >/dev/null
rec=$(($(ms) - t0))
echo "36-board record with DD analysis, ms vs raw libdds|$rec|$raw|$(awk -v a="$rec" -v b="$raw" 'BEGIN { printf "%.2fx", b / a }')"
"$PREDUP" analyze set.pbn -o an.pbn --quiet >/dev/null
echo "36-board record, analysis in the PBN, ms (bar 200)|$(best 3 record2.pdf "$PREDUP" print record an.pbn -o record2.pdf)|-|-"
echo "process start (predup --version), ms|$(best 3 - "$PREDUP" --version)|-|-"
echo "144 curtain cards, ms|$(best 3 curtain.pdf "$PREDUP" print curtain an.pbn -o curtain.pdf)|-|-"
echo "36-board dealing sheet, ms|$(best 3 sheet.pdf "$PREDUP" print sheet an.pbn -o sheet.pdf)|-|-"
# The commentary's layout (issue 29 item 15): a handout whose board 1 holds one paragraph of 2
# and of 4 MB; linear, the time doubles with the size (it was quadratic: 4 times).
for n in 200000 400000; do
    awk -v n="$n" '/^\r?$/ && !done { printf "{"; for (i = 0; i < n; i++) printf "declarer %d ", i % 10
        print "}"; done = 1 } { print }' set.pbn >"note$n.pbn"
    echo "handout, a commentary of $(($(wc -c <"note$n.pbn") / 1000)) KB, ms|$(best 3 "note$n.pdf" "$PREDUP" print handout "note$n.pbn" -o "note$n.pdf" -q)|-|-"
done
