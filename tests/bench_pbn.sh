#!/bin/sh
# tests/bench_pbn.sh - `make bench` for pbn/: reading and converting PBN in time linear in its
# size (issue 14 item 3): one game of 300,000 distinct tags, and 3,000 games of 100 tags each, read
# and written back (predup convert x.pbn y.pbn), median of 3, wall-clock milliseconds. No peer
# reads PBN at this size, so the peer columns are "-". Prints one line per case:
# case|predup figure|peer figure or -|ratio or -
set -eu
: "${PREDUP:?}"
w=$(mktemp -d "${TMPDIR:-/tmp}/predup-bench-XXXXXX")
trap 'rm -rf "$w"' EXIT
cd "$w"
ms() { echo $(($(date +%s%N) / 1000000)); }
median3() { # median3 CMD...: the median of 3 runs, in ms
    a=
    for i in 1 2 3; do
        t0=$(ms)
        "$@" >/dev/null
        a="$a $(($(ms) - t0))"
    done
    echo $a | tr ' ' '\n' | sort -n | sed -n 2p
}
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
t=$(median3 "$PREDUP" convert --force tags.pbn out.pbn)
cmp -s tags.pbn out.pbn || { echo "pbn 300,000 tags: output differs from input" >&2; exit 1; }
echo "pbn read+write, 1 game of 300,000 tags (ms)|$t|-|-"
t=$(median3 "$PREDUP" convert --force games.pbn out.pbn)
echo "pbn read+write, 3,000 games of 100 tags (ms)|$t|-|-"
# verify's repeated-tag check (issue 29 item 15): one game of N other tags, then N Deal tags, at
# two sizes; linear, the time doubles with N (it was quadratic: 4 times).
"$PREDUP" key new k.key >/dev/null
"$PREDUP" deal --key k.key --boards 1-2 -o two.pbn >/dev/null
deal=$(grep -m1 '^\[Deal ' two.pbn | tr -d '\r')
repeats() { # repeats N OUT
    awk -v deal="$deal" -v n="$1" '/^\[Deal / && !done { for (i = 0; i < n; i++) print "[Note \"x\"]"
        for (i = 0; i < n; i++) print deal; done = 1 } { print }' two.pbn >"$2"
}
verify_any() { "$PREDUP" verify --key k.key "$1" >/dev/null 2>&1 || true; }
for n in 40000 80000; do
    repeats "$n" "rep$n.pbn"
    echo "verify, 1 game of $n tags and $n repeated Deal tags, $(($(wc -c <"rep$n.pbn") / 1000)) KB (ms)|$(median3 verify_any "rep$n.pbn")|-|-"
done
