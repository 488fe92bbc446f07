#!/bin/bash
# tests/cli/fill_prompt_answers.sh - the fill prompt at a terminal (issue 32, item 3; issue 29,
# item 14): type-ahead (a second Enter pressed before the next prompt is shown) answers
# nothing, since pending input is thrown away before each prompt; only Enter, y or j (ja)
# means done and only q, n or s (nein, stop) stops (exit 75); anything else is asked again.
set -eu
P=$PREDUP
export P
. "$TOP/tests/lib_cli.sh"
set_dealt 1-3
cp "$TOP/tests/data/machine/exact.conf" exact.conf

# wait_text TEXT FILE: up to 20 s for TEXT (a fixed string) in FILE.
wait_text() {
    for _ in $(seq 200); do grep -qF -- "$1" "$2" 2>/dev/null && return 0; sleep 0.1; done
    echo "never saw '$1':"; cat "$2"; exit 1
}

mkfifo answers
exec 3<>answers # held open: the prompt waits instead of reading end of file
script -qec '"$P" fill set.pbn --machine exact.conf' /dev/null <answers >tty.txt 2>&1 &
spid=$!
wait_text 'board 1: insert board 1' tty.txt
printf '\n\n' >&3 # two Enters at once: the second must not answer board 2's prompt
wait_text 'board 2: insert board 2' tty.txt
sleep 1
if grep -q '^begin 1 2 ' set.pbn.sim-journal; then
    echo "type-ahead answered board 2's prompt:"; cat tty.txt; exit 1
fi
printf 'nein, bitte\n' >&3 # neither done nor stop: asked again
wait_text '[Enter or y when done, q or n to stop]' tty.txt
sleep 0.5
if grep -q '^begin 1 2 ' set.pbn.sim-journal; then
    echo "'nein, bitte' was taken as done:"; cat tty.txt; exit 1
fi
printf 'j\n' >&3 # ja: done
for _ in $(seq 200); do grep -q '^good 1 2 ' set.pbn.sim-journal && break; sleep 0.1; done
grep -q '^good 1 2 ' set.pbn.sim-journal || { echo "j did not answer done:"; cat tty.txt; exit 1; }
wait_text 'board 3: insert board 3' tty.txt
printf 'n\n' >&3 # n: stop, not done
rc=0; wait "$spid" || rc=$?
exec 3>&-
[ "$rc" = 75 ] || { echo "n at a prompt: exit $rc, not 75"; cat tty.txt; exit 1; }
grep -q 'stopped by the operator at board 3' tty.txt
if grep -q '^begin 1 3 ' set.pbn.sim-journal; then echo "n was taken as done"; exit 1; fi
echo "fill_prompt_answers: ok"
