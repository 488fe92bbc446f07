#!/bin/bash
# tests/cli/print_practice_title.sh - practice deals from a dealer script (printpbn writes Event
# "Hand simulated by predup dealer with file ..., seed ..." and Site "-", as Debian's dealer
# does) print under the language's word for practice deals, never the English sentence, and
# with no "-" for a site; a real event's name and site print as they are.
set -u
. "$TOP/tests/lib_cli.sh"

printf 'condition hcp(north) >= 20\nproduce 2\naction printpbn\n' >p.dl
"$PREDUP" dealer -s 1 p.dl >p.pbn || fail "dealer"
grep -q '^\[Event "Hand simulated by predup dealer' p.pbn || fail "printpbn's Event: $(head -2 p.pbn)"
# Analysed once, so that none of the prints below solves the boards again: titles are the point.
"$PREDUP" analyze p.pbn --quiet >/dev/null || fail "analyze"
for l in de:Übungsspiele en:'Practice deals' fr:"Donnes d'entraînement" sv:Träningsgivar; do
    "$PREDUP" print record p.pbn -o "${l%%:*}.pdf" --lang "${l%%:*}" --quiet >/dev/null ||
        fail "print --lang ${l%%:*}"
    t=$(pdftotext "${l%%:*}.pdf" - | head -8)
    grep -qx "${l#*:}" <<<"$t" || fail "${l%%:*} title: $t"
    grep -q 'simulated' <<<"$t" && fail "${l%%:*}: the English sentence is printed: $t"
    grep -q '^- *,\|^-$' <<<"$t" && fail "${l%%:*}: a '-' site: $t"
done
sed 's/^\[Event .*/[Event "Clubabend"]/; s/^\[Site .*/[Site "Bonn"]/' p.pbn >c.pbn
"$PREDUP" print record c.pbn -o c.pdf --lang de --quiet >/dev/null || fail "print c.pbn"
pdftotext c.pdf - | grep -qx 'Clubabend' || fail "event name"
pdftotext c.pdf - | grep -q '^Bonn, 27\.11\.2026$\|^Bonn, [0-9.]*$' || fail "site: $(pdftotext c.pdf - | head)"
pdf_checked_all || fail "a PDF fails qpdf or pdftotext"
