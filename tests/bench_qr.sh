#!/bin/sh
# tests/bench_qr.sh - `make bench` rows for the QR codes (issue 34): random boards (a new key
# each run) printed in every layout that carries a code, rendered as a scan in poor conditions
# would see them (pdftoppm -gray -r 150) and read back with zbarimg. Each row says how many
# codes read exactly the text they should, of how many: "case|read|codes|fraction"; a record
# row is followed by how many of them zbarimg read only from the board's cell, not from the
# whole page (see read_row). The
# record rows print QR_BOARDS boards (default 500) at 1, 2, 4, 6 and 9 a page on A4 (Letter's
# cells are larger at 4, 6 and 9 a page), then 6 and 9 a page again with a commentary long
# enough to shrink every board to the 80 % floor (the smallest the codes ever print); the
# curtain row prints QR_BOARDS / 4 boards (a code per card, QR_BOARDS cards). The goal is
# every code read. QR_DPI changes the resolution (150).
set -eu
: "${PREDUP:?}" "${TOP:?}"
P=$PREDUP
n=${QR_BOARDS:-500}
dpi=${QR_DPI:-150}
for t in pdftoppm zbarimg convert; do
    command -v "$t" >/dev/null || { echo "skip: no $t"; exit 0; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-qr-XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
"$P" key new k.key >/dev/null
"$P" deal --key k.key --boards "1-$n" --event "QR bench" --quiet -o set.pbn
# What each code must hold (printing/README.md): "board dealer VUL deal" on the record,
# "board seat hand" on a curtain card.
awk '/^\[Board "/ { split($0, q, "\""); b = q[2] }
     /^\[Vulnerable "/ { split($0, q, "\""); v = toupper(q[2]) }
     /^\[Deal "/ { split($0, q, "\""); print b " " substr(q[2], 1, 1) " " v " " q[2] }' \
    set.pbn | sort >want.txt
awk '{ split("N E S W", s, " "); o = index("NESW", substr($4, 1, 1)) - 1; sub(/^.:/, "", $4)
       if ($1 > n / 4) next
       for (i = 0; i < 4; i++) print $1 " " s[(o + i) % 4 + 1] " " $(4 + i) }' n="$n" \
    want.txt | sort >want_cards.txt
# The same set with a commentary of many lines under every board.
words="The commentary runs over many lines so that the board shrinks to the smallest scale"
awk -v c="{$words $words $words $words $words $words $words $words $words $words}" \
    '{ print } /^\[Deal "/ { print c }' set.pbn >long.pbn

# cells PAGE PER: zbarimg on each board's cell of a record page of PER boards on A4, cut out
# as hand_record.c places them (margin 30 pt, header 50 pt): one code in view, as a phone sees it.
cells() {
    awk -v per="$2" -v k="$(awk -v d="$dpi" 'BEGIN { print d / 72 }')" 'BEGIN {
        cols = per == 9 ? 3 : per >= 4 ? 2 : 1; w = (595.276 - 60) / cols; h = (841.89 - 110) / (per / cols)
        for (i = 0; i < per; i++)
            printf "%dx%d+%d+%d\n", w * k, h * k, (30 + i % cols * w) * k, (80 + int(i / cols) * h) * k }' |
        while read -r g; do
            convert "$1" -crop "$g" +repage cell.png
            zbarimg --quiet --raw cell.png 2>/dev/null || true
        done
}
# read PDF WANT CASE PER: the rows for PDF's codes against the lines of WANT. zbarimg reads
# each whole page; a record page (PER boards) where it finds fewer codes is read again cell
# by cell: zbarimg's scan of a page can miss one of several codes that reads alone (issue 34).
read_row() {
    rm -f page*.png
    pdftoppm -r "$dpi" -gray -png "$1" page
    : >got.txt
    : >cell.txt
    for f in page*.png; do
        zbarimg --quiet --raw "$f" 2>/dev/null >one.txt || true
        cat one.txt >>got.txt
        [ "$4" -gt 0 ] && [ "$(wc -l <one.txt)" -lt "$4" ] && cells "$f" "$4" >>cell.txt
    done
    sort -u got.txt -o got.txt
    sort -u cell.txt | comm -23 - got.txt >cell_only.txt
    sort -u got.txt cell_only.txt -o got.txt
    got=$(comm -12 "$2" got.txt | wc -l)
    only=$(comm -12 "$2" cell_only.txt | wc -l)
    all=$(wc -l <"$2")
    wrong=$(comm -13 "$2" got.txt | wc -l)
    [ "$wrong" -eq 0 ] || echo "$3: $wrong codes read as text no board has" >&2
    frac() { awk -v a="$1" -v b="$all" 'BEGIN { printf "%.4f", a / b }'; }
    echo "$3 at $dpi dpi grey: codes read|$got|$all|$(frac "$got")"
    [ "$4" -eq 0 ] || echo "$3: of those, read only from the board's cell|$only|$all|$(frac "$only")"
}
for per in 1 2 4 6 9; do
    "$P" print record set.pbn -o "r$per.pdf" --dd none --per-page "$per" --quiet >/dev/null
    read_row "r$per.pdf" want.txt "record, $per a page" "$per"
done
for per in 6 9; do
    "$P" print record long.pbn -o "l$per.pdf" --dd none --per-page "$per" --quiet >/dev/null
    read_row "l$per.pdf" want.txt "record, $per a page, long commentary" "$per"
done
"$P" print curtain set.pbn -o cards.pdf --boards "1-$((n / 4))" --quiet >/dev/null
read_row cards.pdf want_cards.txt "curtain cards" 0
