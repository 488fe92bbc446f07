#!/bin/sh
# tests/data/printing/golden_page.sh PDF NAME - page 1 of PDF at 40 dpi grey against the golden
# page tests/data/golden/NAME.png (pixdiff.sh), or, with UPDATE_GOLDEN=1, written to it in 16
# grey levels (look at it before committing). Fails on any poppler warning but libharu 2.3's
# known "begincidrange" one (printing/README.md). Needs TOP.
set -eu
D="$TOP/tests/data/printing" G="$TOP/tests/data/golden"
pdftoppm -r 40 -gray -png -f 1 -l 1 -singlefile "$1" "$2" 2>"$2.warn"
sed -i "/^Syntax Warning: Invalid 'begincidrange' operator in ToUnicode CMap\$/d" "$2.warn"
[ ! -s "$2.warn" ] || { cat "$2.warn"; exit 1; }
if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
    convert "$2.png" -depth 4 "$G/$2.png"
else
    sh "$D/pixdiff.sh" "$G/$2.png" "$2.png"
fi
