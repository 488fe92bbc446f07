#!/bin/bash
# tests/cli/print_lang_spellings.sh - a language as people write it chooses the table: DE,
# de-CH, de_AT.UTF-8 print German (the primary subtag, any case); an event file's language =
# de-CH commits; a language predup does not print is refused naming those it does, exit 64.
set -u
. "$TOP/tests/lib_cli.sh"

fixed_key k.key k
"$PREDUP" deal --key k.key --boards 1-2 --quiet -o s.pbn >/dev/null || fail "deal"
# Analysed once, so that no print below solves the boards again: the language is the point.
"$PREDUP" analyze s.pbn --quiet >/dev/null || fail "analyze"
for l in DE de-CH de_AT.UTF-8 De; do
    "$PREDUP" print record s.pbn -o "$l.pdf" --lang "$l" --quiet >/dev/null || fail "--lang $l"
    pdftotext "$l.pdf" - | grep -q '^Teiler: ' || fail "--lang $l is not German"
done
for l in xx dee d; do
    exits 64 "$PREDUP" print record s.pbn -o x.pdf --lang "$l"
    grep -q "unknown language \"$l\": predup prints de, en, fr, nl, pl or sv" err.txt ||
        fail "--lang $l: $(cat err.txt)"
done
[ ! -e x.pdf ] || fail "a PDF for an unknown language"
