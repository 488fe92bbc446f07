#!/bin/bash
# tests/cli/event_fill_rehearsal.sh - event deal --fill rehearsed on the simulator, then the
# event's machine line changed to the club's machine (not plugged in): the rehearsal counts
# for nothing, the fill stops with exit 69 naming the machine and reports no board good.
set -eu
P=$PREDUP
cat > ev.conf <<CONF
[event]
name = Trust
date = 2026.11.23
site = Club
delayed_value = the first prize number of the national lottery on 2026-11-22
public_form = numbers 6 of 49

[set s]
boards = 1-4
machine = sim
CONF
printf '[machine]\ntransport = usb\nvid = 0x1209\npid = 0x7777\nreplug_wait_ms = 0\n' >club.conf
"$P" event commit ev.conf >/dev/null
"$P" event public ev.conf "7 13 21 34 40 45" >/dev/null
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
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
