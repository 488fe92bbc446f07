#!/bin/sh
# tests/cli/machine_kill.sh - kill -9 of `predup fill` at a random moment, then --resume:
# the resumed run finishes every board, counts the boards finished before the kill, and the
# boards it fills are audited card by card by the simulator. Whatever the moment, the outcome
# must be the same: the assertions do not depend on timing.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-12
cat >slow.conf <<CONF
[machine]
transport = sim
[sim]
card_ms = 1
board_ms = 5
rate_jam = 2000
CONF
for round in 1 2 3; do
    rm -f set.pbn.sim-journal
    "$P" fill set.pbn --machine slow.conf --yes --quiet >/dev/null 2>&1 &
    pid=$!
    # a random moment in the first half second of a run of about a second
    ms=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
    sleep "0.$(printf '%03d' $((ms % 500 + 20)))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    before=$(grep -c '^good ' set.pbn.sim-journal 2>/dev/null || true)
    "$P" fill set.pbn --machine slow.conf --yes --resume >out.txt 2>err.txt
    grep -q '^filled set.pbn: 12 good, 0 bad' out.txt
    if [ "${before:-0}" -gt 0 ]; then
        grep -q "($before finished before this run)" out.txt
    fi
    grep -q 'simulator audit: .* hold their deals, card by card$' out.txt
    [ "$(grep -c '^good ' set.pbn.sim-journal)" = 12 ]
    echo "round $round: $before boards done before the kill"
done
