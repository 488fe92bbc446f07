#!/bin/bash
# tests/cli/analyze_makeable_only_table.sh - another program's DoubleDummyTricks that lists only
# the contracts that make, every other as 1 (Dealmaster Pro and Dealer4 write so), is no
# double-dummy table: analyze solves the board again and computes par from the real table (the
# issue's board: EW 2000 by NS sacrificing at the 7 level, not EW 2140), says how many it
# replaced, and predup check says what such a tag holds. A full table is kept as it is. On the
# real Dealmaster Pro file of the corpus, every table it replaces is what libdds gives.
# cli: slow - libdds solves of a whole corpus file
set -u
. "$TOP/tests/lib_cli.sh"

board() { # board DDTABLE: the board, dealer E, EW vulnerable, with that table
    printf '[Event "x"]\n[Site "x"]\n[Date "2026.11.27"]\n[Board "1"]\n[West ""]\n'
    printf '[North ""]\n[East ""]\n[South ""]\n[Dealer "E"]\n[Vulnerable "EW"]\n'
    printf '[Deal "E:A986.J5.AK.AQ932 KQ7.QT9874.T97.6 J.A632.QJ8.KJ854 T5432.K.65432.T7"]\n'
    printf '[Scoring ""]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n'
    printf '[DoubleDummyTricks "%s"]\n' "$1"
}

board 1111111111a787da787d >made.pbn
"$PREDUP" analyze made.pbn -o out.pbn --quiet >out.txt 2>err.txt || fail "analyze: $(cat err.txt)"
grep -qx 'analyzed 1 board (1 solved, 0 already done; 1 table listing only makeable contracts replaced): out.pbn' \
    out.txt || fail "summary: $(cat out.txt)"
grep -qx '\[DoubleDummyTricks "3555035550a787da787d"\]' out.pbn || fail "table: $(grep Double out.pbn)"
grep -qx '\[OptimumScore "EW 2000"\]' out.pbn || fail "par score: $(grep Optimum out.pbn)"
grep -qx '\[ParContract "NS 7Dx-8,NS 7Hx-8,NS 7Sx-8"\]' out.pbn || fail "par: $(grep Par out.pbn)"

# predup check names what the tag holds, as a note: it is valid PBN, so no departure.
"$PREDUP" check made.pbn >chk.txt 2>&1
grep -q "^made.pbn:16: note: 1 DoubleDummyTricks tag lists only the contracts that make" \
    chk.txt || fail "check: $(cat chk.txt)"
"$PREDUP" check out.pbn >chk2.txt 2>&1
grep -q "only the contracts" chk2.txt && fail "check notes a full table: $(cat chk2.txt)"

# A full table (the one libdds gives) is kept: nothing solved.
board 3555035550a787da787d >full.pbn
"$PREDUP" analyze full.pbn -o full2.pbn --quiet >out.txt || fail "analyze of a full table"
grep -q '(0 solved, 1 already done)' out.txt || fail "a full table solved again: $(cat out.txt)"

# The corpus's Dealmaster Pro file: each of its tables is makeable-only; what analyze puts in
# their place equals a solve of the same boards with no table at all.
dm="$TOP/../shared/corpus/dealmaster-17_01_11.pbn"
if [ ! -f "$dm" ]; then
    echo "skip: no ../shared/corpus (the Dealmaster Pro file)"
    exit 0
fi
"$PREDUP" analyze "$dm" -o dm.pbn --quiet >out.txt || fail "analyze of the Dealmaster file"
grep -q '; 18 tables listing only makeable contracts replaced' out.txt || fail "dm: $(cat out.txt)"
# The solve of the same boards without tables, to compare, is libdds's work only (not
# instrumented): the plain half of make check does it, the ASan+UBSan half (CLI_HALF=san) not.
# Its first 4 boards are enough: each board is replaced by the one same path, and solving all
# 18 again would repeat libdds's work, not predup's.
[ "${CLI_HALF:-}" != san ] || exit 0
grep -v '^\[\(DoubleDummyTricks\|OptimumScore\|ParContract\|OptimumResultTable\) ' "$dm" |
    tr -d '\r' | awk 'BEGIN { RS = ""; ORS = "\n\n" } NR <= 4' >bare.pbn
"$PREDUP" analyze bare.pbn -o bare2.pbn --quiet >out.txt || fail "analyze of the bare file"
grep -q '^analyzed 4 boards (4 solved' out.txt || fail "bare: $(cat out.txt)"
tags='^\[DoubleDummyTricks\|^\[OptimumScore\|^\[ParContract'
diff <(grep "$tags" dm.pbn | tr -d '\r' | head -n 12) <(grep "$tags" bare2.pbn | tr -d '\r') >d.txt ||
    fail "replaced tables differ from libdds's: $(head d.txt)"
