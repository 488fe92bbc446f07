#!/bin/bash
# tests/cli/dealer_tally.sh - scripts whose actions are only statistics (average, frequency,
# 2-D frequency) take the tallying path of `predup dealer` (the workers evaluate the values,
# the commit counts them in deal order; with -j 1 one thread does both). Its output must be
# the one of the general path, which keeps the deals and runs the actions at the commit: the
# same script with a printes("") that prints nothing takes that path. Checked with conditions,
# rnd() in an action, --sd, -p/-g limits, -j 1/2/3, an action that fails at run time (before
# and after the produce limit), 2 ranks under mpirun, and one frozen output of seed 1.
set -eu
. "$TOP/tests/lib_cli.sh" # mpi
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }

cat > v.dl <<'EOF2'
generate 100000
produce 100000
condition 1
action average "hcp N" hcp(north), frequency "sp" (spades(north), 0, 13)
EOF2
cat > stats.dl <<'EOF2'
generate 60000
produce 60000
condition hcp(north) >= 12 && shape(north, any 4333 + any 4432 + any 5332)
action average "hcp N" hcp(north), average "r" rnd(100),
  frequency "sp S" (spades(south), 0, 6),
  frequency "2d" (hcp(north), 12, 20, hearts(north), 2, 5), average "w" loser(west)
EOF2
cat > fails.dl <<'EOF2'
generate 100000
produce 100000
condition hcp(north) > 10
action average "x" hcp(north) / (hcp(north) > 20 ? 0 : 1)
EOF2
# The same script through the general path: an action that prints nothing (a printing script
# produces 40 deals by default: each script names its produce).
# It is written under g/ with the same name and the same columns (printes last: the action
# statement ends each script), so that messages naming file:line:col compare as they are.
general() { mkdir -p g; sed '$ s/$/, printes("")/' "$1" > "g/$1"; }

# Frozen: seed 1 of v.dl (the practice stream and the statistics, as before the tallying path),
# practice dealing version 1.
"$PREDUP" dealer --dealing 1 -s 1 v.dl | nosum > v.txt
head -1 v.txt | grep -qx 'hcp N: 9.99427' || fail "v.dl seed 1: $(head -1 v.txt)"
grep -qP '^    3\t   28467$' v.txt || fail "v.dl seed 1: 3 spades 28467 times"
grep -qx 'Generated 100000 hands' v.txt || fail "v.dl: generated"
"$PREDUP" dealer --dealing 1 -s 1 --sd v.dl | head -1 | grep -qx 'hcp N: 9.99427 4.13744815 100000' ||
    fail "v.dl --sd seed 1"
# An always-true condition that is not a number: the same deals, the same statistics.
sed 's/^condition 1$/condition hcp(north) >= 0/' v.dl > v2.dl
"$PREDUP" dealer --dealing 1 -s 1 v2.dl | nosum | cmp - v.txt || fail "condition 1 and an always-true test differ"

for s in v.dl stats.dl; do
    general "$s"
    for args in "-s 3 -j 1" "-s 3 -j 2" "-s 5 -j 3 --sd" "-s 7 -p 250" "-s 8 -g 10001 -j 2"; do
        # shellcheck disable=SC2086
        "$PREDUP" dealer $args "$s" | nosum > t.txt
        # shellcheck disable=SC2086
        (cd g && "$PREDUP" dealer $args "$s") | nosum > k.txt
        cmp t.txt k.txt || fail "$s $args: tallying and general paths differ"
    done
    "$PREDUP" dealer -s 3 -j 1 "$s" | nosum > t1.txt
    "$PREDUP" dealer -s 3 -j 3 "$s" | nosum > t3.txt
    cmp t1.txt t3.txt || fail "$s: -j 3 differs from -j 1"
done

# A failure at run time: the same message and status on both paths; none when the produce
# limit comes first (the failing deal then lies in the same block, past the limit).
general fails.dl
for args in "-s 8 -j 1" "-s 8 -j 2" "-s 11 -p 5" "-s 11 -p 5 -j 3"; do
    set +e
    # shellcheck disable=SC2086
    "$PREDUP" dealer $args fails.dl > t.txt 2> t.err
    trc=$?
    # shellcheck disable=SC2086
    (cd g && "$PREDUP" dealer $args fails.dl) > k.txt 2> k.err
    krc=$?
    set -e
    [ "$trc" = "$krc" ] || fail "fails.dl $args: exit $trc, general path $krc"
    cmp t.err k.err || fail "fails.dl $args: messages differ"
    cmp <(nosum < t.txt) <(nosum < k.txt) || fail "fails.dl $args: outputs differ"
done
"$PREDUP" dealer -s 8 fails.dl > /dev/null 2> t.err && fail "fails.dl -s 8 did not fail"
grep -q 'fails.dl:4:31: error: division by zero' t.err || fail "fails.dl: $(cat t.err)"
"$PREDUP" dealer -s 11 -p 5 fails.dl > t.txt || fail "fails.dl -s 11 -p 5 failed"
grep -qx 'Produced 5 hands' t.txt || fail "fails.dl -s 11 -p 5: produced"

if command -v mpirun > /dev/null; then
    "$PREDUP" dealer -s 4 stats.dl | nosum > t1.txt
    mpi 2 "$PREDUP" dealer -s 4 stats.dl | nosum > tm2.txt
    cmp t1.txt tm2.txt || fail "stats.dl: 2 ranks differ from -j 1"
else
    echo "skip: stats.dl under mpirun: no mpirun (openmpi-bin)"
fi
echo ok
