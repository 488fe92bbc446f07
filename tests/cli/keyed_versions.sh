# Boards with a script in keyed sets: dealing version 2 (the smart draw, dealer/README.md) for
# new sets, named in the Generator tag; a set dealt before version 2 still verifies; versions
# this predup does not know are refused with a reason; DUP (no Generator tag) gets a note.
set -eu
P=$PREDUP
D=$TOP/tests/data/keyed
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
fail() { echo "$*"; exit 1; }
text() { tr -d '\r' < "$1"; } # PBN files end their lines with CR LF

# tests/data/keyed/v1.pbn was dealt by predup before version 2 existed (its Generator names a
# script and no version): it verifies as version 1, and version 2 is not what made it.
"$P" verify --key vec.key --script "$D/v1.dl" "$D/v1.pbn" > out
grep -qx "$D/v1.pbn: all 6 boards match key and label \"original\"" out
rc=0; "$P" verify --key vec.key --script "$D/v1.dl" --dealing 2 "$D/v1.pbn" > out 2>err || rc=$?
[ "$rc" = 1 ] || fail "forced version 2 on a version-1 set: exit $rc"
grep -q "v1.pbn: 6 faults against" err
# --dealing 1 deals that set again, byte for byte but for the Generator tag (today's layout,
# which names the version; the fixture has the layout before 0.2, label first).
"$P" deal --key vec.key --boards 1-6 --script "$D/v1.dl" --dealing 1 --date 2026.11.23 \
    --event "keyed v1 fixture" -o again.pbn
grep -q " boards=1-6 script=$(sha256sum "$D/v1.dl" | cut -d' ' -f1) dealing=1 label=original\"" again.pbn
grep -v '^\[Generator ' again.pbn > a
grep -v '^\[Generator ' "$D/v1.pbn" | cmp - a
"$P" verify --key vec.key --script "$D/v1.dl" again.pbn | grep -qx 'again.pbn: all 6 boards match key and label "original"'
# The same tag with its dealing= field removed is one of a set dealt before version 2.
sed 's/ dealing=1 / /' again.pbn > noversion.pbn
"$P" verify --key vec.key --script "$D/v1.dl" noversion.pbn | grep -q "all 6 boards match"

# A new set: version 2, named; it verifies; the same on any -j; a board alone is the same.
printf 'condition spades(north)>=8 && hcp(south)>=20\n' > rare.dl
"$P" deal --key vec.key --boards 1-12 --script rare.dl -j 1 -o rare.pbn
grep -q "script=$(sha256sum rare.dl | cut -d' ' -f1) dealing=2 label=original\"" rare.pbn
"$P" verify --key vec.key --script rare.dl rare.pbn | grep -qx 'rare.pbn: all 12 boards match key and label "original"'
"$P" deal --key vec.key --boards 1-12 --script rare.dl -j 3 -o rare3.pbn
cmp rare.pbn rare3.pbn
"$P" deal --key vec.key --boards 7 --script rare.dl | grep '^\[Deal ' > a
grep -A10 '^\[Board "7"\]' rare.pbn | grep '^\[Deal ' > b
cmp a b
# The worked example of dealer/README.md (and tests/check_keyed.c's vector).
text rare.pbn | grep -A10 '^\[Board "1"\]' | grep -qx \
    '\[Deal "N:AKQ87542.6.T83.4 JT63.T8.942.KT93 .AKJ974.AKQ5.A75 9.Q532.J76.QJ862"\]'
text rare.pbn | grep -A20 '^\[Board "1"\]' | grep -qx '\[DealId "213461098079686707301636880"\]'

# A version this predup does not know: refused, saying which and what to do.
sed 's/dealing=2/dealing=9/' rare.pbn > later.pbn
rc=0; "$P" verify --key vec.key --script rare.dl later.pbn > out 2>err || rc=$?
[ "$rc" = 65 ] || fail "unknown version: exit $rc"
grep -q "later.pbn: dealt by dealing version 9, this predup knows versions 1 to 2: verify it with a later predup" err
if "$P" deal --key vec.key --script rare.dl --dealing 3 -o x.pbn 2>err; then fail "dealt version 3"; fi
grep -q -- "--dealing wants a number from 1 to 2" err

# DUP keeps no Generator tag: version 2 is assumed, and the note says how to ask for 1.
"$P" deal --key vec.key --boards 1-12 --script rare.dl -o rare.dup
"$P" verify --key vec.key --script rare.dl rare.dup > out
grep -q "rare.dup: all 12 boards match" out
grep -q "rare.dup: note: no Generator tag names the dealing version: verifying as version 2 (add --dealing 1 for a set dealt before version 2)" out
"$P" deal --key vec.key --boards 1-6 --script "$D/v1.dl" --dealing 1 -o old.dup
"$P" verify --key vec.key --script "$D/v1.dl" --dealing 1 old.dup | grep -q "all 6 boards match"
echo ok
