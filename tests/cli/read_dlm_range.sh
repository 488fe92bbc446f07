# tests/cli/read_dlm_range.sh - a DLM board outside From board..To board must be the
# filler deal: a real deal there (a set cut short by editing the header, or a board added past
# it) is refused on reading, by every command, naming the file, line and board.
set -eu
P=$PREDUP
. "$TOP/tests/lib_read.sh"
read_lib_deal 1-4 set.pbn
"$P" convert set.pbn set.dlm > /dev/null 2>&1
"$P" verify --key k.key set.dlm | grep -q "all 4 boards match"

# cut: To board=3, header checksum fixed (Duplicates 0 ^ From 1 ^ To 3 ^ Show 1 = 3); board 4
# keeps its deal on line 18.
python3 -c "
t = open('set.dlm', newline='').read()
t = t.replace('To board=4\r\n', 'To board=3\r\n').replace('Checksum=4\r\n', 'Checksum=3\r\n')
open('cut.dlm', 'w', newline='').write(t)"
# past: board 5's filler line replaced by board 4's deal (its checksum recomputed).
python3 -c "
import re
t = open('set.dlm', newline='').read()
letters = re.search(r'Board 04=([a-p]{26})', t).group(1)
s = 5
for c in letters: s ^= ord(c)
t = re.sub(r'Board 05=[a-p]{26}[0-9]{3}', 'Board 05=%s%03d' % (letters, s), t)
open('past.dlm', 'w', newline='').write(t)"

# refused FILE LINE BOARD CMD...: exits 65 and names the file, the board's line and the board.
refused() {
    file=$1; line=$2; board=$3; shift 3
    rc=0; "$@" > out 2> err || rc=$?
    if [ "$rc" != 65 ] || ! grep -q "^predup [a-z]*: $file:$line: error: board $board: a deal outside From board 1 to To board [34], where DLM holds the filler" err; then
        echo "FAIL $*: exit $rc (wanted 65)"; cat out err; failed="$failed $file-$2"
    fi
}
refused cut.dlm 18 4 "$P" verify --key k.key --boards 1-3 cut.dlm
refused cut.dlm 18 4 "$P" verify --key k.key cut.dlm
refused cut.dlm 18 4 "$P" convert cut.dlm cut.pbn
refused cut.dlm 18 4 "$P" print record cut.dlm -o cut.pdf
refused past.dlm 20 5 "$P" verify --key k.key past.dlm
refused past.dlm 20 5 "$P" check past.dlm
[ ! -e cut.pbn ] && [ ! -e cut.pdf ] || failed="$failed outputs"
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
read_lib_finish
