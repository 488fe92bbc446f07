#!/bin/bash
# tests/cli/fill_protocol.sh - protocol 1.1 at the simulated machine (issue 24, items 1-3):
# the card index language told to the machine (a deck read with the wrong indices stops the
# fill naming card_index, not on the first unreadable honour), an older (1.0) machine driven
# as before and refused when the profile needs 1.1, the stop card after each deal, the pocket
# order checked against the machine's wiring, a machine that fills whichever board is
# inserted (never one outside the run, a full one or none), and --descending.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
prof() { # prof FILE [machine lines] -- [sim lines]: a fast exact simulator profile
    local f=$1 m=() s=()
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do m+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    s=("$@")
    {
        echo '[machine]'; echo 'transport = sim'; printf '%s\n' "${m[@]+"${m[@]}"}"
        echo '[sim]'; echo 'card_ms = 0'; echo 'board_ms = 0'; echo 'ocr_unreadable_ppm = 0'
        echo 'ocr_confusion_ppm = 0'; echo 'barcode_unreadable_ppm = 0'
        printf '%s\n' "${s[@]+"${s[@]}"}"
    } >"$f"
}
goods() { grep -c '^good ' "$1" || true; }

# 1. A German deck (A K D B) on a machine told standard indices: queens and jacks have no
# reading; after 4 of one rank in a row the fill stops, naming card_index and every index set.
prof de-deck.conf -- 'deck = de'
rc=0; "$P" sim set.pbn --machine de-deck.conf --journal a.j >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ]
grep -Eq "predup sim: error: 4 (queens|jacks) in a row had no readable index: the profile's card_index = standard is probably not the deck's; correct it, then predup sim set.pbn --machine de-deck.conf --journal a.j --resume" err.txt
grep -q '^card indices by card_index: standard A K Q J, de A K D B, fr A R D V, nl A H V B, sv E K D Kn, da E K D B$' err.txt
[ "$(goods a.j)" = 0 ]
# the profile corrected: the same journal resumes and every board is good
prof de-deck.conf 'card_index = de' -- 'deck = de'
"$P" sim set.pbn --machine de-deck.conf --journal a.j --resume >out.txt 2>err.txt
grep -q '^filled set.pbn: 4 good, 0 bad; 208 cards placed' out.txt
grep -q '^simulator audit: 4 boards filled in this run hold their deals' out.txt
# --deck on the command line, and OCR alone (which cannot tell an honour: 8 cards in a row)
rc=0; "$P" sim set.pbn --machine sim --deck fr --journal b.j >/dev/null 2>err.txt || rc=$?
[ "$rc" = 1 ]; grep -q 'in a row had no readable index' err.txt
prof ocr.conf -- 'deck = nl' 'methods = ocr'
rc=0; "$P" sim set.pbn --machine ocr.conf --journal c.j >/dev/null 2>err.txt || rc=$?
[ "$rc" = 1 ]; grep -q '8 cards in a row had no readable index' err.txt
# not on the first: one unreadable honour is re-fed, the fill goes on
"$P" sim set.pbn --machine sim --fault unreadable@1:1 --fault unreadable@1:2 --journal d.j \
    >out.txt 2>err.txt
grep -q '^filled set.pbn: 4 good' out.txt
! grep -q 'readable index' err.txt || exit 1
rc=0; "$P" sim set.pbn --deck xx 2>err.txt || rc=$?
[ "$rc" = 64 ]; grep -q -- '--deck xx: an index set (standard de fr nl sv da)' err.txt
# the completion offers the same index sets
[ "$("$PREDUP" --complete decks | tr '\n' ' ')" = 'standard de fr nl sv da ' ]

# 2. An older machine (protocol 1.0): driven as before; a profile needing 1.1 is refused
# before any board is begun.
prof old.conf -- 'protocol = 1.0'
"$P" sim set.pbn --machine old.conf --journal e.j >out.txt 2>err.txt
grep -q 'protocol 1.0, reads OCR and barcodes' err.txt
grep -q '^filled set.pbn: 4 good' out.txt
prof old-de.conf 'card_index = de' -- 'protocol = 1.0' 'deck = de'
rc=0; "$P" sim set.pbn --machine old-de.conf --journal f.j >/dev/null 2>err.txt || rc=$?
[ "$rc" = 69 ]
grep -q 'the machine speaks protocol 1.0, which cannot be told card_index = de (1.1 can)' err.txt
! grep -q '^begin' f.j || exit 1
prof old-stop.conf 'stop_card = yes' -- 'protocol = 1.0'
rc=0; "$P" sim set.pbn --machine old-stop.conf --journal g.j >/dev/null 2>err.txt || rc=$?
[ "$rc" = 69 ]; grep -q 'the machine drops no stop cards (protocol 1.0)' err.txt

