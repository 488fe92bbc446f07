# Outputs never replace a different file silently, in every command that writes: the same
# content again is a no-op (file and mtime untouched), other content is refused with exit 73
# and nothing written, --force replaces. Outputs are 0600 unless --public.
# cli: slow - analyses and PDFs of whole sets
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
umask 022

# refused EXITCODE-FILE command...: must exit 73 with the one-line message, leave FILE as it was.
refused() {
    file=$1
    shift
    cp "$file" before
    if "$@" >out 2>err; then echo "replaced $file silently: $*"; exit 1; else rc=$?; fi
    [ "$rc" = 73 ] || { echo "exit $rc, wanted 73: $*"; cat err; exit 1; }
    grep -qx "predup [a-z]*: error: $file exists and differs (add --force to replace it)" err ||
        { echo "wrong message:"; cat err; exit 1; }
    cmp -s before "$file" || { echo "$file changed"; exit 1; }
    ls | grep -q '\.tmp' && { echo "temporary file left"; ls; exit 1; }
    return 0
}
# unchanged FILE command...: runs it, FILE keeps its inode and its (old) mtime.
unchanged() {
    file=$1
    shift
    touch -d '2001-02-03 04:05:06' "$file"
    before=$(stat -c '%i %Y' "$file")
    "$@" >/dev/null
    [ "$(stat -c '%i %Y' "$file")" = "$before" ] || { echo "$file touched: $*"; exit 1; }
}

# deal
"$P" deal --key vec.key --boards 1-4 -o set.pbn
[ "$(stat -c %a set.pbn)" = 600 ] || { echo "set.pbn is $(stat -c %a set.pbn), wanted 600"; exit 1; }
unchanged set.pbn "$P" deal --key vec.key --boards 1-4 -o set.pbn
refused set.pbn "$P" deal --key vec.key --boards 1-5 -o set.pbn
"$P" deal --key vec.key --boards 1-5 -o set.pbn --force
[ "$(grep -c '^\[Board ' set.pbn)" = 5 ]
"$P" deal --key vec.key --boards 1-4 -o pub.pbn --public
[ "$(stat -c %a pub.pbn)" = 644 ] || { echo "--public gave $(stat -c %a pub.pbn)"; exit 1; }

# deal, several formats: one differing file refuses the lot
"$P" deal --key vec.key --boards 1-4 -o multi.pbn --format pbn,dup
unchanged multi.dup "$P" deal --key vec.key --boards 1-4 -o multi.pbn --format pbn,dup
"$P" deal --key vec.key --boards 1-3 -o other.dup
cp other.dup multi.dup
cp multi.pbn multi.pbn.was
refused multi.dup "$P" deal --key vec.key --boards 1-4 -o multi.pbn --format pbn,dup
cmp multi.pbn multi.pbn.was
"$P" deal --key vec.key --boards 1-4 -o multi.pbn --format pbn,dup --force
[ "$(stat -c %a multi.dup)" = 600 ]

# convert
"$P" convert set.pbn conv.dlm >/dev/null
unchanged conv.dlm "$P" convert set.pbn conv.dlm
refused conv.dlm "$P" convert multi.pbn conv.dlm
"$P" convert --force multi.pbn conv.dlm >/dev/null
[ "$(stat -c %a conv.dlm)" = 600 ]

# analyze -o (without -o it updates its input, as asked), on sets of 2 boards and 1 board:
# every solve is libdds's work, and the rule is the same for any number of boards.
"$P" deal --key vec.key --boards 1-2 -o two.pbn
"$P" deal --key vec.key --boards 1 -o one.pbn
"$P" analyze two.pbn -o an.pbn --quiet >/dev/null
unchanged an.pbn "$P" analyze two.pbn -o an.pbn --quiet
# A set of more boards than the analysis is refused by analyze's own check (same exit).
cp an.pbn before
rc=0; "$P" analyze one.pbn -o an.pbn --quiet >out 2>err || rc=$?
[ "$rc" = 73 ] && grep -q 'an.pbn holds 2 games, the analysis 1: .*--force replaces it' err &&
    cmp -s before an.pbn || { echo "analyze replaced a bigger set: exit $rc"; cat err; exit 1; }
"$P" analyze one.pbn -o an.pbn --quiet --force >/dev/null
[ "$(grep -c '^\[Board ' an.pbn)" = 1 ] || { echo "analyze --force did not replace an.pbn"; exit 1; }
[ "$(stat -c %a an.pbn)" = 600 ]

# print
"$P" print sheet set.pbn -o sheet.pdf >/dev/null
[ "$(stat -c %a sheet.pdf)" = 600 ]
unchanged sheet.pdf "$P" print sheet set.pbn -o sheet.pdf
refused sheet.pdf "$P" print sheet multi.pbn -o sheet.pdf
"$P" print sheet multi.pbn -o sheet.pdf --force >/dev/null
"$P" print sheet multi.pbn -o sheet-pub.pdf --public >/dev/null
[ "$(stat -c %a sheet-pub.pdf)" = 644 ]

# --help of each names --force
for c in deal convert analyze print; do
    "$P" $c --help | grep -q -- --force || { echo "$c --help does not name --force"; exit 1; }
done

# deal --squaredeal (where the corpus is there)
C=$TOP/../shared/corpus/bigdeal
if [ -d "$C" ]; then
    cp "$C/WC2025.sqd" "$C/WC2025.sqk" .
    "$P" deal --squaredeal WC2025.sqd --session 1,2 -o sq.pbn
    [ "$(stat -c %a sq.pbn)" = 600 ]
    unchanged sq.pbn "$P" deal --squaredeal WC2025.sqd --session 1,2 -o sq.pbn
    refused sq.pbn "$P" deal --squaredeal WC2025.sqd --session 1,3 -o sq.pbn
    "$P" deal --squaredeal WC2025.sqd --session 1,3 -o sq.pbn --force
    "$P" deal --squaredeal WC2025.sqd --help | grep -q -- --force
else
    echo "skip: deal --squaredeal outputs: $C absent"
fi
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
