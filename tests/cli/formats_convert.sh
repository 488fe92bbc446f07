#!/bin/sh
# tests/cli/formats_convert.sh - predup convert through every format and back, several formats
# at once, the reference files, limits with their message, and predup check's exit codes.
set -eu
D=$TOP/tests/data/formats
fail() { echo "FAIL: $*"; exit 1; }

# The reference set to every format at once; each file is byte-identical to the reference.
"$PREDUP" convert --to dup,dlm,bri,dge,lin,csv,ber,bhg,rzd,cds "$D/ref.pbn" out.pbn >/dev/null
for f in dup dlm bri dge lin csv ber bhg rzd cds; do
    cmp "out.$f" "$D/ref.$f" || fail "out.$f differs from ref.$f"
done
"$PREDUP" convert --to dupblind "$D/ref.pbn" blind.dup >/dev/null
cmp blind.dup "$D/ref.blind.dup" || fail "dupblind"

# Each back to PBN: the same deals as the reference.
grep '^\[Deal ' "$D/ref.pbn" >/dev/null
for f in dup dlm bri dge lin csv ber bhg rzd cds; do
    "$PREDUP" convert "out.$f" "back-$f.pbn" >/dev/null
    "$PREDUP" convert --to ber "back-$f.pbn" "back-$f.ber" >/dev/null
    cmp "back-$f.ber" "$D/ref.ber" || fail "$f round trip"
done
# Read-back PBN follows the export format.
"$PREDUP" check back-dup.pbn >/dev/null || fail "read-back PBN is not export format"

# --from overrides the extension; a file whose format cannot be told needs it.
cp "$D/ref.bhg" mystery.dat
if "$PREDUP" convert mystery.dat x.pbn 2>err.txt; then fail "mystery accepted"; fi
grep -q "predup convert --from FORMAT mystery.dat x.pbn" err.txt ||
    fail "no hint to --from: $(cat err.txt)"
"$PREDUP" convert --from bhg mystery.dat x.pbn >/dev/null

# Limits: BRI has no board numbers, DUP holds 1-99.
"$PREDUP" convert --to lin "$D/ref.pbn" late.lin >/dev/null
sed 's/o1|/o17|/; s/Board 1|/Board 17|/' late.lin >late2.lin
set +e
"$PREDUP" convert late2.lin late.bri 2>err.txt
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "board 17 into BRI accepted"
grep -q "board 17: bri has no board numbers" err.txt || fail "limit message: $(cat err.txt)"
[ ! -e late.bri ] || fail "a file was written despite the limit"

# A corrupted DLM names the board and the line.
sed 's/^\(Board 02=.*\)1\r$/\10\r/' "$D/ref.dlm" >bad.dlm
if "$PREDUP" convert bad.dlm x.pbn 2>err.txt; then fail "bad checksum accepted"; fi
grep -q "bad.dlm:14:.*board 2: checksum" err.txt || fail "DLM message: $(cat err.txt)"

# check: exit 0 on clean export, 1 on departures (listed on stdout as FILE:LINE: ...).
"$PREDUP" check back-lin.pbn >out.txt || fail "clean file flagged: $(cat out.txt)"
set +e
"$PREDUP" check "$D/dealer-printpbn.pbn" >out.txt 2>/dev/null
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "check exit $rc, want 1"
grep -q "dealer-printpbn.pbn:26: Deal starts at N: export starts it at the dealer, E" out.txt ||
    fail "check output: $(cat out.txt)"
echo ok
