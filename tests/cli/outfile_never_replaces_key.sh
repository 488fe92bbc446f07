# tests/cli/outfile_never_replaces_key.sh - no output ever replaces a key file, not even with --force:
# deal onto its own --key (by name, through a link, a hard link), deal, convert, analyze or
# print onto any file shaped like a key. Each is refused with 73, the key keeps its bytes and
# its text never appears in the message.
set -eu
P=$PREDUP
KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
printf '%s\n' $KEY > k.key
chmod 600 k.key
cp k.key orig.key
printf '%s\n' $KEY | tr a-f A-F > other.key # another key file, upper-case hex
cp other.key orig_other.key
"$P" deal --key k.key --boards 1-2 -o set.pbn

failed=""
# refused WHAT FRAGMENT CMD...: CMD must exit 73 with FRAGMENT, and no key file may change.
refused() {
    what=$1 frag=$2; shift 2
    rc=0; "$@" > out 2> err || rc=$?
    if [ "$rc" != 73 ] || ! grep -qF -- "$frag" err || grep -qi "$KEY" err out ||
       ! cmp -s k.key orig.key || ! cmp -s other.key orig_other.key; then
        echo "FAIL $what: exit $rc"; cat out err; failed="$failed $what"
    fi
    cp orig.key k.key; cp orig_other.key other.key
}
same="no output replaces a key file"
refused deal-own-key "-o k.key is the key file (--key k.key), and $same" \
    "$P" deal --key k.key --boards 1 -o k.key --force
ln -s k.key link.key
refused deal-own-key-link "-o link.key is the key file (--key k.key), and $same" \
    "$P" deal --key k.key --boards 1 -o link.key --force
ln k.key hard.pbn
refused deal-own-key-hardlink "-o hard.pbn is the key file (--key k.key)" \
    "$P" deal --key k.key --boards 1 -o hard.pbn --force
refused deal-other-key "other.key looks like a key file, and $same, even with --force" \
    "$P" deal --key k.key --boards 1 -o other.key --format pbn --force
ln -sf other.key set.dup
refused deal-set-member "set.dup looks like a key file, and $same" \
    "$P" deal --key k.key --boards 1-2 -o set.pbn --format pbn,dup --force
rm set.dup
refused convert "other.key looks like a key file, and $same" \
    "$P" convert set.pbn other.key --to pbn --force
refused analyze "other.key looks like a key file, and $same" \
    "$P" analyze set.pbn -o other.key --force --quiet
refused analyze-no-force "other.key looks like a key file, and $same" \
    "$P" analyze set.pbn -o other.key --quiet
refused print "other.key looks like a key file, and $same" \
    "$P" print curtain set.pbn -o other.key --force
# A key that event reveal marked spent (the key's text, then its "revealed:" line) is a key
# file too.
(cat other.key; printf 'revealed: this key is public; predup event commit refuses it\n') > spent.key
chmod 600 spent.key
refused spent "spent.key looks like a key file, and $same" \
    "$P" deal --key k.key --boards 1-2 -o spent.key --force
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
# A file that is not a key is still replaced with --force.
printf 'not a key\n' > plain.pbn
"$P" deal --key k.key --boards 1 -o plain.pbn --force
grep -q '^\[Board "1"\]' plain.pbn
