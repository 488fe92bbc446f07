#!/bin/bash
# tests/cli/deal_drop_conditions.sh - DUP and DLM (the dealing machines' files) carry no dealer
# or vulnerability: a practice set with its own is refused in them with the option that gets
# past it named; deal and convert --drop-conditions write them all the same, byte for byte the
# files of the Law 2 set with the same cards, and say what they show instead; verify never
# takes such a file for the set it came from (a dishonest director cannot pass a changed
# dealer through it): against the set's conditions it fails, board by board.
# cli: slow - every machine format dealt and converted both ways
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fail, exits
fixed_key k.key k

# Refused without the option, with the way past it; nothing written.
exits 65 "$P" deal --key k.key --boards 1-4 --dealer N --format pbn,dup,dlm -o t.pbn --quiet
[ "$(cat err.txt)" = "predup deal: error: board 2: dealer N and vulnerability NS differ from Law 2 (E, NS), and dup cannot carry them (--drop-conditions writes it all the same, showing Law 2's)" ] ||
    fail "the refusal: $(cat err.txt)"
[ ! -e t.pbn ] && [ ! -e t.dup ] && [ ! -e t.dlm ] || fail "a refused set left files"

# With it: every file written, one note per machine file on stderr.
exits 0 "$P" deal --key k.key --boards 1-4 --dealer N --format pbn,dup,dlm -o t.pbn --quiet --drop-conditions
grep -qx "t.dup: note: dup carries no dealer or vulnerability: on 3 boards the machine and the file show Law 2's, not the set's (board 2: dealer E, NS; the set has N, NS); verify reads them as Law 2's" err.txt ||
    fail "the dup note: $(cat err.txt)"
grep -q "^t.dlm: note: dlm carries no dealer" err.txt || fail "the dlm note: $(cat err.txt)"
[ "$(grep -c note err.txt)" = 2 ] || fail "notes: $(cat err.txt)"
grep -q '^\[Dealer "N"\]' t.pbn || fail "the PBN lost its dealer"
# The cards are the set's: the same bytes as the Law 2 set's machine files.
"$P" deal --key k.key --boards 1-4 --format dup,dlm -o law2.pbn --quiet
cmp t.dup law2.dup || fail "the dup is not the Law 2 set's bytes"
cmp t.dlm law2.dlm || fail "the dlm is not the Law 2 set's bytes"
# A set that keeps Law 2 needs no option and gets no note.
exits 0 "$P" deal --key k.key --boards 1-4 -o plain.dup --drop-conditions
[ ! -s err.txt ] || fail "a Law 2 set got a note: $(cat err.txt)"

# convert: the same refusal and the same way past it.
exits 65 "$P" convert t.pbn c.dup
grep -qF "(--drop-conditions writes it all the same, showing Law 2's)" err.txt || fail "convert refusal: $(cat err.txt)"
exits 0 "$P" convert --drop-conditions t.pbn c.dup
grep -q "^c.dup: note: dup carries no dealer or vulnerability: on 3 boards" err.txt || fail "convert note: $(cat err.txt)"
cmp c.dup t.dup || fail "convert and deal wrote other bytes"

# verify: the file is the Law 2 set's, never the practice set's.
exits 1 "$P" verify --key k.key --boards 1-4 --dealer N t.dup
grep -qF "t.dup: board 2: Dealer is E, expected N" out.txt || fail "verify --dealer N: $(cat out.txt)"
grep -qF "predup verify: error: t.dup: 3 faults against" err.txt || fail "verify --dealer N: $(cat err.txt)"
grep -qx "t.dup: note: dup carries no dealer or vulnerability, so its boards read as Law 2's: the set's own differ, and this file cannot pass for it (its PBN carries them)" out.txt ||
    fail "verify --dealer N: no note on the format: $(cat out.txt)"
exits 1 "$P" verify --key k.key --boards 1-4 --dealer N t.dlm
exits 0 "$P" verify --key k.key --boards 1-4 t.dup
grep -q "t.dup: all 4 boards match key" out.txt || fail "verify as Law 2: $(cat out.txt)"

# An event set with its own dealer: the record's verify fails on such a file too.
cat > ev.conf <<'CONF'
[event]
name = Practice
delayed_value = the first number drawn in the lottery on 2026.11.22
public_form = integer
[set practice]
boards = 1-4
dealer = N
CONF
fixed_key ev.key ev
"$P" event commit ev.conf --reuse-key > /dev/null
"$P" event public ev.conf 7 > /dev/null
"$P" event deal ev.conf > /dev/null
"$P" event reveal ev.conf > /dev/null
exits 0 "$P" convert --drop-conditions ev/practice.pbn ev/practice.dup
exits 1 "$P" verify ev.record --set practice ev/practice.dup
grep -qF "ev/practice.dup: board 2: Dealer is E, expected N" out.txt || fail "record verify: $(cat out.txt)"
# event deal takes no --drop-conditions: its refusal says what to do instead.
cat > ev2.conf <<'CONF'
[event]
name = Practice machine
delayed_value = the first number drawn in the lottery on 2026.11.22
public_form = integer
[set practice]
boards = 1-4
dealer = N
formats = pbn,dup
CONF
"$P" event commit ev2.conf > /dev/null
"$P" event public ev2.conf 7 > /dev/null
exits 65 "$P" event deal ev2.conf
[ "$(cat err.txt)" = "predup event: error: board 2: dealer N and vulnerability NS differ from Law 2 (E, NS), and dup cannot carry them (take it out of the set's formats; predup convert --drop-conditions writes them from the PBN)" ] ||
    fail "event deal: $(cat err.txt)"
