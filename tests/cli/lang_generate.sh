#!/bin/bash
# tests/cli/lang_generate.sh - `generate N` means N deals generated, exactly, as Debian's
# dealer counts them (issue 12 item 6: conditional generation printed 10,014 or 9,979): the
# Generated line equals dealer's when the generate limit ends the run, the produced count
# agrees with dealer's within 5 standard errors, -j 2 gives -j 1's output, and a run that
# produce ends counts the plain deals up to its last deal (<= N).
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }
DEALER=/usr/games/dealer
field() { sed -n "s/^$1 \([0-9]*\) hands$/\1/p" "$2"; }

[ -x "$DEALER" ] || echo "skip: counts against Debian's dealer: no $DEALER (package dealer)"
n=0
for cond in 'hcp(north) >= 20' 'hcp(north) >= 15 && shape(north, any 4333)' \
    'spades(north) >= 7 && hcp(south) >= 16' 'hcp(east) >= 22 || hcp(west) >= 22' \
    'hcp(north) + hcp(south) >= 26'; do
    for gen in 10000 33333; do
        n=$((n + 1))
        printf 'generate %s\ncondition %s\naction average "n" hcp(north)\n' "$gen" "$cond" > g$n.dl
        "$PREDUP" dealer -s 7 -j 1 g$n.dl | nosum > p$n.txt
        "$PREDUP" dealer -s 7 -j 2 g$n.dl | nosum > q$n.txt
        cmp p$n.txt q$n.txt || fail "$cond: -j 2 differs from -j 1"
        [ "$(field Generated p$n.txt)" = "$gen" ] || fail "$cond: predup generated $(field Generated p$n.txt), not $gen"
        if [ -x "$DEALER" ]; then
            "$DEALER" -s 7 g$n.dl > d$n.txt
            [ "$(field Generated d$n.txt)" = "$gen" ] || fail "$cond: dealer generated $(field Generated d$n.txt)"
            a=$(field Produced p$n.txt) b=$(field Produced d$n.txt)
            # both are binomial(N, q): their difference has variance about 2 N q (1 - q)
            awk -v a="$a" -v b="$b" -v n="$gen" 'BEGIN { q = (a + b) / (2 * n); sd = sqrt(2 * n * q * (1 - q));
                d = a - b; if (d < 0) d = -d; exit !(d <= 5 * sd + 1) }' ||
                fail "$cond: produced $a, dealer $b out of $gen"
        fi
    done
done

# produce ends the run: Generated is the plain count of the last deal, at most N.
printf 'generate 1000000\nproduce 25\ncondition hcp(north) >= 22\naction printoneline\n' > pr.dl
"$PREDUP" dealer -s 3 pr.dl | nosum > pr.txt
g=$(field Generated pr.txt)
[ "$(field Produced pr.txt)" = 25 ] || fail "produce 25"
[ "$g" -gt 25 ] && [ "$g" -lt 1000000 ] || fail "produce-ended run generated $g"
# the conditional generator and plain shuffling agree on the rate (5 standard errors)
"$PREDUP" dealer -s 3 --plain pr.dl | nosum > pp.txt
gp=$(field Generated pp.txt)
awk -v a="$g" -v b="$gp" 'BEGIN { m = (a + b) / 2; exit !((a - b) ^ 2 <= 25 * 2 * m * m / 25) }' ||
    fail "generated $g (conditional) vs $gp (plain) for 25 deals"
echo ok
