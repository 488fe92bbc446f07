# tests/cli/formats_read_memory.sh - every format is read and converted in memory in proportion
# to the file: at most 20 times its size (issue 33). For each format, a file of 20,000 boards
# (or as many as the format holds: RZD 65,535, CDS 255, DUP and DLM 99) is converted to PBN, and
# the growth of the peak resident size over the same conversion of a one-board file of that
# format (what predup holds before it reads: its libraries, 28 MB with GStreamer and libvips)
# is compared with the file's size. A game of a format of deals only (BER and BHG: 52 and 53
# bytes a board; RZD: 13) is read lean, its tags made as the PBN writer writes it: 248 bytes a
# game, not some 1.1 KB (BER and BHG were 22 times their file, RZD 86 times). DUP, DLM and CDS
# files (15, 6 and 4 KB at most) are under the resolution of a peak resident size (some hundred
# KB between two runs): their growth is held under 1 MB. Under a sanitizer or valgrind the sizes
# are not the program's.
# cli: slow - converts twelve files of up to 20,000 boards, each twice
set -eu
P=$PREDUP
if [ -n "${VALGRIND:-}" ] || grep -q __asan_init "$P" 2>/dev/null; then
    echo "skip: memory bounds under a sanitizer or valgrind"
    exit 0
fi
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k
chmod 600 k
"$P" deal --key k --boards 1-20000 -o set.pbn --quiet
"$P" deal --key k --boards 1 -o one.pbn --quiet

peak_kb() { # peak_kb CMD...: CMD's peak resident size in KB (it must succeed)
    python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
checked=0
for f in pbn lin bri dge csv ber bhg rzd cds dup dlm; do
    for b in 1-20000 1-65535 1-255 1-99; do
        "$P" convert --boards "$b" set.pbn "all.$f" > /dev/null 2>&1 && break
    done
    "$P" convert one.pbn "one.$f" > /dev/null 2>&1
    size=$(wc -c < "all.$f")
    peak=$(peak_kb "$P" convert "all.$f" "all-$f.pbn")
    grown=$((peak - $(peak_kb "$P" convert "one.$f" "one-$f.pbn")))
    times=20
    limit=$((times * size / 1024))
    [ "$size" -lt 51200 ] && limit=1024 # under the measurement's resolution
    if [ "$grown" -gt "$limit" ]; then
        echo "$f: $size bytes read and converted to PBN grew by $grown KB, over $limit KB" \
            "($times times the file)"
        exit 1
    fi
    checked=$((checked + 1))
done
# The sets read are the sets written: every format gives back the deals of the PBN.
"$P" convert all.ber ber.csv > /dev/null
"$P" convert --boards 1-20000 set.pbn set.csv > /dev/null
cmp ber.csv set.csv
echo "ok: $checked formats read within their bounds"
