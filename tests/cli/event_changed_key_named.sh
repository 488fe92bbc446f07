# tests/cli/event_changed_key_named.sh - an event file changed after the commit is refused
# naming the key (as the event file spells it), its set, both values and the record line, not
# only "record line 9 differs" (issue 32, item 5); what only says what to make of the deals
# (formats, print, machine, copies) may change.
set -eu
P=$PREDUP
failed=""
printf '[event]\nname = Club\ndate = 2025.01.01\ndelayed_value = lottery\npublic_form = integer\n\n[set a]\nboards = 1-2\nformats = pbn\n' > ev.conf
"$P" event commit ev.conf > /dev/null
"$P" event public ev.conf 5 > /dev/null
cp ev.conf committed.conf
refused() { # refused NAME TEXT: event deal refuses ev.conf (exit 1) saying TEXT
    rc=0; "$P" event deal ev.conf > out 2> err || rc=$?
    want="predup event: error: ev.conf differs from ev.record: $2; the deals are committed (put it back, or commit a new event under another name)"
    if [ "$rc" != 1 ] || [ "$(cat err)" != "$want" ] || [ -e ev ]; then
        echo "FAIL $1: exit $rc"; echo " said: $(cat err)"; echo "wanted: $want"; failed="$failed $1"
    fi
    cp committed.conf ev.conf
}
sed -i 's/^boards = 1-2$/boards = 2/' ev.conf
refused boards '[set a] boards = "1-2" committed, "2" now (record line 10)'
sed -i 's/^name = Club$/name = Caf\xc3\xa9/' ev.conf
refused name 'name = "Club" committed, "Caf\u{00E9}" now (record line 4)'
sed -i 's/^delayed_value = lottery$/delayed_value = the lottery/' ev.conf
refused delayed 'delayed_value = "lottery" committed, "the lottery" now (record line 7)'
printf 'vul = All\n' >> ev.conf
refused vul '[set a] vul = "law2" committed, "All" now (record line 13)'
printf '\n[set b]\nboards = 1-2\n' >> ev.conf
refused set-added '[set b] is new, not committed (record line 14)'
# formats, print, copies: not committed, they may change
sed -i 's/^formats = pbn$/formats = pbn,dup\nprint = record/' ev.conf
"$P" event deal ev.conf > out 2> err || { echo "formats refused: $(cat err)"; failed="$failed formats"; }
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
