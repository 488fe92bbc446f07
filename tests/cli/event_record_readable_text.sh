# tests/cli/event_record_readable_text.sh - the record is ASCII, and a club's name in it reads
# "Z\u{00FC}rich" (issue 32, item 8): every step that writes a record holding an escape writes
# NAME.record.txt beside it, the same lines with each escape as its character under a line
# saying so, kept up to date to the reveal; a record with no escape gets none.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
printf '[event]\nname = Bridgeclub Z\xc3\xbcrich \xe2\x80\x93 Dienstag\ndate = 2025.01.01\nsite = Z\xc3\xbcrich\ndelayed_value = lottery\npublic_form = integer\n\n[set a]\nboards = 1-2\nformats = pbn\n' > ev.conf
readable() { # the record as the .txt should read
    printf 'The readable text of ev.record: each \\u{XXXX} there is the character it names here. predup verify reads ev.record, not this file.\n\n'
    sed 's/\\u{00FC}/\xc3\xbc/g; s/\\u{2013}/\xe2\x80\x93/g' ev.record
}
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key > /dev/null
grep -qx 'event Bridgeclub Z\\u{00FC}rich \\u{2013} Dienstag' ev.record || failed="$failed record-ascii"
readable | cmp - ev.record.txt || { cat ev.record.txt; failed="$failed commit"; }
grep -qx "event Bridgeclub Z$(printf '\xc3\xbc')rich $(printf '\xe2\x80\x93') Dienstag" ev.record.txt || failed="$failed name"
"$P" event public ev.conf 5 > /dev/null
readable | cmp - ev.record.txt || failed="$failed public"
"$P" event deal ev.conf > /dev/null
"$P" event reveal ev.conf > /dev/null
readable | cmp - ev.record.txt || failed="$failed reveal"
grep -q '^key ' ev.record.txt || failed="$failed reveal-key"
rm ev.record.txt
"$P" event reveal ev.conf > /dev/null   # nothing new in the record: the text written again
readable | cmp - ev.record.txt || failed="$failed rewritten"
# ASCII only: the record reads as it is, no second file
printf '[event]\nname = Club\ndelayed_value = lottery\npublic_form = integer\n\n[set a]\nboards = 1-2\n' > plain.conf
"$P" event commit plain.conf > /dev/null
[ ! -e plain.record.txt ] || failed="$failed plain"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
