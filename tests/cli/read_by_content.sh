# tests/cli/read_by_content.sh - every command picks a set's reader by its contents, never
# by its name: a LIN named .pbn reads as LIN, a PBN named .lin or .dup as PBN, a DUP named .bri
# as DUP. Contents that fit two signatures are read by the one that reads them whole: 39 BRI
# records of 128 bytes are 4992 bytes, a multiple of DUP's 156, and read as BRI.
set -eu
P=$PREDUP
. "$TOP/tests/lib_read.sh"
read_lib_deal 1-39 set.pbn
"$P" convert set.pbn set.bri > /dev/null 2>&1
read_lib_deal 1-4 four.pbn
"$P" convert four.pbn four.dup > /dev/null 2>&1
"$P" convert four.pbn four.lin > /dev/null 2>&1
[ "$(wc -c < set.bri)" = 4992 ] || { echo "set.bri is not 39 records of 128 bytes"; exit 1; }

# reads FILE N [--boards R]: verify finds the key's N boards in FILE.
reads() {
    f=$1; n=$2; shift 2
    "$P" verify --key k.key "$@" "$f" > out 2>&1 ||
        { echo "FAIL verify $f"; cat out; failed="$failed $f-verify"; }
    grep -q "^$f: all $n boards match" out || failed="$failed $f-verify-out"
}
cp set.bri set.dat
cp set.bri bri-named.dup
reads set.bri 39 --boards 1-39
reads set.dat 39 --boards 1-39
reads bri-named.dup 39 --boards 1-39
"$P" convert set.dat back.pbn > /dev/null 2>&1 || failed="$failed set.dat-convert"
"$P" convert back.pbn back.bri > /dev/null 2>&1 && cmp -s set.bri back.bri ||
    failed="$failed set.dat-bytes"
"$P" print sheet set.dat -o sheet.pdf > out 2>&1 || { cat out; failed="$failed set.dat-print"; }
"$P" check set.dat > out 2>&1 || { cat out; failed="$failed set.dat-check"; }
grep -q '^set.dat: a bri file of 39 boards' out || { cat out; failed="$failed set.dat-check-out"; }

cp four.lin lin-named.pbn
cp four.pbn pbn-named.lin
cp four.pbn pbn-named.dup
cp four.dup dup-named.bri
reads lin-named.pbn 4 --boards 1-4
reads pbn-named.lin 4
reads pbn-named.dup 4
reads dup-named.bri 4 --boards 1-4
"$P" check lin-named.pbn > out 2>&1 || { cat out; failed="$failed lin-named-check"; }
grep -q '^lin-named.pbn: a lin file of 4 boards' out || failed="$failed lin-named-check-out"
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
read_lib_finish
