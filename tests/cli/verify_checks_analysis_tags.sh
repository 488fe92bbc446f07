# tests/cli/verify_checks_analysis_tags.sh - verify checks what it prints and prints what it
# checked: the analysis a set carries (DoubleDummyTricks, OptimumResultTable, OptimumScore,
# ParContract) is solved afresh for every board whose deal is right, and each forged tag is a
# fault at its line (exit 1); the verdict names what was checked (deal, dealer, vulnerability,
# DealId; the analysis of N boards) and what was not (Event, Site, Date ...: no key fixes them);
# text outside any game that holds a "[" (a lenient reader's extra board) is a fault, as it is a
# departure in `predup check`. A forged par once verified as "all 4 boards match".
# cli: slow - libdds solves every analysed board afresh
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-4 --label Spring -o set.pbn
"$P" analyze set.pbn -o an.pbn -q > /dev/null
exits 0 "$P" verify --key vec.key an.pbn
[ "$(cat out.txt)" = 'an.pbn: all 4 boards match key and label "Spring"
an.pbn: checked: each board'"'"'s deal, dealer, vulnerability and DealId, and the analysis (double-dummy tricks, par) of 4 boards against a fresh solve
an.pbn: not checked: Event, Site, Date and the other tags, which the key does not fix' ] ||
    fail "verdict: $(cat out.txt)"
# Without analysis: no such line, and the rest as before.
exits 0 "$P" verify --key vec.key set.pbn
! grep -q 'analysis' out.txt && grep -q 'not checked: Event' out.txt || fail "$(cat out.txt)"

# One forged tag on each board, so that one fresh solve checks all four: each is a fault at
# its line, and none of them hides another.
awk '/^\[Board "/ { b = $0; gsub(/[^0-9]/, "", b) }
    b == 1 && /^\[ParContract / { sub(/"[^"]*"/, "\"NS 7NT\"") }
    b == 2 && /^\[OptimumScore / { sub(/"[^"]*"/, "\"NS 2220\"") }
    b == 3 && /^\[DoubleDummyTricks / { sub(/"[^"]*"/, "\"dddddddddddddddddddd\"") }
    b == 4 && /^N NT / { sub(/^N NT *[0-9]*/, "N NT 13") }
    { print }' an.pbn > forged.pbn
[ "$(diff an.pbn forged.pbn | grep -c '^>')" = 4 ] || fail "not four lines forged"
exits 1 "$P" verify --key vec.key forged.pbn
forged() { # forged PATTERN: verify's report of forged.pbn holds PATTERN
    grep -qE "$1" out.txt || fail "$1: $(cat out.txt)"
}
forged '^forged\.pbn:[0-9]+: board 1: ParContract is "NS 7NT", a fresh solve gives "[^"]+"'
forged '^forged\.pbn:[0-9]+: board 2: OptimumScore is "NS 2220", a fresh solve gives (NS|EW) [0-9]+'
forged '^forged\.pbn:[0-9]+: board 3: DoubleDummyTricks is "d{20}", a fresh solve gives [0-9a-d]{20}$'
forged '^forged\.pbn:[0-9]+: board 4: OptimumResultTable differs from a fresh solve'
! grep -q 'boards match' out.txt || fail "a verdict of success: $(cat out.txt)"
grep -q '4 faults' err.txt || fail "forged: $(cat err.txt)"
# An Event tag is no part of what a key fixes: the verdict says so rather than vouching for it.
# (From the set without analysis: there is nothing to solve again for this or the next point.)
sed 's/^\[Event "[^"]*"\]/[Event "World Championship final"]/' set.pbn > event.pbn
exits 0 "$P" verify --key vec.key event.pbn
grep -qx 'event.pbn: not checked: Event, Site, Date and the other tags, which the key does not fix' out.txt ||
    fail "event: $(cat out.txt)"
# Text between games that holds a "[": a fault at its line.
awk 'NR > 1 && /^\r?$/ && !done { print; print "junk [Board \"9\"]\r"; done = 1 } { print }' set.pbn > outside.pbn
exits 1 "$P" verify --key vec.key outside.pbn
grep -qE '^outside\.pbn:[0-9]+: text outside any game holds a "\[": import ignores it' out.txt ||
    fail "outside: $(cat out.txt)"
echo ok
