#!/bin/sh
# tests/bench_deal.sh - foundation speed, side by side with Debian's dealer in the same run:
# PBN records written per second (1,000,000 boards each), and raw generation (deals per second,
# one core and -j 2) against dealer's case (a) rate (shared/bench: 10 M deals, one hand).
set -eu
P=$PREDUP
DEALER=/usr/games/dealer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > "$work/k"
chmod 600 "$work/k"

secs() { # secs command... : wall seconds of one run, output discarded
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s.%N)
    echo "$e - $s" | bc -l
}
rate() { echo "scale=0; $1 / $2" | bc -l; }
ratio() { echo "scale=2; $1 / $2" | bc -l; }

t=$(secs "$P" deal --key "$work/k" --boards 1-1000000 -o /dev/null)
ours=$(rate 1000000 "$t")
printf 'generate 1000000\nproduce 1000000\ncondition 1\naction printpbn\n' > "$work/pbn.dl"
if [ -x "$DEALER" ]; then
    t=$(secs "$DEALER" -s 1 "$work/pbn.dl")
    theirs=$(rate 1000000 "$t")
    echo "PBN records/s: predup $ours, dealer printpbn $theirs, ratio $(ratio "$ours" "$theirs") (bar: 3x and 500000/s)"
else
    echo "PBN records/s: predup $ours (dealer not installed)"
fi

if [ -x "$DEALER" ]; then
    t=$(secs "$DEALER" -s 1 "$TOP/../shared/bench/peers/dealer-a-uncond.dl" 2>/dev/null || true)
    [ -f "$TOP/../shared/bench/peers/dealer-a-uncond.dl" ] || printf 'generate 10000000\ncondition 1\naction average "hcp N" hcp(north)\n' > "$work/a.dl"
    [ -f "$TOP/../shared/bench/peers/dealer-a-uncond.dl" ] || t=$(secs "$DEALER" -s 1 "$work/a.dl")
    dealer_a=$(rate 10000000 "$t")
    echo "dealer case (a): $dealer_a deals/s"
fi
"${BENCH_GEN:-build/bench_gen}" 2 | while read -r name threads speed _; do
    line="raw generation, $name, $threads thread(s): $speed deals/s"
    if [ -n "${dealer_a:-}" ]; then
        line="$line, ratio to dealer (a) $(ratio "$speed" "$dealer_a") (per core $(ratio "$speed" "$(( dealer_a * threads ))"))"
    fi
    echo "$line"
done
