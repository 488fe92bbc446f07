# tests/cli/read_line_ends.sh - print, check, verify and convert read one file the same
# way: a UTF-8 byte order mark is not text, CRs before a line's LF (CR CR LF) or inside it are
# spaces. Each file reads as the same 4 boards in every command; check names only the
# departure from export (exit 1), never a game it cut differently.
set -eu
P=$PREDUP
. "$TOP/tests/lib_read.sh"
read_lib_deal 1-4 set.pbn
"$P" convert set.pbn set.dup > /dev/null 2>&1

python3 -c "
t = open('set.pbn', 'rb').read()
open('bom.pbn', 'wb').write(b'\xef\xbb\xbf' + t)
open('crcrlf.pbn', 'wb').write(t.replace(b'\r\n', b'\r\r\n'))
open('crinline.pbn', 'wb').write(t.replace(b'[Board \"1\"]\r\n', b'[Board \"1\"]\r', 1))
open('bomtags.pbn', 'wb').write(b'\xef\xbb\xbf' + t[t.index(b'[Event'):])
latin1 = t[t.index(b'[Event'):].replace(b'[Event \"?\"]', b'[Event \"Caf\xe9\"]', 1)
open('bomlatin1.pbn', 'wb').write(b'\xef\xbb\xbf' + latin1)"

# same FILE N CHECK-LINES: every command reads FILE as set.pbn's 4 boards; check's faults are
# the N lines CHECK-LINES.
same() {
    f=$1
    "$P" verify --key k.key "$f" > out 2>&1 ||
        { echo "FAIL verify $f"; cat out; failed="$failed $f-verify"; }
    grep -q "^$f: all 4 boards match" out || failed="$failed $f-verify-out"
    "$P" print sheet "$f" -o "$f.pdf" > out 2>&1 ||
        { echo "FAIL print $f"; cat out; failed="$failed $f-print"; }
    grep -q "^$f.pdf: sheet of 4 boards$" out || failed="$failed $f-print-out"
    "$P" convert "$f" "$f.dup" > out 2>&1 ||
        { echo "FAIL convert $f"; cat out; failed="$failed $f-convert"; }
    cmp -s set.dup "$f.dup" || failed="$failed $f-convert-bytes"
    rc=0; "$P" check "$f" > out 2> err || rc=$?
    s=s; [ "$2" = 1 ] && s=
    # First the line that says predup reads the file whole (all 4 games), then the departures.
    if [ "$rc" != 1 ] || [ "$(sed -n 1p out)" != "$f: predup reads its 4 games: it prints and converts as it is; the lines below depart from PBN's export format, which a strict PBN reader asks" ] ||
       [ "$(sed 1d out)" != "$3" ] ||
       [ "$(cat err)" != "predup check: error: $2 departure$s from the PBN export format" ]; then
        echo "FAIL check $f: exit $rc, wanted only: $3"; cat out err; failed="$failed $f-check"
    fi
}
same bom.pbn 1 'bom.pbn:1: a UTF-8 byte order mark: export writes none'
same bomtags.pbn 1 'bomtags.pbn:1: a UTF-8 byte order mark: export writes none'
same bomlatin1.pbn 1 'bomlatin1.pbn:1: a UTF-8 byte order mark: export writes none'
same crcrlf.pbn 1 'crcrlf.pbn:1: 73 lines end with more than one CR before LF (import reads the extra CRs as spaces): export ends lines with CR LF'
same crinline.pbn 2 'crinline.pbn:6: a CR inside a line: import reads it as a space, export ends lines with CR LF
crinline.pbn:6: two tags on one line: export writes one tag a line'

# A byte order mark before an ISO 8859-1 file's first tag is not text either: the first game
# keeps its Event.
"$P" convert bomlatin1.pbn bomlatin1.lin > /dev/null 2>&1
head -1 bomlatin1.lin | grep -q "^vg|Caf$(printf '\303\251'),,,1,1," ||
    { echo "FAIL bomlatin1.lin:"; head -2 bomlatin1.lin; failed="$failed bomlatin1-event"; }
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
read_lib_finish
