# tests/cli/verify_repeated_tags_linear.sh - verify's check for a second Board, Deal, Dealer,
# Vulnerable or DealId tag in a game (pbn_game_repeats) is linear in the game's tags: a game of
# 80,000 other tags and then 80,000 Deal tags (7.2 MB) took about 18 s of CPU when each repeat
# was compared with every tag before it (4.5 s at half the size), and takes 0.3 s (under a
# second with ASan). The bound is a CPU-time budget of 5 s (ulimit -t: not the clock, which a
# loaded machine stretches): a quadratic check cannot finish in it, a linear one has room to
# spare. make bench (tests/bench_pbn.sh) prints the figures at two sizes.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
[ -z "${VALGRIND:-}" ] || { echo "skip: a CPU budget under valgrind"; exit 0; }
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-2 --label Spring -o set.pbn
deal=$(grep -m1 '^\[Deal ' set.pbn)
awk -v deal="$deal" '
    /^\[Deal / && !done { for (i = 0; i < 80000; i++) print "[Note \"x\"]"
                          for (i = 0; i < 80000; i++) print deal; done = 1 }
    { print }' set.pbn > big.pbn
[ "$(grep -c '^\[Deal ' big.pbn)" = 80002 ] || fail "test data"
rc=0
(ulimit -t 5; exec "$P" verify --key vec.key big.pbn) > out.txt 2> err.txt || rc=$?
[ "$rc" = 1 ] || fail "exit $rc within 5 s of CPU (a quadratic check is killed): $(tail -2 err.txt)"
[ "$(grep -c 'a second Deal tag in one game (first on line 80013)' out.txt)" = 80000 ] ||
    fail "the repeats: $(grep -c 'second Deal' out.txt) lines: $(head -3 out.txt)"
grep -qx 'predup verify: error: big.pbn: 80000 faults against key and label "Spring"' err.txt ||
    fail "verdict: $(cat err.txt)"
echo ok
