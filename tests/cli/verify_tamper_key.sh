# tests/cli/verify_tamper_key.sh - `predup verify --key` is strict: each way a set can be
# altered is its own case, exits 1 and is named by file, board and tag; the untouched set passes.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-8 -o set.pbn
"$P" verify --key vec.key set.pbn | grep -q "all 8 boards match"

# tamper NAME PYTHON-EXPRESSION-ON-t : writes NAME.pbn from set.pbn (bytes kept, CRLF included)
tamper() {
    python3 -c "
import sys
t = open('set.pbn', newline='').read()
g = t.split('\r\n\r\n')
open(sys.argv[1] + '.pbn', 'w', newline='').write($2)" "$1"
}
# expect_fault NAME PATTERN: verify exits 1 and names the fault. Each case is its own test:
# a failing case is reported and the others still run.
failed=""
expect_fault() {
    rc=0; "$P" verify --key vec.key "$1.pbn" > out 2> err || rc=$?
    if [ "$rc" != 1 ] || ! grep -q "$2" out ||
       ! grep -q "^predup verify: error: $1.pbn: [0-9]* faults\? against key" err; then
        echo "FAIL $1: exit $rc (wanted 1), wanted \"$2\" in:"; cat out err
        failed="$failed $1"
    fi
}

tamper dealer   "t.replace('[Dealer \"E\"]', '[Dealer \"S\"]', 1)"
expect_fault dealer '^dealer.pbn:[0-9]*: board 2: Dealer is S, expected E$'
tamper vul      "t.replace('[Vulnerable \"NS\"]', '[Vulnerable \"None\"]', 1)"
expect_fault vul '^vul.pbn:[0-9]*: board 2: Vulnerable is None, expected NS$'
tamper dealid   "t.replace('[DealId \"', '[DealId \"1', 1)"
expect_fault dealid '^dealid.pbn:3: board 1: DealId is 1[0-9]*, expected [0-9]*$'
tamper deal     "t.replace('[Deal \"N:KJ92.A843', '[Deal \"N:KJ93.A842', 1)"
expect_fault deal '^deal.pbn:[0-9]*: board 1: Deal differs$'
tamper board    "t.replace('[Board \"3\"]', '[Board \"4\"]', 1)"
expect_fault board '^board.pbn:[0-9]*: board 4: duplicated (first at line [0-9]*)$'
grep -q '^board.pbn: board 3: missing$' out || failed="$failed board-missing"
tamper duplicated "'\r\n\r\n'.join(g + [g[4]])"
expect_fault duplicated '^duplicated.pbn:[0-9]*: board 5: duplicated (first at line [0-9]*)$'
tamper missing  "'\r\n\r\n'.join(g[:7])"
expect_fault missing '^missing.pbn: board 8: missing$'
tamper missing1 "'\r\n\r\n'.join(g[1:])"
expect_fault missing1 '^missing1.pbn: board 1: missing$'
tamper extra    "t + '\r\n' + g[7].replace('[Board \"8\"]', '[Board \"9\"]')"
expect_fault extra '^extra.pbn:[0-9]*: board 9: extra: not in the set'
tamper seconddeal "t.replace('[Deal \"', '[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\r\n[Deal \"', 1)"
expect_fault seconddeal '^seconddeal.pbn:[0-9]*: board 1: a second Deal tag in one game (first on line [0-9]*)$'
tamper empty    "'% PBN 2.1\r\n% EXPORT\r\n'"
expect_fault empty '^empty.pbn: holds no board$'

# A commitment that is not the key's: exit 1, named.
tamper commit   "t.replace('commitment=46268c8f', 'commitment=00000000')"
expect_fault commit '^commit.pbn: Generator names key commitment 00000000'

# Another key: every board differs, and the commitment is named.
"$P" key new other.key > /dev/null
cp set.pbn otherkey.pbn
rc=0; "$P" verify --key other.key otherkey.pbn > out 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "Generator names key commitment 46268c8f" out || failed="$failed otherkey"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
