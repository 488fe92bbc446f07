#!/bin/sh
# tests/bench_keyed.sh - boards with a script in a keyed set (predup deal --key --script,
# dealing version 2, PBN written) against predup dealer's kept deals on the same script
# (printoneline), one thread each, alternated in CPU time (tests/bench_lib.sh). Rows
# case|predup keyed|predup dealer|ratio: the ratio is dealer's CPU over keyed's for the same
# number of deals (keyed's speed as a fraction of dealer's; the goal on (b) is 0.9 or more).
# Then the floor of keyed (b), the committed draw alone (tests/bench_keyed_draw.c), and keyed (b)
# against Debian's dealer. The last row is dealing version 1 (the first accepted
# candidate), for scale: a few boards.
set -eu
: "${PREDUP:?}" "${TOP:?}"
. "$TOP/tests/bench_lib.sh"
P=$PREDUP
PEERS=$TOP/tests/data/lang/bench # the peer scripts (their README.md)
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > "$bench_tmp/k"
chmod 600 "$bench_tmp/k"

# (b) twice: 100,000 boards (0.1 s a run: time(1)'s 10 ms resolution is a tenth of it) and
# 1,000,000 (about 1 s: the ratio without that noise). Its script says `generate 100000000`,
# which caps a dealer run near 535,000 kept deals: the copy here raises the cap, so that dealer
# keeps as many deals as keyed deals boards (keyed reads only the condition and the action).
sed 's/^generate .*/generate 2000000000/' "$PEERS/dealer-b-2021bal.dl" > "$bench_tmp/b.dl"
for c in b-2021bal:100000 b-2021bal:1000000 c-rare:5000; do
    name=${c%%:*} n=${c#*:}
    script=$PEERS/dealer-$name.dl
    [ -f "$script" ] || { echo "$name|(no $script)|-|-"; continue; }
    [ "$name" = b-2021bal ] && script=$bench_tmp/b.dl
    versus "($name) $n boards: keyed deal --script vs dealer" \
        "$P deal --key $bench_tmp/k --boards 1-$n --script $script -j 1 -q -o /dev/null" \
        "$P dealer -j 1 -s 1 -p $n $script"
done
# The floor of keyed (b): the committed draw of the same boards alone (tests/bench_keyed_draw.c:
# the same attempts, no DealId, no PBN), then with DealId, against dealer. What keyed spends
# above these is the DealId and the PBN (dealer/README.md, where the time goes).
DRAW=${BENCH_KEYED_DRAW:-$TOP/build/bench_keyed_draw}
script=$PEERS/dealer-b-2021bal.dl
if [ -x "$DRAW" ] && [ -f "$script" ]; then
    versus "(b-2021bal) 100000 boards: keyed draw alone (no DealId, no PBN) vs dealer" \
        "$DRAW $bench_tmp/k $script 100000" "$P dealer -j 1 -s 1 -p 100000 $script"
    versus "(b-2021bal) 100000 boards: keyed draw and DealId (no PBN) vs dealer" \
        "$DRAW $bench_tmp/k $script 100000 --deal-id" "$P dealer -j 1 -s 1 -p 100000 $script"
else
    echo "(b-2021bal) keyed draw alone|(no $DRAW: make build/bench_keyed_draw)|-|-"
fi
# The same keyed (b) against Debian's dealer (its script keeps 10,000: weighted x 10)
script=$PEERS/dealer-b-2021bal.dl
[ -x /usr/games/dealer ] && [ -f "$script" ] &&
    versus "(b-2021bal) 100000 boards: keyed deal --script vs Debian's dealer (10,000 kept, x 10)" \
        "$P deal --key $bench_tmp/k --boards 1-100000 --script $script -j 1 -q -o /dev/null" \
        "/usr/games/dealer -s 1 $script" 10
script=$PEERS/dealer-c-rare.dl
[ -f "$script" ] && alone "(c-rare) 10 boards, dealing version 1: CPU s" \
    "$P deal --key $bench_tmp/k --boards 1-10 --script $script --dealing 1 -j 1 -q -o /dev/null"
exit 0
