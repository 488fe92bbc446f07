# tests/cli/deal_board_rules.sh - three rules with one home each (dealer/deal/board.c), the same in
# deal, verify and an event file: vulnerability has PBN's four spellings and no other
# (vul_from_text); dealer and vulnerability follow one rule (board_conditions); and boards go up
# to BOARD_MAX (1,000,000): a set at the limit reads back and verifies through every format that
# holds such a board, and a board above it is refused by deal and verify alike.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
fail() { echo "FAIL: $*"; exit 1; }

# --- Vulnerability: None NS EW All, exactly; deal, verify and the event file agree.
for v in None NS EW All; do
    "$P" deal --key vec.key --boards 1-4 --vul "$v" -o "v$v.pbn" ||
        fail "deal --vul $v refused"
    [ "$(grep -c "^\[Vulnerable \"$v\"\]" "v$v.pbn")" = 4 ] || fail "deal --vul $v: not on every board"
    "$P" verify --key vec.key --vul "$v" "v$v.pbn" > out || fail "verify --vul $v refused"
    grep -qF "v$v.pbn: all 4 boards match" out || fail "verify --vul $v: $(cat out)"
done
for v in both Both all none ns Love - ''; do
    for cmd in deal verify; do
        rc=0
        if [ "$cmd" = deal ]; then
            "$P" deal --key vec.key --boards 1-4 --vul "$v" -o bad.pbn 2> err || rc=$?
            [ ! -e bad.pbn ] || fail "deal --vul '$v' wrote a file"
        else
            "$P" verify --key vec.key --vul "$v" vAll.pbn > out 2> err || rc=$?
        fi
        [ "$rc" = 64 ] || fail "$cmd --vul '$v': exit $rc, wanted 64"
        [ "$(cat err)" = "predup $cmd: error: --vul wants None, NS, EW or All, not \"$v\"" ] ||
            fail "$cmd --vul '$v': $(cat err)"
    done
done
printf '[event]\nname = Club night\n[set original]\nboards = 1-4\nvul = both\n' > vul.conf
rc=0; "$P" event commit vul.conf > out 2> err || rc=$?
[ "$rc" = 65 ] || fail "vul = both in an event file: exit $rc"
grep -qF 'vul.conf:5:7: error: vul wants None, NS, EW or All, not "both"' err ||
    fail "vul = both in an event file: $(cat err)"

# --- One rule for dealer and vulnerability: the override is on every board, and verify
# re-derives it from the Generator tag; a board that breaks it is named.
"$P" deal --key vec.key --boards 1-5 --dealer S --vul EW -o over.pbn
[ "$(grep -c '^\[Dealer "S"\]' over.pbn)" = 5 ] || fail "--dealer S not on every board"
"$P" verify --key vec.key over.pbn > out || fail "verify of an override set: $(cat out)"
sed 's/^\[Vulnerable "EW"\]/[Vulnerable "NS"]/' over.pbn > over-bad.pbn
rc=0; "$P" verify --key vec.key over-bad.pbn > out 2> err || rc=$?
[ "$rc" = 1 ] || fail "a changed Vulnerable verified: exit $rc"
[ "$(grep -c 'Vulnerable is NS, expected EW' out)" = 5 ] || fail "changed Vulnerable: $(cat out)"

# --- BOARD_MAX: a set at the limit goes deal -> verify -> convert -> verify.
"$P" deal --key vec.key --boards 999999-1000000 -o top.pbn
grep -q '^\[Board "1000000"\]' top.pbn || fail "board 1000000 not dealt"
"$P" verify --key vec.key top.pbn > out || fail "verify top.pbn: $(cat out)"
grep -qF 'top.pbn: all 2 boards match key and label "original"' out || fail "top.pbn: $(cat out)"
for f in pbn lin csv; do
    "$P" convert top.pbn "top-c.$f" > /dev/null 2>&1 || fail "convert top.pbn to $f"
    "$P" verify --key vec.key --boards 999999-1000000 "top-c.$f" > out ||
        fail "verify top-c.$f: $(cat out)"
    grep -qF "top-c.$f: all 2 boards match key" out || fail "top-c.$f: $(cat out)"
done
# Above it, deal and verify refuse alike, and deal writes nothing.
msg='bad board range "1000000-1000001": there is no board 1000001, the last is 1000000 (boards 1-1000000)'
rc=0; "$P" deal --key vec.key --boards 1000000-1000001 -o over-max.pbn 2> err || rc=$?
[ "$rc" = 64 ] && [ ! -e over-max.pbn ] || fail "deal above BOARD_MAX: exit $rc"
[ "$(cat err)" = "predup deal: error: $msg" ] || fail "deal above BOARD_MAX: $(cat err)"
rc=0; "$P" verify --key vec.key --boards 1000000-1000001 top.pbn > out 2> err || rc=$?
[ "$rc" = 64 ] || fail "verify above BOARD_MAX: exit $rc"
[ "$(cat err)" = "predup verify: error: $msg" ] || fail "verify above BOARD_MAX: $(cat err)"
# A reader refuses a board above it, in PBN as in LIN.
sed 's/^\[Board "1000000"\]/[Board "1000001"]/' top.pbn > above.pbn
rc=0; "$P" verify --key vec.key above.pbn > out 2> err || rc=$?
[ "$rc" = 65 ] || fail "reading board 1000001: exit $rc"
grep -qF 'Board must be a positive number, not "1000001"' err || fail "board 1000001: $(cat err)"
sed "s/^qx|o1000000|/qx|o1000001|/" top-c.lin > above.lin
rc=0; "$P" convert above.lin above.pbn2.pbn > out 2> err || rc=$?
[ "$rc" = 65 ] || fail "reading LIN board 1000001: exit $rc"
grep -qF 'qx: board number "o1000001" is over 1000000' err || fail "LIN 1000001: $(cat err)"
echo "deal_board_rules: ok"
