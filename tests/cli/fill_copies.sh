#!/bin/bash
# tests/cli/fill_copies.sh - copies at the machine (issue 24, item 4): every prompt of copy 2
# names it (it must not read like copy 1's), the summaries count board-copies and the
# simulator audits every copy as it is finished; Ctrl-C at a prompt prints the command that
# resumes (exit 130, as the shell reports a Ctrl-C), the journal stays intact and the resume
# finishes the fill.
set -eu
P=$PREDUP
export P
. "$TOP/tests/lib_cli.sh"
set_dealt 1-3
cp "$TOP/tests/data/machine/exact.conf" exact.conf

# Three copies, a jam in copy 1 of board 2: prompts and notes name the copy.
"$P" sim set.pbn --machine exact.conf --copies 3 --fault jam@2:3 --journal a.journal \
    >out.txt 2>err.txt
grep -q '^operator (board 2): copy 1 of 3: card jam: ' err.txt
grep -q '^filled set.pbn: 9 good, 0 bad board-copies (3 boards x 3 copies); 468 cards placed' out.txt
grep -q '^simulator audit: 9 board-copies (3 boards x 3 copies) filled in this run hold their deals, card by card$' out.txt

# One copy: the words of a single set stay as they were.
"$P" sim set.pbn --machine exact.conf --journal b.journal >out.txt 2>err.txt
grep -q '^filled set.pbn: 3 good, 0 bad; 156 cards placed' out.txt
grep -q '^simulator audit: 3 boards filled in this run hold their deals, card by card$' out.txt

# At the terminal: board 1 and 2 of copy 1 done, then Ctrl-C while the prompt for board 3
# waits. env --default-signal: a background job of a script starts with SIGINT ignored.
mkfifo answers
exec 3<>answers # held open: the prompt waits instead of reading end of file
script -qec 'echo $$ >pid; exec env --default-signal=INT "$P" fill set.pbn --machine exact.conf --copies 2' \
    /dev/null <answers >tty.txt 2>&1 &
spid=$!
for _ in $(seq 100); do grep -q 'Enter when done' tty.txt 2>/dev/null && break; sleep 0.1; done
grep -q 'board 1: insert board 1, copy 1 of 2, empty, and put its deck in the feeder' tty.txt
printf '\n' >&3 # one answer a prompt: type-ahead is thrown away (fill_prompt_answers.sh)
for _ in $(seq 100); do grep -q 'insert board 2, copy 1 of 2' tty.txt && break; sleep 0.1; done
printf '\n' >&3
for _ in $(seq 100); do grep -q 'insert board 3, copy 1 of 2' tty.txt && break; sleep 0.1; done
grep -q 'board 3: insert board 3, copy 1 of 2, empty' tty.txt
kill -INT "$(cat pid)"
rc=0; wait "$spid" || rc=$?
exec 3>&-
[ "$rc" = 130 ]
grep -q 'predup: interrupted; nothing is lost (the journal has every card placed): predup fill set.pbn --machine exact.conf --copies 2 --resume continues' tty.txt
[ "$(grep -c '^good ' set.pbn.sim-journal)" = 2 ]
"$P" fill set.pbn --machine exact.conf --copies 2 --status >status.txt
grep -q '^copy 1: 2 of 3 boards good$' status.txt

# The command it printed resumes and finishes.
"$P" fill set.pbn --machine exact.conf --copies 2 --resume --yes >out.txt 2>err.txt
grep -q '^filled set.pbn: 6 good, 0 bad board-copies (3 boards x 2 copies) (2 finished before this run); 208 cards placed' out.txt
grep -q '^simulator audit: 4 board-copies filled in this run hold their deals, card by card$' out.txt
echo "fill_copies: ok"
