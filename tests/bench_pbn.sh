#!/bin/sh
# tests/bench_pbn.sh - `make bench` for pbn/: a keyed set of 100,000 boards converted PBN to LIN
# against tests/data/bench/pbn2lin.awk writing the same bytes (checked), alternated in CPU time
# (tests/bench_lib.sh); PBN to PBN (no peer); the peak memory of reading and converting each
# format (the same boards, to PBN, as many as the format holds; its growth over a one-board
# file's; the goal is at most 20 times the file's size); and reading in
# time linear in the size (one game of 300,000 distinct tags, and 3,000 games of 100 tags).
# Rows "case|predup|peer|ratio".
set -eu
: "${PREDUP:?}" "${TOP:?}"
. "$TOP/tests/bench_lib.sh"
P=$PREDUP
cd "$bench_tmp"
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k
chmod 600 k
"$P" deal --key k --boards 1-100000 -o set.pbn --quiet --force
"$P" convert --force set.pbn set.lin 2>/dev/null
awk -f "$TOP/tests/data/bench/pbn2lin.awk" set.pbn > awk.lin
cmp -s set.lin awk.lin || { echo "PBN to LIN: predup and the awk script differ" >&2; exit 1; }
versus "PBN to LIN, 100,000 boards: vs an awk script (mawk or awk)" \
    "$P convert --force set.pbn out.lin" "awk -f $TOP/tests/data/bench/pbn2lin.awk set.pbn"
alone "PBN to PBN, 100,000 boards: CPU s" "$P convert --force set.pbn out.pbn"
# BENCH_BASE=path/to/an/older/predup: the same against that binary (how much faster this one is)
[ -x "${BENCH_BASE:-}" ] && versus "PBN to PBN, 100,000 boards: vs $BENCH_BASE" \
    "$P convert --force set.pbn out.pbn" "$BENCH_BASE convert --force set.pbn out2.pbn"
# Memory: each format's largest file of these boards (all 100,000, else as many as it holds),
# read and converted to PBN; the growth of the peak resident size over the same conversion of a
# one-board file of that format (what predup holds before it reads: its libraries, 28 MB with
# GStreamer and libvips), as a ratio to the file's size. Goal: at most 20 times.
"$P" deal --key k --boards 1 -o one.pbn --quiet --force
for f in $("$P" --complete formats | grep -v blind); do # every format of the table
    for b in 1-100000 1-65535 1-255 1-99; do
        "$P" convert --force --boards "$b" set.pbn "all.$f" >/dev/null 2>&1 && break
    done
    "$P" convert --force one.pbn "one.$f" >/dev/null 2>&1 || continue
    base=$(peak_kb "$P" convert --force "one.$f" back.pbn)
    kb=$(peak_kb "$P" convert --force "all.$f" back.pbn)
    size=$(wc -c < "all.$f")
    n=$("$P" convert --force "all.$f" back.pbn 2>/dev/null |
        sed -n 's/.*: \([0-9]*\) boards* written.*/\1/p')
    times=$(awk -v k="$((kb - base))" -v s="$size" 'BEGIN { printf "%.1fx", k * 1024 / s }')
    # (a file under 50 KB, DUP's, DLM's or CDS's, grows less than two runs' peaks differ by)
    [ "$size" -lt 51200 ] && times="- (under the resolution, some 300 KB)"
    echo "read and convert $f ($n boards, $size bytes) to PBN: peak growth KB, times the file|$((kb - base))|-|$times"
done

awk 'BEGIN {
    printf "%% PBN 2.1\r\n[Event \"Big\"]\r\n[Board \"1\"]\r\n"
    printf "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\r\n"
    for (i = 1; i <= 300000; i++) printf "[Tag%d \"%d:an explanation\"]\r\n", i, i
}' >tags.pbn
awk 'BEGIN {
    for (g = 1; g <= 3000; g++) {
        printf "[Board \"%d\"]\r\n[Dealer \"N\"]\r\n", g
        for (i = 1; i <= 100; i++) printf "[T%d \"v\"]\r\n", i
        printf "\r\n"
    }
}' >games.pbn
"$P" convert --force tags.pbn out.pbn
cmp -s tags.pbn out.pbn || { echo "pbn 300,000 tags: output differs from input" >&2; exit 1; }
alone "pbn read+write, 1 game of 300,000 tags: CPU s" "$P convert --force tags.pbn out.pbn"
alone "pbn read+write, 3,000 games of 100 tags: CPU s" "$P convert --force games.pbn out.pbn"
# verify's repeated-tag check (issue 29 item 15): one game of N other tags, then N Deal tags, at
# two sizes; linear, the time doubles with N (it was quadratic: 4 times).
"$P" key new k.key >/dev/null
"$P" deal --key k.key --boards 1-2 -o two.pbn >/dev/null
deal=$(grep -m1 '^\[Deal ' two.pbn | tr -d '\r')
repeats() { # repeats N OUT
    awk -v deal="$deal" -v n="$1" '/^\[Deal / && !done { for (i = 0; i < n; i++) print "[Note \"x\"]"
        for (i = 0; i < n; i++) print deal; done = 1 } { print }' two.pbn >"$2"
}
for n in 40000 80000; do
    repeats "$n" "rep$n.pbn"
    alone "verify, 1 game of $n tags and $n repeated Deal tags, $(($(wc -c <"rep$n.pbn") / 1000)) KB: CPU s" \
        "$P verify --key k.key rep$n.pbn"
done
