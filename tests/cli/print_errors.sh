#!/bin/sh
# tests/cli/print_errors.sh - bad input and hard text: impossible and partial deals, a missing
# font, an unwritable output and an unreadable set fail with a message naming the board or file
# and leave no PDF (nor temporary file) behind; 13-card suits, voids, a long UTF-8 event name
# with a character the font lacks, and long commentary print with nothing overlapping.
set -eu
. "$TOP/tests/lib_cli.sh" # fixed_key
D="$TOP/tests/data/printing"
fixed_key k.key k
"$PREDUP" deal --key k.key --boards 1-3 --quiet -o set.pbn

fails() { # fails PATTERN CMD...: CMD exits non-zero and its stderr matches PATTERN
    pat=$1
    shift
    if "$@" >out.txt 2>err.txt; then echo "succeeded: $*"; exit 1; fi
    grep -q -- "$pat" err.txt || { echo "no \"$pat\" in:"; cat err.txt; exit 1; }
}
no_pdf() {
    if ls | grep -q 'out\.pdf'; then echo "left behind:"; ls; exit 1; fi
}

# Board 2 with duplicated cards: the third hand replaced by the second.
awk '/^\[Board "2"\]/ { b = 1 } b && /^\[Deal / { split($0, h, " ")
     $0 = h[1] " " h[2] " " h[3] " " h[3] " " h[5]; b = 0 } { print }' set.pbn >dup.pbn
for kind in record curtain sheet; do
    fails "board 2: impossible deal" "$PREDUP" print $kind dup.pbn -o out.pdf
    no_pdf
done
fails "board 2: impossible deal" "$PREDUP" analyze dup.pbn -o dup2.pbn
[ ! -e dup2.pbn ]

# Board 3 with only North's hand given.
sed 's/^\[Deal "\([NESW]:[^ ]*\) .*"\]/[Deal "\1 - - -"]/' set.pbn >part.pbn
fails "board 1: the hand of .* is not given" "$PREDUP" print curtain part.pbn -o out.pdf
no_pdf

fails "font file /nonexistent/DejaVuSans.ttf" "$PREDUP" print sheet set.pbn -o out.pdf \
    --font-dir /nonexistent
no_pdf
fails "/nonexistent/out.pdf" "$PREDUP" print curtain set.pbn -o /nonexistent/out.pdf
fails "missing.pbn" "$PREDUP" print record missing.pbn -o out.pdf
no_pdf
fails "takes a4 or letter, not \"a5\"" "$PREDUP" print record set.pbn -o out.pdf --paper a5
fails "1, 2, 4, 6 or 9" "$PREDUP" print record set.pbn -o out.pdf --per-page 3
fails "set2.pbn is a pbn file's name: a PDF goes to OUT.pdf (-o), never under a set's name" \
    "$PREDUP" print record set.pbn -o set2.pbn
fails "out.dup is a dup file's name" "$PREDUP" print record set.pbn -o out.dup
no_pdf
[ ! -e set2.pbn ] && [ ! -e out.dup ] || { echo "FAIL: a PDF under a set's name"; exit 1; }
# No -o: beside the set, named for the kind.
"$PREDUP" print record set.pbn --quiet >out.txt || { echo "FAIL: print without -o"; exit 1; }
grep -qx 'set-record.pdf: record of [0-9]* boards' out.txt && [ -s set-record.pdf ] ||
    { echo "FAIL: no set-record.pdf: $(cat out.txt)"; exit 1; }
rm set-record.pdf

# Hard text: every card still there, the stand-in for the undrawable character, no overlap.
cp "$D/stress.pbn" stress.pbn
"$PREDUP" print record stress.pbn -o stress.pdf --quiet >/dev/null
pdftotext -raw stress.pdf - 2>warn.txt | tr -d '\f' >stress.txt
[ ! -s warn.txt ]
"$PREDUP" analyze stress.pbn --quiet >/dev/null
awk -f "$D/expect.awk" stress.pbn >want.txt
sh "$D/check_text.sh" want.txt stress.txt
grep -q "Łódź – Coupe d'hiver des clubs affiliés \[U+1F0A1\] avec" stress.txt
grep -q "^Zürich \[U+6F22\], 2025-03-03$" stress.txt
grep -q "^Par: 7♠= NS +1510$" stress.txt
grep -q "…$" stress.txt
grep -q "^_passt_und" stress.txt
sh "$D/no_overlap.sh" stress.pdf
"$PREDUP" print curtain stress.pbn -o stress-c.pdf >/dev/null
sh "$D/no_overlap.sh" stress-c.pdf
pdftotext -raw stress-c.pdf - | grep -q "^♠ A K Q J 10 9 8 7 6 5 4 3 2$"
"$PREDUP" print record stress.pbn -o stress-1.pdf --per-page 1 >/dev/null
sh "$D/no_overlap.sh" stress-1.pdf
pdftotext -raw stress-1.pdf - | grep -q "laborum\.$"
pdf_checked_all # every PDF made above passes qpdf and pdftotext
