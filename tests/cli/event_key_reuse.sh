# tests/cli/event_key_reuse.sh - every event gets a new key: with no record, event commit
# refuses an existing NAME.key (exit 73) unless --reuse-key adopts it, and even then refuses a
# key event reveal marked spent, a key revealed in a *.record beside it (last year's record moved
# back, or copied under another name), an all-zero or one-byte key, an empty or short NAME.key
# (left by a key new that stopped), one owned by another user, a FIFO and a directory. key new
# never leaves an empty key when it is killed while writing. Nothing is committed on a refusal.
set -eu
P=$PREDUP
failed=""
conf() { # conf DATE: the event file ev.conf
    printf '[event]\nname = Reuse test\ndate = %s\nsite = Club\ndelayed_value = lottery\npublic_form = integer\n\n' \
        "$1" > ev.conf
    printf '[set a]\nboards = 1-2\nformats = pbn\n' >> ev.conf
}
refused() { # refused NAME CODE TEXT [ARGS]: event commit ev.conf ARGS exits CODE saying TEXT
    local name=$1 code=$2 text=$3 rc=0
    shift 3
    "$P" event commit ev.conf "$@" > out 2> err || rc=$?
    if [ "$rc" != "$code" ] || ! grep -qF -- "$text" err || [ -e ev.record ] || [ -s out ]; then
        echo "FAIL $name: exit $rc (wanted $code), wanted \"$text\":"; cat out err
        failed="$failed $name"
    fi
}

# Last year's event: committed, played, revealed. Reveal marks the key spent, which still reads.
conf 2025.11.23
"$P" event commit ev.conf > /dev/null
"$P" event public ev.conf 7 > /dev/null
"$P" event reveal ev.conf --yes > /dev/null  # nothing dealt: --yes
tail -n 1 ev.key | grep -qx "revealed: this key is public; predup event commit refuses it" ||
    failed="$failed no-mark"
[ "$(stat -c %a ev.key)" = 600 ] || failed="$failed mark-mode"
commit=$(sed -n 's/^commitment //p' ev.record)
[ "$("$P" key commit ev.key | cut -d' ' -f1)" = "$commit" ] || failed="$failed spent-unreadable"
"$P" event reveal ev.conf --yes > /dev/null || failed="$failed reveal-again"
mkdir last && mv ev.record last/ && cp -p ev.key last/ev.key

# Move the record away, change the date, commit: refused, with or without --reuse-key.
conf 2026.11.23
refused spent-plain 65 "ev.key: revealed already (event reveal marked it)"
refused spent-reuse 65 "ev.key: revealed already (event reveal marked it)" --reuse-key
# The mark removed by hand: the revealed record beside the key still refuses it.
head -n 1 last/ev.key > ev.key
cp last/ev.record old-event.record
refused revealed-beside 65 "ev.key: old-event.record mentions this key" --reuse-key
rm old-event.record

# An unrevealed key with no record: refused by default, naming the flag; adopted with it.
rm ev.key
"$P" key new ev.key > made
refused exists 73 "ev.key exists but ev.record does not: a new event gets a new key"
grep -qF "predup event commit ev.conf --reuse-key" err || failed="$failed no-advice"
"$P" event commit ev.conf --reuse-key > out || failed="$failed reuse"
committed() { sed -n 's/^commitment //p' ev.record; }
[ "$(committed)" = "$(cut -d' ' -f1 made)" ] || failed="$failed reuse-key"
"$P" event commit ev.conf > out && grep -q "already committed" out || failed="$failed again"
rm ev.record ev.key

# Planted or broken key files: refused even with --reuse-key, each saying why.
printf '%064d\n' 0 > ev.key; chmod 600 ev.key
refused zero 65 "ev.key: not made by predup key new" --reuse-key
printf 'abababababababababababababababababababababababababababababababab\n' > ev.key
refused one-pattern 65 "ev.key: not made by predup key new" --reuse-key
: > ev.key
refused empty 65 "ev.key: empty: it never held a key" --reuse-key
refused empty-plain 65 "ev.key: empty: it never held a key"
printf '0123456789abcdef\n' > ev.key
refused short 65 "found only 16: never a whole key" --reuse-key
rm ev.key; "$P" key new ev.key > /dev/null; chown nobody ev.key
refused other-user 65 "ev.key: owned by another user" --reuse-key
rm ev.key; mkfifo ev.key
refused fifo 65 "ev.key: not a regular file" --reuse-key
rm ev.key; mkdir ev.key
refused directory 65 "ev.key: not a regular file" --reuse-key
rmdir ev.key
# A symbolic link to the user's own key is followed.
"$P" key new real.key > made; ln -s real.key ev.key
"$P" event commit ev.conf --reuse-key > /dev/null || failed="$failed symlink"
[ "$(committed)" = "$(cut -d' ' -f1 made)" ] || failed="$failed symlink-key"
rm ev.key ev.record
# The guard is taken spelled out only: --reuse is no abbreviation of it.
rc=0; "$P" event commit ev.conf --reuse > out 2> err || rc=$?
[ "$rc" = 64 ] && grep -qF 'unknown option "--reuse" (predup event --help)' err ||
    failed="$failed usage"
rc=0; "$P" event commit ev.conf other.conf > out 2> err || rc=$?
[ "$rc" = 64 ] && grep -qF "expected: event commit NAME.conf [--reuse-key]" err ||
    failed="$failed usage-two"

# key new killed while it writes (a file size limit of 0): no NAME.key is left, empty or not.
rc=$(sh -c 'ulimit -f 0; "$0" key new crash.key > /dev/null; echo $?' "$P" 2> /dev/null)
[ "$rc" != 0 ] && [ ! -e crash.key ] && [ ! -L crash.key ] || failed="$failed crash-left-key"
rm -f crash.key.new-*
"$P" key new crash.key > /dev/null && [ "$(wc -c < crash.key)" = 65 ] ||
    failed="$failed after-crash"
# key new never replaces, not even an empty file.
: > taken.key; chmod 600 taken.key
rc=0; "$P" key new taken.key 2> err || rc=$?
[ "$rc" = 73 ] && [ ! -s taken.key ] && grep -q "already exists" err || failed="$failed replace"
[ -z "$(ls taken.key.new-* 2>/dev/null)" ] || failed="$failed temp-left"

! grep -rqiF "$(head -c 64 last/ev.key)" out err || failed="$failed key-printed"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
