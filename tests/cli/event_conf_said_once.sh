# tests/cli/event_conf_said_once.sh - an event file says each thing once: a key given twice in
# a section, a section given twice, or a key continued on an indented line (libinih joins it to
# the key above) is refused at commit with its line, and nothing is written. Before, the last
# value won silently: `boards = 1-4` then `boards = 1-8` committed 1-8, and a second
# [set original] replaced the first one's keys.
set -eu
P=$PREDUP
failed=""
refuse() { # refuse NAME LINE:COL MESSAGE: event commit must refuse ev.conf so, writing nothing
    rc=0; "$P" event commit ev.conf > out 2> err || rc=$?
    if [ "$rc" != 65 ] || ! grep -qF "ev.conf:$2: error: $3" err || [ -e ev.record ] || [ -e ev.key ]; then
        echo "FAIL $1: exit $rc"; cat out err; failed="$failed $1"
    fi
    rm -f ev.record ev.key
}
head='[event]
name = Duplicates
public_form = integer
delayed_value = the first number drawn in the lottery on 2026.11.22'
printf '%s\n[set original]\nboards = 1-4\nboards = 1-8\n' "$head" > ev.conf
refuse key-twice 7:1 "boards is given twice in this section"
printf '%s\n[set original]\nboards = 1-4\n[set reserve]\nboards = 1-2\n[set original]\nformats = pbn\n' "$head" > ev.conf
refuse section-twice 9:2 "[set original] is given twice"
printf '%s\n[set original]\nboards = 1-4\n    ,9-12\n' "$head" > ev.conf
refuse continued 7:5 "boards is given twice in this section (or continued on an indented line)"
printf '[event]\nname = Duplicates\n[event]\npublic_form = integer\ndelayed_value = d\n[set original]\nboards = 1-4\n' > ev.conf
refuse event-twice 3:2 "[event] is given twice"
printf '%s\nname = Other\n[set original]\nboards = 1-4\n' "$head" > ev.conf
refuse event-key-twice 5:1 "name is given twice in this section"
# The same key in two sets is no repeat.
printf '%s\n[set original]\nboards = 1-4\n[set reserve]\nboards = 1-4\n' "$head" > ev.conf
"$P" event commit ev.conf > /dev/null || failed="$failed two-sets"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
echo ok
