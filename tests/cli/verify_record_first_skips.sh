# tests/cli/verify_record_first_skips.sh - verify where newcomers land (issue 32, item 9):
# `verify NAME.record folder/*` leaves out what is no set (the PDFs, a folder) with a note and
# checks the sets (exit 0); an event file or a set given first is told what verify wants
# (exit 64): the record first, or the key.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
printf '[event]\nname = Club\ndate = 2025.01.01\ndelayed_value = lottery\npublic_form = integer\n\n[set a]\nboards = 1-2\nformats = pbn,dup\nprint = record\n' > ev.conf
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key > /dev/null
"$P" event public ev.conf 5 > /dev/null
"$P" event deal ev.conf > /dev/null
"$P" event reveal ev.conf > /dev/null
mkdir ev/old
rc=0; "$P" verify ev.record ev/* > out 2> err || rc=$?
[ "$rc" = 0 ] || failed="$failed glob-exit:$rc"
printf '%s\n' 'predup verify: note: ev/a-record.pdf is a PDF, not a set: skipped' \
    'predup verify: note: ev/old is a folder, not a set: skipped' | cmp - err ||
    { cat err; failed="$failed notes"; }
[ "$(grep -c 'all 2 boards match' out)" = 3 ] || { cat out; failed="$failed sets-checked"; }
says() { # says NAME TEXT ARGS...: verify ARGS exits 64 with stderr TEXT
    local name=$1 text=$2 rc=0
    shift 2
    "$P" verify "$@" > out 2> err || rc=$?
    [ "$rc" = 64 ] && [ "$(cat err)" = "$text" ] || { echo "FAIL $name: exit $rc: $(cat err)"; failed="$failed $name"; }
}
says conf 'predup verify: error: ev.conf is an event file: verify wants its record first, then the files: predup verify ev.record FILE...' ev.conf ev/a.pbn
says set 'predup verify: error: ev/a.pbn is a set: verify wants the event record first (predup verify NAME.record ev/a.pbn ...), or the key (predup verify --key FILE ev/a.pbn)' ev/a.pbn ev.record
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
