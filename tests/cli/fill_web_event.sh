#!/bin/bash
# tests/cli/fill_web_event.sh - predup event deal --fill --web: the ceremony's fill shows on the
# operator page, whose operator answers its prompts there (no terminal needed); the deals never
# reach the page; --web without --fill is a usage error.
# cli: slow - a ceremony whose fill is driven through the operator page
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
. "$TOP/tests/lib_cli.sh"
event_conf ev.conf "Web Pairs" 1-3 sim
event_published ev.conf
rc=0; "$P" event deal ev.conf --web 0 >out.txt 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q 'error: --web shows the fill on a page: it goes with --fill' err.txt
[ ! -e ev/s.pbn ]

timeout 60 "$P" event deal ev.conf --fill --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
fill=$!
trap 'kill $fill 2>/dev/null || true' EXIT
url=$(python3 "$D" url err.txt)
mkdir -p seen
python3 "$D" http "$url" seen >drive.txt
rc=0; wait "$fill" || rc=$?
[ "$rc" = 0 ] || { echo "event deal --fill --web: exit $rc"; cat out.txt err.txt drive.txt; exit 1; }
grep -q '3 good, 0 bad' out.txt
for b in 1 2 3; do grep -q "^answered [0-9]* $b continue 200$" drive.txt; done
grep -q '"event":"Web Pairs","set":"s.pbn"' seen/states.txt
tr -d '\r' <ev/s.pbn | sed -n 's/^\[Deal "..\(.*\)"\]$/\1/p' | tr ' ' '\n' >hands.txt
[ "$(wc -l <hands.txt)" = 12 ]
if grep -qFf hands.txt seen/states.txt seen/page.html; then echo "a hand on the page"; exit 1; fi
