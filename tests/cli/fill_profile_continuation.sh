#!/bin/bash
# tests/cli/fill_profile_continuation.sh - an indented line in a machine profile would continue
# the value above it (libinih joins continuation lines): "transport = usb" then "  sim" must
# not switch the profile to the simulator. Refused at its line and column, nothing journaled.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-2
printf '[machine]\ntransport = usb\n  sim\nreplug_wait_ms = 0\n' >club.conf
rc=0; "$P" fill set.pbn --machine club.conf --yes >out.txt 2>err.txt || rc=$?
[ "$rc" = 65 ] || { echo "a continuation line: exit $rc, not 65"; cat out.txt err.txt; exit 1; }
grep -q '^predup fill: club.conf:3:3: error: an indented line would continue the value of the key above it: start every key at the beginning of its line$' err.txt
[ ! -e set.pbn.journal ] && [ ! -e set.pbn.sim-journal ]
# a tab, and under [sim]: the same
printf '[machine]\ntransport = sim\n[sim]\nmethods = ocr\n\tocr+barcode\n' >tab.conf
rc=0; "$P" sim set.pbn --machine tab.conf >/dev/null 2>err.txt || rc=$?
[ "$rc" = 65 ]
grep -q 'tab.conf:5:2: error: an indented line' err.txt
# indented comments and blank lines with spaces are not values: accepted
printf '[machine]\ntransport = sim\n   ; a comment\n   \n  # another\n' >ok.conf
"$P" fill set.pbn --machine ok.conf --yes >out.txt
grep -q '2 good, 0 bad' out.txt
# A key given twice: the second would decide the machine as silently (transport = usb, then
# transport = sim). Refused at its line; sim.fault alone may repeat.
printf '[machine]\ntransport = usb\nreplug_wait_ms = 0\ntransport = sim\n' >twice.conf
rc=0; "$P" fill set.pbn --machine twice.conf --yes >out.txt 2>err.txt || rc=$?
[ "$rc" = 65 ] || { echo "a key twice: exit $rc, not 65"; cat out.txt err.txt; exit 1; }
grep -q '^predup fill: twice.conf:4: error: transport is given twice in \[machine\]: give each key once$' err.txt
printf '[machine]\ntransport = sim\n[sim]\nfault = jam@1:3\nfault = jam@2:5\n' >faults.conf
"$P" sim set.pbn --machine faults.conf >out.txt
echo ok
