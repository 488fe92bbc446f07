#!/bin/bash
# tests/cli/help_exit_codes.sh - the exit codes have one home (pd_exit_row, dealer/base/status.c,
# printed by `predup help exit-codes`): README.md's "Exit codes" table and predup.1's EXIT
# STATUS say the same codes and words, in the same order; and the codes the commands really
# exit with are the table's (a limit reached is 75, not 1 as a fault found).
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fail

# The home: "  CODE  meaning" lines, as "CODE|meaning".
"$P" help exit-codes > topic.txt || fail "predup help exit-codes: exit $?"
sed -n 's/^ *\([0-9][0-9]*\)  \(.*\)$/\1|\2/p' topic.txt > home.txt
[ "$(wc -l < home.txt)" -ge 8 ] || fail "the topic lists $(wc -l < home.txt) codes: $(cat topic.txt)"
for c in 0 1 64 65 69 70 73 74 75; do
    grep -q "^$c|" home.txt || fail "code $c is not in the table"
done
[ "$(cut -d'|' -f1 home.txt | sort -n | uniq -d)" = "" ] || fail "a code twice in the table"
"$P" --complete topics | grep -qx exit-codes || fail "the completion does not offer exit-codes"

# README.md: the rows of the table under "## Exit codes", "| CODE | meaning |".
sed -n '/^## Exit codes$/,/^## /p' "$TOP/README.md" |
    sed -n 's/^| \([0-9][0-9]*\) | \(.*\) |$/\1|\2/p' > readme.txt
diff home.txt readme.txt > d.txt || fail "README.md's exit codes differ from the code's: $(cat d.txt)"

# predup.1: under .SH EXIT STATUS, ".TP", ".B CODE", then the meaning (one line or more, a
# final period, groff's \- for -) up to the next .TP or .SH.
awk '/^\.SH EXIT STATUS/ { on = 1; next } on && /^\.SH/ { on = 0 }
     on && /^\.B [0-9]+$/ { if (code != "") print code "|" text; code = $2; text = ""; next }
     on && /^\.TP/ { next }
     on && code != "" { text = text (text == "" ? "" : " ") $0 }
     END { if (code != "") print code "|" text }' "$TOP/config/predup.1" |
    sed 's/\\-/-/g; s/\.$//' > man.txt
diff home.txt man.txt > d.txt || fail "predup.1's EXIT STATUS differs from the code's: $(cat d.txt)"

# The codes commands exit with are rows of the table: a sample of each kind.
"$P" key new k.key > /dev/null
printf 'condition hcp(north) > 40\n' > never.dl
code() { local rc=0; "$@" > /dev/null 2> err.txt || rc=$?; echo "$rc"; }
[ "$(code "$P" deal --key k.key --boards 1 --script never.dl --dealing 1 --max-tries 10 -o n.pbn)" = 75 ] ||
    fail "a limit reached: not 75: $(cat err.txt)"
grep -qF 'board 1: no deal satisfied the condition in 10 tries' err.txt || fail "limit: $(cat err.txt)"
[ "$(code "$P" deal --key k.key --boardz 1)" = 64 ] || fail "usage: not 64"
"$P" deal --key k.key --boards 1-2 -o s.pbn --quiet
[ "$(code "$P" verify --key k.key --boards 1-2 s.pbn)" = 0 ] || fail "a set that matches: not 0"
sed 's/^\[Dealer "E"\]/[Dealer "W"]/' s.pbn > w.pbn
[ "$(code "$P" verify --key k.key --boards 1-2 w.pbn)" = 1 ] || fail "a fault found: not 1"
[ "$(code "$P" verify --key k.key nothere.pbn)" = 74 ] || fail "I/O: not 74"
echo other > s2.pbn
[ "$(code "$P" deal --key k.key --boards 1-2 -o s2.pbn --quiet)" = 73 ] || fail "would overwrite: not 73"
for r in 0 1 64 73 74 75; do grep -q "^$r|" home.txt || fail "exit $r is not in the table"; done
