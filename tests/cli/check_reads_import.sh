#!/bin/bash
# tests/cli/check_reads_import.sh - predup check on a scorer's file that predup reads whole says
# so first (it prints and converts as it is), then lists its departures from PBN export; a file
# whose games print only in part (no Board) says it converts; a file that follows export, or one
# predup cannot read, gets no such line.
set -u
. "$TOP/tests/lib_cli.sh"

d="N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
printf '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "%s"]\n' "$d" >imp.pbn
exits 1 "$PREDUP" check imp.pbn
head -1 out.txt | grep -qx "imp.pbn: predup reads its 1 game: it prints and converts as it is; the lines below depart from PBN's export format, which a strict PBN reader asks" ||
    fail "first line: $(head -1 out.txt)"
grep -q '^imp.pbn:1: game lacks mandatory tags' out.txt || fail "departures: $(cat out.txt)"
printf '[Deal "%s"]\n' "$d" >noboard.pbn
exits 1 "$PREDUP" check noboard.pbn
head -1 out.txt | grep -q "it converts as it is" || fail "no Board: $(head -1 out.txt)"
"$PREDUP" key new k.key >/dev/null && "$PREDUP" deal --key k.key --boards 1 -o good.pbn --quiet >/dev/null ||
    fail "deal"
"$PREDUP" check good.pbn >out.txt || fail "check of predup's own file: $(cat out.txt)"
grep -q "predup reads" out.txt && fail "a line for a file that follows export: $(cat out.txt)"
printf '[Deal "N:AKQ"]\n' >bad.pbn
"$PREDUP" check bad.pbn >out.txt 2>&1
grep -q "predup reads" out.txt && fail "a line for a file predup cannot read: $(cat out.txt)"
exit 0
