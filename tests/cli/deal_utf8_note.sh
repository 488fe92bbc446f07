#!/bin/bash
# tests/cli/deal_utf8_note.sh - the UTF-8 note (pbn/FORMATS.md, "Encoding") names the
# file a set built in memory is written to, whoever writes it: `event deal` (each set's PBN,
# under the event's folder or -o DIR), `convert` from a format predup builds games from (LIN),
# as `deal` always did; written to stdout, the note says "the PBN set". Exact lines: the
# operator must know which file is not ISO 8859-1.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
note() { # FILE WHERE CODEPOINT: the note's exact line
    printf "note: %s is written in UTF-8, not ISO 8859-1 (PBN's character set), for its %s holds %s, which ISO 8859-1 lacks\n" "$1" "$2" "$3"
}

# event deal: an event name beyond ISO 8859-1 (an en dash), two sets; one note per set, each
# naming its own file, in the order they are written.
cat > ev.conf <<'CONF'
[event]
name = Club – Pairs
date = 2026.11.23
delayed_value = a number drawn after the commitment
public_form = integer

[set one]
boards = 1

[set two]
boards = 3-3
CONF
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key >/dev/null
"$P" event public ev.conf 42 >/dev/null
"$P" event deal ev.conf >out 2>err || { cat err; exit 1; }
{ note ev/one.pbn "Event tag" U+2013; note ev/two.pbn "Event tag" U+2013; } | cmp - err ||
    { echo "event deal's notes:"; cat err; exit 1; }
grep -aq $'^\\[Event "Club \xe2\x80\x93 Pairs"\\]\r$' ev/one.pbn
# -o DIR: the note names the file where it is written.
"$P" event deal ev.conf --set two -o elsewhere >out 2>err || { cat err; exit 1; }
note elsewhere/two.pbn "Event tag" U+2013 | cmp - err || { echo "-o DIR note:"; cat err; exit 1; }
cmp ev/two.pbn elsewhere/two.pbn
# the sets dealt verify against the record after the reveal (the one engine both use)
"$P" event reveal ev.conf >/dev/null
"$P" verify ev.record ev/one.pbn ev/two.pbn elsewhere/two.pbn >out
grep -qx 'ev/one.pbn: 1 board matches the record'"'"'s set "one"' out
grep -qx 'elsewhere/two.pbn: 1 board matches the record'"'"'s set "two"' out

# convert: a LIN whose commentary holds a heart (U+2665) becomes a PBN set built in memory.
printf '%s\n' 'qx|o1|md|3SQ76HK5DKT853C754,SA9H32DQ92CAJ8632,SKT83HAJ964DJ4CK9|rh||ah|Board 1|sv|0|nt|The ♥ suit breaks|pg||' > h.lin
"$P" convert h.lin h.pbn >out 2>err || { cat err; exit 1; }
note h.pbn commentary U+2665 | cmp - err || { echo "convert's note:"; cat err; exit 1; }
# several formats at once: only the PBN is UTF-8, and its note names it
"$P" convert --to lin,pbn h.lin both.pbn >out 2>err || { cat err; exit 1; }
note both.pbn commentary U+2665 | cmp - err || { echo "convert --to note:"; cat err; exit 1; }
# to stdout there is no file name to give
"$P" convert h.lin - >/dev/null 2>err || { cat err; exit 1; }
note "the PBN set" commentary U+2665 | cmp - err || { echo "stdout note:"; cat err; exit 1; }
echo ok
