# tests/cli/event_keys.sh - keys: the commitment is SHA-256 of the key's canonical text, the
# same for every encoding of one key; a key read from stdin is committed as read; a key file
# others can read is refused with the chmod that fixes it; the key is never printed.
set -eu
P=$PREDUP
hex=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
want=46268c8f3e4d5291cfd71ffc476063a199beff7f3a5f87a5552a6e3985eccd90
failed=""
printf '%s\n' "$hex" > lf.key
printf '%s' "$hex" > bare.key
printf '%s\r\n' "$hex" > crlf.key
printf '%s\n' "$hex" | tr a-f A-F > upper.key
chmod 600 ./*.key
[ "$(sha256sum lf.key | cut -d' ' -f1)" = "$want" ]
for k in lf bare crlf upper; do
    [ "$("$P" key commit $k.key | cut -d' ' -f1)" = "$want" ] || failed="$failed commit-$k"
    "$P" deal --key $k.key --boards 1-2 -o $k.pbn
    grep -q "commitment=$want " $k.pbn || failed="$failed generator-$k"
done
# stdin: committed as read, not the commitment of the empty input.
"$P" deal --key - --boards 1-2 -o stdin.pbn < upper.key
grep -q "commitment=$want " stdin.pbn || failed="$failed stdin"
cmp lf.pbn stdin.pbn || failed="$failed stdin-same-set"
"$P" verify --key - stdin.pbn < crlf.key | grep -q "all 2 boards match" || failed="$failed verify-stdin"
# Readable by others: refused (exit 65), the fix named, nothing written, the key not echoed.
cp lf.key loose.key; chmod 640 loose.key
rc=0; "$P" key commit loose.key > out 2> err || rc=$?
[ "$rc" = 65 ] && grep -q "refused (fix: chmod 600 loose.key)" err || failed="$failed loose-commit"
rc=0; "$P" deal --key loose.key -o loose.pbn 2> err || rc=$?
[ "$rc" = 65 ] && [ ! -e loose.pbn ] || failed="$failed loose-deal"
! grep -rq "$hex" out err ./*.pbn || failed="$failed key-printed"
# key new: 0600, refuses an existing file, its commitment is sha256sum of the file.
"$P" key new new.key > out
[ "$(stat -c %a new.key)" = 600 ] || failed="$failed mode"
[ "$(cut -d' ' -f1 out)" = "$(sha256sum new.key | cut -d' ' -f1)" ] || failed="$failed new-commit"
cp new.key before.key
rc=0; "$P" key new new.key 2> err || rc=$?
[ "$rc" = 73 ] && cmp -s new.key before.key || failed="$failed overwrite"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
