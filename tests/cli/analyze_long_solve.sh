#!/bin/bash
# tests/cli/analyze_long_solve.sh - a double-dummy solve of minutes (DDS's thomas2 deal, about a
# quarter of an hour of CPU) shows the boards done and the time gone on a terminal, second by
# second, and --max-seconds bounds it: exit 75 (stopped before done), the reason, and no file
# written. Quiet when stderr is no terminal. Read from ../shared/external in place.
# cli: slow - a long libdds solve
set -u
. "$TOP/tests/lib_cli.sh"

t2="$TOP/../shared/external/dds/thomas2.txt"
if [ ! -f "$t2" ]; then
    echo "skip: no ../shared/external (DDS's thomas2 deal)"
    exit 0
fi
deal=$(sed -n 's/^PBN [0-9 ]*"\(.*\)".*/\1/p' "$t2")
printf '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "%s"]\n' "$deal" >slow.pbn
cp slow.pbn slow.before

exits 75 "$PREDUP" analyze slow.pbn -o out.pbn --max-seconds 2 -j 1
grep -qx 'predup analyze: error: no double-dummy result after 2 s (--max-seconds): 0 of 1 boards solved, nothing written' \
    err.txt || fail "message: $(cat err.txt)"
[ ! -e out.pbn ] || fail "out.pbn written"
cmp -s slow.pbn slow.before || fail "the input changed"
[ -z "$(ls -A | grep -v "^\(slow.pbn\|slow.before\|err.txt\|out.txt\)$")" ] || fail "left behind: $(ls)"

# On a terminal: the line moves with the clock; the typescript keeps each \r-separated state.
# Which seconds are shown depends on how a loaded machine wakes the waiting thread (a tick
# may come late and skip a second): the states start at 0 s, never go back, and reach the
# bound (3 s) before predup gives up, whatever the load.
P=$PREDUP script -qec '"$P" analyze slow.pbn -o out.pbn --max-seconds 3 -j 1' /dev/null \
    >tty.txt 2>&1 </dev/null
tr '\r' '\n' <tty.txt | sed -n 's/^analyze: 0\/1 boards, \([0-9]*\) s *$/\1/p' >secs.txt
awk 'NR == 1 && $1 != 0 { bad = 1 } $1 < last { bad = 1 } { last = $1 }
     END { exit bad || NR < 2 || last < 3 }' secs.txt ||
    fail "no progress from 0 s to 3 s: $(cat -v tty.txt)"
exits 64 "$PREDUP" analyze slow.pbn -o out.pbn --max-seconds 0
grep -q -- '--max-seconds' err.txt || fail "--max-seconds 0: $(cat err.txt)"