# 3. Stop cards: the magazine holds 2; boards 3 and 4 get theirs by hand, all good.
prof stop.conf 'stop_card = yes' -- 'stop_cards = 2'
"$P" sim set.pbn --machine stop.conf --journal h.j >out.txt 2>err.txt
[ "$(grep -c 'dropped no stop card' err.txt)" = 2 ]
grep -q '^operator (board 3): the machine dropped no stop card after board 3 (its magazine may be empty: refill it): put one after this deck by hand$' err.txt
grep -q '^filled set.pbn: 4 good' out.txt
prof nostop.conf 'stop_card = yes' -- 'stop_dispenser = no'
rc=0; "$P" sim set.pbn --machine nostop.conf --journal i.j >/dev/null 2>err.txt || rc=$?
[ "$rc" = 69 ]; grep -q 'drops no stop cards (protocol 1.1, no dispenser)' err.txt

# 4. Pocket order: a machine wired S-W-E-N refuses a profile saying N-E-S-W; told right,
# every card lands in its seat's pocket.
prof wired.conf 'pockets = N-E-S-W' -- 'pockets = S W E N'
rc=0; "$P" sim set.pbn --machine wired.conf --journal j.j >/dev/null 2>err.txt || rc=$?
[ "$rc" = 69 ]
grep -q "the machine's pockets are wired S W E N, not as the profile's pockets = N E S W" err.txt
prof wired.conf 'pockets = S-W-E-N' -- 'pockets = S W E N'
"$P" sim set.pbn --machine wired.conf --journal j.j >out.txt 2>&1
grep -q '^simulator audit: 4 boards filled in this run hold their deals, card by card$' out.txt

# 5. Any board: the operator inserts 3, 99 (not in the set), none, 3 again (full), 1, 1 again;
# each refused by name, every board filled once, in the order inserted.
prof any.conf -- 'any_board = yes' 'inserts = 3 99 0 3 1 1'
"$P" sim set.pbn --machine any.conf --journal k.j >out.txt 2>err.txt
grep -q '^filled set.pbn: 4 good, 0 bad; 208 cards placed' out.txt
grep -q '^simulator audit: 4 boards filled in this run hold their deals' out.txt
grep -q 'board 99 is not one to fill in this run: take it out and insert another' err.txt
grep -q 'no board in the slot: insert a board of the set' err.txt
[ "$(grep -c 'board 3 is full (every copy filled)' err.txt)" = 1 ]
[ "$(grep -c 'board 1 is full (every copy filled)' err.txt)" = 1 ]
[ "$(sed -n 's/^good 1 \([0-9]*\) .*/\1/p' k.j | tr '\n' ' ')" = "3 1 2 4 " ]
# two copies: board 2 inserted twice is copy 1, then a full board taken for copy 2, which
# stops at its first card (fill_filled_copy_again.sh); the resume fills copy 2, then board 2
# inserted again is full
prof any2.conf -- 'any_board = yes' 'inserts = 2 2 2'
rc=0; "$P" sim set.pbn --machine any2.conf --copies 2 --journal l.j >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ]; grep -q '^board 2, copy 2 of 2 is not empty' err.txt
"$P" sim set.pbn --machine any2.conf --copies 2 --journal l.j --resume >out.txt 2>err.txt
grep -q '^filled set.pbn: 8 good, 0 bad board-copies (4 boards x 2 copies)' out.txt
grep -q '^good 1 2 .*' l.j; grep -q '^good 2 2 ' l.j
[ "$(sed -n 2p l.j | cut -d' ' -f1-3)" = "begin 1 2" ]
[ "$(grep -v '^place' l.j | sed -n 4p | cut -d' ' -f1-3)" = "begin 2 2" ]
grep -q 'board 2 is full (every copy filled)' err.txt
# an older machine announces no such thing: in order, as before
prof any-old.conf -- 'any_board = yes' 'inserts = 3' 'protocol = 1.0'
"$P" sim set.pbn --machine any-old.conf --journal m.j >/dev/null 2>&1
[ "$(sed -n 's/^good 1 \([0-9]*\) .*/\1/p' m.j | tr '\n' ' ')" = "1 2 3 4 " ]

# 6. --descending: from the highest board down; the resume hint keeps it.
"$P" sim set.pbn --machine sim --descending --journal n.j >out.txt 2>&1
[ "$(sed -n 's/^good 1 \([0-9]*\) .*/\1/p' n.j | tr '\n' ' ')" = "4 3 2 1 " ]
rc=0; "$P" sim set.pbn --machine de-deck.conf --deck standard --descending --journal o.j \
    >/dev/null 2>err.txt || rc=$?
[ "$rc" = 1 ]; grep -q -- '--descending --resume' err.txt
echo "fill_protocol: ok"
