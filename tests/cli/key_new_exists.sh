#!/bin/bash
# tests/cli/key_new_exists.sh - predup key new over an existing file exits 73, like every "would
# overwrite" (predup help exit-codes), says a key is never overwritten, and leaves the file as
# it was.
set -u
. "$TOP/tests/lib_cli.sh"

"$PREDUP" key new k.key >/dev/null || fail "key new"
cp k.key k.before
exits 73 "$PREDUP" key new k.key
grep -qx 'predup key: error: k.key: already exists; a key is never overwritten' err.txt ||
    fail "message: $(cat err.txt)"
cmp -s k.key k.before || fail "the key changed"
echo notes >n.txt
exits 73 "$PREDUP" key new n.txt
[ "$(cat n.txt)" = notes ] || fail "n.txt changed"
