#!/bin/bash
# tests/cli/fill_journal_not_a_journal.sh - fill --journal FILE restarts only what a journal
# header torn by a power cut could be (issue 29, item 7): a key file, with or without its
# final newline, a set, or any other text given as the journal is refused (exit 65) and left
# byte for byte as it was; a key never becomes a journal. A torn header is restarted.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-2
head -c 64 ev.key >bare.key # the key without its final newline
printf 'notes for the director' >notes.txt
for f in bare.key ev.key set.pbn notes.txt; do
    cp "$f" before
    rc=0; "$P" fill set.pbn --machine sim --yes --journal "$f" >out.txt 2>err.txt || rc=$?
    [ "$rc" = 65 ] || { echo "--journal $f: exit $rc, not 65"; cat out.txt err.txt; exit 1; }
    cmp -s "$f" before || { echo "--journal $f was changed"; exit 1; }
    grep -q "^predup fill: $f:1:1: error: not a predup journal" err.txt ||
        { echo "--journal $f: no refusal naming it"; cat err.txt; exit 1; }
    if grep -q good out.txt; then echo "--journal $f: boards filled"; cat out.txt; exit 1; fi
done

# A header torn by a power cut (no newline yet, the start of what a fill writes) is restarted.
printf 'predup-journal 3 deals 0a1b' >torn
"$P" fill set.pbn --machine sim --yes --journal torn >out.txt 2>err.txt
grep -q '^filled set.pbn: 2 good, 0 bad' out.txt
head -1 torn | grep -Eq '^predup-journal 3 deals [0-9a-f]{64} machine sim \*[0-9a-f]{8}$'
