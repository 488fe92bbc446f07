#!/bin/bash
# tests/cli/usage_refusals.sh - refusals that say what to do: the word closest to a misspelt
# step, print kind, option, option value or help topic; an event file that is not there named
# as such (not as a missing record); board ranges that name the boards that are
# not there and the boards that are; dealer's PBN Event names standard input, not "(null)".
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fail
# refuses CODE MESSAGE COMMAND...: exit CODE and exactly MESSAGE on stderr.
refuses() {
    local want=$1 msg=$2 rc=0
    shift 2
    "$@" > out.txt 2> err.txt || rc=$?
    [ "$rc" = "$want" ] || fail "$*: exit $rc, wanted $want: $(cat err.txt)"
    [ "$(cat err.txt)" = "$msg" ] || fail "$*: said: $(cat err.txt)
wanted: $msg"
}
"$P" key new k.key > /dev/null
"$P" deal --key k.key --boards 1-36 -o s36.pbn --quiet

# Did you mean, at the second level too.
refuses 64 'predup print: error: print takes record, curtain, sheet, handout, minibridge or web, not "recrod" (did you mean "record"?) (predup print --help)' \
    "$P" print recrod s36.pbn -o x.pdf
refuses 64 'predup print: error: --paper takes a4 or letter, not "leter" (did you mean "letter"?) (predup print --help)' \
    "$P" print record s36.pbn --paper leter -o x.pdf
refuses 64 'predup event: error: no step "revael" (did you mean "reveal"?): expected event commit|public|deal|reveal NAME.conf ... (predup event --help)' \
    "$P" event revael x.conf
refuses 64 'predup event: error: expected: event reveal NAME.conf [--yes] (predup event --help)' \
    "$P" event reveal
refuses 64 'predup help: no topic "exit-cods" (did you mean "exit-codes"?) (predup help lists them)' \
    "$P" help exit-cods
refuses 64 'predup key: error: expected "key new FILE" or "key commit FILE" (did you mean "new"?) (predup key --help)' \
    "$P" key nwe x.key
[ ! -e x.key ] || fail "a refused key command made x.key"
# A key pasted where a word was wanted is never echoed, whichever refusal names the word.
K=$(head -1 k.key)
for cmd in "$K" "help $K" "event $K" "print $K s36.pbn" "deal --$K"; do
    rc=0; "$P" $cmd > out.txt 2> err.txt || rc=$?
    [ "$rc" = 64 ] || fail "predup $cmd: exit $rc"
    grep -qF "[withheld: key-like text]" err.txt || fail "predup $cmd: $(cat err.txt)"
    ! grep -qF "$K" out.txt err.txt || fail "predup $cmd showed the key"
done
[ ! -e x.pdf ] || fail "a refused print wrote x.pdf"
# Options: one refusal for all commands (pd_opts_refuse), the closest option named.
refuses 64 'predup deal: error: unknown option "--boadrs" (did you mean "--boards"?) (predup deal --help)' \
    "$P" deal --key k.key --boadrs 1-4
refuses 64 'predup fill: error: unknown option "--machnie" (did you mean "--machine"?) (predup fill --help)' \
    "$P" fill s36.pbn --machnie sim
refuses 64 'predup sim: error: unknown option "--sed" (did you mean "--seed"?) (predup sim --help)' \
    "$P" sim s36.pbn --sed 3
refuses 64 'predup deal: error: --boards wants a value (predup deal --help)' \
    "$P" deal --key k.key --boards
refuses 64 'predup convert: error: --force takes no value (predup convert --help)' \
    "$P" convert --force=yes s36.pbn x.dup
refuses 64 'predup verify: error: --public does not apply here (predup verify --squaredeal EVENT.sqd --help)' \
    "$P" verify --squaredeal x.sqd --public s36.pbn
refuses 74 'predup event: error: nothere.conf: cannot open: No such file or directory' \
    "$P" event deal nothere.conf

# Board ranges: what is not there, and what is.
refuses 64 'predup fill: error: bad board range "1-40": there are no boards 37-40, the last is 36 (boards 1-36)' \
    "$P" fill s36.pbn --boards 1-40 --machine sim --yes
refuses 64 'predup fill: error: bad board range "40": there is no board 40, the last is 36 (boards 1-36)' \
    "$P" fill s36.pbn --boards 40 --machine sim --yes
refuses 64 'predup fill: error: bad board range "1-36,38-41": there are no boards 38-41, the last is 36 (boards 1-36)' \
    "$P" fill s36.pbn --boards 1-36,38-41 --machine sim --yes
refuses 64 'predup deal: error: bad board range "0-5": boards are numbered from 1 (boards 1-1000000)' \
    "$P" deal --key k.key --boards 0-5 -o x.pbn
refuses 64 'predup deal: error: bad board range "9-3": 9-3 runs backwards (write 3-9)' \
    "$P" deal --key k.key --boards 9-3 -o x.pbn
refuses 64 'predup deal: error: bad board range "3x": write boards 1-1000000 as N, N-M or a comma list' \
    "$P" deal --key k.key --boards 3x -o x.pbn
[ ! -e x.pbn ] && [ ! -e s36.pbn.sim-journal ] || fail "a refused range wrote a file"

# dealer: a script from stdin is "standard input" in the Event tag (named or not).
printf 'produce 1\naction printpbn\n' > one.dl
printf 'produce 1\naction printpbn\n' | "$P" dealer -s 5 > a.txt
grep -qx '\[Event "Hand simulated by predup dealer with file standard input, seed 5"\]' a.txt ||
    fail "stdin: $(grep Event a.txt)"
printf 'produce 1\naction printpbn\n' | "$P" dealer -s 5 - > b.txt
grep -v '^Time needed' a.txt > a2.txt
grep -v '^Time needed' b.txt > b2.txt
cmp a2.txt b2.txt || fail "dealer - and dealer with no script differ"
"$P" dealer -s 5 one.dl > c.txt
grep -qx '\[Event "Hand simulated by predup dealer with file one.dl, seed 5"\]' c.txt ||
    fail "a named script: $(grep Event c.txt)"
