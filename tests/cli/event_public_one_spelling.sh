# tests/cli/event_public_one_spelling.sh - one real-world value, one public value (issue 21, items 1
# and 7): the event file's public_form is committed, and `event public` either reduces what it
# is given to that form's one spelling (every accepted spelling leaves the same record bytes)
# or refuses it at once, naming an invisible character as U+XXXX. A record edited by hand to
# hold another spelling is refused by verify (exit 1).
set -eu
P=$PREDUP
fail() { echo "FAIL: $*"; exit 1; }
nbsp=$(printf '\302\240'); zwsp=$(printf '\342\200\213'); fw7=$(printf '\357\274\227')

cat > ev.conf <<'CONF'
[event]
name = Lottery pairs
delayed_value = the six numbers of the national lottery draw of 2026.11.22
public_form = numbers 6 of 49
[set original]
boards = 1-2
CONF
"$P" event commit ev.conf > /dev/null
grep -qx 'public-form numbers 6 of 49' ev.record || fail "the form is not in the record"
head -n -1 ev.record | grep -q '^public-form ' || fail "the form is not under the digest"
cp ev.record committed.record
"$P" event public ev.conf "7 13 21 34 40 45" > out.txt
grep -q 'public value "7 13 21 34 40 45" (form "numbers 6 of 49")' out.txt || fail "$(cat out.txt)"
cp ev.record reference.record
[ "$(tail -n 1 ev.record)" = "public 7 13 21 34 40 45" ] || fail "canonical value not recorded"

# Spellings of the same draw: each is reduced to the reference record, byte for byte.
for v in "45 40 34 21 13 7" "7,13,21,34,40,45" "7, 13, 21, 34, 40, 45" "07 13 21 34 40 45" \
         "  7   13 21 34 40 45 " "13 7 21 45 40 34"; do
    cp committed.record ev.record
    "$P" event public ev.conf "$v" > /dev/null || fail "\"$v\" refused"
    cmp -s ev.record reference.record || fail "\"$v\" made another record: $(tail -n 1 ev.record)"
done

# refused VALUE EXIT PATTERN: event public refuses VALUE and leaves the record as committed.
refused() {
    cp committed.record ev.record
    rc=0; "$P" event public ev.conf "$1" > /dev/null 2> err.txt || rc=$?
    [ "$rc" = "$2" ] || fail "\"$1\": exit $rc, wanted $2: $(cat err.txt)"
    grep -qF "$3" err.txt || fail "\"$1\": wanted \"$3\" in: $(cat err.txt)"
    cmp -s ev.record committed.record || fail "\"$1\" changed the record"
}
refused "7${nbsp}13 21 34 40 45" 64 'character 2 is U+00A0 NO-BREAK SPACE, outside the form'
refused "7 13 21 34 40 45${zwsp}" 64 'character 17 is U+200B ZERO WIDTH SPACE'
refused "7 13 21 34 40 45." 64 'character 17 is U+002E FULL STOP'
refused "${fw7} 13 21 34 40 45" 64 'character 1 is U+FF17 FULLWIDTH DIGIT SEVEN'
refused "?" 64 'character 1 is U+003F QUESTION MARK'
refused "7	13 21 34 40 45" 64 'character 2 is U+0009'
refused "7 13 21 34 40" 64 'the public value has 5 numbers; the form "numbers 6 of 49" wants 6'
refused "7 7 21 34 40 45" 64 'holds 7 twice'
refused "7 13 21 34 40 50" 64 '50 is outside 1 to 49'
refused "0 13 21 34 40 45" 64 '0 is outside 1 to 49'
refused "" 64 'the public value has 0 numbers'
# Given once: another draw (another spelling of the same one is the same value) is refused.
cp reference.record ev.record
"$P" event public ev.conf "45,40,34,21,13,7" > /dev/null || fail "same draw respelt refused"
rc=0; "$P" event public ev.conf "1 2 3 4 5 6" 2> err.txt || rc=$?
[ "$rc" = 73 ] && grep -q "already holds the public value" err.txt || fail "second value: $rc"

# A record edited by hand to hold another spelling (the digest does not cover the public line).
verify_refuses() { # NAME PATTERN: verify of NAME.record exits 1 and says PATTERN
    rc=0; "$P" verify "$1.record" > /dev/null 2> err.txt || rc=$?
    [ "$rc" = 1 ] && grep -qF "$2" err.txt || fail "verify $1: exit $rc: $(cat err.txt)"
}
"$P" verify reference.record > /dev/null || fail "the reference record does not verify"
{ cat committed.record; echo "public 45 40 34 21 13 7"; } > order.record
verify_refuses order 'the public value is not spelt as its form "numbers 6 of 49" spells it ("7 13 21 34 40 45")'
{ cat committed.record; echo "public 7 13 21 34 40 45."; } > dot.record
verify_refuses dot 'character 17 is U+002E FULL STOP'
{ cat committed.record; echo "public 7${nbsp}13 21 34 40 45"; } > nbsp.record
verify_refuses nbsp 'the public value: character 2 is U+00A0 NO-BREAK SPACE, outside the form'

# decimal P: one spelling, never rounded.
mkdir dec && cd dec
printf '[event]\nname = Index pairs\ndelayed_value = the index close of 2026.11.22\npublic_form = decimal 2\n[set original]\nboards = 1\n' > ev.conf
"$P" event commit ev.conf > /dev/null
cp ev.record committed.record
"$P" event public ev.conf 4512.3 > /dev/null
[ "$(tail -n 1 ev.record)" = "public 4512.30" ] || fail "decimal: $(tail -n 1 ev.record)"
cp ev.record reference.record
for v in 4512.30 04512.3; do
    cp committed.record ev.record
    "$P" event public ev.conf "$v" > /dev/null && cmp -s ev.record reference.record || fail "dec $v"
done
refused "4,512.30" 64 'character 2 is U+002C COMMA, outside the form "decimal 2" (digits and one ".")'
refused "4512.305" 64 'the form "decimal 2" wants digits, then "." and 1 to 2 digits'
refused "4512." 64 'wants digits, then "." and 1 to 2 digits'
refused "-4512.30" 64 'character 1 is U+002D HYPHEN-MINUS'
cd ..

# A bad form is refused at commit, nothing written.
printf '[event]\nname = x\npublic_form = numbers 06 of 49\ndelayed_value = d\n[set a]\nboards = 1\n' > badform.conf
rc=0; "$P" event commit badform.conf 2> err.txt || rc=$?
[ "$rc" = 65 ] && grep -q 'badform.conf:3:15: error: public_form "numbers 06 of 49" is not one of' err.txt &&
    [ ! -e badform.key ] || fail "bad form: $rc $(cat err.txt)"
# A new commitment states its form.
printf '[event]\nname = x\ndelayed_value = d\n[set a]\nboards = 1\n' > noform.conf
rc=0; "$P" event commit noform.conf 2> err.txt || rc=$?
[ "$rc" = 65 ] && grep -q 'noform.conf: \[event\] needs public_form = numbers K of N, integer or decimal P' err.txt &&
    [ ! -e noform.record ] || fail "no form: $rc $(cat err.txt)"

# A record with its public value but not in the form's spelling: refused (exit 1).
{ cat committed.record; echo "public 7 13 21 34 40 45${zwsp}"; } > zw.record
verify_refuses zw 'character 17 is U+200B ZERO WIDTH SPACE'
echo ok
