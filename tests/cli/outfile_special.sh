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
[ -L link.pbn ] || { echo "--force replaced the symlink link.pbn"; exit 1; }
cmp two.pbn sets/real.pbn
# A link to a link; convert writes through too.
ln -s link.pbn link2.pbn
"$P" convert --force want.pbn link2.pbn >/dev/null
[ -L link2.pbn ] && [ -L link.pbn ] || { echo "convert replaced a symlink of the chain"; exit 1; }
cmp want.pbn sets/real.pbn
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
# Seen with strace, where strace can run and read the paths of the calls it traces (ptrace may
# be refused, or the tracee's memory unreadable, in a container): else skipped, with a note.
# dir_synced TRACE PATTERN: after the first call matching PATTERN, the directory "out" is
# opened and that very descriptor fsynced (whatever other calls come between or after).
dir_synced() {
    awk -v pat="$2" '
        !seen { if ($0 ~ pat) seen = 1; next }
        /^open(at)?[(](AT_FDCWD, )?"out", .*O_DIRECTORY/ { fd = $NF; next }
        fd != "" && $0 ~ ("^f(data)?sync[(]" fd "[)] += 0") { ok = 1; exit }
        END { exit !ok }' "$1"
}
if ! command -v strace >/dev/null; then
    echo "skip: directory fsync after rename and key new: no strace"
elif ! { strace -o probe.trace -e trace=open,openat cat /dev/null 2>/dev/null &&
         grep -q '"/dev/null"' probe.trace; }; then
    echo "skip: directory fsync after rename and key new: strace cannot trace here or read paths"
else
    # LeakSanitizer cannot run under ptrace: leaks are checked by every other test.
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
    calls=rename,renameat,renameat2,open,openat,fsync,fdatasync,link,linkat
    mkdir out
    strace -o trace -e trace=$calls "$P" deal --key vec.key --boards 1 -o out/d.pbn
    grep -Eq '^rename(at2?)?[(](AT_FDCWD, )?"out/d[.]pbn[.]tmp' trace ||
        { echo "no rename of out/d.pbn's temporary file:"; tail trace; exit 1; }
    dir_synced trace '^rename(at2?)?[(](AT_FDCWD, )?"out/d[.]pbn[.]tmp' ||
        { echo "no directory fsync after the rename:"; tail trace; exit 1; }
    strace -o trace -e trace=$calls "$P" key new out/new.key >/dev/null
    # key new writes a temporary file and links it to its name (never replaced).
    made='^link(at)?[(](AT_FDCWD, )?"out/new[.]key[.]new-[^"]*", (AT_FDCWD, )?"out/new[.]key"'
    grep -Eq "$made" trace || { echo "key new: no link to out/new.key:"; tail trace; exit 1; }
    dir_synced trace "$made" ||
        { echo "no directory fsync after key new:"; tail trace; exit 1; }
fi
