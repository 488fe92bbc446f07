#!/bin/bash
# tests/cli/print_minibridge.sh - Minibridge: boards dealt with dealer/scripts/minibridge.dl
# (every one of 300: never 20-20, and with least = 25 the declaring side holds 25 or more; a
# plain set of the same size has 20-20 boards, so the check can fail; the set verifies from
# the key and the script); print minibridge's lines on known boards (points, declarer, the
# guide, double dummy; stage 2 distribution points and fit; 20-20 said as such) in English and
# German, and page 1 of the German stage-2 sheet against its golden page (pixdiff.sh).
# UPDATE_GOLDEN=1 rewrites it.
set -eu
D="$TOP/tests/data/printing" S="$TOP/dealer/scripts/minibridge.dl"
export SOURCE_DATE_EPOCH=0
cp "$D/golden.pbn" golden.pbn

# The golden page: stage 2 of the golden set (analysed), 6 boards a page, in German.
"$PREDUP" print minibridge golden.pbn -o de.pdf --stage 2 --lang de --quiet >/dev/null
sh "$D/golden_page.sh" de.pdf minibridge-de
[ "${UPDATE_GOLDEN:-}" != 1 ] || exit 0
"$PREDUP" print minibridge golden.pbn -o mini2.pdf --stage 2 --quiet >/dev/null
for f in de.pdf mini2.pdf; do sh "$D/no_overlap.sh" "$f"; done

# North-South's points of every board of a PBN set, one a line.
ns_points() {
    awk '/^\[Deal "/ { d = $0; sub(/^\[Deal "/, "", d); sub(/".*/, "", d)
        f = index("NESW", substr(d, 1, 1)) - 1; sub(/^.:/, "", d); split(d, hand, " ")
        p = 0
        for (seat = 0; seat <= 2; seat += 2) {
            h = hand[(seat - f + 4) % 4 + 1]
            p += 4 * gsub(/A/, "", h) + 3 * gsub(/K/, "", h) + 2 * gsub(/Q/, "", h) + gsub(/J/, "", h)
        }
        print p }' "$1"
}
"$PREDUP" key new k.key >/dev/null
"$PREDUP" deal --key k.key --boards 1-300 -o plain.pbn --quiet
[ "$(ns_points plain.pbn | grep -cx 20)" -gt 0 ] || { echo "no 20-20 in 300 plain boards"; exit 1; }
"$PREDUP" deal --key k.key --boards 1-300 --script "$S" -o mini.pbn --quiet
[ "$(ns_points mini.pbn | wc -l)" -eq 300 ]
if ns_points mini.pbn | grep -qx 20; then echo "minibridge.dl dealt a 20-20 board"; exit 1; fi
"$PREDUP" verify --key k.key --script "$S" mini.pbn | grep -q "all 300 boards match"
"$PREDUP" deal --key k.key --boards 1-300 --script "$S" -o again.pbn --quiet
cmp -s mini.pbn again.pbn # deterministic from the key
sed 's/^least = 21$/least = 25/' "$S" >least25.dl
! cmp -s "$S" least25.dl || exit 1
"$PREDUP" deal --key k.key --boards 1-300 --script least25.dl -o strong.pbn --quiet
low=$(ns_points strong.pbn | awk '{ m = $1 > 40 - $1 ? $1 : 40 - $1; if (m < 25) n++ } END { print n + 0 }')
[ "$low" -eq 0 ] || { echo "least = 25: $low boards below 25"; exit 1; }
low=$(ns_points plain.pbn | awk '{ m = $1 > 40 - $1 ? $1 : 40 - $1; if (m < 25) n++ } END { print n + 0 }')
[ "$low" -gt 0 ] || { echo "the plain set has no board below 25: the check cannot fail"; exit 1; }

# The lines on known boards: golden.pbn's board 1 (West 19 of 25 declares, 9 tricks by the
# guide and 9 double dummy; spades 4-4) and board 2 (South 16 of 25; North 9).
pdftotext -raw mini2.pdf - 2>/dev/null | tr '\n' ' ' >m.txt
for want in "Points: NS 15 · EW 25 Declarer: West (19 HP) Guide: 25 HP → 9 tricks (3 NT)" \
    "With best play: 9 tricks in NT Distribution points: E 3 · W 1 Best fit: ♠ 8 cards" \
    "With best play: 11 tricks in ♠" "Points: NS 25 · EW 15 Declarer: South (16 HP)"; do
    grep -qF "$want" m.txt || { echo "minibridge: no \"$want\""; exit 1; }
done
# The same in German: Figurenpunkte, Alleinspieler, Richtwert, Stiche, SA, Nord-Süd as NS, OW.
pdftotext -raw de.pdf - 2>/dev/null | tr '\n' ' ' >de.txt
for want in "Punkte: NS 15 · OW 25 Alleinspieler: West (19 FP) Richtwert: 25 FP → 9 Stiche (3 SA)" \
    "Bei bestem Spiel: 9 Stiche in SA Verteilungspunkte: O 3 · W 1 Bester Fit: ♠ 8 Karten" \
    "Punkte: NS 25 · OW 15 Alleinspieler: Süd (16 FP)" "Teiler: Nord" "Gefahr: keine"; do
    grep -qF "$want" de.txt || { echo "minibridge --lang de: no \"$want\""; exit 1; }
done
"$PREDUP" print minibridge golden.pbn -o mini1.pdf --quiet >/dev/null
if pdftotext -raw mini1.pdf - 2>/dev/null | grep -q "Distribution\|fit"; then
    echo "stage 1 shows stage 2's lines"; exit 1
fi
# A 20-20 board: every hand one suit (10 points each).
printf '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n' >tt.pbn
"$PREDUP" print minibridge tt.pbn -o tt.pdf --stage 2 --quiet >/dev/null
pdftotext -raw tt.pdf - 2>/dev/null | tr '\n' ' ' | grep -qF "Points: NS 20 · EW 20 20–20: deal again"
if pdftotext -raw tt.pdf - 2>/dev/null | grep -q "Declarer"; then exit 1; fi
out=$("$PREDUP" print minibridge golden.pbn -o x.pdf --stage 3 2>&1) && exit 1
echo "$out" | grep -q -- "--stage"
[ ! -e x.pdf ]
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo "print_minibridge: ok"
