#!/bin/bash
# tests/cli/mpi_dealer.sh - `predup dealer` under mpirun: 2 and 3 ranks print byte for byte what
# -j 1 prints (a tricks() action script, a printpbn script, conditional generation with -p/-g
# limits, a run of rank 1 alone, -e), -j 2 gives -j 1's output on the tricks() script, and a
# failure on one rank (its script missing, or its libdds at run time) is one message from rank
# 0 naming the rank, with the failure's exit status; a script on stdin is refused under mpirun.
# cli: slow - mpirun starts ranks
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }
. "$TOP/tests/lib_cli.sh" # mpi
export SOURCE_DATE_EPOCH=1700000000

cat > tricks.dl <<'EOF2'
produce 6
condition hcp(north) + hcp(south) >= 26
action printes(tricks(north, spades), " ", tricks(south, notrump), \n),
  average "4S N" tricks(north, spades),
  frequency "NT S" (tricks(south, notrump), 0, 13)
EOF2
cat > pbn.dl <<'EOF2'
generate 200000
produce 50
condition shape(north, any 4333 + any 4432) && hcp(north) >= 15 && hcp(north) <= 17 && spades(south) >= 5
action printpbn, average "hcp S" hcp(south)
EOF2

"$PREDUP" dealer -s 11 -j 1 tricks.dl | nosum > t1.txt
grep -q '^Produced 6 hands$' t1.txt || fail "tricks.dl: produce 6"
[ "$(grep -c '^[0-9]* [0-9]*$' t1.txt)" = 6 ] || fail "tricks.dl: 6 lines of tricks"
"$PREDUP" dealer -s 11 -j 2 tricks.dl | nosum > t2.txt
cmp t1.txt t2.txt || fail "-j 2 differs from -j 1 on tricks() actions"
for n in 2 3; do
    mpi "$n" "$PREDUP" dealer -s 11 tricks.dl | nosum > "tm$n.txt"
    cmp t1.txt "tm$n.txt" || fail "tricks.dl: $n ranks differ from -j 1"
done
# Hosts of different sizes, each rank's -j its cores: a rank of 8 threads holds more blocks
# than rank 0's own window foresees (rank 0 makes room for them), and deals more of them.
mpi 1 "$PREDUP" dealer -s 11 -j 1 tricks.dl : -np 1 "$PREDUP" dealer -s 11 -j 8 tricks.dl |
    nosum > tmj.txt
cmp t1.txt tmj.txt || fail "tricks.dl: ranks of -j 1 and -j 8 differ from -j 1"

"$PREDUP" dealer -s 12 -j 1 pbn.dl | nosum > p1.txt
grep -q '^\[Deal "N:' p1.txt || fail "pbn.dl prints PBN"
mpi 3 "$PREDUP" dealer -s 12 -j 2 pbn.dl | nosum > pm3.txt
cmp p1.txt pm3.txt || fail "pbn.dl: 3 ranks of 2 threads differ from -j 1"
"$PREDUP" dealer -s 12 -v -p 7 -g 300000 pbn.dl > l1.txt
mpi 2 "$PREDUP" dealer -s 12 -v -p 7 -g 300000 pbn.dl > lm2.txt
cmp l1.txt lm2.txt || fail "-p 7: 2 ranks differ from -j 1"
mpi 1 "$PREDUP" dealer -s 12 pbn.dl | nosum > pm1.txt
cmp p1.txt pm1.txt || fail "one rank under mpirun differs from a plain run"

# -e (exhaustive) runs on rank 0 alone, the same 20 deals.
cat > ex.dl <<'EOF2'
predeal north SAKQJT, HAKQJT, DAKQ
predeal south S98765, H98765, DJT9
predeal east D8765, C765432
predeal west D432, CAKQJT98
action frequency "sp" (spades(east), 0, 3), printoneline
EOF2
"$PREDUP" dealer -e -s 1 ex.dl | nosum > e1.txt
mpi 2 "$PREDUP" dealer -e -s 1 ex.dl | nosum > em2.txt
grep -q '^Produced 20 hands$' e1.txt || fail "-e: 20 deals"
cmp e1.txt em2.txt || fail "-e: 2 ranks differ from a plain run"

# One rank fails: rank 0 says which, once, and the job ends with that failure's status.
set +e
mpi 1 "$PREDUP" dealer -s 11 tricks.dl : -np 1 "$PREDUP" dealer -s 11 missing.dl >out.txt 2>err.txt
rc=$?
set -e
[ "$rc" = 74 ] || fail "missing script on rank 1: exit $rc, not 74"
[ "$(grep -c 'predup dealer: .*rank 1: missing.dl: cannot open' err.txt)" = 1 ] ||
    fail "missing script on rank 1: $(cat err.txt)"
[ ! -s out.txt ] || fail "a failed job printed deals"
# A failure at run time on one rank only (its libdds cannot be loaded): blocks go to whichever
# rank asks, and rank 0's run is long enough (10^9 deals solved double dummy) that rank 1
# surely gets one; it fails at its first deal, and rank 0 stops at that block. (The ranks must
# run the same script: tests/cli/mpi_dealer_ranks_agree.sh.)
mkdir -p nodds
: > nodds/libdds.so.0
printf 'generate 1000000000\ncondition tricks(north, notrump) > 7\naction average "t" tricks(north, notrump)\n' > dds.dl
rc=0
mpi 1 "$PREDUP" dealer -s 1 dds.dl : -np 1 env LD_LIBRARY_PATH="$PWD/nodds" "$PREDUP" dealer -s 1 dds.dl \
    >out.txt 2>err.txt || rc=$?
[ "$rc" = 70 ] || fail "no libdds on rank 1: exit $rc, not 70"
[ "$(grep -c 'predup dealer: .*rank 1: cannot load libdds' err.txt)" = 1 ] ||
    fail "no libdds on rank 1: $(cat err.txt)"
[ ! -s out.txt ] || fail "a failed job printed deals"
# A division by zero at the first deal: one message, with its place, whichever rank met it.
printf 'generate 1000000000\ncondition hcp(north) / (hcp(south) - hcp(south)) > 1\naction average "x" hcp(north)\n' > zero.dl
rc=0
mpi 2 "$PREDUP" dealer -s 1 zero.dl >out.txt 2>err.txt || rc=$?
[ "$rc" = 65 ] || fail "division by zero: exit $rc, not 65"
[ "$(grep -c 'zero.dl:2:22: .*division by zero' err.txt)" = 1 ] ||
    fail "division by zero: $(cat err.txt)"
# A script on standard input reaches rank 0 only: refused under mpirun, once.
set +e
mpi 2 "$PREDUP" dealer -s 1 < zero.dl >out.txt 2>err.txt
rc=$?
set -e
[ "$rc" = 64 ] || fail "script on stdin under mpirun: exit $rc, not 64"
[ "$(grep -c 'name the script file' err.txt)" = 1 ] || fail "script on stdin: $(cat err.txt)"
echo ok
