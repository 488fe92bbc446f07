#!/bin/sh
# tests/cli/machine_fill.sh - predup fill and predup sim on the built-in simulator: the whole
# set filled and audited, the journal's guards (finished, --resume, other deals), fault options,
# profile errors with file and line, and the exit codes.
set -eu
P=$PREDUP
export P # for the command script(1) runs: "$P" keeps a path with spaces whole
FAST=$TOP/tests/data/machine/fast.conf
. "$TOP/tests/lib_cli.sh"
set_dealt 1-8

# The whole set on the fast simulator, non-interactive.
"$P" fill set.pbn --machine "$FAST" --yes >out.txt 2>err.txt
grep -q '^filled set.pbn: 8 good, 0 bad; 416 cards placed' out.txt
grep -q '^simulator audit: 8 boards filled in this run hold their deals, card by card$' out.txt
[ "$(grep -c '^good ' set.pbn.sim-journal)" = 8 ]
[ "$(grep -c '^place ' set.pbn.sim-journal)" -ge 416 ]

# A finished journal does not block: run again, nothing is left to do (with or without
# --resume); the machine is connected first, to know the journal is its own.
"$P" fill set.pbn --machine "$FAST" --yes >out.txt 2>err.txt
grep -q '8 good, 0 bad (8 finished before this run); 0 cards placed' out.txt
"$P" fill set.pbn --machine "$FAST" --yes --resume >out.txt 2>/dev/null
grep -q '8 good, 0 bad (8 finished before this run); 0 cards placed' out.txt

# The journal is bound to the deals, not to the file's bytes: the same deals with other tags
# and another layout resume; other deals are refused (exit 1, mismatch) with a command that
# starts over.
sed 's/Club/Klub/' set.pbn >set3.pbn; echo '' >>set3.pbn
cp set.pbn.sim-journal set3.pbn.sim-journal
"$P" fill set3.pbn --machine "$FAST" --yes --resume >out.txt 2>err.txt
grep -q '8 good, 0 bad (8 finished before this run)' out.txt
"$P" key new other.key >/dev/null
"$P" deal --key other.key --boards 1-8 -o set4.pbn --quiet
cp set.pbn.sim-journal set4.pbn.sim-journal
rc=0; "$P" fill set4.pbn --machine "$FAST" --yes --resume 2>err.txt || rc=$?
[ "$rc" = 1 ]
grep -q 'set4.pbn.sim-journal was started for other deals .*; rm set4.pbn.sim-journal to start the fill over' err.txt
cmp set.pbn.sim-journal set4.pbn.sim-journal

# predup sim with faults at given cards: all good, audited; the notes name what happened.
"$P" sim set.pbn --boards 2-3 --machine "$FAST" --fault misread@2:10 --fault short-deck@3:52 \
    --fault jam@2:1 --journal sim.journal >out.txt 2>err.txt
grep -q '2 good, 0 bad' out.txt
grep -q 'simulator audit: 2 boards' out.txt
grep -q 'never read: ' err.txt
grep -q 'card jam' err.txt

# OCR-only machine and random faults from a seed: the same seed gives the same output.
cat >ocr.conf <<CONF
[machine]
transport = sim
[sim]
methods = ocr
card_ms = 0
board_ms = 0
ocr_confusion_ppm = 20000
rate_jam = 3000
CONF
"$P" sim set.pbn --machine ocr.conf --seed 9 --journal a.journal >a.txt 2>a.err
"$P" sim set.pbn --machine ocr.conf --seed 9 --journal b.journal >b.txt 2>b.err
cmp a.txt b.txt
cmp a.err b.err
grep -q 'simulator audit' a.txt

# Profile errors name file and line; bad options are usage errors.
printf '[machine]\ntransport = sim\nspeed = 3\n' >bad.conf
rc=0; "$P" fill set.pbn --machine bad.conf --yes --journal c.journal 2>err.txt || rc=$?
[ "$rc" = 65 ]
grep -q 'bad.conf:3: error: unknown key "speed"' err.txt
rc=0; "$P" sim set.pbn --fault jam@1:99 2>err.txt || rc=$?
[ "$rc" = 64 ]
rc=0; "$P" fill set.pbn --seed 3 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q 'see predup sim' err.txt
# Without a terminal and without --yes, a fill on a real machine refuses to wait for an
# operator (the simulator's model operator acts prompts out: fill_prompt_rule.sh).
printf '[machine]\ntransport = usb\nvid = 0x1209\npid = 0x7777\n' >club.conf
rc=0; "$P" fill set.pbn --machine club.conf --journal d.journal </dev/null 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q 'pass --yes' err.txt
"$P" fill --help | grep -q 'usage: predup fill'
"$P" sim --help | grep -q 'usage: predup sim'

# At a terminal: the prompts wait for the operator; q stops, the journal keeps what was done.
cat >exact.conf <<CONF
[machine]
transport = sim
[sim]
card_ms = 0
board_ms = 0
ocr_unreadable_ppm = 0
ocr_confusion_ppm = 0
barcode_unreadable_ppm = 0
CONF
# One answer a prompt, each once its prompt is shown: type-ahead is thrown away
# (fill_prompt_answers.sh).
mkfifo answers
exec 3<>answers
script -qec '"$P" fill set.pbn --machine exact.conf --journal tty.journal' /dev/null <answers \
    >tty.txt 2>&1 &
spid=$!
n=0
for a in '' '' q; do
    n=$((n + 1)) # the n-th prompt is shown
    for _ in $(seq 200); do
        [ "$(grep -o 'Enter when done' tty.txt 2>/dev/null | wc -l)" -ge "$n" ] && break
        sleep 0.1
    done
    printf '%s\n' "$a" >&3
done
rc=0; wait "$spid" || rc=$?
exec 3>&-
[ "$rc" = 75 ]   # stopped before done, no fault: --resume continues
grep -q 'board 3: insert board 3, empty, and put its deck in the feeder' tty.txt
# the operator's stop is said as a statement, not as an error (issue 32, item 9)
grep -q '^predup fill: stopped by the operator at board 3; nothing is lost: ' tty.txt
if grep -q 'error' tty.txt; then echo "the operator's stop worded as an error:"; cat tty.txt; exit 1; fi
grep -q 'board 2 (2 of 8)  card 52 of 52' tty.txt
[ "$(grep -c '^good ' tty.journal)" = 2 ]
