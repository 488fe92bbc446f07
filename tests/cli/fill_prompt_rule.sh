#!/bin/bash
# tests/cli/fill_prompt_rule.sh - who answers the operator's prompts: one rule for fill, sim
# and event deal --fill, said in each one's help (issue 32, item 12): with --web the page (and
# the terminal); --yes nobody (each taken as done); else the terminal; with none of these the
# simulator's model operator acts them out and a real machine refuses to start (exit 64). It
# used to differ: event deal --fill answered every prompt itself, even on a real machine and at
# a terminal, while fill refused on the simulator without a terminal.
# cli: slow - fills, sims and an event's fill for each way of answering a prompt
set -eu
P=$PREDUP
export P
. "$TOP/tests/lib_cli.sh"
rule='Operator prompts, one rule for fill, sim and the fill of event deal: with --web they'
"$P" fill --help | grep -qF "$rule" || { echo "fill --help lacks the rule"; exit 1; }
"$P" event --help | grep -qF "$rule" || { echo "event --help lacks the rule"; exit 1; }
diff <("$P" fill --help | sed -n '/^  Operator prompts/,/refuses to start/p') \
     <("$P" event --help | sed -n '/^  Operator prompts/,/refuses to start/p')

set_dealt 1-2
absent_machine_conf club.conf

# fill: the simulator without a terminal acts its prompts out; a real machine refuses.
"$P" fill set.pbn --machine sim </dev/null >out.txt 2>err.txt ||
    { echo "fill on the simulator without a terminal:"; cat err.txt; exit 1; }
grep -q '^filled set.pbn: 2 good, 0 bad' out.txt
rc=0; "$P" fill set.pbn --machine club.conf </dev/null >out.txt 2>err.txt || rc=$?
[ "$rc" = 64 ] || { echo "fill on a real machine without a terminal: exit $rc"; cat err.txt; exit 1; }
grep -q 'fill asks an operator to act: run it in a terminal, show its prompts on a page (--web), or pass --yes' err.txt

# event deal --fill: the same rule.
event_conf club-ev.conf "Rule Pairs" 1-2 club.conf
event_published club-ev.conf
rc=0; "$P" event deal club-ev.conf --fill </dev/null >out.txt 2>err.txt || rc=$?
[ "$rc" = 64 ] || { echo "event deal --fill on a real machine without a terminal: exit $rc"; cat out.txt err.txt; exit 1; }
grep -q 'fill asks an operator to act: run it in a terminal' err.txt
rc=0; "$P" event deal club-ev.conf --yes >out.txt 2>err.txt || rc=$?
[ "$rc" = 64 ]; grep -q -- '--yes answers the fill.s prompts: it goes with --fill' err.txt

event_conf sim-ev.conf "Sim Pairs" 1-2 sim
event_published sim-ev.conf
# at a terminal the operator is asked, on the simulator too (q stops: exit 75)
mkfifo answers
exec 3<>answers
script -qec '"$P" event deal sim-ev.conf --fill' /dev/null <answers >tty.txt 2>&1 &
spid=$!
for _ in $(seq 200); do grep -q 'Enter when done' tty.txt 2>/dev/null && break; sleep 0.1; done
grep -q 'board 1: insert board 1, empty, and put its deck in the feeder' tty.txt ||
    { echo "event deal --fill at a terminal did not ask:"; cat tty.txt; exit 1; }
printf 'q\n' >&3
rc=0; wait "$spid" || rc=$?
exec 3>&-
[ "$rc" = 75 ] || { echo "q at event deal's prompt: exit $rc"; cat tty.txt; exit 1; }
# --yes at a terminal: nobody is asked
script -qec '"$P" event deal sim-ev.conf --fill --yes' /dev/null </dev/null >tty.txt 2>&1
if grep -q 'Enter when done' tty.txt; then echo "asked despite --yes:"; cat tty.txt; exit 1; fi
grep -q '2 good, 0 bad' tty.txt || { echo "event deal --fill --yes:"; cat tty.txt; exit 1; }
echo "fill_prompt_rule: ok"
