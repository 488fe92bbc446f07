# tests/cli/verify_refuses_legacy_record.sh - a record without its public-form line (the shape
# of "a record from before forms", whose bytes were documented) is no record: a director who
# writes one by hand could spell the public value as he likes after the draw (in order,
# reversed, with leading zeros: four board 1s, each verifying). verify exits 1 naming the
# missing line; event public, event deal and event reveal refuse it (issue 29, item 1).
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
cat > ev.conf <<'CONF'
[event]
name = Legacy pairs
date = 2026.11.27
delayed_value = the six numbers of the national lottery draw of 2026.11.26
public_form = numbers 6 of 49
[set original]
boards = 1-2
CONF
event_published ev.conf
key=$(head -c 64 ev.key)
REC=$PWD/ev.record

failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
# legacy NAME PUBLIC: the record without public-form, its digest recomputed, PUBLIC and the key
legacy() {
    forge_record "$REC" '/^public-form /d' "$1.record" "public $2" "key $key"
}
n=0
for spelling in "7 13 21 34 40 45" "45 40 34 21 13 7" "07 13 21 34 40 45" "7,13,21,34,40,45"; do
    n=$((n + 1))
    legacy "l$n" "$spelling"
    rc=0; "$P" verify "l$n.record" > out 2> err || rc=$?
    [ "$rc" = 1 ] && grep -qF 'expected "public-form VALUE" here' err ||
        fail "verify of a record without public-form ($spelling): exit $rc: $(cat out err)"
done

# Every step of the ceremony refuses it too, whatever the event file says.
mkdir steps && cd steps
grep -v '^public_form' ../ev.conf > old.conf
cp ../ev.conf new.conf
for conf in old new; do
    legacy "$conf" "7 13 21 34 40 45"
    sed -i '/^key /d' "$conf.record"
    cp ../ev.key "$conf.key"
    for step in "deal $conf.conf" "reveal $conf.conf" "public $conf.conf 7,13,21,34,40,45"; do
        rc=0; "$P" event $step > out 2> err || rc=$?
        [ "$rc" = 65 ] || fail "event $step on a record without public-form: exit $rc: $(cat out err)"
        [ ! -e "$conf" ] || fail "event $step: the boards of a record without public-form were dealt"
    done
done
[ -z "$failed" ] || exit 1
echo ok
