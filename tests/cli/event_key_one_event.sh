# tests/cli/event_key_one_event.sh - an event key is born in event commit and serves one event
# (issue 29, item 4; dealer/EVENTS.md, "One key, one event"):
#   (a) a copy of Monday's key adopted for Tuesday (--reuse-key) while mon.record, beside it,
#       commits to it: refused;
#   (b) Tuesday committed elsewhere to a copy of Monday's key, then brought beside Monday's
#       revealed record: event public and event deal refuse to work with the public key;
#   (c) only a copy of Monday's revealed record beside, as a club's site serves it (CR LF),
#       reordered, in upper case or without its digest: the key is still recognised;
#   (d) verify given two records of two events with one commitment says so (exit 1); a copy
#       of the same event is no fault.
set -eu
P=$PREDUP
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
event() { # DIR NAME
    mkdir -p "$1"
    printf '[event]\nname = %s pairs\ndelayed_value = the first number drawn on 2026.11.26\npublic_form = integer\n[set original]\nboards = 1-2\n' "$2" > "$1/$2.conf"
}
refused() { # NAME PATTERN COMMAND...: exit 65 and PATTERN on stderr
    name=$1 pattern=$2
    shift 2
    rc=0; "$@" > out 2> err || rc=$?
    [ "$rc" = 65 ] && grep -qF "$pattern" err || fail "$name: exit $rc: $(cat out err)"
}

event a mon
(cd a && "$P" event commit mon.conf > /dev/null)
cp a/mon.key backup.key
# (a)
event a tue
cp backup.key a/tue.key
(cd a && refused a-reuse "tue.key: ./mon.record mentions this key" "$P" event commit tue.conf --reuse-key)
[ ! -e a/tue.record ] || fail "a: tue.record written"
rm a/tue.key

# (b) Tuesday committed where no record could tell, then brought beside Monday's.
event b tue
cp backup.key b/tue.key
(cd b && "$P" event commit tue.conf --reuse-key > /dev/null) || fail "b: commit elsewhere refused"
(cd a && "$P" event public mon.conf 17 > /dev/null && "$P" event deal mon.conf > /dev/null &&
    "$P" event reveal mon.conf > /dev/null)
mv b/tue.conf b/tue.key b/tue.record a/
(cd a && refused b-public "mon.record, another event's record, mentions the key committed in ./tue.record" \
    "$P" event public tue.conf 23)
grep -q '^public ' a/tue.record && fail "b: a public value was added"
# with a public value given before Monday's reveal, event deal refuses as well
mkdir b2 && event b2 tue && cp backup.key b2/tue.key
(cd b2 && "$P" event commit tue.conf --reuse-key > /dev/null && "$P" event public tue.conf 23 > /dev/null)
cp a/mon.record b2/
(cd b2 && refused b-deal "mon.record, another event's record, mentions the key" "$P" event deal tue.conf)
[ ! -e b2/tue ] || fail "b: Tuesday's boards were dealt"

# (c) lenient reading of the records beside: each variant alone beside a copy of the key.
variant() { # NAME FILTER: a/mon.record through FILTER as c-NAME/site.record
    mkdir "c-$1"; event "c-$1" wed
    eval "$2" < a/mon.record > "c-$1/site.record"
    cp backup.key "c-$1/wed.key"
    (cd "c-$1" && refused "c-$1" "wed.key: ./site.record mentions this key" "$P" event commit wed.conf --reuse-key)
}
variant crlf "sed 's/\$/\r/'"
variant reordered "sort -r"
variant upper "tr a-f A-F"
variant nodigest "grep -v -e '^digest ' -e '^commitment '"
variant keyonly "grep '^key '"

# (d) verify: two events, one key; a copy of the same event is none.
rc=0; "$P" verify a/mon.record a/tue.record > out 2> err || rc=$?
[ "$rc" = 1 ] && grep -qF "a/mon.record and a/tue.record commit to one key" err ||
    fail "d: exit $rc: $(cat out err)"
tr -d '\r' < c-crlf/site.record > copy.record
"$P" verify a/mon.record copy.record a/mon/original.pbn > out 2> err ||
    fail "d: a copy: $(cat out err)"
grep -qF "copy.record: a copy of a/mon.record's event" out || fail "d: copy: $(cat out)"
[ -z "$failed" ] || exit 1
echo ok
