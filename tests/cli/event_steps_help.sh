# tests/cli/event_steps_help.sh - every step of the ceremony answers --help (or -h): the usage
# of `predup event --help` on stdout, exit 0, nothing on stderr, and nothing read or written
# (no event file is needed; an event file given is not read, no key or record appears).
# `event commit --help` was once read as an event file named "--help".
set -u
P=$PREDUP
failed=""
"$P" event --help > want
grep -q "^usage: predup event commit NAME.conf" want || failed="$failed usage"
mkdir ev
printf '[event]\nname = Help\n' > ev/h.conf
cp ev/h.conf before.conf
check() { # NAME ARGS...: the usage, exit 0, silent stderr, ev/ untouched
    name=$1; shift
    rc=0; (cd ev && "$P" event "$@") > out 2> err || rc=$?
    [ "$rc" = 0 ] && cmp -s want out && [ ! -s err ] || failed="$failed $name"
    [ "$(ls ev)" = "h.conf" ] && cmp -s ev/h.conf before.conf || failed="$failed $name-wrote"
}
check commit commit --help
check commit-conf commit h.conf --help
check commit-short commit h.conf -h
check commit-reuse commit h.conf --reuse-key --help
check public public --help
check public-conf public h.conf --help
check public-value public h.conf "1 2 3" --help
check reveal reveal --help
check reveal-conf reveal h.conf -h
check deal deal --help
check deal-conf deal h.conf --help
# Without --help the steps still refuse what is wrong, and read the file.
rc=0; "$P" event commit > out 2> err || rc=$?
[ "$rc" = 64 ] && grep -q "expected: event commit NAME.conf" err || failed="$failed no-conf"
rc=0; (cd ev && "$P" event reveal h.conf) > out 2> err || rc=$?
[ "$rc" != 0 ] && [ ! -s out ] || failed="$failed reveal-no-record"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
