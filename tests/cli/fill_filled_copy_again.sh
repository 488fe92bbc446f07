#!/bin/bash
# tests/cli/fill_filled_copy_again.sh - a filled copy inserted again (issue 29, item 8): the
# controller checks the machine's pocket count after every card, and at the first count that
# is not its own tally it stops, says the board is not empty and names the card to take back,
# and never asks to empty that board (it holds a good copy) nor counts it twice. The model
# operator of an any-board simulator inserts board 2 three times, as it is: full after copy 1.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
{
    printf '[machine]\ntransport = sim\n[sim]\nany_board = yes\ncard_ms = 0\nboard_ms = 0\n'
    printf 'ocr_unreadable_ppm = 0\nocr_confusion_ppm = 0\nbarcode_unreadable_ppm = 0\n'
    printf 'inserts = 2 2 2\n'
} >any2.conf
rc=0; "$P" sim set.pbn --machine any2.conf --copies 2 --journal l.j >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ] || { echo "a full board inserted as copy 2: exit $rc, not 1"; cat out.txt err.txt; exit 1; }
grep -Eq '^board 2, copy 2 of 2 is not empty: pocket [0-3] \((North|East|South|West)\) counts 14 cards after 1 card of this attempt, not 1\. A filled copy inserted again\? Do not empty that board: take the card just placed \([SHDC][AKQJT2-9]\) off pocket [0-3], put it back with the deck, and keep that board apart$' err.txt ||
    { echo "no 'not empty' note:"; cat err.txt; exit 1; }
grep -q '^predup sim: error: the board in the slot was not empty (see above): insert an empty board 2, copy 2 of 2, then run predup sim set.pbn --machine any2.conf --journal l.j --copies 2 --resume$' err.txt
if grep -E 'operator \(board 2\): .*empty board 2' err.txt; then
    echo "asked to empty the full board"; exit 1
fi
if grep -q '^good 2 2 ' l.j; then echo "the full board was counted as copy 2"; exit 1; fi
grep -q '^good 1 2 ' l.j
[ "$(grep -c '^place 2 2 ' l.j)" = 1 ] # the one card placed on it, as it happened
if grep -q '^filled' out.txt; then echo "a summary after the stop:"; cat out.txt; exit 1; fi

# The resume (an empty board 2 in the slot: a new simulator) redoes copy 2 and finishes.
"$P" sim set.pbn --machine any2.conf --copies 2 --journal l.j --resume >out.txt 2>err.txt
grep -q '^filled set.pbn: 8 good, 0 bad board-copies (4 boards x 2 copies) (1 finished before this run); 364 cards placed' out.txt ||
    { cat out.txt err.txt; exit 1; }
