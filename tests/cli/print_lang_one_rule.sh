# tests/cli/print_lang_one_rule.sh - a language has one rule, applied as it is read, by one
# function (pr_lang_parse, printing/terms.c), whichever way it comes in (issue 30, item 4):
# print's --lang and an event file's language = give the same message for the same bad value
# (the file's at file:line:col), and take the same spellings (DE, de-CH, de_AT.UTF-8: German),
# the event committing the one spelling, "de". --lang is refused as it is read, before the
# set is opened. Before, the two ways in had two rules and two messages: the event file
# refused DE that --lang took, and named an unknown language without its line.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
fail() { echo "FAIL: $*"; exit 1; }

conf() { # LANGUAGE: ev.conf in that language, on line 6 from column 12
    printf '[event]\nname = One rule\ndate = 2026.11.27\ndelayed_value = the first number drawn\n' > ev.conf
    printf 'public_form = integer\nlanguage = %s\n[set a]\nboards = 1-2\n' "$1" >> ev.conf
}

fixed_key k.key k
"$P" deal --key k.key --boards 1-2 --quiet -o s.pbn
"$P" analyze s.pbn --quiet > /dev/null # once: no print below solves the boards again
checked=0
for bad in xx d dee x1 'de<b>' "$(printf 'zz\177')"; do
    rc=0; "$P" print record s.pbn -o x.pdf --lang "$bad" 2> print.err || rc=$?
    [ "$rc" = 64 ] || fail "--lang $bad: exit $rc"
    msg=$(sed -n 's/^predup print: error: //p' print.err)
    case $msg in "unknown language \""*"\": predup prints de, en, fr, nl, pl or sv") ;;
        *) fail "--lang $bad: $(cat print.err)" ;; esac
    conf "$bad"
    rc=0; "$P" event commit ev.conf 2> event.err || rc=$?
    [ "$rc" = 65 ] || fail "language = $bad: exit $rc"
    [ "$(head -n 1 event.err)" = "predup event: ev.conf:6:12: error: $msg" ] ||
        fail "language = $bad says otherwise than --lang $bad ($msg): $(cat event.err)"
    [ ! -e ev.record ] && [ ! -e ev.key ] || fail "language = $bad: a record or key was written"
    checked=$((checked + 1))
done
# Every byte quoted is escaped: the DEL of the last value is shown, never sent.
grep -q 'unknown language "zz\\x7F"' print.err || fail "DEL not escaped: $(cat -v print.err)"
[ ! -e x.pdf ] || fail "a PDF for an unknown language"

# --lang is taken as it is read: before the set is opened.
rc=0; "$P" print record missing.pbn --lang xx 2> err.txt || rc=$?
[ "$rc" = 64 ] && grep -q 'unknown language "xx"' err.txt || fail "missing set first: $(cat err.txt)"

# The same spellings both ways: each prints German, and the event commits the one spelling.
for good in DE de-CH de_AT.UTF-8; do
    "$P" print record s.pbn -o "$good.pdf" --lang "$good" --quiet > /dev/null || fail "--lang $good"
    rm -f ev.record ev.key
    conf "$good"
    "$P" event commit ev.conf > /dev/null 2> event.err || fail "language = $good: $(cat event.err)"
    grep -qx 'language de' ev.record || fail "language = $good committed as $(grep language ev.record)"
done
command -v pdftotext > /dev/null && for good in DE de-CH de_AT.UTF-8; do
    pdftotext "$good.pdf" - | grep -q '^Teiler: ' || fail "--lang $good is not German"
done
echo "ok: $checked bad values, one message both ways"
