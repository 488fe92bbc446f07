#!/bin/sh
# tests/bench_lang.sh - `make bench` rows for the constraint language: the three cases of
# tests/data/lang/bench/README.md (the peer scripts beside it), predup dealer against Debian's
# dealer and Deal (smartstack) in the same run, and the linear-time cases of long scripts.
# Prints rows "case|predup|peer|ratio" (tests/bench.sh makes the table); ratio is how many
# times faster predup is. Rates are wall-clock around each process, start-up included; the
# per-core row compares CPU time (user + system, every thread of predup -j 1).
set -u
: "${PREDUP:?}" "${TOP:?}"
B=$TOP/tests/data/lang/bench
DEALER=/usr/games/dealer
DEAL=/usr/games/deal
J=$(nproc 2>/dev/null || echo 1)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-lang-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run CMD...: runs CMD (stdout discarded); sets $wall and $cpu (seconds)
run() {
    /usr/bin/time -f '%e %U %S' -o "$tmp/t" "$@" > /dev/null 2> "$tmp/err" || true
    wall=$(awk '{ print $1 }' "$tmp/t")
    cpu=$(awk '{ printf "%.2f", $2 + $3 }' "$tmp/t")
}
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.1fx", a / b; else print "-" }'; }
row() { echo "$1|$2|$3|$4"; }
have() { [ -x "$1" ]; }

# (a) unconstrained: 10 M deals, hcp(north) averaged
if have "$DEALER"; then run "$DEALER" -s 1 "$B/dealer-a-uncond.dl"; da=$(rate 10000000 "$wall"); dcpu=$cpu; else da=- dcpu=-; fi
run "$PREDUP" dealer -s 1 -j 1 "$B/dealer-a-uncond.dl"; pa=$(rate 10000000 "$wall"); pcpu=$cpu
row "(a) 10 M deals, one hand: deals/s, -j 1 vs dealer" "$pa" "$da" "$(ratio "$pa" "$da")"
row "(a) the same: CPU s per core (all threads) vs dealer" "$pcpu" "$dcpu" "$(ratio "$dcpu" "$pcpu")"
run "$PREDUP" dealer -s 1 -j "$J" "$B/dealer-a-uncond.dl"; pj=$(rate 10000000 "$wall")
row "(a) deals/s, -j $J vs dealer" "$pj" "$da" "$(ratio "$pj" "$da")"

# (a1) a one-hand condition and statistic (north 15+ HCP, 4333 or 4432), 10 M deals, CPU per
# core: predup's default (conditional generation) and --plain (lazy dealing: north alone)
a1=$B/dealer-a1-onehand.dl
if have "$DEALER"; then run "$DEALER" -s 1 "$a1"; d1cpu=$cpu; else d1cpu=-; fi
run "$PREDUP" dealer -s 1 -j 1 "$a1"; p1cpu=$cpu
row "(a1) one-hand condition, 10 M deals: CPU s per core vs dealer" "$p1cpu" "$d1cpu" "$(ratio "$d1cpu" "$p1cpu")"
run "$PREDUP" dealer --plain -s 1 -j 1 "$a1"; p1plain=$cpu
row "(a1) the same, --plain (lazy dealing): CPU s vs dealer" "$p1plain" "$d1cpu" "$(ratio "$d1cpu" "$p1plain")"

# (b) north 20-21 HCP balanced: produce 10,000
if have "$DEAL"; then run env LANG=C "$DEAL" -s 1 -l -i "$B/deal-b-2021bal-smartstack.tcl" 10000; sb=$(rate 10000 "$wall"); else sb=-; fi
if have "$DEALER"; then run "$DEALER" -s 1 "$B/dealer-b-2021bal.dl"; db=$(rate 10000 "$wall"); else db=-; fi
run "$PREDUP" dealer -s 1 -j 1 "$B/dealer-b-2021bal.dl"; pb=$(rate 10000 "$wall")
row "(b) N 20-21 balanced: kept/s, -j 1 vs Deal smartstack" "$pb" "$sb" "$(ratio "$pb" "$sb")"
row "(b) the same vs dealer" "$pb" "$db" "$(ratio "$pb" "$db")"

# (c) north 8+ spades and south 20+ HCP: produce 1,000 (dealer: 100, it is too slow)
if have "$DEAL"; then run env LANG=C "$DEAL" -s 1 -l -i "$B/deal-c-rare-smartstack.tcl" 1000; sc=$(rate 1000 "$wall"); else sc=-; fi
run "$PREDUP" dealer -s 1 -j 1 "$B/dealer-c-rare.dl"; pc=$(rate 1000 "$wall")
row "(c) N 8+ spades, S 20+ HCP: kept/s, -j 1 vs Deal smartstack" "$pc" "$sc" "$(ratio "$pc" "$sc")"
run "$PREDUP" dealer -s 1 -j "$J" "$B/dealer-c-rare.dl"; pcj=$(rate 1000 "$wall")
row "(c) kept/s, -j $J vs Deal smartstack" "$pcj" "$sc" "$(ratio "$pcj" "$sc")"
if have "$DEALER"; then
    run "$DEALER" -s 1 -p 100 "$B/dealer-c-rare.dl"; dc=$(rate 100 "$wall")
    row "(c) the same (-j 1) vs dealer (-p 100)" "$pc" "$dc" "$(ratio "$pc" "$dc")"
fi

# Linear time: a script of 100,000 variables, and a 1 MB condition (60,000 && terms), each
# compiled and run (1,000 deals; 1 deal), against the same script twice as long: the ratio of
# the CPU times (user + system) net of start-up (a one-line script) is 2.0 when linear, 4.0
# when quadratic. CPU time, since a loaded machine stretches wall-clock time.
vars() { awk -v n="$1" 'BEGIN { print "generate 1000"; for (i = 0; i < n; i++) printf "v%d = hcp(north) + %d\n", i, i % 40
    printf "condition v%d > 10 && v5 < 30\naction average \"x\" v123\n", n - 1 }'; }
conds() { awk -v n="$1" 'BEGIN { print "generate 1"; printf "condition hcp(north) >= 0"
    for (i = 0; i < n; i++) printf " && hcp(south) != %d", 50 + i % 40; print "" }'; }
growth() { awk -v a="$1" -v b="$2" -v z="$3" 'BEGIN { if (a - z > 0) printf "%.1fx", (b - z) / (a - z); else print "-" }'; }
echo 'generate 1' > "$tmp/one.dl"
run "$PREDUP" dealer -s 1 "$tmp/one.dl"; zero=$cpu
vars 100000 > "$tmp/v1.dl"; vars 200000 > "$tmp/v2.dl"
run "$PREDUP" dealer -s 1 "$tmp/v1.dl"; t1=$cpu
run "$PREDUP" dealer -s 1 "$tmp/v2.dl"; t2=$cpu
row "100,000 variables, CPU s (peer: 200,000; ratio 2.0x = linear)" "$t1" "$t2" "$(growth "$t1" "$t2" "$zero")"
conds 60000 > "$tmp/c1.dl"; conds 120000 > "$tmp/c2.dl"
run "$PREDUP" dealer -s 1 "$tmp/c1.dl"; t1=$cpu
run "$PREDUP" dealer -s 1 "$tmp/c2.dl"; t2=$cpu
row "1 MB condition (60,000 terms), CPU s (peer: 2 MB; ratio 2.0x = linear)" "$t1" "$t2" "$(growth "$t1" "$t2" "$zero")"
