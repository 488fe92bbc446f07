#!/bin/bash
# tests/cli/read_windows_1252.sh - scorers on Windows write Windows-1252, not ISO 8859-1: a file
# that is not UTF-8 has its bytes 0x80-0x9F read as Windows-1252 (– „ “ ” … € in a club's event
# name and notes), in PBN and in the other formats' text (DLM's headline), and nothing is
# dropped: a byte Windows-1252 leaves undefined (0x81) stays, as U+0081, shown escaped.
set -u
. "$TOP/tests/lib_cli.sh"

# "Club – Herbst „Paar“ … 5 €" and a comment "Léa’s notes" in Windows-1252 bytes.
ev=$'Club \x96 Herbst \x84Paar\x93 \x85 5 \x80'
printf '[Event "%s"]\r\n[Site "x"]\r\n[Date "2026.11.27"]\r\n[Board "1"]\r\n' "$ev" >w.pbn
printf '[West ""]\r\n[North ""]\r\n[East ""]\r\n[South ""]\r\n[Dealer "N"]\r\n' >>w.pbn
printf '[Vulnerable "None"]\r\n' >>w.pbn
printf '[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]\r\n' >>w.pbn
printf '[Scoring ""]\r\n[Declarer ""]\r\n[Contract ""]\r\n[Result ""]\r\n{L\xe9a\x92s notes}\r\n' >>w.pbn

"$PREDUP" convert w.pbn w.lin >/dev/null 2>&1 || fail "convert to LIN"
grep -q 'Club – Herbst „Paar“ … 5 €' w.lin || fail "LIN: $(cat -v w.lin)"
"$PREDUP" print record w.pbn -o w.pdf --quiet >/dev/null || fail "print"
pdftotext w.pdf - | grep -q 'Club – Herbst „Paar“ … 5 €' || fail "PDF: $(pdftotext w.pdf - | head -3)"
# PBN to PBN keeps the file's bytes (no change asked); read again, it says the same.
"$PREDUP" convert w.pbn u.pbn >out.txt 2>&1 || fail "convert to PBN: $(cat out.txt)"
grep -q '(read as Windows-1252, not UTF-8)' out.txt || fail "note: $(cat out.txt)"
"$PREDUP" convert u.pbn u.lin >/dev/null 2>&1 || fail "convert back to LIN"
cmp -s w.lin u.lin || fail "PBN round trip: $(cat -v u.lin)"

# DLM's headline, read back: the same decoder.
"$PREDUP" convert w.pbn w.dlm >/dev/null 2>&1 || fail "convert to DLM"
grep -q "Headline=Club – Herbst" w.dlm || fail "DLM written: $(cat -v w.dlm | head -3)"
printf '[Document]\r\nHeadline=Kreis \x96 \x80 \x81\r\n' >h.dlm
sed -n '3,$p' w.dlm >>h.dlm
"$PREDUP" convert h.dlm h.pbn >/dev/null 2>err.txt || fail "DLM: $(cat err.txt)"
grep -q 'Kreis – € ' h.pbn || fail "DLM headline: $(grep Event h.pbn | cat -v)"
grep -q $'Kreis – € \xc2\x81' h.pbn || fail "0x81 dropped: $(grep Event h.pbn | cat -v)"
