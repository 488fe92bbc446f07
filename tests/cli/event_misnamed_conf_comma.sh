# tests/cli/event_misnamed_conf_comma.sh - two places newcomers land in an event (issue 32, item
# 9): `event deal dienstag` (or dienstag/, or a step on "dienstag" before the folder exists)
# beside dienstag.conf names the event file (exit 64); a decimal comma in the public value
# ("4512,37", "4.512,37") is refused saying to use a point, with the value so written, and
# nothing is written to the record.
set -eu
P=$PREDUP
failed=""
says() { # says NAME CODE TEXT ARGS...: predup ARGS exits CODE, its stderr exactly TEXT
    local name=$1 code=$2 text=$3 rc=0
    shift 3
    "$P" "$@" > out 2> err || rc=$?
    [ "$rc" = "$code" ] && [ "$(cat err)" = "$text" ] ||
        { echo "FAIL $name: exit $rc: $(cat err)"; echo "  wanted: $text"; failed="$failed $name"; }
}
printf '[event]\nname = Dienstag\ndate = 2025.01.01\ndelayed_value = index\npublic_form = decimal 2\n\n[set a]\nboards = 1-2\nformats = pbn\n' > dienstag.conf
says before 64 "predup event: error: dienstag is no file; the event file is dienstag.conf: give that name" event commit dienstag
"$P" event commit dienstag.conf > /dev/null
cp dienstag.record committed.record
says comma 64 'predup event: error: the public value "4512,37" has a decimal comma: the form "decimal 2" writes a point and no thousands separator: use a point (4512.37)' event public dienstag.conf 4512,37
says german 64 'predup event: error: the public value "4.512,37" has a decimal comma: the form "decimal 2" writes a point and no thousands separator: use a point (4512.37)' event public dienstag.conf 4.512,37
cmp dienstag.record committed.record || failed="$failed record-written"
"$P" event public dienstag.conf 4512.37 > /dev/null
"$P" event deal dienstag.conf > /dev/null
says folder 64 "predup event: error: dienstag is a folder (an event's files are dealt into it); the event file is dienstag.conf: give that name" event deal dienstag
says slash 64 "predup event: error: dienstag/ is a folder (an event's files are dealt into it); the event file is dienstag.conf: give that name" event reveal dienstag/
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
