#!/bin/bash
# tests/cli/fill_status_rehearsal.sh - fill --status on a set filled on the simulator (issue
# 29, item 14) finds the rehearsal's journal (SET.pbn.sim-journal) and describes it as one,
# never as boards filled; with the club's journal too, both are shown, each for what it is.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-3
rc=0; "$P" fill set.pbn --status >st.txt 2>err.txt || rc=$?
[ "$rc" = 64 ]; grep -q 'set.pbn.journal: no journal: no fill was started$' err.txt

"$P" fill set.pbn --machine sim --yes --boards 1-2 >/dev/null 2>&1
"$P" fill set.pbn --status >st.txt 2>err.txt || { echo "status of a rehearsal failed:"; cat err.txt; exit 1; }
cat >want.txt <<'TXT'
set.pbn.sim-journal: a rehearsal on the simulator: it filled no real board
set.pbn.sim-journal: 104 cards placed in all, on machine "sim"
copy 1: 2 of 3 boards good
  not started: 3
TXT
diff want.txt st.txt

# The club's journal as well (a fill on another simulated machine, by --journal name).
"$P" fill set.pbn --machine sim --yes --boards 3 --journal set.pbn.journal >/dev/null 2>&1
"$P" fill set.pbn --status >st.txt
sed -n 1p st.txt | grep -q '^set.pbn.journal: 52 cards placed in all, on machine "sim"$'
grep -q '^set.pbn.sim-journal: a rehearsal on the simulator: it filled no real board$' st.txt
echo "fill_status_rehearsal: ok"
