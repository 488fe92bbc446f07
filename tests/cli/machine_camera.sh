#!/bin/sh
# tests/cli/machine_camera.sh - the camera machine rehearsed end to end (issue 31, items 4 and
# 5): config/machines/camera-sim.conf renders every frame the camera sees (machine/vision/)
# and drives a fake StandardFirmata board on a pseudo-terminal (machine/camera/world.c) through
# predup's own Firmata code. 4 boards, 2 copies, with every fault a camera machine has at given
# cards, each handled as the protocol machine handles it (fill_protocol.sh, machine_fill.sh):
# a misread frame and an unreadable corner go to the reject tray and are read again after the
# feeder runs empty; a double feed, a jam and a card missing from the deck (the feeder empty
# with a card never read) redo the board; the hub unplugged (camera and board gone), the
# camera alone and the board alone (in copy 2: a fault at a card its board's first attempt
# in copy 1 never reached) are reconnected and the board redone. Then the test itself checks
# every card's pocket: the fake board's log (camera.board_log) says where each card went, and
# the last attempt of each of the 8 board-copies must have put every card of the deal in its
# seat's pocket.
# cli: slow - some 900 rendered frames read by the recognizer, about 17 s of CPU
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
{ cat "$TOP/config/machines/camera-sim.conf"; printf '[camera]\nboard_log = moves.log\n'; } \
    >cam.conf
rc=0
"$P" sim set.pbn --machine cam.conf --copies 2 \
    --fault misread@1:3 --fault unreadable@1:7 --fault double-feed@2:10 --fault jam@3:20 \
    --fault short-deck@1:12 --fault unplug@4:30 --fault unplug-camera@2:40 \
    --fault unplug-board@3:45 >out.txt 2>err.txt || rc=$?
[ "$rc" = 0 ] || { echo "exit $rc"; cat err.txt; exit 1; }
fail() { echo "machine_camera: $*"; cat err.txt; exit 1; }
grep -q '^filled set.pbn: 8 good, 0 bad' out.txt || fail "not 8 good"
grep -q '^simulator audit: 8 board-copies (4 boards x 2 copies) filled in this run hold their deals, card by card$' out.txt ||
    fail "audit"
grep -q 'operator (board 1): copy 1 of 2: put the rejected cards of the reject tray back in' err.txt ||
    fail "misread/unreadable: no refeed"
grep -q 'board 2, copy 1 of 2, attempt 1: card 10 went with another on its way to pocket' err.txt || fail "double feed"
grep -q 'board 3, copy 1 of 2, attempt 1: card 20 jammed on its way to pocket' err.txt || fail "jam"
grep -q 'board 1, copy 1 of 2, attempt 1: the feeder is empty and 1 card was never read' err.txt || fail "short deck"
grep -q 'board 4, copy 1 of 2: lost the machine (.*gone' err.txt || fail "unplug"
grep -q 'board 2, copy 2 of 2: lost the machine (the simulated camera is unplugged)' err.txt ||
    fail "unplug-camera"
grep -q 'board 3, copy 2 of 2: lost the machine (the Firmata board is gone' err.txt ||
    fail "unplug-board"
head -1 set.pbn.sim-journal | grep -q ' machine camera-sim ' || fail "journal's machine"
# The fake board's log, against the deals: every board-copy's last attempt put each of the
# 52 cards of its deal in its seat's pocket (pockets = N E S W), and nothing else anywhere.
pockets=$(sed -n 's/^pockets *= *//p' "$TOP/config/machines/camera-sim.conf")
[ "$pockets" = "N E S W" ] || fail "camera-sim.conf's pockets are not N E S W: $pockets"
awk -v pockets="$pockets" '
function seat_cards(board, deal,   first, i, k, h, s, r, c, seats, order) {
    seats = "NESW"; first = index(seats, substr(deal, 1, 1)) - 1
    split(substr(deal, 3), h, " ")
    for (i = 1; i <= 4; i++) {
        split(h[i], s, ".")
        for (k = 1; k <= 4; k++)
            for (r = 1; r <= length(s[k]); r++) {
                c = substr(s[k], r, 1); if (c == "T") c = "10"
                want[board, substr("SHDC", k, 1) c] = substr(seats, (first + i - 1) % 4 + 1, 1)
            }
    }
}
function close_attempt(   c, n) {
    if (!open) return
    n = 0
    for (c in where) {
        if (where[c] >= 4 || want[board, c] != seat[where[c]]) {
            printf "board %d (attempt %d): %s in slot %d, its seat is %s\n", board, attempt, c, where[c], want[board, c]; bad = 1
        }
        n++
    }
    if (n != 52) { printf "board %d (attempt %d): %d cards in the pockets\n", board, attempt, n; bad = 1 }
    checked++; open = 0
}
BEGIN { split(pockets, p, " "); for (i = 0; i < 4; i++) seat[i] = p[i + 1] }
FNR == 1 { file++ }
file == 1 && /^\[Board / { b = $2; gsub(/[^0-9]/, "", b) }
file == 1 && /^\[Deal / { d = $0; sub(/^\[Deal "/, "", d); sub(/"\]$/, "", d); seat_cards(b, d) }
file == 2 && ($1 == "start" || $1 == "redo") {
    # a redo throws the attempt before it away; a start follows a finished board-copy
    if ($1 == "start") close_attempt()
    board = $2; attempt = $3; open = 1; delete where
}
file == 2 && $1 == "move" { where[$2] = $3 }
END {
    close_attempt()
    if (checked != 8) { printf "%d board-copies checked, not 8\n", checked; bad = 1 }
    exit bad
}' set.pbn moves.log >pockets.txt || fail "pockets: $(cat pockets.txt)"
# the log shows the faults where they were injected, and no board-copy without a fault was
# refed or redone
grep -q '^jam ' moves.log && grep -q '^missing ' moves.log && grep -q '^unplug 4 1$' moves.log &&
    grep -q '^unplug-camera 2 1$' moves.log && grep -q '^unplug-board 3 1$' moves.log ||
    fail "the fake board's log lacks a fault"
[ "$(grep -c '^refeed' moves.log)" = 1 ] || fail "refeeds: $(grep -c '^refeed' moves.log), not 1"
[ "$(grep '^redo' moves.log | tr '\n' ' ')" = \
    "redo 1 2 redo 2 2 redo 3 2 redo 4 2 redo 2 2 redo 3 2 " ] ||
    fail "redos: $(grep '^redo' moves.log | tr '\n' ' ')"
# by name from the tree, as the issue writes it: predup fill SET --machine camera-sim --yes
rc=0
(cd "$TOP" && "$P" fill "$OLDPWD/set.pbn" --machine camera-sim --yes --boards 1 \
    --journal "$OLDPWD/one.journal" >"$OLDPWD/out1.txt" 2>"$OLDPWD/err1.txt") || rc=$?
[ "$rc" = 0 ] || { echo "fill by name: exit $rc"; cat err1.txt; exit 1; }
grep -q '^simulator audit: 1 board filled in this run holds its deal, card by card$' out1.txt
echo "machine_camera: ok"
