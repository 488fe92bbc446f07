#!/bin/bash
# tests/cli/print_label.sh - the hand record and the dealing sheet print the whole set label
# from the Generator tag, spaces included ("Spring Pairs Sunday", not "Spring").
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
chmod 600 k.key
"$P" deal --key k.key --boards 1-4 --label "Spring Pairs Sunday" -o s.pbn
"$P" print record s.pbn -o r.pdf >/dev/null
"$P" print sheet s.pbn -o sh.pdf >/dev/null
pdftotext r.pdf - 2>/dev/null | grep -q 'Set: Spring Pairs Sunday'
pdftotext sh.pdf - 2>/dev/null | grep -q 'Set: Spring Pairs Sunday'
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
