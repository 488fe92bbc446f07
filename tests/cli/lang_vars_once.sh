#!/bin/bash
# tests/cli/lang_vars_once.sh - variables are evaluated once per deal (issue 21 item 12): a
# 985-byte script of 60 levels of v_i = v_{i-1} + v_{i-1} (2^60 evaluations before) finishes at
# once with the values of the script written without variables; a variable that calls rnd()
# still draws anew at each use (dealer's meaning), and a script that doubles one of those is
# refused at compile time with its position; every way predup deals (lazy, tallied, -2 swaps,
# predeal, conditional generation, -e, -j 1/3, keyed sets) gives with variables the output of
# the same script with the variables written out.
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }
# A hang of the old evaluation must fail the test, not stall the suite.
run() { timeout 120 "$PREDUP" "$@"; }

# The 60 levels. v_k is hcp(north) * 2^k in 32 bits: v3 = 8 hcp, v31 = -2^31 for an odd hcp
# and 0 for an even one, v60 = 0.
{ echo 'generate 20000'; echo 'v0 = hcp(north)'
  for i in $(seq 1 60); do echo "v$i = v$((i - 1)) + v$((i - 1))"; done
  echo 'condition v60 == 0 && v3 >= 96'
  echo 'action printes hcp(north), " ", v3, " ", v31, " ", v60, \n, average "v5" v5'; } > deep.dl
[ "$(wc -c < deep.dl)" -lt 1100 ] || fail "deep.dl is $(wc -c < deep.dl) bytes"
cat > flat.dl <<'EOF2'
generate 20000
condition 0 == 0 && hcp(north) * 8 >= 96
action printes hcp(north), " ", hcp(north) * 8, " ", (hcp(north) % 2) * (0 - 2147483647 - 1), " ", 0, \n, average "v5" hcp(north) * 32
EOF2
for j in 1 3; do
    rc=0; run dealer -s 7 -j $j deep.dl > deep$j.txt 2> err.txt || rc=$?
    [ "$rc" = 0 ] || fail "deep.dl -j $j: exit $rc $(head -c 300 err.txt)"
    "$PREDUP" dealer -s 7 -j $j flat.dl > flat$j.txt
    nosum < deep$j.txt > a; nosum < flat$j.txt > b
    cmp a b || fail "deep.dl -j $j: output differs from flat.dl"
done
grep -q '^13 104 -2147483648 0$' deep1.txt || fail "deep.dl: no line for 13 hcp"
grep -q '^14 112 0 0$' deep1.txt || fail "deep.dl: no line for 14 hcp"
grep -q '^Produced [1-9][0-9]* hands$' deep1.txt || fail "deep.dl produced nothing"

# rnd() in a variable: each use draws anew, as in dealer (r != r is a coin of 1000 sides).
printf 'generate 3000\nr = rnd(1000)\ncondition r != r && hcp(north) > 12\naction printoneline\n' > rv.dl
printf 'generate 3000\ncondition rnd(1000) != rnd(1000) && hcp(north) > 12\naction printoneline\n' > ri.dl
"$PREDUP" dealer -s 2 rv.dl | nosum > rv.txt
"$PREDUP" dealer -s 2 ri.dl | nosum > ri.txt
cmp rv.txt ri.txt || fail "a variable with rnd() is not drawn at each use"
grep -q '^Produced [1-9][0-9]* hands$' rv.txt || fail "rv.dl produced nothing"
# ... so doubling one of those would take 2^40 draws: refused, with its place.
{ echo 'r0 = rnd(2)'; for i in $(seq 1 40); do echo "r$i = r$((i - 1)) + r$((i - 1))"; done
  echo 'condition r40 > 0'; } > rdeep.dl
rc=0; run dealer -s 1 rdeep.dl > out.txt 2> err.txt || rc=$?
[ "$rc" = 65 ] || fail "rdeep.dl: exit $rc, want 65 ($(head -c 300 err.txt))"
head -1 err.txt | grep -q '^predup dealer: rdeep.dl:20:11: error: expression too costly: it evaluates more than 1000000 terms per deal. A variable that calls rnd() is evaluated again at each use' ||
    fail "rdeep.dl: $(head -c 400 err.txt)"
