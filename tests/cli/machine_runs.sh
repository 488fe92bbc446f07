#!/bin/bash
# tests/cli/machine_runs.sh - fill as clubs run it: several copies of a set on one journal,
# one batch of boards after another, a clean retry after a start that failed, analyze
# between two runs, --status per copy; and the messages: resume hints that run, the reason
# a machine was lost, plurals, faults outside the run, more than 64 bad boards, the rate
# shown only after a board.
# cli: slow - several fills of copies and batches on one journal
set -eu
P=$PREDUP
export P # for the commands script(1) runs: "$P" keeps a path with spaces whole
. "$TOP/tests/lib_cli.sh" # wait_for, set_dealt
set_dealt 1-8

# A start that failed (no USB machine) leaves a journal with no card: the retry on another
# machine, without --resume, replaces it.
absent_machine_conf none.conf
rc=0; "$P" fill set.pbn --machine none.conf --yes --boards 1-4 2>err.txt || rc=$?
[ "$rc" = 69 ]
grep -q 'no USB machine 1209:7777' err.txt
[ -f set.pbn.journal ]
"$P" fill set.pbn --machine sim --journal set.pbn.journal --yes --boards 1-4 >out.txt 2>err.txt
grep -q '^filled set.pbn: 4 good, 0 bad; 208 cards placed, 0 attempts redone$' out.txt

# analyze between two runs changes the file's bytes, not its deals: the next batch goes on.
"$P" analyze set.pbn >/dev/null 2>&1
"$P" fill set.pbn --machine sim --journal set.pbn.journal --yes --boards 5-8 >out.txt 2>err.txt
grep -q '^filled set.pbn: 4 good, 0 bad; 208 cards placed' out.txt
[ "$(grep -c '^good 1 ' set.pbn.journal)" = 8 ]

# Two more copies on the same journal: copy 1 is done, copies 2 and 3 are filled.
"$P" fill set.pbn --machine sim --journal set.pbn.journal --yes --copies 3 --boards 1-8 >out.txt 2>err.txt
grep -q '^filled set.pbn: 24 good, 0 bad board-copies (8 boards x 3 copies) (8 finished before this run); 832 cards placed' out.txt
[ "$(grep -c '^good 3 ' set.pbn.journal)" = 8 ]
"$P" fill set.pbn --status >st.txt
grep -q '^copy 1: 8 of 8 boards good (done)$' st.txt
grep -q '^copy 3: 8 of 8 boards good (done)$' st.txt
"$P" fill set.pbn --status --copies 4 >st.txt
grep -q '^copy 4: 0 of 8 boards good$' st.txt
grep -q '^  not started: 1 2 3 4 5 6 7 8$' st.txt

# A machine lost again and again: the reason is named, and the hint is the command that
# resumes this very run (it runs as printed).
rc=0; "$P" sim set.pbn --boards 2 --journal lost.journal --rate reset=300000 >out.txt 2>err.txt || rc=$?
[ "$rc" = 69 ]
grep -q 'lost the machine (the machine restarted (reset))' err.txt
grep -q 'run predup sim set.pbn --boards 2 --journal lost.journal --resume when it works' err.txt
cmd=$(sed -n 's/.*; run \(predup sim [^;]*--resume\) when it works$/\1/p' err.txt)
"$P" ${cmd#predup } >out.txt 2>err.txt
grep -q '^filled set.pbn: 1 good, 0 bad' out.txt
if grep -q 'lost the machine ()' err.txt; then echo "a loss without its reason:"; cat err.txt; exit 1; fi

# A fault at a board this run does not fill is an error, not silently ignored.
rc=0; "$P" sim set.pbn --boards 1-2 --journal f.journal --fault jam@5:1 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q 'fault jam@5:1: board 5 is not filled in this run' err.txt
[ ! -e f.journal ]

# Plurals: one card, one board.
cat >bad1.conf <<CONF
[machine]
transport = sim
max_attempts = 1
[sim]
card_ms = 0
board_ms = 0
CONF
rc=0; "$P" sim set.pbn --boards 3 --machine bad1.conf --journal p.journal \
    --fault short-deck@3:52 >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ]
