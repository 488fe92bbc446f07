# tests/cli/outfile_rerun_mode.sh - a rerun that finds its output already identical keeps the
# file (its bytes and mtime) but gives it the mode a new output would have: 0600, or 0666 less
# the umask with --public. A copy left world-readable stops revealing the deals.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
chmod 600 k.key
mode() { stat -c %a "$1"; }
expect() { # expect FILE MODE WHAT
    [ "$(mode "$1")" = "$2" ] || { echo "FAIL $3: $1 is $(mode "$1"), wanted $2"; exit 1; }
}
"$P" deal --key k.key --boards 1-3 -o set.pbn
cp set.pbn first.pbn
chmod 644 set.pbn
touch -d '2001-01-01 00:00' set.pbn
before=$(stat -c %Y set.pbn)
"$P" deal --key k.key --boards 1-3 -o set.pbn
expect set.pbn 600 "identical deal"
cmp set.pbn first.pbn
[ "$(stat -c %Y set.pbn)" = "$before" ] || { echo "FAIL: the identical file was rewritten"; exit 1; }

# Several formats: each identical file is fixed.
"$P" deal --key k.key --boards 1-3 -o ev.pbn --format pbn,dup
chmod 664 ev.pbn ev.dup
"$P" deal --key k.key --boards 1-3 -o ev.pbn --format pbn,dup
expect ev.pbn 600 "identical pbn of a set"
expect ev.dup 600 "identical dup of a set"

# convert and --public: 0666 less the umask, whatever was there.
umask 027
"$P" convert set.pbn copy.dup >/dev/null 2>&1
chmod 600 copy.dup
"$P" convert set.pbn copy.dup --public >/dev/null 2>&1
expect copy.dup 640 "identical convert --public"
chmod 604 copy.dup
"$P" convert set.pbn copy.dup >/dev/null 2>&1
expect copy.dup 600 "identical convert"
echo ok
