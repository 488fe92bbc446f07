# tests/cli/event_form_allows_million.sh - a public form must allow at least 1,000,000 values:
# with "numbers 1 of 1" the value is known when the key is made, so a director remakes keys
# until he likes the boards. event commit refuses such a form (nothing written), verify refuses
# a record made by hand with one, and verify says how many values the form allows (issue 29,
# item 3). C(71,4) = 971635 is refused, C(72,4) = 1028790 accepted.
set -eu
P=$PREDUP
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
conf() { # NAME FORM
    printf '[event]\nname = Form pairs\ndelayed_value = the draw of 2026.11.26\npublic_form = %s\n[set original]\nboards = 1\n' "$2" > "$1.conf"
}
n=0
for form in "numbers 1 of 1" "numbers 6 of 6" "numbers 40 of 40" "numbers 1 of 2" \
            "numbers 3 of 20" "numbers 4 of 71" "numbers 1 of 9999"; do
    n=$((n + 1))
    conf "small$n" "$form"
    rc=0; "$P" event commit "small$n.conf" > out 2> err || rc=$?
    [ "$rc" = 65 ] && grep -qF "public_form \"$form\" allows only" err ||
        fail "$form: exit $rc: $(cat out err)"
    [ ! -e "small$n.record" ] && [ ! -e "small$n.key" ] || fail "$form: something was written"
done
grep -qF 'public_form "numbers 1 of 9999" allows only 9999 values' err || fail "count: $(cat err)"

# verify names the count: C(49,6), C(72,4), 10^30 for integer, 10^32 for decimal 2.
for pair in "numbers 6 of 49:13983816" "numbers 4 of 72:1028790" "integer:10^30" "decimal 2:10^32"; do
    form=${pair%:*} count=${pair##*:}
    rm -f big.conf big.record big.key
    conf big "$form"
    "$P" event commit big.conf > /dev/null || fail "$form refused"
    "$P" verify big.record > out || fail "$form: verify failed"
    grep -qF "big.record: public form \"$form\": $count possible values" out ||
        fail "$form: $(cat out)"
done

# A record made by hand with a small form (its digest recomputed) is refused by verify.
sed '/^digest /,$d' big.record | sed 's/^public-form .*/public-form numbers 3 of 20/' > params
{ cat params; printf 'digest %s\n' "$(sha256sum params | cut -d' ' -f1)"; } > forged.record
rc=0; "$P" verify forged.record > out 2> err || rc=$?
[ "$rc" = 1 ] && grep -qF 'public_form "numbers 3 of 20" allows only 1140 values' err ||
    fail "verify of a small form: exit $rc: $(cat out err)"
[ -z "$failed" ] || exit 1
echo ok
