#!/bin/bash
# tests/cli/corpus_analyze.sh - predup analyze on the inputs real users give it (issue 11 item 3,
# issue 12): never writes over a key, a DUP or any input that is not PBN (-o needed); never
# replaces a file of more boards unasked (--force); keeps every { } comment, ";" and "%" line and
# repeated tag of a PBN it rewrites in place; analyses a game without a Board tag (DDS's hand
# files) and leaves out a game without a deal; reads a DUP or a LIN by its contents.
# cli: slow - libdds solves of the corpus sets
set -u
fail() { echo "FAIL: $*"; exit 1; }

"$PREDUP" key new event.key >/dev/null || fail "key new"
cp event.key key.before
if "$PREDUP" analyze event.key --quiet >out.txt 2>err.txt; then fail "analyze of a key succeeded"; fi
cmp -s event.key key.before || fail "analyze wrote over the key file"
grep -qi "key\|not a set\|not a PBN" err.txt || fail "no reason given: $(cat err.txt)"
grep -q "$(head -c 16 event.key)" err.txt && fail "the message quotes the key"

# 2 boards here, 1 below: each is solved by the DUP, LIN and --force analyses (libdds's work).
"$PREDUP" deal --key event.key --boards 1-2 --quiet -o set.pbn >/dev/null || fail "deal"
"$PREDUP" convert set.pbn set.dup >/dev/null || fail "convert to dup"
cp set.dup dup.before
if "$PREDUP" analyze set.dup --quiet >out.txt 2>err.txt; then fail "analyze of a DUP wrote in place"; fi
cmp -s set.dup dup.before || fail "analyze wrote over the DUP"
grep -q "predup analyze set.dup -o OUT.pbn" err.txt || fail "no -o hint: $(cat err.txt)"
mv set.dup noext # read by its contents, not its name
"$PREDUP" check noext >out.txt || fail "check of a DUP: $(cat out.txt)"
grep -q "noext: a dup file of 2 boards" out.txt || fail "check of a DUP: $(cat out.txt)"
"$PREDUP" analyze noext -o fromdup.pbn --quiet >/dev/null || fail "analyze of a DUP with -o"
[ "$(grep -c '^\[DoubleDummyTricks' fromdup.pbn)" -eq 2 ] || fail "2 boards analysed from DUP"

# Fewer boards than the file it would replace: refused unless --force.
"$PREDUP" deal --key event.key --boards 1 --quiet -o one.pbn >/dev/null || fail "deal of one board"
cp fromdup.pbn two.pbn
if "$PREDUP" analyze one.pbn -o two.pbn --quiet 2>err.txt; then fail "2 boards replaced by 1"; fi
cmp -s two.pbn fromdup.pbn || fail "two.pbn changed"
grep -q "two.pbn holds 2 games, the analysis 1: predup analyze one.pbn -o two.pbn --force" \
    err.txt || fail "message: $(cat err.txt)"
"$PREDUP" analyze one.pbn -o two.pbn --force --quiet >/dev/null || fail "--force"
[ "$(grep -c '^\[Board ' two.pbn)" -eq 1 ] || fail "--force did not replace two.pbn"

# In place: everything but the new tags kept, byte for byte.
printf '%% PBN 2.1\n%%Creator: hand\n{Event notes}\n[Event "Club"]\n; a line comment\n' >c.pbn
printf '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' >>c.pbn
printf '[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]\n' >>c.pbn
printf '[Note "1:one"]\n[Note "2:two"]\n{After the tags}\n\n' >>c.pbn
printf '[Deal "S:- - - -"]\n{no deal here}\n\n' >>c.pbn
printf '{DDS style: no Board}\n[Deal "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n' >>c.pbn
cp c.pbn c.before || fail "cp c.pbn"
"$PREDUP" analyze c.pbn --quiet >out.txt || fail "analyze in place: $(cat out.txt)"
grep -q "analyzed 2 boards (2 solved, 0 already done; 1 game without a full deal left out)" \
    out.txt || fail "summary: $(cat out.txt)"
grep -v '^\[\(DoubleDummyTricks\|OptimumResultTable\|OptimumScore\|ParContract\) \|^[NESW] *[SHDCNT]* *[0-9]*$' \
    c.pbn | cmp -s - c.before || fail "analyze changed more than its tags: $(diff c.before c.pbn)"
[ "$(grep -c '^\[DoubleDummyTricks' c.pbn)" -eq 2 ] || fail "two games analysed"
grep -q '^\[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"\]$' c.pbn ||
    fail "OptimumResultTable header not as PBN 5.7 writes it"
# The Board-less game (East deals by its Deal, nobody vulnerable; each hand one suit): a side
# takes all 13 tricks in a suit it holds, none in the other side's, none in NT led against it.
grep -q '^\[DoubleDummyTricks "00d0d00d0d0d0d00d0d0"\]' c.pbn || fail "Board-less game's table"
grep -q '^\[OptimumScore "EW 1510"\]' c.pbn || fail "Board-less game's par (EW 7S, East dealing)"

# A LIN (by content) analyses too.
"$PREDUP" convert set.pbn set.lin >/dev/null || fail "convert to lin"
"$PREDUP" analyze set.lin -o fromlin.pbn --quiet >/dev/null || fail "analyze of a LIN"
cmp -s <(grep '^\[DoubleDummyTricks' fromlin.pbn) <(grep '^\[DoubleDummyTricks' fromdup.pbn) ||
    fail "LIN and DUP analyses differ"
echo "analyze: inputs safe, PBN kept"
