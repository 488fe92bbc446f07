#!/bin/sh
# tests/cli/print_cards.sh - curtain cards and the dealing sheet of a 4-board set: one page
# per board of cards, every hand's cards spaced by suit, HCP and count, QR codes "BOARD SEAT
# HAND"; the sheet's 52 seat letters per board in spade-ace-to-club-two order.
set -eu
D="$TOP/tests/data/printing"
# A fixed key: the QR codes read below must not depend on a run's luck (issue 34).
printf '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed\n' >k.key
chmod 600 k.key
"$PREDUP" deal --key k.key --boards 1-4 --quiet -o set.pbn

"$PREDUP" print curtain set.pbn -o curtain.pdf >/dev/null
pdfinfo curtain.pdf | grep -q "^Pages: *4$"
pdftotext -raw curtain.pdf - 2>warn.txt | tr -d "\f" >cur.txt
[ ! -s warn.txt ]
awk -v spaced=1 -f "$D/expect.awk" set.pbn >want.txt
sh "$D/check_text.sh" want.txt cur.txt
[ "$(grep -c '^Board [0-9]* \(North\|East\|South\|West\)$' cur.txt)" -eq 16 ]
[ "$(grep -c '^[0-9]* HCP · 13 cards$' cur.txt)" -eq 16 ]
pdftoppm -r 150 -gray -png -f 1 -l 1 curtain.pdf card
for f in card*.png; do zbarimg --quiet --raw "$f" 2>/dev/null; done | sort >qr.txt
deal=$(sed -n 's/^\[Deal "\(.*\)"\].*/\1/p' set.pbn | head -1) # board 1 comes first
echo "$deal" | awk '{ split("N E S W", s, " "); f = substr($1, 1, 1); sub(/^.:/, "", $1)
    o = index("NESW", f) - 1
    for (i = 1; i <= 4; i++) print "1 " s[(o + i - 1) % 4 + 1] " " $i }' | sort >qr_want.txt
cmp qr.txt qr_want.txt

"$PREDUP" print sheet set.pbn -o sheet.pdf --paper letter >/dev/null
pdfinfo sheet.pdf | grep -q "^Pages: *1$"
pdftotext -raw sheet.pdf - 2>warn.txt | tr -d "\f" >sheet.txt
[ ! -s warn.txt ]
# Board 1's spade row: for each rank A..2, the seat holding it.
want=$(echo "$deal" | awk '{ split("N E S W", s, " "); f = index("NESW", substr($1, 1, 1)) - 1
    sub(/^.:/, "", $1); out = "♠"
    n = split("A K Q J T 9 8 7 6 5 4 3 2", rk, " ")
    for (r = 1; r <= n; r++)
        for (h = 1; h <= 4; h++) { split($h, su, "."); if (index(su[1], rk[r])) out = out " " s[(f + h - 1) % 4 + 1] }
    print out }')
awk '/^Board 1 /{b=1} b && /^♠/{print; exit}' sheet.txt >row.txt
[ "$(cat row.txt)" = "$want" ] || { echo "sheet row: $(cat row.txt) want $want"; exit 1; }
[ "$(grep -c '^Board [0-9]' sheet.txt)" -eq 4 ]
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
