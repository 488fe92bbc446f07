# tests/cli/verify_escapes_quoted_bytes.sh - every byte a message quotes from a file is escaped
# (pd_escape, applied where messages are made): a published set whose first Board tag holds a
# CR, ESC [K and a fake "all 4 boards match" line cannot make verify's terminal show the fake
# line and hide the real error; nor can a DealId (a fault line on stdout), a dealer script's
# source line, an event file's value or a PBN checked by `predup check`.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-4 --label Spring -o set.pbn
fake='set.pbn: all 4 boards match key and label Spring'
# raw BYTES: true when the file holds none of the bytes a terminal acts on (C0 but LF, DEL, C1).
raw_free() { ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$1" &&
    ! grep -q "$(printf '\302[\200-\237]')" "$1"; }

# The Board tag: exit 65 with the real error, the CR and ESC shown as \x0D and \x1B.
sed "0,/^\[Board \"1\"\]/s//[Board \"1$(printf '\r\033')[K$fake $(printf '\342\200\256')\"]/" set.pbn > board.pbn
grep -q "$(printf '\033')" board.pbn || fail "the forged file holds no ESC"
exits 65 "$P" verify --key vec.key board.pbn
raw_free err.txt || fail "verify wrote raw control bytes: $(od -c err.txt | head)"
grep -qF 'Board must be a positive number, not "1\x0D\x1B[Kset.pbn: all 4 boards match key and label Spring U+202E"' err.txt ||
    fail "the real error, escaped: $(cat err.txt)"
[ ! -s out.txt ] || fail "verify said something on stdout: $(cat out.txt)"

# A forged DealId: the fault line on stdout is escaped too.
sed "0,/^\[DealId \"[0-9]*\"\]/s//[DealId \"7$(printf '\r\033[2K\302\233')\"]/" set.pbn > dealid.pbn
exits 1 "$P" verify --key vec.key dealid.pbn
raw_free out.txt || fail "verify's fault line holds raw bytes: $(od -c out.txt | head)"
grep -qF 'dealid.pbn:3: board 1: DealId is 7\x0D\x1B[2KU+009B, expected ' out.txt ||
    fail "DealId fault: $(cat out.txt)"

# A dealer script: the message and the quoted source line (tabs kept for the caret).
printf 'produce 4\n\tcondition\t\033[K\001 hcp(north) > 10\n' > esc.dl
exits 65 "$P" dealer esc.dl
raw_free err.txt || LC_ALL=C grep -q "$(printf '\t')" err.txt || fail "dealer: raw bytes"
grep -qF "esc.dl:2:12: error: expected an expression, found '\\x1B'" err.txt ||
    fail "dealer message: $(cat err.txt)"
grep -qF "$(printf '  \tcondition\t\\x1B[K\\x01 hcp(north) > 10')" err.txt ||
    fail "dealer source line: $(cat err.txt)"
grep -qxF "$(printf '  \t         \t^')" err.txt || fail "dealer caret: $(cat -A err.txt)"

# An event file's value, quoted by event commit.
printf '[event]\nname = Club\n[set original]\nboards = 1-4\nvul = \033[2Kall good\n' > ev.conf
exits 65 "$P" event commit ev.conf
raw_free err.txt || fail "event commit: raw bytes: $(od -c err.txt | head)"
grep -qF 'ev.conf:5:7: error: vul wants None, NS, EW or All, not "\x1B[2Kall good"' err.txt ||
    fail "event commit message: $(cat err.txt)"

# predup check's report quotes a tag value.
printf '[Event "x"]\n[Board "1"]\n[Deal "N:\033[K"]\n' > deal.pbn
exits 1 "$P" check deal.pbn
raw_free out.txt || fail "check: raw bytes: $(od -c out.txt | head)"
grep -qF 'Deal "N:\x1B[K": deal: not a rank' out.txt || fail "check: $(cat out.txt)"
echo ok
