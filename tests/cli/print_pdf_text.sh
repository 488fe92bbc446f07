#!/bin/bash
# tests/cli/print_pdf_text.sh - text in every language comes back out of the PDFs: a set whose
# Event tag and commentary hold ß ø ł é ö å and the suit symbols is printed (record, curtain
# cards, sheet); each PDF passes qpdf --check and pdftotext without a warning (pdf_checked), each
# font's ToUnicode map is a real ToUnicode CMap (CMapType 2, bfrange), and pdftotext gives the
# exact words back. The same inputs give the same bytes.
set -eu
. "$TOP/tests/lib_cli.sh"
fixed_key k.key k
"$PREDUP" deal --key k.key --boards 1-2 --quiet -o plain.pbn
event='Straße Ørsted Łódź'
comment='Gåte für Émile: ♠ ♥ ♦ ♣ ß ø ł é ö å'
sed -e "s/^\[Event \"?\"\]/[Event \"$event\"]/" \
    -e "0,/^\[Board \"1\"\]/s//{$comment}\r\n&/" plain.pbn > set.pbn
grep -q "^{$comment}" set.pbn

for kind in record curtain sheet; do
    "$PREDUP" print "$kind" set.pbn -o "$kind.pdf" --quiet >/dev/null
done
pdf_checked record.pdf curtain.pdf sheet.pdf

# Each of the two fonts has a ToUnicode CMap of type 2, and nothing is left of libharu's map.
for kind in record curtain sheet; do
    qpdf --qdf --object-streams=disable "$kind.pdf" "$kind.qdf"
    [ "$(grep -ac '^/CMapType 2 def' "$kind.qdf")" = 2 ] || { echo "$kind: CMapType"; exit 1; }
    if grep -aq 'begincidrange\|/CMapType 1' "$kind.qdf"; then echo "$kind: old map"; exit 1; fi
    [ "$(grep -ac '^<0020> <00FF> <0020>$' "$kind.qdf")" = 2 ]
done

pdftotext -raw record.pdf record.txt
grep -qx "$event" record.txt || { echo "record title:"; head -3 record.txt; exit 1; }
grep -qx "$comment" record.txt || { echo "record commentary:"; grep -a Gåte record.txt; exit 1; }
grep -qx "Par: .*[♠♥♦♣N].*" record.txt
pdftotext -raw sheet.pdf sheet.txt
grep -qx "$event — dealing sheet" sheet.txt || { echo "sheet title:"; head -3 sheet.txt; exit 1; }
pdftotext -raw curtain.pdf curtain.txt
[ "$(grep -c '^♠ ' curtain.txt)" = 8 ] && [ "$(grep -c '^♣ ' curtain.txt)" = 8 ]

# Determinism: the mended file is the same bytes every time.
"$PREDUP" print record set.pbn -o again.pdf --quiet >/dev/null
cmp record.pdf again.pdf
echo ok
