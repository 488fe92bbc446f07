#!/bin/sh
# tests/bench_lang.sh - `make bench` rows for the constraint language: the cases of
# tests/data/lang/bench/README.md (the peer scripts beside it), predup dealer (one thread)
# against Debian's dealer, Deal's smartstack and the one-core ceiling (tests/bench_ceiling.c),
# alternated over $BENCH_ROUNDS rounds in CPU time (tests/bench_lib.sh), and the linear-time
# cases of long scripts. Rows "case|predup|peer|ratio" (tests/bench.sh makes the table); ratio
# is the peer's CPU over predup's: how many times less CPU predup needs (for the ceiling, the
# fraction of it predup reaches).
set -u
: "${PREDUP:?}" "${TOP:?}"
. "$TOP/tests/bench_lib.sh"
B=$TOP/tests/data/lang/bench
DEALER=/usr/games/dealer
DEAL=/usr/games/deal
CEILING=${BENCH_CEILING:-$TOP/build/bench_ceiling}
P=$PREDUP
have() { [ -x "$1" ]; }
# (b) and (c) produce more deals than the peer scripts name, so that a run lasts long enough
# for time(1)'s 10 ms resolution; the slow peers produce fewer, weighted by the difference.
sed 's/^produce .*/produce 100000/' "$B/dealer-b-2021bal.dl" > "$bench_tmp/b.dl"

have "$CEILING" && versus "(a) 10 M deals, one hand: fraction of the one-core ceiling (AES-CTR, north only)" \
    "$P dealer -s 1 -j 1 $B/dealer-a-uncond.dl" "$CEILING 10000000"
have "$CEILING" && versus "(a) the same, practice dealing 1 (--dealing 1): fraction of the ceiling" \
    "$P dealer --dealing 1 -s 1 -j 1 $B/dealer-a-uncond.dl" "$CEILING 10000000"
have "$DEALER" && versus "(a) 10 M deals, one hand: vs dealer" \
    "$P dealer -s 1 -j 1 $B/dealer-a-uncond.dl" "$DEALER -s 1 $B/dealer-a-uncond.dl"
have "$DEALER" && versus "(a1) one-hand condition, 10 M deals: vs dealer" \
    "$P dealer -s 1 -j 1 $B/dealer-a1-onehand.dl" "$DEALER -s 1 $B/dealer-a1-onehand.dl"
have "$DEALER" && versus "(a1) the same, --plain (lazy dealing): vs dealer" \
    "$P dealer --plain -s 1 -j 1 $B/dealer-a1-onehand.dl" "$DEALER -s 1 $B/dealer-a1-onehand.dl"
have "$DEAL" && versus "(b) N 20-21 balanced, printoneline, 100,000 kept: vs Deal smartstack" \
    "$P dealer -s 1 -j 1 $bench_tmp/b.dl" "env LANG=C $DEAL -s 1 -l -i $B/deal-b-2021bal-smartstack.tcl 100000"
have "$DEALER" && versus "(b) the same vs dealer (10,000 kept, x 10)" \
    "$P dealer -s 1 -j 1 $bench_tmp/b.dl" "$DEALER -s 1 $B/dealer-b-2021bal.dl" 10
have "$DEAL" && versus "(c) N 8+ spades, S 20+ HCP, 1,000 kept: vs Deal smartstack" \
    "$P dealer -s 1 -j 1 $B/dealer-c-rare.dl" "env LANG=C $DEAL -s 1 -l -i $B/deal-c-rare-smartstack.tcl 1000"
have "$DEALER" && versus "(c) the same vs dealer (100 kept, x 10)" \
    "$P dealer -s 1 -j 1 $B/dealer-c-rare.dl" "$DEALER -s 1 -p 100 $B/dealer-c-rare.dl" 10

# Linear time: a script of 100,000 variables, and a 1 MB condition (60,000 && terms), each
# compiled and run (1,000 deals; 1 deal), against the same script twice as long: the ratio of
# the CPU times net of start-up (a one-line script) is 2.0 when linear, 4.0 when quadratic.
vars() { awk -v n="$1" 'BEGIN { print "generate 1000"; for (i = 0; i < n; i++) printf "v%d = hcp(north) + %d\n", i, i % 40
    printf "condition v%d > 10 && v5 < 30\naction average \"x\" v123\n", n - 1 }'; }
conds() { awk -v n="$1" 'BEGIN { print "generate 1"; printf "condition hcp(north) >= 0"
    for (i = 0; i < n; i++) printf " && hcp(south) != %d", 50 + i % 40; print "" }'; }
growth() { awk -v a="$1" -v b="$2" -v z="$3" 'BEGIN { if (a - z > 0) printf "%.1fx", (b - z) / (a - z); else print "-" }'; }
echo 'generate 1' > "$bench_tmp/one.dl"
zero=$(cpu_of "$P" dealer -s 1 "$bench_tmp/one.dl")
vars 100000 > "$bench_tmp/v1.dl"; vars 200000 > "$bench_tmp/v2.dl"
t1=$(cpu_of "$P" dealer -s 1 "$bench_tmp/v1.dl"); t2=$(cpu_of "$P" dealer -s 1 "$bench_tmp/v2.dl")
echo "100,000 variables, CPU s (peer: 200,000; ratio 2.0x = linear)|$t1|$t2|$(growth "$t1" "$t2" "$zero")"
conds 60000 > "$bench_tmp/c1.dl"; conds 120000 > "$bench_tmp/c2.dl"
t1=$(cpu_of "$P" dealer -s 1 "$bench_tmp/c1.dl"); t2=$(cpu_of "$P" dealer -s 1 "$bench_tmp/c2.dl")
echo "1 MB condition (60,000 terms), CPU s (peer: 2 MB; ratio 2.0x = linear)|$t1|$t2|$(growth "$t1" "$t2" "$zero")"
