# tests/cli/event_script.sh - an event set with a script is dealt by the latest dealing version
# (dealer/README.md), which the record commits ("dealing 2" after "script-sha256") and the
# Generator tag names; verify re-deals it by the record's version. A record committed before
# dealing versions (no "dealing" line) is still dealt and verified by version 1. The script's
# dealer and vulnerable lines set every board's; a set whose own lines contradict them is
# refused at commit.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
fail() { echo "$*"; exit 1; }
text() { tr -d '\r' < "$1"; } # PBN files end their lines with CR LF

cat > ev.conf <<'CONF'
[event]
name = Script test
delayed_value = the first number drawn in the lottery on 2026.11.22
public_form = integer
[set original]
; 3 boards: event deal analyses each (libdds's work), whatever the point
boards = 1-3
script = s.dl
formats = pbn
CONF
printf 'dealer south\nvulnerable NS\ncondition spades(north) >= 8 && hcp(south) >= 20\n' > s.dl
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key > /dev/null
sha=$(sha256sum s.dl | cut -d' ' -f1)
grep -qx "script-sha256 $sha" ev.record || fail "no script hash in the record"
[ "$(grep -A1 '^script-sha256 ' ev.record | tail -1)" = "dealing 2" ] || fail "no dealing line"
"$P" event public ev.conf 42 > /dev/null
"$P" event deal ev.conf > /dev/null
"$P" event reveal ev.conf > /dev/null
grep -q " script=$sha dealing=2 label=original\"" ev/original.pbn || fail "tag lacks dealing=2"
[ "$(text ev/original.pbn | grep -c '^\[Dealer "S"\]$')" = 3 ] || fail "not every Dealer is S"
[ "$(text ev/original.pbn | grep -c '^\[Vulnerable "NS"\]$')" = 3 ] || fail "not every Vul is NS"
"$P" verify ev.record --script s.dl ev/original.pbn > out || { cat out; fail "verify failed"; }
grep -qx 'ev/original.pbn: all 3 boards match the record'"'"'s set "original"' out
# Every North holds 8 spades or more, every South 20 HCP or more (the script's condition).
text ev/original.pbn | grep '^\[Deal ' | while read -r line; do
    set -- ${line#*\"} # S:south west north east
    n=${3%%.*}
    [ ${#n} -ge 8 ] || fail "North has fewer than 8 spades: $line"
done
# --dealing is for --key: the record names the version.
rc=0; "$P" verify ev.record --dealing 1 --script s.dl ev/original.pbn 2> err || rc=$?
[ "$rc" = 64 ] && grep -q -- "--dealing goes with --key" err || fail "--dealing with a record: $rc"
# A Generator tag that names another version than the record's is a fault.
sed 's/ dealing=2 / dealing=1 /' ev/original.pbn > other.pbn
rc=0; "$P" verify ev.record --script s.dl other.pbn > out 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "Generator names dealing version 1, the record's is 2" out ||
    fail "tag version not checked: $rc"

# A record from before dealing versions: the same event without the "dealing" line (its digest
# made again), dealt by version 1; its files verify by version 1.
mkdir old
cp s.dl old/
sed 's/^name = Script test$/name = Script test v1/' ev.conf > old/ev.conf
fixed_key old/ev.key old
(cd old && "$P" event commit ev.conf --reuse-key > /dev/null)
grep -v '^dealing ' old/ev.record | sed '/^digest /,$d' > old/params
{ cat old/params; printf 'digest %s\n' "$(sha256sum old/params | cut -d' ' -f1)"; } > old/ev.record
(cd old && "$P" event public ev.conf 42 > /dev/null && "$P" event deal ev.conf > /dev/null &&
    "$P" event reveal ev.conf > /dev/null)
grep -q " script=$sha dealing=1 label=original\"" old/ev/original.pbn || fail "old record not v1"
"$P" verify old/ev.record --script s.dl old/ev/original.pbn | grep -q "all 3 boards match" ||
    fail "v1 event set does not verify"

# dealer = N against the script's dealer south: refused at commit, no key, no record.
mkdir bad
cp s.dl bad/
sed 's/^boards = 1-3$/boards = 1-3\ndealer = N/' ev.conf > bad/ev.conf
rc=0; (cd bad && "$P" event commit ev.conf) 2> err || rc=$?
[ "$rc" = 64 ] || fail "contradicting dealer committed: exit $rc"
grep -q 'set "original": dealer = N contradicts the script'"'"'s dealer line (South): drop dealer = or edit the script' err
[ ! -e bad/ev.record ] && [ ! -e bad/ev.key ] || fail "a refused commit left files"
pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo ok
