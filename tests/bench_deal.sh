#!/bin/sh
# tests/bench_deal.sh - `make bench` rows for the foundation, side by side with Debian's dealer
# in the same run: PBN records written per second (1,000,000 boards), and raw generation
# (build/bench_gen: keyed tournament boards, practice shuffles, the north hand alone by lazy
# dealing) against dealer's case (a) rate, per core. Rows "case|predup|peer|ratio".
set -eu
: "${PREDUP:?}" "${TOP:?}"
P=$PREDUP
DEALER=/usr/games/dealer
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-deal-XXXXXX")
trap 'rm -rf "$work"' EXIT
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > "$work/k"
chmod 600 "$work/k"

secs() { # secs command... : wall seconds of one run, output discarded
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    e=$(date +%s.%N)
    awk -v a="$s" -v b="$e" 'BEGIN { printf "%.3f", b - a }'
}
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b; else print "-" }'; }

t=$(secs "$P" deal --key "$work/k" --boards 1-1000000 -o "$work/set.pbn" --quiet)
ours=$(rate 1000000 "$t")
theirs=- dealer_a=-
if [ -x "$DEALER" ]; then
    printf 'generate 1000000\nproduce 1000000\ncondition 1\naction printpbn\n' > "$work/pbn.dl"
    theirs=$(rate 1000000 "$(secs "$DEALER" -s 1 "$work/pbn.dl")")
    a=$TOP/tests/data/lang/bench/dealer-a-uncond.dl
    dealer_a=$(rate 10000000 "$(secs "$DEALER" -s 1 "$a")")
fi
echo "PBN records/s (1,000,000 boards) vs dealer printpbn|$ours|$theirs|$(ratio "$ours" "$theirs")"
"${BENCH_GEN:-$TOP/build/bench_gen}" 2 | while read -r name threads speed _; do
    per=$dealer_a
    [ "$per" = - ] || per=$((dealer_a * threads))
    echo "raw $name, $threads thread(s): deals/s vs dealer (a) x threads|$speed|$per|$(ratio "$speed" "$per")"
done
