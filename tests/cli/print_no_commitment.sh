#!/bin/bash
# tests/cli/print_no_commitment.sh - print record --no-commitment leaves the key's commitment out
# of the page head (a club's wall copy: players need the boards, not the proof), and nothing
# else: the same page with the commitment painted over (its line's text alone differs).
set -u
. "$TOP/tests/lib_cli.sh"

fixed_key k.key k
"$PREDUP" deal --key k.key --boards 1-4 --quiet -o s.pbn >/dev/null || fail "deal"
# Analysed once, so that neither print solves the boards again.
"$PREDUP" analyze s.pbn --quiet >/dev/null || fail "analyze"
"$PREDUP" print record s.pbn -o with.pdf --quiet >/dev/null || fail "print"
"$PREDUP" print record s.pbn -o wall.pdf --no-commitment --quiet >/dev/null || fail "--no-commitment"
pdftotext with.pdf - | grep -q 'Key commitment (SHA-256): [0-9a-f]\{64\}' || fail "commitment missing"
pdftotext wall.pdf - | grep -qi 'commitment' && fail "--no-commitment printed it"
diff <(pdftotext with.pdf - | grep -v 'Key commitment' | grep -v '^[[:space:]]*$') \
    <(pdftotext wall.pdf - | grep -v '^[[:space:]]*$') >d.txt ||
    fail "more than the commitment differs: $(head d.txt)"
pdf_checked with.pdf wall.pdf || fail "PDF checks"
