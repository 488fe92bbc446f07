#!/bin/bash
# tests/cli/mpi_analyze.sh - `predup analyze` under mpirun: 2 and 3 ranks (more ranks than
# boards to spare, and a set whose boards do not split evenly) write byte for byte the file of
# -j 1, only rank 0 writes or prints, and a rank that cannot read the set fails the job with
# one message from rank 0 naming the rank, and no output file.
# cli: slow - mpirun starts ranks; libdds solves
set -eu
. "$TOP/tests/lib_cli.sh" # mpi
fail() { echo "FAIL: $*"; exit 1; }
fixed_key k.key k
"$PREDUP" deal --key k.key --boards 1-5 --event "Club Pairs" --quiet -o set.pbn

"$PREDUP" analyze set.pbn -o a1.pbn -j 1 --quiet > out1.txt
grep -q "analyzed 5 boards (5 solved" out1.txt || fail "plain run: $(cat out1.txt)"
[ "$(grep -c '^\[DoubleDummyTricks "' a1.pbn)" = 5 ] || fail "plain run: 5 tables"
for n in 2 3; do
    mpi "$n" "$PREDUP" analyze set.pbn -o "a$n.pbn" -j 1 --quiet > "out$n.txt"
    cmp a1.pbn "a$n.pbn" || fail "$n ranks differ from -j 1"
    [ "$(sed "s/a$n.pbn/a1.pbn/" "out$n.txt")" = "$(cat out1.txt)" ] ||
        fail "$n ranks: one summary line from rank 0, not: $(cat "out$n.txt")"
done
mpi 2 "$PREDUP" analyze set.pbn -o - -j 1 --quiet > stdout.pbn
cmp a1.pbn stdout.pbn || fail "2 ranks writing to stdout differ from -j 1"
# A set analyzed already: nothing to solve, the same file.
mpi 2 "$PREDUP" analyze a1.pbn -o again.pbn --quiet > /dev/null
cmp a1.pbn again.pbn || fail "2 ranks changed an analyzed set"

set +e
mpi 1 "$PREDUP" analyze set.pbn -o x.pbn -j 1 : -np 1 "$PREDUP" analyze nope.pbn -o x.pbn -j 1 \
    >out.txt 2>err.txt
rc=$?
set -e
[ "$rc" = 74 ] || fail "set missing on rank 1: exit $rc, not 74"
[ "$(grep -c 'predup analyze: .*rank 1: nope.pbn: cannot open' err.txt)" = 1 ] ||
    fail "set missing on rank 1: $(cat err.txt)"
[ ! -e x.pbn ] || fail "a failed job wrote its output"
echo ok
