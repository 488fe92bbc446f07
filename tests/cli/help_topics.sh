# predup help [TOPIC]: the list, each subcommand's own --help, the topics that are not commands,
# and usage errors; the example commands the topics show really work.
set -eu
P=$PREDUP
fail() { echo "FAIL: $*"; exit 1; }

"$P" help > list.txt
"$P" --help | cmp - list.txt
"$P" help help | cmp - list.txt
grep -q '^predup help TOPIC: any command above, or events formats language machine keys exit-codes$' list.txt

# A command's help is its --help; "machine" is a topic and a command: help shows the topic,
# which points at the command's own help.
for c in $(sed -n 's/^  \([a-z]*\)  .*/\1/p' list.txt); do
    "$P" help "$c" > h.txt
    if [ "$c" = machine ]; then
        grep -q 'predup machine --help' h.txt || { echo "help machine names no predup machine --help"; exit 1; }
        continue
    fi
    "$P" "$c" --help | cmp - h.txt || { echo "predup help $c differs from predup $c --help"; exit 1; }
    grep -q "^usage: predup $c" h.txt
done
for t in events formats language machine keys; do
    "$P" help "$t" > "$t.txt"
    [ "$(wc -l < "$t.txt")" -ge 4 ] || { echo "predup help $t is too short"; exit 1; }
    grep -qE '(README|EVENTS|FORMATS|LANGUAGE|PROTOCOL)\.md' "$t.txt" ||
        { echo "predup help $t names no document"; exit 1; }
    # every document it names exists
    for d in $(grep -oE '[a-z]+/[A-Z]+\.md' "$t.txt"); do [ -f "$TOP/$d" ] || { echo "$t: no $d"; exit 1; }; done
done
grep -q 'dealer/EVENTS.md' events.txt || fail "help events names no dealer/EVENTS.md"
grep -q 'pbn/FORMATS.md' formats.txt || fail "help formats names no pbn/FORMATS.md"
grep -q 'dealer/LANGUAGE.md' language.txt || fail "help language names no dealer/LANGUAGE.md"
grep -q 'machine/PROTOCOL.md' machine.txt || fail "help machine names no machine/PROTOCOL.md"

rc=0; "$P" help nonsense > out.txt 2> err.txt || rc=$?
[ "$rc" -eq 64 ] || fail "help nonsense: exit $rc, not 64"
[ ! -s out.txt ] || fail "help nonsense printed on stdout: $(cat out.txt)"
[ "$(cat err.txt)" = 'predup help: no topic "nonsense" (predup help lists them)' ]
rc=0; "$P" help deal print 2> err.txt || rc=$?
[ "$rc" -eq 64 ] || fail "help deal print: exit $rc, not 64"
grep -q 'one topic at a time (predup help lists them)' err.txt || fail "help deal print: $(cat err.txt)"

# The commands the topics show, run as shown.
"$P" key new event.key > commit.txt
"$P" key commit event.key | cmp - commit.txt
"$P" deal --key event.key --format pbn,dup,dlm -o set.pbn
for f in set.pbn set.dup set.dlm; do [ -f "$f" ] || fail "deal --format pbn,dup,dlm wrote no $f"; done
"$P" verify --key event.key set.pbn | grep -q 'all 36 boards match'
"$P" check set.pbn
"$P" convert set.pbn copy.dup 2>/dev/null || fail "convert set.pbn copy.dup"
cmp copy.dup set.dup || fail "convert gave another DUP than deal --format dup"
[ "$(echo 'condition hcp(north) >= 20' | "$P" dealer -p 5 -s 1 | grep -cE '^ *[0-9]+\.$')" -eq 5 ]
"$P" fill set.pbn --machine sim --yes --quiet | grep -q '36 good, 0 bad'
cp "$TOP/config/events/demo.conf" ev.conf
"$P" event commit ev.conf > /dev/null
"$P" verify ev.record | grep -q 'still to come'
