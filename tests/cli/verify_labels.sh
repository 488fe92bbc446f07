# tests/cli/verify_labels.sh - labels: printable UTF-8 with spaces, quotes and backslashes
# round-trips through the Generator tag of every file and through verify; control characters,
# invalid UTF-8 and labels over 200 bytes are refused before anything is written.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
failed=""

# Spaces: verify reads the whole label back (not "Spring" of "Spring Pairs").
"$P" deal --key vec.key --boards 1-4 --label "Spring Pairs" -o spring.pbn
"$P" verify --key vec.key spring.pbn | grep -q 'all 4 boards match key and label "Spring Pairs"' ||
    failed="$failed spaces"
# Quotes, a backslash and UTF-8 beyond ISO 8859-1, at the 200-byte limit.
long="Coupe d'ete \"Ω\" \\ $(printf 'x%.0s' $(seq 1 181))"
[ "$(printf '%s' "$long" | wc -c)" = 200 ]
"$P" deal --key vec.key --boards 1-4 --label "$long" -o long.pbn
"$P" verify --key vec.key long.pbn > out
grep -qF "all 4 boards match key and label \"$long\"" out || failed="$failed quotes-utf8-200"
# ISO 8859-1 characters (PBN export writes them as single bytes) read back the same.
"$P" deal --key vec.key --boards 1-4 --label "Coupe d'été" -o latin.pbn
"$P" verify --key vec.key latin.pbn | grep -qF "all 4 boards match key and label \"Coupe d'été\"" ||
    failed="$failed latin1"
# The label decides the deals: the same boards dealt under another label differ.
"$P" deal --key vec.key --boards 1-4 --label "Spring  Pairs" -o two.pbn
! cmp -s <(grep '^\[Deal ' spring.pbn) <(grep '^\[Deal ' two.pbn) || failed="$failed distinct"

refuse() { # refuse NAME LABEL PATTERN
    rc=0; "$P" deal --key vec.key --boards 1-4 --label "$2" -o "$1.pbn" 2> err || rc=$?
    if [ "$rc" != 64 ] || ! grep -q "$3" err || [ -e "$1.pbn" ] || ls | grep -q tmp; then
        echo "FAIL $1: exit $rc"; cat err; failed="$failed $1"
    fi
}
refuse newline "$(printf 'a\nb')" "byte 2 is a control character"
refuse tab "$(printf 'a\tb')" "byte 2 is a control character"
refuse del "$(printf 'a\177')" "byte 2 is a control character"
refuse latin1 "$(printf 'caf\351')" "byte 4 is not valid UTF-8"
refuse overlong "$(printf '\300\257')" "byte 1 is not valid UTF-8"
refuse c1 "$(printf 'a\302\205')" "byte 2 is not valid UTF-8"
refuse toolong "$(printf 'y%.0s' $(seq 1 201))" "is 201 bytes long; at most 200 are allowed"
refuse empty "" "must not be empty"
refuse edge " a" "must not begin or end with a space"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
