#!/bin/bash
# tests/cli/print_terms_keys.sh - every key the printing code asks of the words tables is in
# every language's table (printing/terms/LANG.ini). The keys are collected from the source:
# the literal key of each pr_term / PR_TERMF / pr_term_fill call in printing/ (each literal of
# a `a ? "x" : "y"` key), and, for a call whose key comes from a table (keys[i]), every literal
# of the printing files' `keys[] = {...}` tables; the honours (`honour_keys[i]`: rank.A ..
# rank.J) are the deal model's one table's (dealer/deal/card.c), no words table's lines, and
# are left out. A call whose key the test cannot read (any
# other expression) fails: a key is a literal or a row of a keys[] table. A key missing from
# a table fails (pr_term would abort at run time: a key is never printed), and so does a key of
# English (the list of keys) that no code asks. Then the check is
# run on a copy of the tables with one key taken out of one of them, and must fail there.
# cli: slow - every language's table asked for every key, a record printed in each
set -eu
fail() { echo "FAIL: $*"; exit 1; }
command -v perl >/dev/null || { echo "skip: no perl"; exit 0; }
src=("$TOP"/printing/*.c "$TOP"/printing/*/*.c)

# keys SRC...: the keys asked, one a line, sorted; "?EXPR FILE" for a key the test cannot read.
keys() {
    perl -0ne '
        (my $f = $ARGV) =~ s{.*/(printing/)}{$1};
        while (/\b(?:pr_term|PR_TERMF|pr_term_fill)\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*([^,;]+?)\s*[,)]/g) {
            my $k = $1;
            if ($k =~ /^"/ || $k =~ /^\w+\s*\?\s*"/) { print "$1\n" while $k =~ /"([^"]+)"/g; }
            elsif ($k =~ /^keys\[/) { }                     # a keys[] table: below
            elsif ($k =~ /^honour_keys\[/) { }              # the honours: dealer/deal/card.c
            elsif ($k =~ /^(?:const char \*)?key$/) { }     # the plumbing: pr_term itself
            else { print "?$k $f\n"; }
        }
        while (/\bkeys\[\d*\]\s*=\s*\{([^}]*)\}/g) { my $t = $1; print "$1\n" while $t =~ /"([^"]+)"/g; }
    ' "$@" | sort -u
}
# check DIR: every key asked is in every DIR/*.ini; prints what is missing.
check() {
    local dir=$1 bad=0
    for ini in "$dir"/*.ini; do
        while read -r k; do
            grep -q "^$(printf '%s' "$k" | sed 's/\./\\./g') = " "$ini" ||
                { echo "$(basename "$ini"): no key $k"; bad=1; }
        done <asked.txt
    done
    return $bad
}

keys "${src[@]}" >asked.txt
unread=$(grep '^?' asked.txt || true)
[ -z "$unread" ] || fail "keys the test cannot read (a literal or a keys[] row, please):
$unread"
n=$(wc -l <asked.txt)
[ "$n" -ge 40 ] || fail "only $n keys found: the collector lost its way ($(tr '\n' ' ' <asked.txt))"
for k in board page dealer vul seat.N name.W vul.All side.EW play.contract mini.title \
    sheet.title nt pass par; do
    grep -qx "$k" asked.txt || fail "the collector missed $k"
done
langs=$(ls "$TOP"/printing/terms/*.ini | wc -l)
# And no word without a use: every key of English (the list of keys) is asked by the code.
unused=$(grep -o '^[A-Za-z0-9._-]* =' "$TOP/printing/terms/en.ini" | sed 's/ =$//' | sort |
    comm -13 asked.txt - | tr '\n' ' ')
[ -z "$unused" ] || fail "keys of printing/terms/en.ini no code asks: $unused"
check "$TOP/printing/terms" >missing.txt || fail "keys missing from the tables:
$(cat missing.txt)"

# The check can fail: a copy of the tables with one key taken out of sv.ini.
mkdir copy
cp "$TOP"/printing/terms/*.ini copy/
grep -v '^mini\.title = ' "$TOP/printing/terms/sv.ini" >copy/sv.ini
check copy >missing.txt && fail "a key taken out of sv.ini was not found missing"
grep -qx 'sv.ini: no key mini.title' missing.txt || fail "the missing key: $(cat missing.txt)"
# And a key the code asks that no table has: a call added to a copy of a source file.
sed 's/pr_term(d->terms, "untitled")/pr_term(d->terms, "traveller.title")/' \
    "$TOP/printing/board.c" >board.c
grep -q traveller.title board.c || fail "printing/board.c: no pr_term(d->terms, \"untitled\") to change"
keys board.c >asked.txt
check "$TOP/printing/terms" >missing.txt && fail "traveller.title was not found missing"
grep -q 'no key traveller.title' missing.txt || fail "the missing key: $(cat missing.txt)"
echo "print_terms_keys: $n keys, each in all $langs tables"
