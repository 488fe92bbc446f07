#!/bin/sh
# tests/bench_deal.sh - `make bench` rows for the foundation: a keyed set of 1,000,000 PBN
# boards against Debian's dealer writing as many with printpbn, alternated in CPU time
# (tests/bench_lib.sh); and raw generation (build/bench_gen: keyed tournament boards, practice
# shuffles, the north hand alone by lazy dealing) in deals per wall-clock second, no peer.
# Rows "case|predup|peer|ratio".
set -eu
: "${PREDUP:?}" "${TOP:?}"
. "$TOP/tests/bench_lib.sh"
P=$PREDUP
DEALER=/usr/games/dealer
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > "$bench_tmp/k"
chmod 600 "$bench_tmp/k"
printf 'generate 1000000\nproduce 1000000\ncondition 1\naction printpbn\n' > "$bench_tmp/pbn.dl"
if [ -x "$DEALER" ]; then
    versus "keyed PBN set, 1,000,000 boards vs dealer printpbn" \
        "$P deal --key $bench_tmp/k --boards 1-1000000 -o $bench_tmp/set.pbn --quiet --force" \
        "$DEALER -s 1 $bench_tmp/pbn.dl"
fi
"${BENCH_GEN:-$TOP/build/bench_gen}" 2 | while read -r name threads speed _; do
    echo "raw $name, $threads thread(s): deals per wall-clock s|$speed|-|-"
done
