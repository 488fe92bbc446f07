#!/bin/bash
# tests/cli/deal_script_impossible.sh - a --script condition that no deal meets but its bounds
# cannot show (North and South 21+ HCP each: 42 of 40 HCP) shows progress on a terminal and
# says, after 4194304 attempts of the board without a deal, that the condition may be
# impossible (issue 32, item 9); quiet when stderr is no terminal or with --quiet. The lines
# come at fixed counts of attempts (the dealing loop reads the clock every 262144 of them), so
# that nothing here depends on the machine's speed.
# cli: slow - 4194304 attempts of a board without a deal, by design
set -u
. "$TOP/tests/lib_cli.sh"
"$PREDUP" key new k.key >/dev/null
printf 'condition hcp(north) > 20 && hcp(south) > 20\n' >imp.dl
export P=$PREDUP

# On a terminal: the board's attempts at the first tick, the note once, then the limit's error.
script -qec '"$P" deal --key k.key --boards 1 --script imp.dl --max-tries 4200000 -o o.pbn; echo "exit $?"' \
    /dev/null >tty.txt 2>&1 </dev/null
tr '\r' '\n' <tty.txt | sed 's/\x1b\[K//g' >lines.txt
grep -qx 'board 1: 262144 deals tried, none satisfies the condition yet' lines.txt ||
    fail "no progress: $(cat -v tty.txt)"
[ "$(grep -c 'may be impossible' lines.txt)" = 1 ] || fail "the note, once: $(cat -v tty.txt)"
grep -qx 'board 1: no deal in 4194304 tries: the condition may be impossible (--max-tries 4200000 ends the search)' \
    lines.txt || fail "the note: $(cat -v tty.txt)"
grep -qx 'predup deal: error: board 1: no deal satisfied the condition in 4200000 tries' lines.txt ||
    fail "the limit: $(cat -v tty.txt)"
grep -qx 'exit 75' lines.txt || fail "exit: $(cat -v tty.txt)"
! grep -q 'dealt 1 of 1' lines.txt || fail "a board said dealt that was not: $(cat -v tty.txt)"
[ ! -e o.pbn ] || fail "o.pbn written"

# Not a terminal, or --quiet: the error alone (past the first tick: a watch would have spoken).
exits 75 "$PREDUP" deal --key k.key --boards 1 --script imp.dl --max-tries 300000 -o o.pbn
[ "$(cat err.txt)" = 'predup deal: error: board 1: no deal satisfied the condition in 300000 tries' ] ||
    fail "not a terminal: $(cat -v err.txt)"
script -qec '"$P" deal --key k.key --boards 1 --script imp.dl --max-tries 300000 -o o.pbn --quiet' \
    /dev/null >tty.txt 2>&1 </dev/null
[ "$(tr -d '\r' <tty.txt)" = 'predup deal: error: board 1: no deal satisfied the condition in 300000 tries' ] ||
    fail "--quiet: $(cat -v tty.txt)"

# A condition met at once shows nothing of this: the board is found before the first tick.
printf 'condition hcp(north) > 20\n' >easy.dl
script -qec '"$P" deal --key k.key --boards 1-3 --script easy.dl -o easy.pbn' /dev/null >tty.txt 2>&1 </dev/null
! grep -q 'deals tried' tty.txt || fail "a quick board watched: $(cat -v tty.txt)"
[ "$(grep -c '^\[Deal ' easy.pbn)" = 3 ] || fail "easy.pbn"
echo "deal_script_impossible: ok"
