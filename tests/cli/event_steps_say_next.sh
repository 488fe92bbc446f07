#!/bin/bash
# tests/cli/event_steps_say_next.sh - each step of an event says what it did and what comes next,
# in every state, with the documented exit code: verify before the reveal exits 0 and names
# each file as not checked yet (a missing file still fails); a second public value exits 0 when
# it is the same ("already given, unchanged") and 73 when it differs, whatever option is added,
# and the record keeps the first; commit run again (make run's second run) says what comes next for the record's state; reveal again says
# the key was already revealed; a misspelt step is named.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fail, exits
cat > ev.conf <<'CONF'
[event]
name = Steps test
delayed_value = the first number drawn in the lottery on 2026.11.22
public_form = integer
[set original]
boards = 1
formats = pbn,dup
CONF

exits 0 "$P" event commit ev.conf
[ "$(tail -1 out.txt)" = "publish ev.record now; keep ev.key secret until after play" ] ||
    fail "first commit: $(cat out.txt)"
exits 0 "$P" event commit ev.conf
[ "$(tail -1 out.txt)" = "publish ev.record now; keep ev.key secret until after play" ] ||
    fail "commit again before the public value: $(cat out.txt)"

# The public value: once; the same again is no fault, another is refused and changes nothing.
exits 0 "$P" event public ev.conf 42
cp ev.record public.record
exits 0 "$P" event public ev.conf 42
[ "$(cat out.txt)" = 'ev.record: public value "42" already given, unchanged; deal with: predup event deal ev.conf' ] ||
    fail "the same value again: $(cat out.txt)"
exits 73 "$P" event public ev.conf 43
[ "$(cat err.txt)" = 'predup event: error: ev.record already holds the public value "42": it is given once and never replaced (the boards are dealt from it)' ] ||
    fail "another value: $(cat err.txt)"
cmp ev.record public.record || fail "a refused public value changed the record"
exits 64 "$P" event public ev.conf 43 --force
grep -qF 'expected: event public NAME.conf VALUE (predup event --help)' err.txt || fail "--force: $(cat err.txt)"
cmp ev.record public.record || fail "public --force changed the record"
exits 0 "$P" event commit ev.conf
[ "$(tail -1 out.txt)" = 'public value "42" given; keep ev.key secret until after play, then: predup event reveal ev.conf' ] ||
    fail "commit after the public value: $(cat out.txt)"

# Verify before the reveal: the record checked, the files read and named as not checked yet.
exits 0 "$P" event deal ev.conf
exits 0 "$P" verify ev.record ev/original.pbn ev/original.dup
grep -qx 'ev.record: public value "42"; still to come: the key (predup event reveal)' out.txt ||
    fail "verify before the reveal: $(cat out.txt)"
grep -qx 'ev/original.pbn: not checked yet: the key is not in ev.record; verify it again after predup event reveal' out.txt ||
    fail "verify before the reveal, pbn: $(cat out.txt)"
grep -qx 'ev/original.dup: not checked yet: the key is not in ev.record; verify it again after predup event reveal' out.txt ||
    fail "verify before the reveal, dup: $(cat out.txt)"
[ ! -s err.txt ] || fail "verify before the reveal wrote to stderr: $(cat err.txt)"
exits 74 "$P" verify ev.record ev/nothere.pbn
grep -qF 'ev/nothere.pbn: cannot open' err.txt || fail "a missing file before the reveal: $(cat err.txt)"

# The reveal, then every step again: nothing changes, and each says so.
exits 0 "$P" event reveal ev.conf
cp ev.record revealed.record
exits 0 "$P" event reveal ev.conf
grep -qF 'already revealed, unchanged; anyone can now run: predup verify ev.record FILE...' out.txt ||
    fail "reveal again: $(cat out.txt)"
exits 0 "$P" event commit ev.conf
[ "$(tail -1 out.txt)" = 'the key is revealed in ev.record: the event is over; anyone checks its files with predup verify ev.record FILE...' ] ||
    fail "commit after the reveal (make run's second run): $(cat out.txt)"
grep -q 'keep ev.key secret' out.txt && fail "commit after the reveal still says to keep the key secret"
cmp ev.record revealed.record || fail "a step after the reveal changed the record"
exits 0 "$P" verify ev.record ev/original.pbn
grep -qx 'ev/original.pbn: 1 board matches the record.s set "original"' out.txt ||
    fail "verify after the reveal: $(cat out.txt)"

# A misspelt step names the closest.
exits 64 "$P" event comit ev.conf
[ "$(cat err.txt)" = 'predup event: error: no step "comit" (did you mean "commit"?): expected event commit|public|deal|reveal NAME.conf ... (predup event --help)' ] ||
    fail "event comit: $(cat err.txt)"
