# tests/cli/read_lin_memory.sh - reading a set takes memory in proportion to the file, at
# most about 20 times its size: a LIN of 50,000 boards (4.8 MB as predup writes it) once took
# 196 MB to read (8 KB a board with the PBN written from it). Measured as the peak resident
# size of each command (getrusage of the child), against generous bounds: 20 times the file
# for reading it (check, verify, convert to CSV), 30 for the densest LIN (md alone, 59 bytes a
# board), 50 for convert to PBN (the writer also holds the PBN text, 3.4 times the LIN, and
# reads it back to check it). Under a sanitizer or valgrind the bounds are not the program's.
# cli: slow - a LIN of 50,000 boards written and read, its memory measured
set -eu
P=$PREDUP
if [ -n "${VALGRIND:-}" ] || grep -q __asan_init "$P" 2>/dev/null; then
    echo "skip: memory bounds under a sanitizer or valgrind"
    exit 0
fi
"$P" key new k.key > /dev/null
"$P" deal --key k.key --boards 1-50000 -o big.lin > /dev/null
sed 's/^qx|o[0-9]*|\(md|[^|]*|\).*/\1/' big.lin > md.lin
[ "$(wc -l < md.lin)" = 50000 ] && [ "$(head -c 3 md.lin)" = "md|" ]

peak_kb() { # peak_kb CMD...: CMD's peak resident size in KB (it must succeed)
    python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
# What predup holds before it reads a byte (its libraries: libdds, libharu, GStreamer, libvips
# ...) is no part of the file's cost: the growth over it is what must stay within bounds.
base_kb=$(peak_kb "$P" --version)
within() { # within TIMES FILE CMD...: CMD's peak over base_kb is at most TIMES the size of FILE
    local times=$1 file=$2 kb size
    shift 2
    kb=$(($(peak_kb "$@") - base_kb))
    size=$(wc -c < "$file")
    if [ $((kb * 1024)) -gt $((times * size)) ]; then
        echo "$*: peak $kb KB, over $times times the $size bytes of $file"
        exit 1
    fi
}
within 20 big.lin "$P" check big.lin
within 20 big.lin "$P" verify --key k.key big.lin
within 20 big.lin "$P" convert big.lin big.csv
within 30 md.lin "$P" check md.lin
within 50 big.lin "$P" convert big.lin big.pbn
# The set read is the set written: both LINs give the same 50,000 deals.
"$P" convert md.lin md2.csv > /dev/null
cmp big.csv md2.csv
echo ok
