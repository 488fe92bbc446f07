# tests/cli/print_event_one_set_no_set_line.sh - "Satz: original" on every German page said
# nothing (issue 32, item 8): the PDFs of an event with one set print no set line (hand record,
# curtain cards, dealing sheet); an event of two sets prints it on each set's pages, and a set
# printed alone keeps it (it may be one of two).
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
text() { pdftotext -raw "$1" - 2>/dev/null | tr -d '\f'; }
printf '[event]\nname = Clubturnier\ndate = 2025.11.26\nsite = Bridgeclub\ndelayed_value = lottery\npublic_form = integer\nlanguage = de\n\n[set original]\nboards = 1\nformats = pbn\nprint = record,curtain,sheet\n' > one.conf
fixed_key one.key one
"$P" event commit one.conf --reuse-key > /dev/null
"$P" event public one.conf 5 > /dev/null
"$P" event deal one.conf > /dev/null
for k in record curtain sheet; do
    text one/original-$k.pdf > $k.txt
    grep -q 'Satz' $k.txt && { echo "one set, $k: $(grep Satz $k.txt | head -1)"; failed="$failed one-$k"; }
done
grep -q '^Seite 1/1$' record.txt || failed="$failed record-read"
grep -qx 'Clubturnier · 26.11.2025' curtain.txt || { grep Club curtain.txt | head -2; failed="$failed curtain-line"; }
sed 's/^\[set original\]$/[set original]/; $a\\n[set reserve]\nboards = 1\nformats = pbn\nprint = record' one.conf > two.conf
fixed_key two.key two
"$P" event commit two.conf --reuse-key > /dev/null
"$P" event public two.conf 5 > /dev/null
"$P" event deal two.conf > /dev/null
text two/original-record.pdf | grep -q 'Satz: original' || failed="$failed two-original"
text two/reserve-record.pdf | grep -q 'Satz: reserve' || failed="$failed two-reserve"
"$P" print record one/original.dd.pbn -o alone.pdf --lang de --quiet
text alone.pdf | grep -q 'Satz: original' || failed="$failed alone"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