[ ! -s out.txt ] || fail "rdeep.dl printed something"

# Every path of dealing: variables (shared by condition and actions, used many times; b and c
# large enough to be evaluated once per deal, a not) give the output of the script written out.
V='a = hcp(north) + hcp(south)
b = a >= 20 && (spades(north) + spades(south) >= 8 || hearts(north) + hearts(south) >= 8 || diamonds(north) + diamonds(south) >= 10 || clubs(north) + clubs(south) >= 10)
c = b ? a * 10 + loser(north) + loser(south) + control(north) + hcp(east) * 2 + hcp(west) * 3 : 0 - 1'
I_a='(hcp(north) + hcp(south))'
I_b="($I_a >= 20 \&\& (spades(north) + spades(south) >= 8 || hearts(north) + hearts(south) >= 8 || diamonds(north) + diamonds(south) >= 10 || clubs(north) + clubs(south) >= 10))"
I_c="($I_b ? $I_a * 10 + loser(north) + loser(south) + control(north) + hcp(east) * 2 + hcp(west) * 3 : 0 - 1)"
expand() { sed -e "s/\\bc\\b/$I_c/g" -e "s/\\bb\\b/$I_b/g" -e "s/\\ba\\b/$I_a/g"; }
# same NAME FLAGS BODY: NAME.dl (variables) and NAME_i.dl (written out) print the same
same() {
    { echo "$V"; echo "$3"; } > "$1.dl"
    echo "$3" | expand > "$1_i.dl"
    grep -q '\bb\b\|\bc\b' "$1_i.dl" && fail "$1: not expanded"
    # shellcheck disable=SC2086
    run dealer $2 "$1.dl" 2>&1 | nosum > "$1.txt"
    # shellcheck disable=SC2086
    "$PREDUP" dealer $2 "$1_i.dl" 2>&1 | nosum | sed "s/$1_i.dl/$1.dl/" > "$1_i.txt"
    cmp "$1.txt" "$1_i.txt" || fail "$1 ($2): variables change the output"
    grep -q '^Produced [1-9][0-9]* hands$' "$1.txt" || fail "$1 ($2) produced nothing"
}
same lazy "-s 3 -j 1" 'generate 20000
condition b && c > a
action printes c, " ", a, " ", b, \n, printoneline'
same lazy3 "-s 3 -j 3" 'generate 20000
condition b && c > a
action printes c, " ", a, " ", b, \n, printoneline'
same tally "-s 4 -j 1" 'generate 50000
condition b && c + a > 200
action average "C" c, frequency "A" (a, 20, 40), frequency "CA" (c, 200, 420, a, 20, 40)'
same tally3 "-s 4 -j 3" 'generate 50000
condition b && c + a > 200
action average "C" c, frequency "A" (a, 20, 40)'
same swap "-s 5 -3" 'generate 5000
condition c > 230
action printoneline, average "A" a'
same predeal "-s 6" 'generate 5000
predeal north SAK2, HQ5
condition b
action printoneline, average "C" c'
same fast "-s 8" 'generate 2000000
produce 20
condition hcp(north) >= 20 && c >= 300
action printoneline, printes c, \n'
same pbn "-s 9 --sd" 'generate 20000
produce 6
condition c > 250 && c < 300
action printpbn, average "C" c'
same exhaust "-e -s 1 -p 40" 'predeal north SAKQJT, HAKQJT, DAKQ
predeal south S98765, H98765, DJT9
predeal east D8765
condition a >= 0
action printoneline, frequency "C" (c, -1, 400)'

# A keyed set dealt with a script of variables: the deals of the script written out.
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
{ echo "$V"; echo 'condition b && c >= 230'; } > keyed.dl
echo 'condition b && c >= 230' | expand > keyed_i.dl
run deal --key vec.key --boards 1-8 --script keyed.dl -j 2 -o keyed.pbn
"$PREDUP" deal --key vec.key --boards 1-8 --script keyed_i.dl -j 2 -o keyed_i.pbn
grep '^\[Deal ' keyed.pbn > a
grep '^\[Deal ' keyed_i.pbn > b
[ "$(wc -l < a)" = 8 ] || fail "keyed.pbn: $(wc -l < a) deals"
cmp a b || fail "keyed set: variables change the deals"
echo ok
