# tests/cli/event_conf_errors.sh - a bad event file: one line "file:line:col: error: ..." with a
# did-you-mean for a misspelt section or key, exit 65, and nothing written (no key, no record).
set -eu
P=$PREDUP
failed=""
# expect NAME PATTERN : `event commit NAME.conf` fails with exit 65 and PATTERN, writes nothing
expect() {
    rc=0; "$P" event commit "$1.conf" > out 2> err || rc=$?
    if [ "$rc" != 65 ] || ! grep -q "$2" err || [ -e "$1.key" ] || [ -e "$1.record" ]; then
        echo "FAIL $1: exit $rc (wanted 65), wanted \"$2\" in:"; cat err; ls; failed="$failed $1"
    fi
}
good='[event]
name = Club night
[set original]
boards = 1-24'

printf '%s\nbaords = 1-36\n' "$good" > key.conf
expect key 'key.conf:5:1: error: unknown key "baords" in a \[set\] (did you mean "boards"?)'
printf '[evnt]\nname = x\n' > section.conf
expect section 'section.conf:1:2: error: unknown section \[evnt\] (did you mean "event"?)'
printf '[sets original]\nboards = 1\n' > setsec.conf
expect setsec 'setsec.conf:1:2: error: unknown section \[sets original\] (did you mean "set"?)'
printf '[event]\nnmae = x\n' > evkey.conf
expect evkey 'evkey.conf:2:1: error: unknown key "nmae" in \[event\] (did you mean "name"?)'
printf '%s\n' "$good" | sed 's/^boards = 1-24$/boards = 0-5/' > boards.conf
expect boards 'boards.conf:4:10: error: bad board range "0-5"'
printf '%s\nvul = Both\n' "$good" > vul.conf
expect vul 'vul.conf:5:7: error: vul wants None, NS, EW or All, not "Both"'
printf '%s\ndealer = X\n' "$good" > dealer.conf
expect dealer 'dealer.conf:5:10: error: dealer wants N, E, S or W, not "X"'
printf '%s\nformats = pbn,pdf\n' "$good" > formats.conf
expect formats 'formats.conf:5:11: error: formats: "pdf" is not one of them'
printf '%s\nprint = record,curtains\n' "$good" > print.conf
expect print 'print.conf:5:9: error: print: "curtains" is not one of them (record, curtain, sheet, handout, minibridge, web)'
printf '%s\ncopies = 0\n' "$good" > copies.conf
expect copies 'copies.conf:5:10: error: copies wants a number from 1 to 16, not "0"'
printf '[event]\nname = x\ndate = 23/11/2026\n' > date.conf
expect date 'date.conf:3:8: error: date wants YYYY.MM.DD, not "23/11/2026"'
printf '[event]\nname = x\n' > noset.conf
expect noset 'noset.conf: no \[set NAME\] section'
printf '[set a]\nboards = 1\n' > noname.conf
expect noname 'noname.conf: \[event\] needs name = ...'
printf '[event]\nname = x\n[set a/b]\n[set c]\nboards = 1\n' > slash.conf
expect slash 'slash.conf:3:2: error: set name: character 2 is U+002F SOLIDUS; a set name is a lower-case letter'
printf '[event]\nname = x\n[set a]\nboards = 1\nnot an ini line\n' > syntax.conf
expect syntax 'syntax.conf:5:1: error: not an INI line'
printf '[event]\nname = x\n[set a]\nboards = 1\x00\n' > nul.conf
expect nul 'nul.conf:4: error: a NUL byte (byte 36): not a text file'
printf '%s\nscript = missing.dl\n' "$good" > script.conf
rc=0; "$P" event commit script.conf 2> err || rc=$?
[ "$rc" = 74 ] && grep -q "missing.dl: cannot open" err && [ ! -e script.key ] || failed="$failed script"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
