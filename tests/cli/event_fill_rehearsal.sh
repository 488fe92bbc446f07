#!/bin/bash
# tests/cli/event_fill_rehearsal.sh - event deal --fill rehearsed on the simulator, then the
# event's machine line changed to the club's machine (not plugged in): the rehearsal counts
# for nothing, the fill stops with exit 69 naming the machine and reports no board good.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
event_conf ev.conf Trust 1-4 sim
absent_machine_conf club.conf
event_published ev.conf
"$P" event deal ev.conf --fill >out.txt
grep -q '4 good, 0 bad' out.txt
sed -i "s|^machine = sim\$|machine = $PWD/club.conf|" ev.conf
rc=0; "$P" event deal ev.conf --fill --yes >out.txt 2>err.txt || rc=$? # a script: --yes (fill_prompt_rule.sh)
[ "$rc" = 69 ] || { echo "the club's machine after a rehearsal: exit $rc, not 69"; cat out.txt err.txt; exit 1; }
grep -q 'error: no USB machine 1209:7777 (profile ' err.txt
if grep -q ' good' out.txt; then echo "boards reported good:"; cat out.txt; exit 1; fi
# back on the simulator, the rehearsal is still its own: nothing to redo
sed -i "s|^machine = .*club.conf\$|machine = sim|" ev.conf
"$P" event deal ev.conf --fill >out.txt
grep -q '4 good, 0 bad (4 finished before this run)' out.txt
pdf_checked_all # every PDF made above passes qpdf and pdftotext
