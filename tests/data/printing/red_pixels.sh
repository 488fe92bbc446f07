#!/bin/sh
# tests/data/printing/red_pixels.sh PDF WORD - the number of red pixels (R > 150, G and B < 90)
# in the box of the first word on page 1 that is exactly WORD (pdftotext -bbox), rendered in
# colour at 144 dpi. Prints the count; exits 2 when the word is not on the page.
set -eu
box=$(pdftotext -bbox -f 1 -l 1 "$1" - 2>/dev/null | awk -F'"' -v w="$2" '
    /<word / { t = $0; sub(/^[^>]*>/, "", t); sub(/<\/word>.*$/, "", t)
               if (t == w) { printf "%d %d %d %d\n", $2 * 2, $4 * 2, ($6 - $2) * 2 + 1, ($8 - $4) * 2 + 1; exit } }')
[ -n "$box" ] || { echo "no word \"$2\" on page 1 of $1" >&2; exit 2; }
set -- "$1" $box
pdftoppm -r 144 -f 1 -l 1 -x "$2" -y "$3" -W "$4" -H "$5" -singlefile "$1" red_crop 2>/dev/null
convert red_crop.ppm -depth 8 rgb:- | od -An -tu1 -v | tr -s ' ' '\n' | grep . |
    awk '{ c[NR % 3] = $1 } NR % 3 == 0 { if (c[1] > 150 && c[2] < 90 && c[0] < 90) red++ }
         END { print red + 0 }'
