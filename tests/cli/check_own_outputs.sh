#!/bin/bash
# tests/cli/check_own_outputs.sh - predup's own files pass predup check: an analysed set keeps
# PBN's export order (DoubleDummyTricks before Generator, the table tags after it) and its
# "% EXPORT" line; and the one encoding rule (pbn/FORMATS.md, "Encoding"): a set is ISO 8859-1
# when every character fits, else UTF-8 whole, and deal and event deal say so on stderr,
# naming the character. Both files pass predup check.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
fixed_key k.key k

# Latin-1: é fits; nothing said; the bytes are ISO 8859-1; check passes, before and after analyze.
# (Two boards here and one in the UTF-8 set: every board analyze solves is libdds's work.)
"$P" deal --key k.key --boards 1-2 --event "Café Pairs" --quiet -o l1.pbn 2>err
[ ! -s err ] || { echo "a Latin-1 set made deal speak:"; cat err; exit 1; }
grep -aq $'^\\[Event "Caf\xe9 Pairs"\\]\r$' l1.pbn
"$P" check l1.pbn >out
grep -qx 'l1.pbn: follows the PBN export format' out
"$P" analyze l1.pbn >/dev/null
"$P" check l1.pbn >out || { cat out; exit 1; }
head -2 l1.pbn | tr -d '\r' | paste -sd' ' | grep -qx '% PBN 2.1 % EXPORT'
# export order: the supplemental tags of each game sorted by name
tr -d '\r' < l1.pbn | awk '/^\[Board /{n=0} /^\[(DealId|DoubleDummyTricks|Generator|OptimumResultTable|OptimumScore|ParContract) /{sub(/^\[/,""); sub(/ .*/,""); t[n++]=$0; if (n==6) print t[0],t[1],t[2],t[3],t[4],t[5]}' | sort -u > order.txt
[ "$(cat order.txt)" = "DealId DoubleDummyTricks Generator OptimumResultTable OptimumScore ParContract" ] ||
    { echo "tag order:"; cat order.txt; exit 1; }
# analysed to another file, and again (nothing to solve): still export
"$P" analyze l1.pbn -o l2.pbn >/dev/null
cmp l1.pbn l2.pbn
"$P" check l2.pbn >/dev/null

# UTF-8: an en dash (U+2013) has no ISO 8859-1 form; deal says so and writes the set in UTF-8,
# without claiming % EXPORT (export is ISO 8859-1); check notes the UTF-8 and passes.
"$P" deal --key k.key --boards 1 --event "Club – Pairs" --quiet -o u1.pbn 2>err
[ "$(cat err)" = "note: u1.pbn is written in UTF-8, not ISO 8859-1 (PBN's character set), for its Event tag holds U+2013, which ISO 8859-1 lacks" ] ||
    { echo "deal's note:"; cat err; exit 1; }
grep -aq $'^\\[Event "Club \xe2\x80\x93 Pairs"\\]\r$' u1.pbn
iconv -f UTF-8 -t UTF-8 u1.pbn >/dev/null
if grep -q '^% EXPORT' u1.pbn; then echo "a UTF-8 set claims % EXPORT"; exit 1; fi
"$P" check u1.pbn >out || { cat out; exit 1; }
printf '%s\n' "u1.pbn: note: in UTF-8, which U+2013 needs (ISO 8859-1 lacks it): no departure, but no % EXPORT either" \
    "u1.pbn: follows the PBN export format" | cmp - out
"$P" analyze u1.pbn >/dev/null
"$P" check u1.pbn >out || { cat out; exit 1; }
if grep -q '^% EXPORT' u1.pbn; then echo "an analysed UTF-8 set claims % EXPORT"; exit 1; fi
# A label beyond Latin-1 too, named by its tag; to stdout the note says "the PBN set".
"$P" deal --key k.key --boards 1 --label "Łódź" --quiet -o - 2>err >u2.pbn
grep -qx "note: the PBN set is written in UTF-8, not ISO 8859-1 (PBN's character set), for its Generator tag holds U+0141, which ISO 8859-1 lacks" err
"$P" check u2.pbn >/dev/null
# An --event that is no UTF-8 could be written in neither encoding: refused, nothing written.
if "$P" deal --key k.key --boards 1 --event $'Caf\xe9' -o bad.pbn 2>err; then exit 1; else rc=$?; fi
[ "$rc" = 64 ] && [ ! -e bad.pbn ]
grep -qx 'predup deal: error: --event is not UTF-8: give it in UTF-8 (a terminal set to ISO 8859-1 sends other bytes)' err
# A UTF-8 file whose characters all fit ISO 8859-1 is still a departure.
printf '%s\n' "$(tr -d '\r' < l1.pbn | iconv -f ISO-8859-1 -t UTF-8)" | sed 's/$/\r/' > l1u.pbn
if "$P" check l1u.pbn >out; then echo "needless UTF-8 passed check"; exit 1; fi
grep -q 'UTF-8 characters: export is ISO 8859-1' out

# event deal: the same rule and the same note, for each PBN set it writes.
# (Boards 1-2 and the reserve's 1: event deal analyses every set, libdds's work.)
sed -e 's/^name = .*/name = Club – Pairs/' -e 's/^boards = 1-36$/boards = 1-2/' \
    -e 's/^boards = 1-4$/boards = 1/' \
    -e '/^print = /d' -e '/^formats = /d' -e 's#^machine = .*#machine = sim#' \
    "$TOP/config/events/demo.conf" > ev.conf
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key >/dev/null
"$P" event public ev.conf 12.34 >/dev/null
"$P" event deal ev.conf >out 2>err
grep -q "for its Event tag holds U+2013, which ISO 8859-1 lacks" err || { cat err; exit 1; }
for f in $(find . -name 'original*.pbn' -o -name 'reserve*.pbn' | sort); do
    "$P" check "$f" >out || { cat out; exit 1; }
done
[ -n "$(find . -name 'original.dd.pbn')" ]
echo ok
