# tests/cli/event_delayed_value_required.sh - the description of the real-world event that will
# give the public value is what binds it: without it (no delayed_value, or "?") a director with
# public_form = integer could later give whatever number deals the boards he wants. event
# commit refuses such an event file, writing nothing, and every reader refuses a record made by
# hand with "delayed-value ?" (issue 29, item 2).
set -eu
P=$PREDUP
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
body='name = Bound pairs
public_form = integer
[set original]
boards = 1-2'
# commit_refused NAME PATTERN: event commit of NAME.conf exits 65, says PATTERN, writes nothing
commit_refused() {
    rc=0; "$P" event commit "$1.conf" > out 2> err || rc=$?
    [ "$rc" = 65 ] && grep -qF "$2" err || fail "$1: exit $rc: $(cat out err)"
    [ ! -e "$1.record" ] && [ ! -e "$1.key" ] || fail "$1: something was written"
}
printf '[event]\n%s\n' "$body" > none.conf
commit_refused none 'needs delayed_value = ...'
printf '[event]\ndelayed_value = ?\n%s\n' "$body" > unknown.conf
commit_refused unknown 'unknown.conf:2:17: error: delayed_value: an event says which real-world value'
printf '[event]\ndelayed_value =\n%s\n' "$body" > empty.conf
rc=0; "$P" event commit empty.conf > out 2> err || rc=$?
[ "$rc" = 65 ] && [ ! -e empty.record ] || fail "empty: exit $rc: $(cat out err)"

# A good event, then its record with the description replaced by "?" (digest recomputed).
printf '[event]\ndelayed_value = the first number drawn in the lottery on 2026.11.26\n%s\n' \
    "$body" > ev.conf
"$P" event commit ev.conf > /dev/null
sed '/^digest /,$d' ev.record | sed 's/^delayed-value .*/delayed-value ?/' > params
{ cat params; printf 'digest %s\n' "$(sha256sum params | cut -d' ' -f1)"; } > forged.record
rc=0; "$P" verify forged.record > out 2> err || rc=$?
[ "$rc" = 1 ] && grep -qF 'delayed_value: an event says which real-world value' err ||
    fail "verify of delayed-value ?: exit $rc: $(cat out err)"
# event public on it (the event file is the good one: the record is refused as it is read)
mkdir step && cd step
cp ../ev.conf ev.conf
cp ../forged.record ev.record; cp ../ev.key ev.key
rc=0; "$P" event public ev.conf 12345 > out 2> err || rc=$?
[ "$rc" = 65 ] && grep -qF 'ev.record: delayed_value: an event says' err && ! grep -q '^public ' ev.record ||
    fail "event public: exit $rc: $(cat out err)"
cd ..
[ -z "$failed" ] || exit 1
echo ok
