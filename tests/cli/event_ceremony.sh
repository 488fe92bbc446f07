# tests/cli/event_ceremony.sh - the whole ceremony of an event file end to end: commit (key
# 0600, record), refusals before the public value, public, deal (formats, analysis, PDFs, fill
# on the fast simulator), idempotent re-runs, reveal, and verify of every file from the record.
# cli: slow - the whole ceremony, PDFs and analyses
set -eu
P=$PREDUP
# Sets of 4 and 2 boards: event deal and verify solve each board double dummy (libdds's work),
# and every step is the same for any number of boards.
cat > ev.conf <<CONF
[event]
name = Spring Pairs "Ü" test
date = 2026.11.23
site = Club
delayed_value = the first prize number of the national lottery on 2026-11-22
public_form = numbers 6 of 49

[set spring-pairs]
boards = 1-4
formats = pbn,dup,dlm
print = record
machine = $TOP/tests/data/machine/fast.conf

[set reserve]
boards = 1-2
vul = All
machine = sim
copies = 2
CONF

"$P" event commit ev.conf > out
[ "$(stat -c %a ev.key)" = 600 ]
grep -q "^publish ev.record now" out
commit=$(sed -n 's/^commitment //p' ev.record)
[ "$commit" = "$(sha256sum ev.key | cut -d' ' -f1)" ]
digest=$(sed -n 's/^digest //p' ev.record)
[ "$digest" = "$(head -n -1 ev.record | sha256sum | cut -d' ' -f1)" ]
grep -q '^event Spring Pairs "\\u{00DC}" test$' ev.record   # the record is ASCII
cp ev.record committed.record

# Again: nothing changes; no key is made twice.
"$P" event commit ev.conf > /dev/null
cmp ev.record committed.record

# Before the public value: no deal, no reveal; the record checks and says what is to come.
rc=0; "$P" event deal ev.conf 2> err || rc=$?
[ "$rc" = 64 ]; grep -q "has no public value yet" err
rc=0; "$P" event reveal ev.conf 2> err || rc=$?
[ "$rc" = 64 ]; grep -q "has no public value yet" err
[ ! -e ev ]
"$P" verify ev.record > out
grep -q "still to come: the public value (predup event public), then the key" out

"$P" event public ev.conf "7 13 21 34 40 45" > out
grep -q '^public 7 13 21 34 40 45$' ev.record
"$P" event public ev.conf "7 13 21 34 40 45" > /dev/null        # the same again: fine
rc=0; "$P" event public ev.conf "1 2 3 4 5 6" 2> err || rc=$?  # another: refused
[ "$rc" = 73 ]; grep -q "already holds the public value" err
grep -q '^public 7 13 21 34 40 45$' ev.record
"$P" verify ev.record | grep -q "still to come: the key (predup event reveal)"

"$P" event deal ev.conf --fill > out
for f in "spring-pairs.pbn" "spring-pairs.dup" "spring-pairs.dlm" "spring-pairs.dd.pbn" \
         "spring-pairs-record.pdf" "spring-pairs.pbn.sim-journal" reserve.pbn reserve.dd.pbn; do
    [ -s "ev/$f" ] || { echo "missing ev/$f"; ls ev; exit 1; }
done
grep -q '4 good, 0 bad' out
grep -q 'ev/reserve.pbn: filling 2 copies of each board on sim' out
grep -q '4 good, 0 bad board-copies (2 boards x 2 copies)' out
grep -q "^\[Generator \"predup [0-9.]* event=$digest commitment=$commit boards=1-4 label=spring-pairs\"\]" "ev/spring-pairs.pbn"
# PBN export text is ISO 8859-1 when it fits: the Ü is one byte there.
iconv -f ISO-8859-1 -t UTF-8 "ev/spring-pairs.pbn" | grep -q '^\[Event "Spring Pairs \\"Ü\\" test"\]'
[ "$(grep -c '^\[Vulnerable "All"\]' ev/reserve.pbn)" = 2 ]

# Idempotent: the same bytes again, the fill has nothing left to do.
cp "ev/spring-pairs.pbn" first.pbn
"$P" event deal ev.conf --fill > out
cmp first.pbn "ev/spring-pairs.pbn"
grep -q '0 cards placed' out

"$P" event reveal ev.conf > out
grep -q "^key $(head -n 1 ev.key)$" ev.record
# The key goes into the record, not onto the terminal: it is never printed.
grep -qx 'ev.record: the key is revealed in it; anyone can now run: predup verify ev.record FILE...' out
! grep -qF "$(head -n 1 ev.key)" out || exit 1
"$P" verify ev.record "ev/spring-pairs.pbn" ev/reserve.pbn "ev/spring-pairs.dd.pbn" > out
grep -q 'ev/spring-pairs.pbn: all 4 boards match the record.s set "spring-pairs"' out
grep -q 'ev/reserve.pbn: all 2 boards match' out
grep -q "the key matches the commitment $commit" out
# DUP and DLM carry no Generator tag: the set is named with --set (the hint says so).
rc=0; "$P" verify ev.record "ev/spring-pairs.dup" 2> err || rc=$?
[ "$rc" = 64 ]; grep -q "give --set NAME" err
"$P" verify ev.record --set "spring-pairs" "ev/spring-pairs.dup" "ev/spring-pairs.dlm" > out
[ "$(grep -c 'all 4 boards match' out)" = 2 ]
# After the reveal, the record is complete: every step again changes nothing.
cp ev.record revealed.record
"$P" event reveal ev.conf > /dev/null
"$P" event commit ev.conf > /dev/null
cmp ev.record revealed.record
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo ok
