#!/bin/bash
# tests/cli/print_lang_event.sh - an event's language (language = in [event]): committed in
# the record and its digest, its PDFs printed in it (hand record, curtain cards of the
# original and the reserve set, each card saying where it belongs); an unknown language is
# refused at commit with the list and nothing is written; a record whose language line was
# changed no longer matches its digest; an event file changed after the commit is refused.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
KNOWN_WARNING="/^Syntax Warning: Invalid 'begincidrange' operator in ToUnicode CMap\$/d"
conf() { # LANGUAGE: ev.conf in that language
    cat > ev.conf <<CONF
[event]
name = Clubturnier Zürich
date = 2026.11.26
site = Bridgeclub
delayed_value = the first prize number of the national lottery on 2026-11-25
public_form = integer
language = $1

[set original]
boards = 1-2
formats = pbn
print = record,curtain

[set reserve]
boards = 1-2
print = curtain
CONF
}

conf xx
rc=0; "$P" event commit ev.conf 2>err || rc=$?
[ "$rc" = 65 ]
grep -qxF 'predup event: ev.conf:7:12: error: unknown language "xx": predup prints de, en, fr, nl, pl or sv' err
[ ! -e ev.record ] && [ ! -e ev.key ]

conf de
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key >/dev/null
grep -qx 'language de' ev.record
digest=$(sed -n 's/^digest //p' ev.record)
[ "$digest" = "$(head -n -1 ev.record | sha256sum | cut -d' ' -f1)" ]
"$P" event public ev.conf 4711 >/dev/null

# The record commits to the language: changed, it no longer matches its digest, and a changed
# event file is refused naming the line.
sed 's/^language de$/language fr/' ev.record >forged.record
rc=0; "$P" verify forged.record 2>err || rc=$?
[ "$rc" = 1 ]
grep -q "forged.record: digest .* does not match the parameters above it" err
# The event file cannot change it after the commit either.
cp ev.conf de.conf
conf fr
rc=0; "$P" event deal ev.conf 2>err || rc=$?
[ "$rc" != 0 ] && grep -q 'ev.conf differs from ev.record: language = "de" committed, "fr" now (record line 9)' err
cp de.conf ev.conf

"$P" event deal ev.conf >/dev/null
for f in ev/original-record.pdf ev/original-curtain.pdf ev/reserve-curtain.pdf; do
    pdftotext -raw "$f" - 2>warn.txt | tr -d '\f' >"${f//\//-}.txt"
    sed -i "$KNOWN_WARNING" warn.txt
    [ ! -s warn.txt ]
done
grep -q '^Teiler: ' ev-original-record.pdf.txt
grep -q '^Gefahr: ' ev-original-record.pdf.txt
grep -q '^Seite 1/1$' ev-original-record.pdf.txt
grep -q 'Bridgeclub, 26.11.2026 Satz: original' ev-original-record.pdf.txt
[ "$(grep -cx 'Clubturnier Zürich · 26.11.2026 · Satz: original' ev-original-curtain.pdf.txt)" -eq 8 ]
[ "$(grep -cx 'Clubturnier Zürich · 26.11.2026 · Satz: reserve' ev-reserve-curtain.pdf.txt)" -eq 8 ]
[ "$(grep -cx 'RESERVE' ev-reserve-curtain.pdf.txt)" -eq 8 ]
! grep -q 'RESERVE' ev-original-curtain.pdf.txt || exit 1
pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo "print_lang_event: ok"
