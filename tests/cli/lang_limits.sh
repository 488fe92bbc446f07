#!/bin/bash
# tests/cli/lang_limits.sh - hostile scripts (issue 11 item 8, issue 14): 70,000 '!' or '('
# (a stack overflow before) and a chain of 1,001 definitions are refused with file:line:col;
# a 1 MB condition of && terms and a script of 100,000 variables run, with the same output as
# the small script they are equivalent to.
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }

# expect_deep FILE LINE:COL: predup dealer fails (65) with the depth message at LINE:COL
expect_deep() {
    rc=0
    "$PREDUP" dealer -s 1 "$1" > out.txt 2> err.txt || rc=$?
    [ "$rc" = 65 ] || fail "$1: exit $rc, want 65 ($(head -c 300 err.txt))"
    head -1 err.txt | grep -q "^predup dealer: $1:$2: error: expression nested too deeply (more than 1000 levels)" ||
        fail "$1: message $(head -c 300 err.txt)"
}
printf '%.0s!' $(seq 70000) > bang.dl
echo 1 >> bang.dl
expect_deep bang.dl 1:1000
{ printf 'condition '; printf '%.0s(' $(seq 70000); echo 1; } > paren.dl
expect_deep paren.dl 1:1011
{ echo 'v0 = hcp(north)'; for i in $(seq 1000); do echo "v$i = v$((i - 1)) + 1"; done; } > chain.dl
expect_deep chain.dl 1001:14

# A condition of 60,000 terms (about 1 MB) is the small one it repeats.
cat > small.dl <<'EOF2'
generate 3000
condition hcp(north) >= 12 && hcp(south) != 41
action printoneline, average "n" hcp(north)
EOF2
{ echo 'generate 3000'; printf 'condition hcp(north) >= 12'; printf '%.0s && hcp(south) != 41' $(seq 60000);
  echo; echo 'action printoneline, average "n" hcp(north)'; } > long.dl
[ "$(wc -c < long.dl)" -gt 1000000 ] || fail "long.dl is not 1 MB"
"$PREDUP" dealer -s 3 small.dl | nosum > small.txt
"$PREDUP" dealer -s 3 long.dl | nosum > long.txt
cmp small.txt long.txt || fail "the 1 MB condition differs from the small one"

# 100,000 variables, the last one used: the same deals as the small script.
{ echo 'generate 3000'; for i in $(seq 0 99999); do echo "var$i = hcp(north) >= 12"; done
  echo 'condition var99999 && var0 && hcp(south) != 41'; echo 'action printoneline, average "n" hcp(north)'; } > vars.dl
"$PREDUP" dealer -s 3 vars.dl | nosum > vars.txt
cmp small.txt vars.txt || fail "100,000 variables: output differs from the small script"
echo ok
