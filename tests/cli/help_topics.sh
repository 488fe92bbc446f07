# predup help [TOPIC]: the list, each subcommand's own --help, the topics that are not commands,
# and usage errors; the example commands the topics show really work.
set -eu
P=$PREDUP

"$P" help > list.txt
"$P" --help | cmp - list.txt
"$P" help help | cmp - list.txt
grep -q '^predup help TOPIC: any command above, or events formats language machine keys$' list.txt

for c in $(sed -n 's/^  \([a-z]*\)  .*/\1/p' list.txt); do
    "$P" help "$c" > h.txt
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
grep -q 'dealer/EVENTS.md' events.txt && grep -q 'pbn/FORMATS.md' formats.txt
grep -q 'dealer/LANGUAGE.md' language.txt && grep -q 'machine/PROTOCOL.md' machine.txt

rc=0; "$P" help nonsense > out.txt 2> err.txt || rc=$?
[ "$rc" -eq 64 ] && [ ! -s out.txt ]
[ "$(cat err.txt)" = 'predup help: no topic "nonsense" (predup help lists them)' ]
rc=0; "$P" help deal print 2> err.txt || rc=$?
[ "$rc" -eq 64 ] && grep -q 'one topic at a time (predup help lists them)' err.txt

# The commands the topics show, run as shown.
"$P" key new event.key > commit.txt
"$P" key commit event.key | cmp - commit.txt
"$P" deal --key event.key --format pbn,dup,dlm -o set.pbn
[ -f set.pbn ] && [ -f set.dup ] && [ -f set.dlm ]
"$P" verify --key event.key set.pbn | grep -q 'all 36 boards match'
"$P" check set.pbn
"$P" convert set.pbn copy.dup 2>/dev/null && cmp copy.dup set.dup
[ "$(echo 'condition hcp(north) >= 20' | "$P" dealer -p 5 -s 1 | grep -cE '^ *[0-9]+\.$')" -eq 5 ]
"$P" fill set.pbn --machine sim --yes --quiet | grep -q '36 good, 0 bad'
cp "$TOP/config/events/demo.conf" ev.conf
"$P" event commit ev.conf > /dev/null
"$P" verify ev.record | grep -q 'still to come'
