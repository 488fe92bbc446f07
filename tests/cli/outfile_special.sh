# -o onto a symlink writes through to its target (the link stays a link); -o onto something
# that is not a regular file (a FIFO, /dev/stdout, /dev/null) is written in place, never
# replaced by a rename.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-3 -o want.pbn
"$P" deal --key vec.key --boards 1-2 -o two.pbn

# A symlink, relative, into another directory; dangling at first.
mkdir sets
ln -s sets/real.pbn link.pbn
"$P" deal --key vec.key --boards 1-3 -o link.pbn
[ -L link.pbn ] || { echo "link.pbn is no longer a symlink"; exit 1; }
[ "$(readlink link.pbn)" = sets/real.pbn ]
cmp want.pbn sets/real.pbn
"$P" deal --key vec.key --boards 1-2 -o link.pbn --force
[ -L link.pbn ] && cmp two.pbn sets/real.pbn
# A link to a link; convert writes through too.
ln -s link.pbn link2.pbn
"$P" convert --force want.pbn link2.pbn >/dev/null
[ -L link2.pbn ] && [ -L link.pbn ] && cmp want.pbn sets/real.pbn
ls . sets | grep -q '\.tmp' && { echo "temporary file left"; ls . sets; exit 1; }

# A FIFO: written in place, read by cat; it stays a FIFO.
mkfifo fifo
cat fifo > got.pbn &
reader=$!
"$P" deal --key vec.key --boards 1-3 -o fifo
wait $reader
cmp want.pbn got.pbn
[ -p fifo ] || { echo "the FIFO was replaced"; exit 1; }

# /dev/stdout into a file and into a pipe: the bytes arrive, /dev/stdout is untouched.
before=$(ls -l /dev/stdout)
"$P" deal --key vec.key --boards 1-3 -o /dev/stdout > out.pbn
cmp want.pbn out.pbn
"$P" deal --key vec.key --boards 1-3 -o /dev/stdout | cat > piped.pbn
cmp want.pbn piped.pbn
"$P" deal --key vec.key --boards 1-3 -o /dev/fd/1 > fd1.pbn
cmp want.pbn fd1.pbn
ln -s /dev/stdout to-stdout
"$P" deal --key vec.key --boards 1-3 -o to-stdout | cat > linked.pbn
cmp want.pbn linked.pbn
[ -L to-stdout ] || { echo "the link to /dev/stdout was replaced"; exit 1; }
[ "$(ls -l /dev/stdout)" = "$before" ] || { echo "/dev/stdout changed"; exit 1; }
"$P" deal --key vec.key --boards 1-3 -o /dev/null
[ -c /dev/null ] || { echo "/dev/null is no longer a device"; exit 1; }

# After each rename (and after key new) the directory is fsynced: the new name survives a crash.
if strace -o /dev/null true 2>/dev/null; then
    # LeakSanitizer cannot run under ptrace: leaks are checked by every other test.
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    mkdir out
    strace -o trace -e trace=rename,openat,fsync "$P" deal --key vec.key --boards 1 -o out/d.pbn
    grep -A2 '^rename("out/d.pbn.tmp' trace | tail -2 > after
    grep -q '^openat(AT_FDCWD, "out", .*O_DIRECTORY' after && grep -q '^fsync(' after ||
        { echo "no directory fsync after the rename:"; cat trace | tail; exit 1; }
    strace -o trace -e trace=openat,fsync "$P" key new out/new.key >/dev/null
    tail -3 trace | grep -q '^openat(AT_FDCWD, "out", .*O_DIRECTORY' ||
        { echo "no directory fsync after key new:"; tail trace; exit 1; }
else
    echo "strace cannot run here: directory fsync not checked"
fi
