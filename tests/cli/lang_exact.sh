#!/bin/sh
# tests/cli/lang_exact.sh - conditional generation is exact: the deals it keeps are
# distributed as those of plain rejection sampling (--plain). Both runs keep 20,000 deals
# under conditions that the fast path reads (HCP range, shape, suit length, predeal) and every
# cell of many frequency tables must agree within 5 binomial standard errors
# (tests/data/lang/compare.awk). The fast run must really have used the fast path: it needs
# far fewer draws, which shows in its run time only; so a short run of one seed, with and
# without --plain, must keep other deals (the two full runs have different seeds, so that
# their outputs differ says nothing).
set -eu
run_pair() { # name script
    "$PREDUP" dealer -s 11 --sd "$1.dl" > "$1.fast"
    "$PREDUP" dealer -s 12 --sd --plain "$1.dl" > "$1.plain"
    "$PREDUP" dealer -s 11 -p 20 "$1.dl" | grep -v '^Time needed' > "$1.fast20"
    "$PREDUP" dealer -s 11 -p 20 --plain "$1.dl" | grep -v '^Time needed' > "$1.plain20"
    grep -qx 'Produced 20 hands' "$1.fast20" || { echo "$1: -p 20 failed"; exit 1; }
    grep -qx 'Produced 20 hands' "$1.plain20" || { echo "$1: -p 20 --plain failed"; exit 1; }
    if cmp -s "$1.fast20" "$1.plain20"; then
        echo "$1: seed 11 keeps the same deals with and without --plain: no fast path"; exit 1
    fi
    awk -v name="$1" -v norate=1 -f "$TOP/tests/data/lang/compare.awk" "$1.fast" "$1.plain"
}
stats='action
  average hcp(north), average hcp(south), average spades(east), average losers(west),
  frequency "hn" (hcp(north), 0, 37), frequency "sn" (spades(north), 0, 13),
  frequency "hs" (hcp(south), 0, 37), frequency "ss" (spades(south), 0, 13),
  frequency "he" (hcp(east), 0, 37), frequency "hw" (hearts(west), 0, 13),
  frequency "sh" (spades(north), 0, 6, hearts(north), 0, 6),
  frequency "nsp" (hcp(north, spades), 0, 10, hcp(north, clubs), 0, 10),
  frequency "aces" (aces(north), 0, 4), frequency "AS" (hascard(north, AS), 0, 1),
  frequency "2C" (hascard(north, 2C), 0, 1), frequency "TD" (hascard(north, TD), 0, 1)'
cat > bal.dl <<EOF2
generate 100000000
produce 20000
condition hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
$stats
EOF2
cat > rare.dl <<EOF2
generate 100000000
produce 20000
n = spades(north) >= 7
condition n and hcp(south) > 12 && hcp(north) < 12
$stats
EOF2
cat > predeal.dl <<EOF2
generate 100000000
produce 20000
predeal north SK3, HA
predeal hearts(south)==6
condition shape{north, 5+s(xxx) + 5+h(xxx)} && hcp(north) >= 11
$stats
EOF2
run_pair bal
run_pair rare
run_pair predeal
