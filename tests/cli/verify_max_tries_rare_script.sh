# tests/cli/verify_max_tries_rare_script.sh - a committed script whose condition is rare can
# hold a verifier for days: verify estimates the tries from the first board (board 1 of this
# fixed event needs 155635), and --max-tries N bounds each board: exit 75, nothing found
# wrong, with a word on --max-tries (issue 29, item 14).
set -eu
P=$PREDUP
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
cat > ev.conf <<'CONF'
[event]
name = Rare pairs
date = 2026.11.27
delayed_value = the first number drawn in the lottery on 2026.11.26
public_form = integer

[set rare]
boards = 1
script = rare.dl
CONF
printf 'condition hcp(north) <= 2 and hcp(south) <= 2 and hcp(east) <= 6\n' > rare.dl
# the fixed key of dealer/README.md's example (bytes 0 to 31), so that the tries are known
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > ev.key
chmod 600 ev.key
"$P" event commit ev.conf --reuse-key > /dev/null
"$P" event public ev.conf 17 > /dev/null
"$P" event deal ev.conf > /dev/null
"$P" event reveal ev.conf > /dev/null
"$P" verify ev.record --script rare.dl ev/rare.pbn > out 2> err || fail "verify: $(cat out err)"
grep -qF "ev/rare.pbn: note: board 1 needed 155635 tries (the script's condition is rare): the file's 1 board may need about 155635 tries in all; each board stops at 100000000 (--max-tries N)" out ||
    fail "no estimate: $(cat out)"
grep -qF "ev/rare.pbn: 1 board matches the record's set \"rare\"" out || fail "no verdict: $(cat out)"
rc=0; "$P" verify ev.record --script rare.dl --max-tries 1000 ev/rare.pbn > out 2> err || rc=$?
[ "$rc" = 75 ] && grep -qF "board 1: no deal satisfied the condition in 1000 tries (verify --max-tries N allows more; nothing was found wrong)" err ||
    fail "--max-tries 1000: exit $rc: $(cat out err)"
"$P" verify ev.record --script rare.dl --max-tries 155635 ev/rare.pbn > /dev/null ||
    fail "--max-tries 155635 is enough"
rc=0; "$P" verify ev.record --script rare.dl --max-tries 155634 ev/rare.pbn > /dev/null 2>&1 || rc=$?
[ "$rc" = 75 ] || fail "--max-tries 155634: exit $rc"
[ -z "$failed" ] || exit 1
echo ok
