#!/bin/bash
# tests/cli/print_boards_reprint.sh - reprint what was lost: print --boards LIST and convert --boards
# LIST keep only those boards, identified as the first time (board numbers, set label: a
# reprinted curtain card page is the very page of the full print); a board the file lacks is an
# error naming it and the file's boards, and leaves no file behind.
set -eu
. "$TOP/tests/lib_cli.sh"
P=$PREDUP
fixed_key k.key k
"$P" deal --key k.key --boards 1-12 --label "Sunday B" --event "Club Pairs" --quiet -o set.pbn

# One lost curtain card page: the same pixels and words as page 7 of the whole print.
"$P" print curtain set.pbn -o all.pdf --quiet >/dev/null
"$P" print curtain set.pbn -o seven.pdf --boards 7 --quiet >out
grep -qx 'seven.pdf: curtain of 1 board' out
pdfinfo seven.pdf | grep -q '^Pages: *1$'
pdftoppm -r 40 -gray -png -f 7 -l 7 -singlefile all.pdf page7
pdftoppm -r 40 -gray -png -singlefile seven.pdf again7
[ "$(compare -metric AE page7.png again7.png null: 2>&1)" = 0 ] || { echo "page 7 differs"; exit 1; }
pdftotext -raw -f 7 -l 7 all.pdf page7.txt
pdftotext -raw seven.pdf again7.txt
cmp page7.txt again7.txt
grep -qx 'Board 7 North' again7.txt

# A section's hand records: the boards asked for, in order, each with its number and the label.
"$P" print record set.pbn -o rec.pdf --boards 10,1-3 --quiet >/dev/null
pdftotext -raw rec.pdf rec.txt
[ "$(grep '^Board [0-9]*$' rec.txt | paste -sd' ')" = "Board 1 Board 2 Board 3 Board 10" ] ||
    { grep '^Board ' rec.txt; exit 1; }
grep -qx 'Set: Sunday B' rec.txt
"$P" print sheet set.pbn -o sheet.pdf --boards 12 >/dev/null
pdftotext -raw sheet.pdf - | grep -q '^Board 12\b'
if pdftotext -raw sheet.pdf - | grep -q '^Board 1\b'; then echo "sheet: board 1 printed"; exit 1; fi

# A board the file lacks: named, with the file's boards; nothing written.
if "$P" print record set.pbn -o lost.pdf --boards 7,40 2>err; then exit 1; else rc=$?; fi
[ "$rc" = 64 ]
grep -qx 'predup print: error: --boards 7,40: board 40 is not in set.pbn, which holds boards 1-12' err
"$P" convert set.pbn part.pbn --boards 1-4,9 >/dev/null
if "$P" print curtain part.pbn -o lost.pdf --boards 5 2>err; then exit 1; fi
grep -qx 'predup print: error: --boards 5: board 5 is not in part.pbn, which holds boards 1-4,9' err
if "$P" print curtain set.pbn -o lost.pdf --boards 2-x 2>err; then exit 1; fi
grep -q 'bad board range "2-x"' err
[ ! -e lost.pdf ]

# convert --boards: the chosen games, in export format, and check passes.
[ "$(tr -d '\r' < part.pbn | grep '^\[Board ' | paste -sd' ')" = '[Board "1"] [Board "2"] [Board "3"] [Board "4"] [Board "9"]' ]
head -2 part.pbn | tr -d '\r' | paste -sd' ' | grep -qx '% PBN 2.1 % EXPORT'
"$P" check part.pbn >/dev/null
grep -a '^\[Board "9"\]' -A8 part.pbn | tr -d '\r' > b9.txt
grep -a '^\[Board "9"\]' -A8 set.pbn | tr -d '\r' | cmp - b9.txt
"$P" convert set.pbn part.dup --boards 1-3 >/dev/null
"$P" convert part.dup - | tr -d '\r' | grep -c '^\[Board ' | grep -qx 3
if "$P" convert set.pbn none.pbn --boards 13 2>err; then exit 1; fi
grep -qx 'predup convert: error: --boards 13: board 13 is not in set.pbn, which holds boards 1-12' err
[ ! -e none.pbn ]
pdf_checked all.pdf seven.pdf rec.pdf sheet.pdf
echo ok
