# A key file given where a script or a set is wanted is refused without its bytes appearing in
# any message; predup never dumps core; numeric options (seeds) are range-checked.
set -eu
P=$PREDUP
hex=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
printf '%s\n' "$hex" > event.key
chmod 600 event.key

# no_key WANT command...: fails with exit 65 and the message WANT; no 8 hex digits of the key
# (any part of it) on either output.
no_key() {
    want=$1
    shift
    if "$@" >out 2>err; then echo "accepted a key: $*"; exit 1; else rc=$?; fi
    [ "$rc" = 65 ] || { echo "exit $rc, wanted 65: $*"; cat err; exit 1; }
    grep -qxF "$want" err || { echo "wanted \"$want\", got:"; cat err; exit 1; }
    for i in $(seq 0 8 56); do
        if grep -qF "${hex:$i:8}" out err; then echo "key bytes echoed by: $*"; exit 1; fi
    done
}
no_key "predup deal: error: event.key looks like a key file, not a dealer script" \
    "$P" deal --key event.key --script event.key -o set.pbn
no_key "predup dealer: error: event.key looks like a key file, not a dealer script" \
    "$P" dealer event.key
no_key "predup dealer: error: standard input looks like a key file, not a dealer script" \
    "$P" dealer - < event.key
no_key "predup convert: error: event.key looks like a key file, not a set of boards" \
    "$P" convert --from dlm event.key set.pbn
no_key "predup convert: error: event.key looks like a key file, not a set of boards" \
    "$P" convert event.key set.pbn
no_key "predup print: error: event.key looks like a key file, not a set of boards" \
    "$P" print record event.key -o r.pdf
no_key "predup check: error: event.key looks like a key file, not a PBN file" \
    "$P" check event.key
no_key "predup deal: error: event.key looks like a key file, not a SquareDeal .sqd" \
    "$P" deal --squaredeal event.key --session 1,1 -o set.pbn
[ ! -e set.pbn ] || { echo "a refused key left set.pbn"; exit 1; }
[ ! -e r.pdf ] || { echo "a refused key left r.pdf"; exit 1; }
# The key itself still works where a key is wanted.
"$P" deal --key event.key --boards 1 -o one.pbn
"$P" key commit event.key >/dev/null

# Core dumps are off: the kernel reports RLIMIT_CORE 0 for a running predup.
printf 'condition hcp(north) >= 37\n' > never.dl
"$P" deal --key event.key --boards 1 --script never.dl --dealing 1 --max-tries 1000000000000 -o x.pbn &
pid=$!
# Polled until predup has set the limit (it runs until killed), for up to 2 minutes of the clock.
core_off() { grep -q '^Max core file size *0 *0 ' "/proc/$pid/limits" 2>/dev/null; }
start=$SECONDS
until core_off || [ $((SECONDS - start)) -ge 120 ]; do sleep 0.1; done
core_off ||
    { echo "core dumps not disabled"; grep core /proc/$pid/limits; kill $pid; exit 1; }
kill $pid
wait $pid || true

# Seeds: negative and too large are refused with the range; the largest is accepted.
printf 'produce 1\n' > one.dl
for s in -1 99999999999999999999 18446744073709551616 +5 ' 5' ''; do
    if "$P" dealer -s "$s" one.dl >out 2>err; then echo "dealer -s '$s' accepted"; exit 1; fi
    grep -qxF "predup dealer: error: -s wants a number from 0 to 18446744073709551615, not \"$s\"" err ||
        { echo "dealer -s '$s':"; cat err; exit 1; }
done
"$P" dealer -s 18446744073709551615 one.dl | grep -qx 'Initial random seed 18446744073709551615'
if "$P" dealer -j 0 one.dl 2>err; then echo "-j 0 accepted"; exit 1; fi
grep -qxF 'predup dealer: error: -j wants a number from 1 to 256, not "0"' err
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
