#!/bin/sh
# tests/cli/print_record.sh - `predup analyze` and `predup print record` on a 4-board set:
# the analysis tags land in the PBN and match libdds's table order, the PDF shows every card of
# every hand, the double-dummy rows and par of the PBN, embeds its fonts, makes poppler print no
# warning, has the right page count, and each QR code decodes to its board, dealer,
# vulnerability and deal.
# cli: slow - libdds solves the set bare and analysed, and the PDF is read back
set -eu
D="$TOP/tests/data/printing"
# A fixed key, not a new one: the QR codes below must read whatever the run (issue 34). Every
# record code is version 4 whatever the deal; tests/bench_qr.sh reads them over random keys.
printf '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed\n' >k.key
chmod 600 k.key
"$PREDUP" deal --key k.key --boards 1-4 --event "Club Pairs" --quiet -o set.pbn

# analyze: every board gets the four tags; a second run solves nothing.
"$PREDUP" analyze set.pbn -o an.pbn --quiet >out.txt
grep -q "analyzed 4 boards (4 solved" out.txt
[ "$(grep -c '^\[DoubleDummyTricks "[0-9a-d]\{20\}"\]' an.pbn)" -eq 4 ]
[ "$(grep -c '^\[OptimumScore "\(NS\|EW\) [0-9]*"\]' an.pbn)" -eq 4 ]
[ "$(grep -c '^\[ParContract "' an.pbn)" -eq 4 ]
[ "$(grep -c '^\[OptimumResultTable "' an.pbn)" -eq 4 ]
# The tables and par equal libdds's own for the same deals, dealers and vulnerabilities.
${CC:-cc} -O2 -o rawdds "$D/rawdds.c" -ldds
# rawdds is the reference: the real libdds, never make check's memo (tests/dds_memo.c).
awk -f "$D/dds_input.awk" set.pbn | env -u LD_LIBRARY_PATH ./rawdds | tail -n +2 >dds.txt
awk -v answers=1 -f "$D/dds_input.awk" an.pbn >ours.txt
[ "$(wc -l <dds.txt)" -eq 4 ]
cmp dds.txt ours.txt
"$PREDUP" analyze an.pbn -o an2.pbn --quiet >out.txt
grep -q "(0 solved" out.txt
cmp an.pbn an2.pbn

# The record from the analysed set, and from the bare set (analysed on the way): the same bytes.
"$PREDUP" print record an.pbn -o record.pdf --quiet >/dev/null
"$PREDUP" print record set.pbn -o record2.pdf --quiet >/dev/null
cmp record.pdf record2.pdf

pdftotext -raw record.pdf rec.txt 2>warn.txt
[ ! -s warn.txt ] || { cat warn.txt; exit 1; }
awk -f "$D/expect.awk" an.pbn >want.txt
sh "$D/check_text.sh" want.txt rec.txt
grep -q "^Key commitment (SHA-256): $(sed -n 's/.*commitment=\([0-9a-f]*\).*/\1/p' an.pbn | head -1)$" rec.txt
grep -q "^Club Pairs$" rec.txt

# The checker fails when a card is missing (test the test).
sed 's/^H ♠ \(.*\)/H ♠ \1 X/' want.txt >bad.txt
if sh "$D/check_text.sh" bad.txt rec.txt >/dev/null; then exit 1; fi

pdffonts record.pdf >fonts.txt 2>warn.txt
[ ! -s warn.txt ]
[ "$(grep -c 'CID TrueType *Identity-H *yes yes yes' fonts.txt)" -eq 2 ]
pdfinfo record.pdf | grep -q "^Pages: *1$"

# Every QR code decodes to its board's deal.
pdftoppm -r 150 -gray -png record.pdf page 2>warn.txt
[ ! -s warn.txt ]
# Each code holds "board dealer VUL deal" on one line.
for f in page*.png; do zbarimg --quiet --raw "$f" 2>/dev/null; done | sort >qr.txt
sed -n 's/^Q //p' want.txt | sort >qr_want.txt
cmp qr.txt qr_want.txt

# Page counts for the other layouts and options; makeable contracts instead of the grid.
"$PREDUP" print record an.pbn -o r1.pdf --per-page 1 --paper letter --no-qr >/dev/null
pdfinfo r1.pdf | grep -q "^Pages: *4$"
pdfinfo r1.pdf | grep -q "^Page size: *612 x 792"
"$PREDUP" print record an.pbn -o r2.pdf --per-page 2 --dd makeable >/dev/null
pdfinfo r2.pdf | grep -q "^Pages: *2$"
pdftotext -raw r2.pdf r2.txt
grep -q "^NS" r2.txt
grep -q "^EW" r2.txt
if grep -q "^NT ♠ ♥ ♦ ♣$" r2.txt; then exit 1; fi
grep -q "^NT ♠ ♥ ♦ ♣$" rec.txt
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
