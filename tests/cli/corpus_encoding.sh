#!/bin/bash
# tests/cli/corpus_encoding.sh - the encoding policy of pbn/FORMATS.md: a PBN that is not UTF-8
# is read as Windows-1252 (ISO 8859-1 but for 0x80-0x9F) and held as UTF-8, so its names print
# right (the PDF shows Chorzów, not Chorz?w); a PBN predup writes from scratch is ISO 8859-1 where the text fits, so it
# passes predup check under its "% EXPORT" line; a Latin-1 file stays Latin-1 when rewritten.
set -u
fail() { echo "FAIL: $*"; exit 1; }

printf '[Event "Turniej Chorz\xf3w"]\r\n[Site "Caf\xe9 \xd6rebro"]\r\n[Board "1"]\r\n' >l1.pbn
printf '[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]\r\n' >>l1.pbn
"$PREDUP" print record l1.pbn -o r.pdf --quiet >/dev/null 2>&1 || fail "print record"
pdftotext r.pdf - | grep -q "Turniej Chorzów" || fail "Latin-1 event not in the PDF: $(pdftotext r.pdf - | head -3)"

"$PREDUP" convert l1.pbn copy.pbn >out.txt || fail "convert"
grep -q "(read as Windows-1252, not UTF-8)" out.txt || fail "encoding not reported: $(cat out.txt)"
cmp -s l1.pbn copy.pbn || fail "Latin-1 PBN->PBN not byte for byte"
"$PREDUP" analyze l1.pbn --quiet >/dev/null || fail "analyze"
grep -aq $'^\\[Event "Turniej Chorz\xf3w"\\]\r$' l1.pbn || fail "the Latin-1 file is no longer Latin-1"
grep -aq $'^\\[DoubleDummyTricks "[0-9a-f]*"\\]\r$' l1.pbn || fail "CRLF file: added tags not in CRLF"

"$PREDUP" key new k.key >/dev/null
"$PREDUP" deal --key k.key --boards 1-2 --event "Café Pairs" --quiet -o s.pbn >/dev/null || fail "deal"
grep -aq $'^\\[Event "Caf\xe9 Pairs"\\]\r$' s.pbn || fail "deal did not write ISO 8859-1: $(grep -a Event s.pbn | head -1 | od -c | head -2)"
"$PREDUP" check s.pbn >/dev/null || fail "deal's export fails check: $("$PREDUP" check s.pbn)"
# DLM keeps the event as its headline (a Windows INI file: ISO 8859-1), both ways.
"$PREDUP" convert s.pbn s.dlm >/dev/null 2>&1 || fail "convert to dlm"
grep -aq $'^Headline=Caf\xe9 Pairs\r$' s.dlm || fail "DLM headline: $(grep -a Headline s.dlm)"
"$PREDUP" convert s.dlm back.pbn >/dev/null || fail "DLM back"
grep -aq $'^\\[Event "Caf\xe9 Pairs"\\]\r$' back.pbn || fail "DLM headline not read back"
. "$TOP/tests/lib_cli.sh"; pdf_checked_all || fail "a PDF fails qpdf or pdftotext" # every PDF made above passes qpdf and pdftotext
echo "encoding: Latin-1 read, printed and kept; export written in ISO 8859-1"
