# tests/cli/squaredeal_overflow.sh - a crafted SquareDeal description cannot crash deal or flood
# verify: board lists are checked before any product is formed and may not go past board
# 100000 (EV_MAX_BOARD) - "SN 9999:9999x1000000" once overflowed an int and crashed `deal`
# (exit 65 now, naming the line); verify lists at most 100 faults of a set and counts the rest.
# The event is made up here: its own .sqk, and KH its SHA-256.
set -eu
P=$PREDUP
key=abcdefghijklmnopqrstuvwxyzABCD0123456789012345678901234567
printf '1,1:%s\r\n1,2999:%s\r\n1,3000:%s\r\n2,1:%s\r\n' "$key" "$key" "$key" "$key" > E.sqk
chmod 600 E.sqk
kh=$(sha256sum E.sqk | cut -c1-64)
event() { # event BOARDS: E.sqd with phase 1 of 9999 sessions on BOARDS, phase 2 given at dealing
    printf 'TN t\nDI x\nDV 1\nSN 9999:%s:S##:d\nSN 2:?:Q##:q\nKH %s\n' "$1" "$kh" > E.sqd
}
fails() { # fails CODE CMD...: CMD must exit with CODE
    local want=$1 rc=0
    shift
    "$@" > out 2> err || rc=$?
    [ "$rc" = "$want" ] || { echo "exit $rc, wanted $want: $*"; head -5 out err; exit 1; }
    if grep -qF "$key" out err; then echo "a key is quoted: $*"; exit 1; fi
}

# The crash: 2999 x 1000000 is past INT_MAX. Refused at the SN line, nothing written.
event 9999x1000000
fails 65 "$P" deal --squaredeal E.sqd --session 1,3000 -o s.pbn
grep -qF 'E.sqd:4:9: error: SN: boards "9999x1000000": 9999 runs of 1000000 boards go past board 100000, the highest board of an event' err
[ ! -e s.pbn ]
printf '[Board "1"]\n' > one.pbn
fails 65 "$P" verify --squaredeal E.sqd --session 1,3000 one.pbn
grep -qF 'SN: boards "9999x1000000": 9999 runs of' err
# The product just past the limit, nine-digit factors, and single boards past it.
for b in 2x50001 999999999x999999999; do
    event "$b"
    fails 65 "$P" deal --squaredeal E.sqd --session 1,1 -o s.pbn
    grep -qF "SN: boards \"$b\": " err
    grep -qF 'go past board 100000' err
done
for b in 100001 1-10,99999-100001 4294967297 1x0 0x1; do
    event "$b"
    fails 65 "$P" deal --squaredeal E.sqd --session 1,1 -o s.pbn
    grep -qF "SN: boards \"$b\": want a list like 1-10,11-20 or 16 or 2x16, boards 1 to 100000, or ?" err
done
[ ! -e s.pbn ]
# --boards for a phase given at dealing time: the same limits (a usage-time list, exit 65).
event 16
fails 65 "$P" deal --squaredeal E.sqd --session 2,1 --boards 3x40000 -o s.pbn
grep -qF 'boards "3x40000": 3 runs of 40000 boards go past board 100000' err

# The largest session allowed (boards 50001-100000 for session 3000 of 2x50000) against a
# file of two stray boards: 50002 faults, 100 of them listed, the count of the rest after.
event 2x50000
printf '[Board "7"]\n\n[Board "7"]\n' > S3000.pbn
fails 1 "$P" verify --squaredeal E.sqd S3000.pbn
[ "$(wc -l < out)" = 103 ] || { echo "verify printed $(wc -l < out) lines"; exit 1; }
[ "$(grep -c ' is missing$' out)" = 98 ]
grep -qx 'S3000.pbn:1: board 7: not in the session (boards 50001-100000)' out
grep -qx 'S3000.pbn: board 50098 is missing' out
grep -qx 'S3000.pbn: 49902 more faults not listed' out
grep -qx 'S3000.pbn: 50002 faults against phase 1 session 3000 (original, boards 50001-100000) of E.sqd' out
grep -qF '1 of 1 set differs from E.sqd' err
# A combined name far into the phase is still found from the name (sessions 2999 and 3000
# continue each other: boards 1-50000, then 50001-100000).
cp S3000.pbn S2999-3000.pbn
fails 1 "$P" verify --squaredeal E.sqd S2999-3000.pbn
grep -qx 'S2999-3000.pbn: 100001 faults against phase 1 sessions 2999-3000 (original, boards 1-100000) of E.sqd' out
echo ok
