# tests/cli/event_reveal_guard.sh - event reveal lets anyone compute every board, so it waits
# for play (issue 32, item 1): refused (exit 64, record unchanged) while no set was dealt, and
# before the event's date or at a terminal unless --yes; each refusal says what revealing means.
# After the date, with a set dealt, it reveals without --yes; --yes reveals before the date.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
conf() { # conf NAME DATE: the event file NAME.conf (one board: event deal solves it)
    printf '[event]\nname = Guard %s\ndate = %s\nsite = Club\ndelayed_value = lottery\npublic_form = integer\n\n[set a]\nboards = 1\nformats = pbn\n' \
        "$1" "$2" > "$1.conf"
    fixed_key "$1.key" "$1"
    "$P" event commit "$1.conf" --reuse-key > /dev/null
    "$P" event public "$1.conf" 7 > /dev/null
}
refused() { # refused NAME TEXT ARGS...: event reveal ARGS exits 64 saying TEXT, record unchanged
    local name=$1 text=$2 rc=0
    shift 2
    cp "${1%.conf}.record" before.record
    "$P" event reveal "$@" > out 2> err < /dev/null || rc=$?
    if [ "$rc" != 64 ] || ! grep -qF -- "$text" err || ! cmp -s "${1%.conf}.record" before.record; then
        echo "FAIL $name: exit $rc (wanted 64), wanted \"$text\":"; cat out err
        failed="$failed $name"
    fi
}

# Straight after public, nothing dealt: refused, --yes or not needed first.
conf past 2025.11.23
refused undealt "no set of the event has been dealt (no past/SET.pbn): revealing the key lets anyone compute every board" past.conf
"$P" event deal past.conf > /dev/null
"$P" event reveal past.conf > out < /dev/null || failed="$failed after-date"
grep -q "the key is revealed in it" out || failed="$failed after-date-says"

# Before the date: dealt, still refused without --yes; --yes reveals.
conf future 2099.01.01
"$P" event deal future.conf > /dev/null
refused before-date "the event's date is 2099.01.01, today is $(date +%Y.%m.%d): revealing the key lets anyone compute every board, so play must be over" future.conf
"$P" event reveal future.conf --yes > out < /dev/null || failed="$failed yes"
grep -q '^key ' future.record || failed="$failed yes-key"

# At a terminal (script gives one): --yes asked for, even after the date.
conf tty 2025.11.23
"$P" event deal tty.conf > /dev/null
if command -v script > /dev/null; then
    rc=0; script -qec "'$P' event reveal tty.conf" /dev/null > out 2>&1 || rc=$?
    grep -qF "play must be over; if it is: predup event reveal tty.conf --yes" out ||
        { echo "FAIL tty: $(cat out)"; failed="$failed tty"; }
    grep -q '^key ' tty.record && failed="$failed tty-revealed"
else
    echo "skip: no script(1): the terminal case is not tested"
fi
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
