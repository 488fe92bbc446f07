#!/bin/sh
# tests/bench_lang.sh - `make bench` for the constraint language: the three cases of
# shared/bench/README.md (copied in tests/data/lang/bench/), predup dealer side by side with
# Debian's dealer and Deal (smartstack) in the same run. Prints deals/s or kept/s and the
# ratio to each peer. Rates come from wall-clock time around each process, start-up included;
# predup's own "Time needed" is shown too. Per core: predup -j 1; all cores: -j $(nproc).
set -u
: "${PREDUP:?}" "${TOP:?}"
B=$TOP/tests/data/lang/bench
DEALER=/usr/games/dealer
DEAL=/usr/games/deal
J=$(nproc 2>/dev/null || echo 1)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-lang-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# secs CMD...: runs CMD with stdout to $tmp/out, prints the elapsed seconds
secs() { t0=$(now); "$@" > "$tmp/out" 2>/dev/null; t1=$(now); awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else printf "-" }'; }
own() { sed -n 's/^Time needed *\([0-9.]*\) sec$/\1/p' "$tmp/out"; }

echo "(a) unconstrained, 10,000,000 deals, one hand evaluated (deals/s)"
s=$(secs "$DEALER" -s 1 "$B/dealer-a-uncond.dl"); dealer_a=$(rate 10000000 "$s")
echo "    dealer             $dealer_a"
s=$(secs "$PREDUP" dealer -s 1 -j 1 "$B/dealer-a-uncond.dl"); p1=$(rate 10000000 "$s")
echo "    predup -j 1        $p1 ($(ratio "$p1" "$dealer_a") dealer per core; own time $(own) s)"
s=$(secs "$PREDUP" dealer -s 1 -j "$J" "$B/dealer-a-uncond.dl"); pj=$(rate 10000000 "$s")
echo "    predup -j $J        $pj ($(ratio "$pj" "$dealer_a") dealer; own time $(own) s)"

echo "(b) North 20-21 HCP balanced, produce 10,000 (kept/s)"
s=$(secs "$DEALER" -s 1 "$B/dealer-b-2021bal.dl"); dealer_b=$(rate 10000 "$s")
echo "    dealer             $dealer_b"
s=$(secs env LANG=C "$DEAL" -s 1 -l -i "$B/deal-b-2021bal-smartstack.tcl" 10000); deal_b=$(rate 10000 "$s")
echo "    Deal smartstack    $deal_b"
s=$(secs "$PREDUP" dealer -s 1 -j 1 "$B/dealer-b-2021bal.dl"); p1=$(rate 10000 "$s")
echo "    predup -j 1        $p1 ($(ratio "$p1" "$deal_b") Deal smartstack, $(ratio "$p1" "$dealer_b") dealer; own time $(own) s)"
s=$(secs "$PREDUP" dealer -s 1 -j "$J" "$B/dealer-b-2021bal.dl"); pj=$(rate 10000 "$s")
echo "    predup -j $J        $pj ($(ratio "$pj" "$deal_b") Deal smartstack; own time $(own) s)"
s=$(secs "$PREDUP" dealer -s 1 -j 1 --plain "$B/dealer-b-2021bal.dl"); pp=$(rate 10000 "$s")
echo "    predup --plain     $pp (plain rejection, one thread)"

echo "(c) North 8+ spades and South 20+ HCP, produce 1,000 (kept/s)"
s=$(secs env LANG=C "$DEAL" -s 1 -l -i "$B/deal-c-rare-smartstack.tcl" 1000); deal_c=$(rate 1000 "$s")
echo "    Deal smartstack    $deal_c"
s=$(secs "$DEALER" -s 1 -p 100 "$B/dealer-c-rare.dl"); dealer_c=$(rate 100 "$s")
echo "    dealer (-p 100)    $dealer_c"
s=$(secs "$PREDUP" dealer -s 1 -j 1 "$B/dealer-c-rare.dl"); p1=$(rate 1000 "$s")
echo "    predup -j 1        $p1 ($(ratio "$p1" "$deal_c") Deal smartstack, $(ratio "$p1" "$dealer_c") dealer; own time $(own) s)"
s=$(secs "$PREDUP" dealer -s 1 -j "$J" "$B/dealer-c-rare.dl"); pj=$(rate 1000 "$s")
echo "    predup -j $J        $pj ($(ratio "$pj" "$deal_c") Deal smartstack; own time $(own) s)"
echo "    bars: (a) 2x dealer per core, (b) >= Deal smartstack, (c) >= 1,250/s"
