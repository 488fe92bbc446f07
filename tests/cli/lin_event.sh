#!/bin/bash
# tests/cli/lin_event.sh - LIN's vugraph header (vg) both ways: a set with a known Event gets a
# vg line before its first board, and reading the LIN back gives the same Event; a set without
# an Event (or "?") gets no vg line and the same bytes as before.
set -eu
D=$TOP/tests/data/formats
fail() { echo "FAIL: $*"; exit 1; }

# Two events in one set, with scoring and teams known: one vg line each, before its first board.
{
    printf '[Event "Spring Teams"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    printf '[Scoring "IMP"]\n[HomeTeam "Reds"]\n[VisitTeam "Blues"]\n'
    grep '^\[Deal ' "$D/ref.pbn" | sed -n 1p
    printf '\n[Event "Spring Teams"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
    grep '^\[Deal ' "$D/ref.pbn" | sed -n 2p
    printf '\n[Event "Autumn Pairs"]\n[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
    grep '^\[Deal ' "$D/ref.pbn" | sed -n 3p
} >events.pbn
"$PREDUP" convert --to lin events.pbn events.lin 2>err.txt
grep -q 'left out: Scoring, HomeTeam, VisitTeam$' err.txt || fail "left-out line: $(cat err.txt)"
[ "$(grep -c '^vg|' events.lin)" -eq 2 ] || fail "want 2 vg lines: $(cat events.lin)"
sed -n 1p events.lin | grep -qx 'vg|Spring Teams,,I,1,2,Reds,,Blues,|' ||
    fail "first vg line: $(sed -n 1p events.lin)"
sed -n 2p events.lin | grep -q '^qx|o1|' || fail "board 1 does not follow its vg line"
sed -n 4p events.lin | grep -qx 'vg|Autumn Pairs,,,3,3,,,,|' ||
    fail "second vg line: $(sed -n 4p events.lin)"

# Back to PBN: each board keeps its Event.
"$PREDUP" convert events.lin back.pbn >/dev/null
grep "^\[Event " back.pbn | tr -d "\r" >got.txt
printf '[Event "Spring Teams"]\n[Event "Spring Teams"]\n[Event "Autumn Pairs"]\n' >want.txt
diff want.txt got.txt || fail "events after the round trip"

# No Event, or Event "?": no vg line, the reference bytes.
"$PREDUP" convert --to lin "$D/ref.pbn" plain.lin >/dev/null
cmp plain.lin "$D/ref.lin" || fail "a set without an Event changed its LIN"
sed 's/^\[Board "\([0-9]*\)"\]/[Event "?"]\n[Board "\1"]/' "$D/ref.pbn" >unknown.pbn
grep -q '^\[Event "?"\]' unknown.pbn || fail "test set has no Event \"?\""
"$PREDUP" convert --to lin unknown.pbn unknown.lin >/dev/null
cmp unknown.lin "$D/ref.lin" || fail "Event \"?\" wrote a vg line"
echo ok
