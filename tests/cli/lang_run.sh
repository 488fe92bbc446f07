#!/bin/sh
# tests/cli/lang_run.sh - predup dealer runs: same output for any -j, seeds, stdin, errors
# with file:line:col and a caret, limits (-g, -t), rnd() apart from the deal stream,
# tricks() and evalcontract through libdds, predeal of suit lengths, altcount, printes without
# parentheses, and the flags dealer has but predup refuses (-e, -l).
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }

cat > mix.dl <<'EOF2'
generate 20000
produce 300
condition hcp(north) + hcp(south) >= 24 && rnd(3) > 0
action printoneline(rnd(1000)), average "hs" hcp(south), frequency "sp" (spades(north), 0, 13)
EOF2
"$PREDUP" dealer -s 5 -j 1 mix.dl | nosum > j1.txt
"$PREDUP" dealer -s 5 -j 2 mix.dl | nosum > j2.txt
"$PREDUP" dealer -s 5 -j 3 mix.dl | nosum > j3.txt
cmp j1.txt j2.txt || fail "-j 2 differs from -j 1"
cmp j1.txt j3.txt || fail "-j 3 differs from -j 1"
grep -q '^Produced 300 hands$' j1.txt || fail "produce 300"
grep -q '^Initial random seed 5$' j1.txt || fail "seed in the summary"
"$PREDUP" dealer -s 6 mix.dl | nosum > s6.txt
grep -q '^Produced 300 hands$' s6.txt || fail "seed 6: produce 300" # (not an empty file below)
! cmp -s j1.txt s6.txt || fail "seed 6 gives the same deals as seed 5"
# Without -s a random seed is drawn and shown; running with it again reproduces the output.
"$PREDUP" dealer mix.dl | nosum > r1.txt
seed=$(sed -n 's/^Initial random seed //p' r1.txt)
"$PREDUP" dealer -s "$seed" mix.dl | nosum > r2.txt
cmp r1.txt r2.txt || fail "the printed seed does not reproduce the run"

# stdin, and the PBN Event names it "standard input" (Debian's dealer says "(null)").
printf 'produce 1\naction printpbn\n' | "$PREDUP" dealer -s 1 -v > pbn.txt
grep -q '^\[Event "Hand simulated by predup dealer with file standard input, seed 1"\]$' pbn.txt ||
    fail "stdin Event"
grep -q '^\[Deal "N:[^ ]* [^ ]* [^ ]* [^ ]*"\]$' pbn.txt || fail "Deal tag"
printf 'produce 1\naction printpbn\n' | SOURCE_DATE_EPOCH=0 "$PREDUP" dealer -s 1 -v |
    grep -q '^\[Date "1970.01.01"\]$' || fail "SOURCE_DATE_EPOCH for the PBN Date"

# rnd() never changes the deals: with a random condition the kept deals are a subsequence.
printf 'generate 200\nproduce 200\naction printoneline\n' > all.dl
printf 'generate 200\nproduce 200\ncondition rnd(2) == 0\naction printoneline\n' > half.dl
"$PREDUP" dealer -s 9 -v --plain all.dl > all.txt
"$PREDUP" dealer -s 9 -v --plain half.dl > half.txt
[ "$(wc -l < half.txt)" -gt 50 ] && [ "$(wc -l < half.txt)" -lt 150 ] || fail "rnd(2) kept $(wc -l < half.txt)"
awk 'NR == FNR { all[++n] = $0; next }
     { while (j < n && all[++j] != $0) ; if (all[j] != $0) bad = 1 }
     END { exit bad }' all.txt half.txt || fail "rnd() changed the deal stream"

# Errors: file, line, column, the line and a caret; exit status 65.
printf 'condition hcp(north) > 10 &&\n   spades(nort) > 3\n' > bad.dl
set +e
"$PREDUP" dealer bad.dl 2> err.txt; rc=$?
set -e
[ "$rc" -eq 65 ] || fail "syntax error exit status $rc"
cat > want.txt <<'EOF2'
predup dealer: bad.dl:2:11: error: expected north, east, south or west, found 'nort'
     spades(nort) > 3
            ^
EOF2
cmp err.txt want.txt || { cat err.txt; fail "error message"; }
printf 'x = 1\nx = 2\n' > twice.dl
! "$PREDUP" dealer twice.dl 2> err.txt || fail "redefinition accepted"
grep -q "twice.dl:2:1: error: variable 'x' defined twice" err.txt || fail "redefinition message"
printf 'predeal north SA\npredeal east SA\n' > card.dl
! "$PREDUP" dealer card.dl 2> err.txt || fail "card predealt twice accepted"
grep -q "card.dl:2:14: error: card SA predealt twice" err.txt || fail "predealt twice message"
printf 'produce 1\ncondition 1 / (hcp(north) - hcp(north))\n' > div.dl
! "$PREDUP" dealer -s 1 div.dl 2> err.txt || fail "division by zero accepted"
grep -q "div.dl:2:13: error: division by zero" err.txt || fail "division message"

