# tests/cli/formats_lin_boards_without_hands.sh - convert to LIN writes what LIN can hold: a
# board whose Deal holds no hand (or that has no Deal) is left out and named in a note, every
# board that has a deal, whole or partial, is written with its board number; only a set with no
# hand at all is refused (exit 65). It once refused the whole file ("lin needs one hand at
# least").
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
deal2='N:T8.T94.Q862.AKJ3 A532.8.JT4.Q7654 J94.Q75.K75.T982 KQ76.AKJ632.A93.'
deal4='N:T8.T94.Q862.AKJ3 - - -'
{
    printf '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal ""]\n\n'
    printf '[Event "Club"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "%s"]\n\n' "$deal2"
    printf '[Event "Club"]\n[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n\n'
    printf '[Event "Club"]\n[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "%s"]\n\n' "$deal4"
    printf '[Event "Club"]\n[Board "5"]\n[Deal "?"]\n'
} > mixed.pbn
exits 0 "$P" convert mixed.pbn mixed.lin
grep -qx 'mixed.pbn: 2 boards written to mixed.lin' out.txt || fail "summary: $(cat out.txt)"
grep -qx 'mixed.lin: note: lin cannot hold a board without a hand: left out 3 boards with no deal (1, 3, 5)' err.txt ||
    fail "note: $(cat err.txt)"
[ "$(grep -c 'md|' mixed.lin)" = 2 ] || fail "LIN boards: $(cat mixed.lin)"
# Back to PBN: boards 2 and 4, each with its deal (LIN starts at the dealer), dealer and
# vulnerability.
exits 0 "$P" convert mixed.lin back.pbn
got=$(grep -E '^\[(Board|Dealer|Vulnerable|Deal) ' back.pbn | tr -d '\r')
want='[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:A532.8.JT4.Q7654 J94.Q75.K75.T982 KQ76.AKJ632.A93. T8.T94.Q862.AKJ3"]
[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "W:- T8.T94.Q862.AKJ3 - -"]'
[ "$got" = "$want" ] || fail "read back: $got"
# A set with no hand at all: refused, nothing written.
printf '[Board "1"]\n[Deal ""]\n\n[Board "2"]\n' > none.pbn
exits 65 "$P" convert none.pbn none.lin
grep -q 'lin needs one hand at least, and no board of the set has one' err.txt || fail "$(cat err.txt)"
[ ! -e none.lin ] || fail "none.lin written"
echo ok
