#!/bin/bash
# tests/cli/mpi_analyze_split.sh - `predup analyze` under mpirun hands the boards out in chunks
# on demand: whatever the ranks and threads, and with the boards to solve scattered among
# boards analyzed already, the file is byte for byte the one of -j 1; a rank that read another
# set (same number of boards, other deals) fails the job from rank 0, with no output file.
# cli: slow - mpirun starts ranks; libdds solves
set -eu
. "$TOP/tests/lib_cli.sh" # mpi
fail() { echo "FAIL: $*"; exit 1; }
fixed_key k.key k
fixed_key other.key other
# Boards 1-2, 4 and 6 analyzed (one analyze), 3, 5 and 7 not: the boards to solve are not one
# run. Three to solve, not more: each run below solves them again (libdds's work).
"$PREDUP" deal --key k.key --boards 1-2,4,6 --quiet -o done.pbn
"$PREDUP" analyze done.pbn --quiet > /dev/null
"$PREDUP" deal --key k.key --boards 3,5,7 --quiet -o bare.pbn
games() { # games FILE PREFIX: FILE's head into PREFIX-0.pbn, its Nth game into PREFIX-N.pbn
    awk -v p="$2" '/^\[Event / { n++ } { print > (p "-" (n + 0) ".pbn") }' "$1"
}
games done.pbn d
games bare.pbn b
# (A file's last game ends with no blank line: one after each game.)
{ cat d-0.pbn; for g in d-1 d-2 b-1 d-3 b-2 d-4 b-3; do cat $g.pbn; printf '\r\n'; done; } > mixed.pbn
[ "$(tr -d '\r' < mixed.pbn | sed -n 's/^\[Board "\(.*\)"\]$/\1/p' | paste -sd,)" = 1,2,3,4,5,6,7 ] ||
    fail "mixed.pbn: $(grep Board mixed.pbn)"
"$PREDUP" analyze mixed.pbn -o one.pbn -j 1 --quiet > one.txt
grep -q "analyzed 7 boards (3 solved, 4 already done): one.pbn" one.txt ||
    fail "plain run: $(cat one.txt)"
for run in "2 -j 1" "3 -j 2" "4 -j 1"; do
    set -- $run
    mpi "$1" "$PREDUP" analyze mixed.pbn -o "r$1.pbn" "$2" "$3" --quiet > "r$1.txt"
    cmp one.pbn "r$1.pbn" || fail "$1 ranks ($2 $3) differ from -j 1"
    grep -q "analyzed 7 boards (3 solved, 4 already done): r$1.pbn" "r$1.txt" ||
        fail "$1 ranks: $(cat "r$1.txt")"
done

# Rank 2 reads a set of as many boards with other deals: rank 0 refuses its tables.
"$PREDUP" deal --key other.key --boards 1-8 --quiet -o other.pbn
"$PREDUP" deal --key k.key --boards 1-8 --quiet -o same.pbn
set +e
mpi 2 "$PREDUP" analyze same.pbn -o x.pbn -j 1 : -np 1 "$PREDUP" analyze other.pbn -o x.pbn -j 1 \
    > out.txt 2> err.txt
rc=$?
set -e
[ "$rc" = 1 ] || fail "another set on rank 2: exit $rc, not 1: $(cat err.txt)"
[ "$(grep -c '^predup analyze: error: rank 2 read another set than rank 0: every rank must read the same SET$' err.txt)" = 1 ] ||
    fail "another set on rank 2: $(cat err.txt)"
[ ! -e x.pbn ] || fail "a failed job wrote its output"
echo ok
