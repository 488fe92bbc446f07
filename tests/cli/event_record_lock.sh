# tests/cli/event_record_lock.sh - the steps that write the record hold a lock on the event file
# from reading the record to writing it (issue 29, item 9): while another step holds it, event
# public stops at once (exit 73, nothing written); two event public at once with different
# values never both succeed, and the record keeps the value of the one that did.
set -eu
P=$PREDUP
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
cat > ev.conf <<'CONF'
[event]
name = Lock pairs
delayed_value = the first number drawn in the lottery on 2026.11.26
public_form = integer
[set original]
boards = 1
CONF
"$P" event commit ev.conf > /dev/null
cp ev.record committed.record

# Another step holds the lock (flock(1) stands in for it): refused at once, record unchanged.
for step in "public ev.conf 17" "commit ev.conf" "reveal ev.conf"; do
    rm -f release
    flock ev.conf sh -c 'while [ ! -e release ]; do sleep 0.1; done' & holder=$!
    while flock -n ev.conf true; do sleep 0.1; done # until the holder has it
    rc=0; "$P" event $step > out 2> err || rc=$?
    touch release
    wait $holder
    [ "$rc" = 73 ] && grep -qF "another predup event step is working on ev.conf" err ||
        fail "$step under a held lock: exit $rc: $(cat out err)"
    cmp -s ev.record committed.record || fail "$step under a held lock wrote the record"
done

# Two event public at once, many times: exactly one succeeds, and its value is in the record.
for i in 1 2 3 4 5 6 7 8; do
    cp committed.record ev.record
    "$P" event public ev.conf 11 > a.out 2> a.err & pa=$!
    "$P" event public ev.conf 22 > b.out 2> b.err & pb=$!
    ra=0; wait $pa || ra=$?
    rb=0; wait $pb || rb=$?
    ok=0
    [ "$ra" = 0 ] && ok=$((ok + 1)) && want=11
    [ "$rb" = 0 ] && ok=$((ok + 1)) && want=22
    [ "$ok" = 1 ] || { fail "round $i: $ok of 2 succeeded: $(cat a.err b.err)"; continue; }
    [ "$(tail -n 1 ev.record)" = "public $want" ] || fail "round $i: the record holds $(tail -n 1 ev.record), not $want"
done
[ -z "$failed" ] || exit 1
echo ok
