# tests/cli/event_commit_sets.sh - event commit says what it committed, one line a set (name,
# boards as written, how many, dealer and vulnerability rule), and a new event's set of one
# board must be written as a range (issue 32, item 2): "boards = 27", most often meant as 27
# boards, is refused (exit 65, nothing written) saying both spellings; "27-27" commits.
set -eu
P=$PREDUP
failed=""
printf '[event]\nname = Sets\ndate = 2025.01.01\ndelayed_value = lottery\npublic_form = integer\n\n[set main]\nboards = 27\n\n[set spare]\nboards = 1-3,7\ndealer = N\nvul = All\n' > ev.conf
rc=0; "$P" event commit ev.conf > out 2> err || rc=$?
[ "$rc" = 65 ] || failed="$failed one-board-exit:$rc"
grep -qxF 'predup event: error: ev.conf: [set main] boards = 27 is one board, board 27: for 27 boards write boards = 1-27; for that one board alone write boards = 27-27 (nothing was committed)' err ||
    { echo "one board: $(cat err)"; failed="$failed one-board"; }
[ ! -e ev.record ] && [ ! -e ev.key ] || failed="$failed one-board-wrote"
sed -i 's/^boards = 27$/boards = 27-27/' ev.conf
"$P" event commit ev.conf > out
sed -n 2,3p out > sets
printf '%s\n' '  set main: boards 27-27, 1 board, dealer and vulnerability by Law 2' \
    '  set spare: boards 1-3,7, 4 boards, dealer N, vulnerability All' | cmp - sets ||
    { echo "set lines:"; cat out; failed="$failed set-lines"; }
# Again: the same lines, from the record.
"$P" event commit ev.conf > out
sed -n 2,3p out | cmp - sets || failed="$failed again"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