grep -q 'the feeder is empty and 1 card was never read: ' err.txt
grep -q 'board 3 is BAD after 1 attempt (' err.txt
grep -q 'predup sim: error: 1 board is bad (listed above)' err.txt
grep -q '^simulator audit: 0 boards filled in this run hold their deals, card by card$' out.txt

# More than 64 bad boards: every one listed, and no false alarm from the audit.
"$P" deal --key ev.key --boards 1-70 -o big.pbn --quiet
printf '[machine]\ntransport = sim\nmax_attempts = 1\n[sim]\nrate_short-deck = 1000000\n' >short.conf
rc=0; "$P" sim big.pbn --machine short.conf >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ]
grep -q '^filled big.pbn: 0 good, 70 bad;' out.txt
grep -q '^bad boards: 1 2 3 .* 64 65 66 67 68 69 70$' out.txt
grep -q '^simulator audit: 0 boards filled in this run hold their deals, card by card$' out.txt
grep -q '70 boards are bad' err.txt

# At a terminal: no rate in the first board, a rate once a board is done. (machine/ctl.c shows
# the rate after 52 cards or after 5 s, whichever comes first: "no rate in the first board"
# holds only for a run shorter than 5 s, and is checked only then.)
t0=$(date +%s%N)
script -qec '"$P" fill set.pbn --machine sim --journal tty.journal --yes --boards 1-2' /dev/null \
    </dev/null >tty.txt 2>&1
ms=$((($(date +%s%N) - t0) / 1000000))
tr '\r' '\n' <tty.txt >lines.txt
grep -q 'board 1 (1 of 2)  card 51 of 52' lines.txt || { echo "no progress line:"; cat lines.txt; exit 1; }
if [ "$ms" -lt 5000 ]; then
    if grep -Eq 'board 1 \(1 of 2\)  card ( [0-9]|[1-4][0-9]|5[01]) of 52  .*cards/min' lines.txt; then
        echo "a rate before the first board was done, in a run of $ms ms:"; cat lines.txt; exit 1
    fi
else
    echo "skip: no rate in the first board: the run took $ms ms, the rate shows after 5 s"
fi
grep -q 'board 2 (2 of 2)  card 52 of 52  [0-9]* cards/min  left 0:00' lines.txt ||
    { echo "no rate after the first board:"; cat lines.txt; exit 1; }

# A long path: the journal keeps its whole name.
long=$(printf 'd%.0s' $(seq 1 200))
mkdir -p "$long/$long/$long/$long/$long/$long"
cp set.pbn "$long/$long/$long/$long/$long/$long/set.pbn"
"$P" fill "$long/$long/$long/$long/$long/$long/set.pbn" --machine sim --yes --boards 1 >/dev/null 2>&1
[ -f "$long/$long/$long/$long/$long/$long/set.pbn.sim-journal" ] || { echo "no journal at the long path"; exit 1; }

# One fill at a time: while a fill waits for its operator (it holds the journal), a second
# fill of the same journal stops at once, naming the first, and changes nothing.
rm -f lock.journal
mkfifo answers
script -qec '"$P" fill set.pbn --machine sim --journal lock.journal --boards 1' /dev/null \
    <answers >first.txt 2>&1 &
first=$!
exec 7>answers                      # the first fill's terminal input stays open
# It holds the journal once the header is written (the lock comes first); then it waits for
# its operator, writing nothing more.
wait_for 120 test -s lock.journal ||
    { echo "the first fill never wrote its journal:"; cat first.txt; exit 1; }
cp lock.journal lock.before
rc=0; "$P" fill set.pbn --machine sim --yes --journal lock.journal --boards 1 2>err.txt || rc=$?
[ "$rc" = 69 ] || { echo "a second fill of a journal in use: exit $rc, not 69"; cat err.txt; exit 1; }
grep -Eq 'error: the journal lock.journal is in use by process [0-9]+ \(another predup fill\)$' err.txt ||
    { echo "the second fill does not name the first:"; cat err.txt; exit 1; }
cmp lock.journal lock.before
echo q >&7
exec 7>&-
wait "$first" || true