# Limits: impossible conditions stop at -g with a summary, or at -t with status 75.
printf 'condition hcp(north) > 37\n' > never.dl
"$PREDUP" dealer -s 1 -g 5000 --plain never.dl > never.txt
grep -q '^Generated 5000 hands$' never.txt && grep -q '^Produced 0 hands$' never.txt || fail "-g"
printf 'condition hcp(north) == 37 && hcp(south) == 3 && spades(east) == 13\n' > rare.dl
# -g far beyond what 1 s can reach: the default 10 M deals took under 1 s on a CI machine.
set +e
"$PREDUP" dealer -s 1 -t 1 -g 1000000000 --plain rare.dl > t.txt 2> t.err; rc=$?
set -e
[ "$rc" -eq 75 ] || fail "-t exit status $rc"
grep -q 'nothing produced in 1 s' t.err || fail "-t message"
grep -q '^Produced 0 hands$' t.txt || fail "-t summary"

# tricks() and evalcontract by libdds, on a deal whose answers are plain.
cat > dd.dl <<'EOF2'
predeal north SAKQJT98765432
predeal east HAKQJT98765432
predeal south DAKQJT98765432
predeal west CAKQJT98765432
produce 1
action printes(tricks(north, spades), " ", tricks(north, notrump), " ", tricks(east, notrump),
  " ", tricks(south, diamonds), " ", trick(west, clubs), \n), evalcontract
EOF2
"$PREDUP" dealer -s 1 -v dd.dl > dd.txt
[ "$(head -1 dd.txt)" = "13 0 0 13 13" ] || fail "tricks: $(head -1 dd.txt)"
grep -q '^s: ' dd.txt && grep -q '^Not Vulnerable$' dd.txt || fail "evalcontract table"
# NS take all 13 tricks in spades (either declares): 1S makes 260 ... 7S 1510 / 2210 vul.
grep -q '^s:  260/ 260  260/ 260  260/ 260  510/ 510  510/ 510 1010/1010 1510/1510 $' dd.txt ||
    fail "evalcontract spades"
grep -q '^s:  260/ 260  260/ 260  260/ 260  710/ 710  710/ 710 1460/1460 2210/2210 $' dd.txt ||
    fail "evalcontract spades vulnerable"
grep -q '^c: -350/-350 ' dd.txt || fail "evalcontract clubs (West's trumps: down 7)"

# predeal of a suit length holds on every deal; altcount N redefines ptN.
printf 'predeal spades(north)==8\nproduce 200\naction frequency (spades(north), 7, 9)\n' > len.dl
"$PREDUP" dealer -s 3 -v len.dl > len.txt
grep -q '^    8	     200$' len.txt || { cat len.txt; fail "predeal spades(north)==8"; }
cat > alt.dl <<'EOF2'
predeal north SAKT2, HAT98, DA2, CQ32
altcount 4 9
altcount 0 0 0 0 0 5
produce 1
action printes(aces(north), " ", tens(north), " ", hcp(north), \n)
EOF2
"$PREDUP" dealer -s 1 -v alt.dl > alt.txt
[ "$(cat alt.txt)" = "27 10 17" ] || fail "altcount: $(cat alt.txt)"
# printes as dealer's manual writes it, without parentheses.
printf 'predeal north SAKT2, HAT98, DA2, CQ32\nproduce 1\naction printes "hcp ", hcp(north), \\n, printes ("x", \\n)\n' > pe.dl
"$PREDUP" dealer -s 1 -v pe.dl > pe.txt
[ "$(cat pe.txt)" = "$(printf 'hcp 17\nx')" ] || fail "printes without parentheses: $(cat pe.txt)"

# -e: every deal of the unknown cards. North and South complete, East and West hold 10 each:
# the 6 cards left (spades 4 3 2, hearts 4 3 2) give C(6,3) = 20 deals, and East has k of the
# three small spades in C(3,k) C(3,3-k) of them: 1 9 9 1.
cat > ex.dl <<'EOF2'
predeal north SAKQJT, HAKQJT, DAKQ
predeal south S98765, H98765, DJT9
predeal east D8765, C765432
predeal west D432, CAKQJT98
action frequency "sp" (spades(east), 0, 3), printoneline
EOF2
"$PREDUP" dealer -e -s 1 ex.dl > ex.txt
grep -q '^Generated 20 hands$' ex.txt && grep -q '^Produced 20 hands$' ex.txt || fail "-e count"
[ "$(grep -c '^n ' ex.txt)" -eq 20 ] || fail "-e printed deals"
[ "$(sort ex.txt | uniq -d | wc -l)" -eq 0 ] || fail "-e repeated a deal"
printf '    0	       1
    1	       9
    2	       9
    3	       1
' > want.txt
grep -A4 '^Frequency sp:$' ex.txt | tail -4 > got.txt
cmp want.txt got.txt || fail "-e frequencies"
printf 'predeal north SA
' > open3.dl
! "$PREDUP" dealer -e open3.dl 2> err.txt || fail "-e with three open hands"
grep -q 'exhaustive mode needs' err.txt || fail "-e message"
! "$PREDUP" dealer -l 0 mix.dl 2> err.txt || fail "-l accepted"
grep -q 'library.dat' err.txt || fail "-l message"
"$PREDUP" dealer --help | grep -q 'Seeds are for practice only' || fail "--help on seeds"
echo "dealer runs: ok"
