#!/bin/bash
# tests/cli/fill_journal_disk_full.sh - a disk that fills up during a fill is reported as
# "no space left" (issue 29, item 14), not with a stale errno left over from an earlier call
# (a short write sets none): the journal sits on a 4 KiB tmpfs mounted in a private user and
# mount namespace, which fills up within the second board. Skips where namespaces are
# unavailable.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
mkdir small
if ! unshare -rm sh -c 'mount -t tmpfs -o size=4k none small' 2>/dev/null; then
    echo "skip: no user and mount namespaces here (unshare -rm)"
    exit 0
fi
export P
rc=0
unshare -rm sh -c 'mount -t tmpfs -o size=4k none small &&
    exec "$P" fill set.pbn --machine sim --yes --journal small/j >out.txt 2>err.txt' || rc=$?
[ "$rc" = 74 ] || { echo "a full disk: exit $rc, not 74"; cat out.txt err.txt; exit 1; }
grep -q '^predup fill: error: small/j: no space left on its disk: the last event was not recorded' err.txt ||
    { echo "a full disk not named:"; cat err.txt; exit 1; }
if grep -q '^filled' out.txt; then echo "a summary after a full disk:"; cat out.txt; exit 1; fi
