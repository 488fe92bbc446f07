#!/bin/bash
# tests/cli/print_lang_golden.sh - page 1 of a German hand record, of French curtain cards
# of a reserve set and of a Polish duplication sheet (tests/data/printing/golden.pbn, its label made "reserve") against their
# golden pages in tests/data/printing/lang/ (pixels within pixdiff.sh's tolerance); the
# reserve band is red on every card and names the set; an original set's cards have none.
# UPDATE_GOLDEN=1 rewrites the golden pages instead (look at them before committing).
# cli: slow - pages rendered in three languages and compared pixel by pixel
set -eu
D="$TOP/tests/data/printing" G="$TOP/tests/data/printing/lang"
cp "$D/golden.pbn" set.pbn
sed 's/label=original /label=reserve /' "$D/golden.pbn" >reserve.pbn
grep -q 'label=reserve ' reserve.pbn

render() { # NAME KIND SET ARGS...: page 1 at 40 dpi grey, compared with (or written to) the golden
    local name=$1 kind=$2 set=$3
    shift 3
    "$PREDUP" print "$kind" "$set" -o "$name.pdf" --quiet "$@" >/dev/null
    pdftoppm -r 40 -gray -png -f 1 -l 1 -singlefile "$name.pdf" "$name" 2>warn.txt
    [ ! -s warn.txt ] || { cat warn.txt; exit 1; }
    if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
        convert "$name.png" -depth 4 "$G/$name.png"
    else
        sh "$D/pixdiff.sh" "$G/$name.png" "$name.png"
    fi
}
render de-record record set.pbn --lang de
render fr-curtain-reserve curtain reserve.pbn --lang fr
render pl-sheet sheet set.pbn --lang pl
[ "${UPDATE_GOLDEN:-}" = 1 ] && exit 0
# The German page is not the English one, nor the French cards an original set's.
"$PREDUP" print record set.pbn -o en.pdf --quiet >/dev/null
pdftoppm -r 40 -gray -png -f 1 -l 1 -singlefile en.pdf en 2>/dev/null
if sh "$D/pixdiff.sh" "$G/de-record.png" en.png >/dev/null; then exit 1; fi
"$PREDUP" print curtain set.pbn -o fr-orig.pdf --quiet --lang fr >/dev/null
pdftoppm -r 40 -gray -png -f 1 -l 1 -singlefile fr-orig.pdf fr-orig 2>/dev/null
if sh "$D/pixdiff.sh" "$G/fr-curtain-reserve.png" fr-orig.png >/dev/null; then exit 1; fi

# Every card of the reserve set carries the reserve word (4 a page) and where it belongs.
pdftotext -raw fr-curtain-reserve.pdf - 2>/dev/null | tr -d '\f' >res.txt
[ "$(grep -cx 'RÉSERVE' res.txt)" -eq 36 ]
[ "$(grep -cx 'Coupe Gérard · 03/03/2025 · Série : reserve' res.txt)" -eq 36 ]
pdftotext -raw fr-orig.pdf - 2>/dev/null | tr -d '\f' >orig.txt
! grep -q 'RÉSERVE' orig.txt || exit 1
[ "$(grep -cx 'Coupe Gérard · 03/03/2025 · Série : original' orig.txt)" -eq 36 ]
# The band is red, and so is the frame: many red pixels on a reserve page, none on an original's.
red() { pdftoppm -r 30 -f 1 -l 1 -singlefile "$1" rc 2>/dev/null
        convert rc.ppm -depth 8 rgb:- | od -An -tu1 -v | tr -s ' ' '\n' | grep . |
        awk '{ c[NR % 3] = $1 } NR % 3 == 0 { if (c[1] > 150 && c[2] < 90 && c[0] < 90) n++ }
             END { print n + 0 }'; }
"$PREDUP" print curtain reserve.pbn -o hands.pdf --quiet --hands N --no-qr >/dev/null
"$PREDUP" print curtain set.pbn -o hands-orig.pdf --quiet --hands N --no-qr >/dev/null
r=$(red hands.pdf) o=$(red hands-orig.pdf)
[ "$r" -gt $((o + 400)) ] || { echo "reserve card: $r red pixels, original $o"; exit 1; }
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo "print_lang_golden: ok"
