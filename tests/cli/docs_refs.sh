# tests/cli/docs_refs.sh - what the documentation says matches the clone and the code (issue 25):
# every section a file cites exists, every path a document or a comment of the code names is in
# the clone (a bare file name in a comment too), nothing
# points at ../shared but the optional corpus (tests/tools/docs_refs.py, over the docs and the
# help topics); the bench reads its peer scripts from the tree; and the lists and limits the
# docs repeat are the ones predup enforces: the hand record's boards a page (README.md, the man
# page, print --help against print's own refusal) and the highest board number of deal and of
# an event file (README.md, the man page, config/events/demo.conf against the refusals).
# cli: plain only - python over the docs; the help texts it reads run under ASan in help_*.sh
set -eu
P=$PREDUP
fail() { echo "FAIL: $*"; exit 1; }

for t in $("$P" --complete topics); do "$P" help "$t" > "help-$t.txt"; done
python3 "$TOP/tests/tools/docs_refs.py" "$TOP" help-*.txt
# ... and a comment naming a file that is not there fails (a scratch tree, not a git clone).
mkdir -p scratch/printing
printf '/* printing/a.c - drawn as lang_old.c did (printing/gone.c). */\nint a;\n' >scratch/printing/a.c
python3 "$TOP/tests/tools/docs_refs.py" scratch >scratch.txt && fail "a comment naming missing files passed"
grep -q 'printing/a.c:1: a comment names lang_old.c' scratch.txt || fail "docs_refs.py: $(cat scratch.txt)"
grep -q 'printing/a.c:1: a comment names printing/gone.c' scratch.txt || fail "docs_refs.py: $(cat scratch.txt)"

## make bench needs nothing outside the clone
# (bench_vision.sh measures the real card photographs of ../shared/cards, as issue 31 asks,
# and prints one "skip:" line where they are absent)
if grep -n '\.\./shared' $(ls "$TOP"/tests/bench*.sh | grep -v /bench_vision.sh) "$TOP/Makefile"; then
    fail "a bench script reads ../shared, which a clone does not have"
fi
grep -q '^PEERS=$TOP/tests/data/lang/bench\b' "$TOP/tests/bench_keyed.sh" || fail "bench_keyed.sh: PEERS"
for f in dealer-b-2021bal.dl dealer-c-rare.dl; do
    [ -f "$TOP/tests/data/lang/bench/$f" ] || fail "no tests/data/lang/bench/$f for tests/bench_keyed.sh"
done

## the hand record's boards a page: predup print's refusal names the one list
"$P" key new k.key > /dev/null
"$P" deal --key k.key --boards 1 -q -o one.pbn
rc=0; "$P" print record one.pbn -o one.pdf --per-page 3 2> err.txt || rc=$?
[ "$rc" -eq 64 ] || fail "print --per-page 3: exit $rc"
list=$(sed -n 's/^predup print: error: --per-page must be \(.*\), not 3$/\1/p' err.txt)
[ -n "$list" ] || fail "print --per-page 3 said: $(cat err.txt)"
bars=$(echo "$list" | sed 's/, /|/g; s/ or /|/') # 1, 2, 4, 6 or 9 -> 1|2|4|6|9
grep -q "hand record ($list a page," "$TOP/README.md" || fail "README.md: the hand record is not \"$list a page\""
"$P" print --help | grep -q -- "--per-page $bars " || fail "print --help: --per-page is not $bars"
MANWIDTH=200 man -l "$TOP/config/predup.1" 2>/dev/null | col -b > page.txt
grep -q -- "--per-page $bars\$" page.txt || fail "the man page: --per-page is not $bars"

## the highest board number: deal's, and an event file's
limit() { # limit MESSAGE-FILE: N of the refusal's "boards 1-N"
    sed -n 's/.*bad board range .*boards 1-\([0-9][0-9]*\).*/\1/p' "$1" | head -1
}
rc=0; "$P" deal --key k.key --boards 99999999 -o x.pbn 2> err.txt || rc=$?
[ "$rc" -eq 64 ] || fail "deal --boards 99999999: exit $rc"
deal_max=$(limit err.txt)
[ -n "$deal_max" ] || fail "deal's refusal names no limit: $(cat err.txt)"
"$P" deal --key k.key --boards "$deal_max-$deal_max" -q -o top.pbn
rc=0; "$P" deal --key k.key --boards "$((deal_max + 1))" -q -o over.pbn 2> /dev/null || rc=$?
[ "$rc" -eq 64 ] || fail "deal --boards $((deal_max + 1)): exit $rc"
printf '[event]\nname = t\ndate = 2026.11.26\ndelayed_value = a number\npublic_form = integer\n[set a]\nboards = 99999999\n' > e.conf
rc=0; "$P" event commit e.conf > /dev/null 2> err.txt || rc=$?
[ "$rc" -eq 65 ] || fail "an event file's boards = 99999999: exit $rc"
event_max=$(limit err.txt)
[ -n "$event_max" ] || fail "event commit's refusal names no limit: $(cat err.txt)"
sed -i "s/^boards = .*/boards = $((event_max + 1))/" e.conf
rc=0; "$P" event commit e.conf > /dev/null 2>&1 || rc=$?
[ "$rc" -eq 65 ] || fail "an event file's boards = $((event_max + 1)): exit $rc"
sed -i "s/^boards = .*/boards = $event_max-$event_max/" e.conf
"$P" event commit e.conf > /dev/null
grep -q "boards 1 to $deal_max (an event file's sets: 1 to $event_max)" "$TOP/README.md" ||
    fail "README.md does not say: boards 1 to $deal_max (an event file's sets: 1 to $event_max)"
grep -q "board numbers go from 1 to $deal_max\\b" page.txt || fail "the man page: deal's boards are not 1 to $deal_max"
grep -q "^; boards: .*board numbers 1 to $event_max (an event's\$" "$TOP/config/events/demo.conf" &&
    grep -q "^; limit; predup deal alone goes to $deal_max)" "$TOP/config/events/demo.conf" ||
    fail "config/events/demo.conf: boards are not 1 to $event_max (deal: $deal_max)"
echo "ok: boards a page $list; boards 1 to $deal_max (events: $event_max)"
