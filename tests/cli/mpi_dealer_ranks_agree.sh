#!/bin/bash
# tests/cli/mpi_dealer_ranks_agree.sh - ranks of one mpirun job that differ are refused before anything
# is dealt (issue 21 item 10): another script, another -s, -s on one rank only, other options
# (-p, -q, --plain, -V), several at once on three ranks - exit 64, one message from rank 0
# naming each rank and what differs, nothing on stdout. What may differ still runs, with the
# output of -j 1: -j, and the path of the same script; ranks all without -s run. `predup
# analyze` ranks must agree on the options too.
# cli: slow - mpirun starts ranks
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }
. "$TOP/tests/lib_cli.sh" # mpi
HINT='every rank must run the same predup version with the same script, seed and options (only -j may differ)'

printf 'generate 20000\ncondition hcp(north) >= 15\naction printoneline\n' > a.dl
printf 'generate 20000\ncondition hcp(north) >= 16\naction printoneline\n' > b.dl

# refused WHAT ARGS...: the job (mpirun ARGS) exits 64 and rank 0 says, once, that WHAT
refused() {
    local what=$1 rc=0
    shift
    mpi "$@" > out.txt 2> err.txt || rc=$?
    [ "$rc" = 64 ] || fail "$what: exit $rc, want 64 ($(head -c 400 err.txt))"
    [ "$(grep -c '^predup dealer: ' err.txt)" = 1 ] || fail "$what: not one message: $(cat err.txt)"
    grep -qF "predup dealer: error: the ranks of this mpirun job differ from rank 0: $what; $HINT" err.txt ||
        fail "$what: $(head -c 600 err.txt)"
    [ ! -s out.txt ] || fail "$what: the job printed $(wc -l < out.txt) lines"
}
P=$PREDUP
refused "rank 1 (script)" 1 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer -s 7 b.dl
refused "rank 1 (seed)" 1 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer -s 8 a.dl
refused "rank 1 (seed)" 1 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer a.dl
refused "rank 1 (seed)" 1 "$P" dealer a.dl : -np 1 "$P" dealer -s 7 a.dl
refused "rank 1 (options)" 1 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer -s 7 -p 5 a.dl
refused "rank 1 (options)" 1 "$P" dealer -s 7 --plain a.dl : -np 1 "$P" dealer -s 7 a.dl
refused "rank 1 (options)" 1 "$P" dealer -s 7 -V : -np 1 "$P" dealer -s 7 a.dl
refused "rank 2 (options)" 2 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer -s 7 -q a.dl
refused "rank 1 (seed), rank 2 (options, script)" \
    1 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer -s 9 -j 2 a.dl : -np 1 "$P" dealer -s 7 -v b.dl
# The same bytes changed only in a comment are another script.
{ cat a.dl; echo '# same deals'; } > a2.dl
refused "rank 1 (script)" 1 "$P" dealer -s 7 a.dl : -np 1 "$P" dealer -s 7 a2.dl

# What may differ: -j, and the path of the same bytes.
"$P" dealer -s 7 -j 1 a.dl | nosum > one.txt
grep -q '^Produced 40 hands$' one.txt || fail "a.dl: 40 deals"
mkdir sub
cp a.dl sub/a.dl
mpi 1 "$P" dealer -s 7 -j 1 a.dl : -np 1 "$P" dealer -s 7 -j 2 "$PWD/sub/a.dl" | nosum > two.txt
cmp one.txt two.txt || fail "-j and the script's path differ: the output is not -j 1's"
# No -s on any rank: rank 0's random seed on every rank, the run goes through.
mpi 2 "$P" dealer a.dl > three.txt
grep -q '^Produced 40 hands$' three.txt || fail "no -s on 2 ranks: $(tail -4 three.txt)"

# analyze: the ranks' options must agree as well.
fixed_key k.key k
"$P" deal --key k.key --boards 1-3 --quiet -o set.pbn
rc=0
mpi 1 "$P" analyze set.pbn -o x.pbn --quiet : -np 1 "$P" analyze set.pbn -o x.pbn --quiet --public \
    > out.txt 2> err.txt || rc=$?
[ "$rc" = 64 ] || fail "analyze --public on rank 1: exit $rc ($(head -c 400 err.txt))"
[ "$(grep -c '^predup analyze: ' err.txt)" = 1 ] || fail "analyze: not one message: $(cat err.txt)"
grep -qF 'predup analyze: error: the ranks of this mpirun job differ from rank 0: rank 1 (options); every rank must run the same predup version with the same options (only -j may differ)' err.txt ||
    fail "analyze: $(head -c 600 err.txt)"
[ ! -e x.pbn ] || fail "a refused analyze wrote x.pbn"
mpi 1 "$P" analyze set.pbn -o y.pbn --quiet -j 1 : -np 1 "$P" analyze set.pbn -o y.pbn --quiet -j 2 > /dev/null
[ "$(grep -c '^\[DoubleDummyTricks "' y.pbn)" = 3 ] || fail "analyze with -j 1 and -j 2: no tables"
echo ok
