#!/bin/bash
# tests/cli/corpus_check.sh - `predup check` over the real PBN files of ../shared/corpus gives,
# file by file, the very report it gave when tests/data/formats/corpus-check.sha256 was made
# (the SHA-256 of each report: stdout, stderr and exit code; the files are read in place, the
# reports are too large to keep). It pins every line of check's output across changes to the
# tag scanner (pbn/tag_scan.c) and the check rules. After a deliberate change of a message, make
# the list again (from the project's top):
#   (cd ../shared/corpus && for f in *.pbn bigdeal/*.pbn; do printf '%s %s\n' "$( (predup check
#   "$f" 2>&1; echo "exit $?") | sha256sum | cut -d' ' -f1)" "$f"; done) >tests/data/formats/corpus-check.sha256
# Skipped with one line ("skip: ...") where the corpus is absent.
# cli: slow - every file of ../shared/corpus
set -u
C=$TOP/../shared/corpus
want=$TOP/tests/data/formats/corpus-check.sha256
if [ ! -d "$C" ]; then
    echo "skip: corpus check: $C absent"
    exit 0
fi
fail() { echo "FAIL: $*"; exit 1; }

report() { # the report of one file, named relative to the corpus
    (cd "$C" && "$PREDUP" check "$1" 2>&1; echo "exit $?")
}

n=0
while read -r sum name; do
    [ -f "$C/$name" ] || fail "$name: listed in $want but not in the corpus"
    got=$(report "$name" | sha256sum | cut -d' ' -f1)
    if [ "$got" != "$sum" ]; then
        report "$name" | head -5
        fail "$name: predup check's report changed"
    fi
    n=$((n + 1))
done <"$want"
[ "$n" -ge 30 ] || fail "only $n files compared"
echo "corpus check: $n reports as before"
