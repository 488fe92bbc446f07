# tests/cli/event_deal_rerun_unchanged.sh - event deal run again on the same deals says so and
# solves nothing again (issue 32, item 11): the set "unchanged", the analysis NAME.dd.pbn kept
# ("analysis unchanged", no "analyzed" line, its bytes as before); without NAME.dd.pbn the
# rerun analyses again, and a first deal says "written".
# (3 boards: every one the first deal and the rerun without NAME.dd.pbn solve is libdds's work.)
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
printf '[event]\nname = Rerun\ndate = 2025.01.01\ndelayed_value = lottery\npublic_form = integer\n\n[set a]\nboards = 1-3\nformats = pbn,dup\nprint = record\n' > ev.conf
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key > /dev/null
"$P" event public ev.conf 5 > /dev/null
"$P" event deal ev.conf > first
grep -qx 'ev/a.pbn: set "a", 3 boards written (pbn,dup)' first || failed="$failed first"
grep -qx 'analyzed 3 boards (3 solved, 0 already done): ev/a.dd.pbn' first || failed="$failed first-analysis"
cp ev/a.dd.pbn dd.before
"$P" event deal ev.conf > again
printf '%s\n' 'ev/a.pbn: set "a", 3 boards unchanged (pbn,dup)' \
    'ev/a.dd.pbn: analysis unchanged (the same deals)' 'ev/a-record.pdf: record of 3 boards' |
    cmp - again || { echo "rerun said:"; cat again; failed="$failed rerun"; }
cmp ev/a.dd.pbn dd.before || failed="$failed dd-bytes"
rm ev/a.dd.pbn
"$P" event deal ev.conf > third
grep -qx 'ev/a.pbn: set "a", 3 boards unchanged (pbn,dup)' third || failed="$failed third-set"
grep -qx 'analyzed 3 boards (3 solved, 0 already done): ev/a.dd.pbn' third ||
    { cat third; failed="$failed reanalysed"; }
cmp ev/a.dd.pbn dd.before || failed="$failed dd-again"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
