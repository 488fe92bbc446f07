# tests/cli/convert_lin_partial.sh - LIN holds partial deals as BBO's md does (an unknown hand
# left empty): a PBN set with "-" hands is written to LIN, read back with the same hands known
# and unknown, and written again byte for byte; hands that cannot be part of a deal are refused
# both ways, and formats without unknown hands still refuse them.
set -eu
P=$PREDUP
cat > part.pbn <<'PBN'
[Event "Partial"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 - - -"]

[Event "Partial"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 - T98.AKQJ.432.765 -"]

[Event "Partial"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:- - - 432.765.T98.AKQJ"]

[Event "Partial"]
[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "E:AKQJ.T98.765.432 - T98.AKQJ.432.765 -"]

[Event "Partial"]
[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
PBN
"$P" convert part.pbn part.lin > out
grep -qx 'part.pbn: 5 boards written to part.lin' out
cat > want.lin <<'LIN'
vg|Partial,,,1,5,,,,|
qx|o1|md|3,,SAKQJHT98D765C432,|rh||ah|Board 1|sv|0|pg||
qx|o2|md|4ST98HAKQJD432C765,,SAKQJHT98D765C432,|rh||ah|Board 2|sv|n|pg||
qx|o3|md|1,S432H765DT98CAKQJ,,|rh||ah|Board 3|sv|e|pg||
qx|o4|md|2,ST98HAKQJD432C765,,SAKQJHT98D765C432|rh||ah|Board 4|sv|b|pg||
qx|o5|md|3S765H432DAKQJCT98,S432H765DT98CAKQJ,SAKQJHT98D765C432|rh||ah|Board 5|sv|n|pg||
LIN
cmp part.lin want.lin || { diff part.lin want.lin; exit 1; }
"$P" check part.lin > out
grep -qx 'part.lin: a lin file of 5 boards, 4 with unknown hands (export format is PBN'"'"'s only)' out

# Read back: the same hands known and unknown (each Deal from its dealer's seat, as predup
# writes a dealt board), the complete deal still complete; and LIN again is the same bytes.
"$P" convert part.lin back.pbn > /dev/null
grep '^\[Deal ' back.pbn | tr -d '\r' > deals
cat > want.deals <<'DEALS'
[Deal "N:AKQJ.T98.765.432 - - -"]
[Deal "E:- T98.AKQJ.432.765 - AKQJ.T98.765.432"]
[Deal "S:- 432.765.T98.AKQJ - -"]
[Deal "W:T98.AKQJ.432.765 - AKQJ.T98.765.432 -"]
[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
DEALS
cmp deals want.deals || { diff deals want.deals; exit 1; }
"$P" convert back.pbn again.lin > /dev/null
cmp again.lin want.lin

fails() { # fails CODE MESSAGE CMD...: CMD must exit with CODE and say MESSAGE on stderr
    local want=$1 msg=$2 rc=0
    shift 2
    "$@" > out 2> err || rc=$?
    [ "$rc" = "$want" ] && grep -qF "$msg" err || { echo "exit $rc: $*"; cat out err; exit 1; }
}
# What no deal can hold: refused on the way out and on the way in, nothing written.
printf '[Board "1"]\n[Deal "N:AKQJT.T98.765.432 - - -"]\n' > p14.pbn
fails 65 'board 1: not a possible deal: North has 14 cards' "$P" convert p14.pbn p14.lin
printf '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -"]\n' > p2.pbn
fails 65 'board 1: not a possible deal: SJ is in two hands (again in East)' "$P" convert p2.pbn p2.lin
[ ! -e p14.lin ] && [ ! -e p2.lin ]
printf 'qx|o1|md|3SAKQJT98765432H2,,,|\n' > h14.lin
fails 65 'h14.lin:1: error: md: South has 14 cards' "$P" convert h14.lin x.pbn
printf 'qx|o1|md|3SAKQJT98765432,SAHKQJT98765432,,|\n' > twice.lin
fails 65 'twice.lin:1: error: md: SA is in two hands (again in West)' "$P" convert twice.lin x.pbn
printf 'qx|o1|md|3SAKQJT9876543,,,|\n' > short.lin
fails 65 'short.lin:1: error: md: South has 12 cards' "$P" convert short.lin x.pbn
[ ! -e x.pbn ]
# A board with no hand at all is no deal (and 5 bytes of LIN would make a game of 1,300).
printf '[Board "1"]\n[Deal "N:- - - -"]\n' > none.pbn
fails 65 'board 1: lin needs one hand at least' "$P" convert none.pbn none.lin
printf 'qx|o1|md|3,,,|\nmd||\n' > none.lin
fails 65 'none.lin:1: error: md: gives no hand' "$P" convert none.lin x.pbn
# Formats that need the whole deal still say so.
fails 65 'board 1: dup needs all four hands' "$P" convert part.pbn part.dup
fails 65 'board 1: csv needs all four hands' "$P" convert part.lin part.csv
echo ok
