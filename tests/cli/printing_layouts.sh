#!/bin/bash
# tests/cli/printing_layouts.sh - every layout of tests/data/printing/golden.pbn (a fixed,
# analysed 9-board set with Latin names and a { } commentary) against its golden page in
# tests/data/golden/ (pixels within a tolerance, pixdiff.sh); each layout's type size differs
# and fills its page; --ten, --title, --hands, --no-comments; é, ö, ß extract as written.
# UPDATE_GOLDEN=1 rewrites the golden pages instead (look at them before committing).
set -eu
D="$TOP/tests/data/printing" G="$TOP/tests/data/golden"
# libharu 2.3 writes its UTF-8 fonts' ToUnicode map with "begincidrange"; poppler warns about
# it on every page and still extracts the text right. That warning and no other is allowed.
KNOWN_WARNING="/^Syntax Warning: Invalid 'begincidrange' operator in ToUnicode CMap\$/d"
export SOURCE_DATE_EPOCH=0 # the PDF holds no date; should a libharu ever add one, fix it
cp "$D/golden.pbn" set.pbn

render() { # NAME KIND ARGS...: page 1 at 40 dpi grey, compared with (or written to) the golden
    local name=$1 kind=$2
    shift 2
    "$PREDUP" print "$kind" set.pbn -o "$name.pdf" --quiet "$@" >/dev/null
    pdftoppm -r 40 -gray -png -f 1 -l 1 -singlefile "$name.pdf" "$name" 2>warn.txt
    sed -i "$KNOWN_WARNING" warn.txt
    [ ! -s warn.txt ] || { cat warn.txt; exit 1; }
    if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
        convert "$name.png" -depth 4 "$G/$name.png" # 16 grey levels: a third of the bytes
    else
        sh "$D/pixdiff.sh" "$G/$name.png" "$name.png"
    fi
}
for n in 1 2 4 6 9; do render "record-$n" record --per-page "$n"; done
render record-makeable record --per-page 4 --dd makeable
render curtain curtain
render sheet sheet
[ "${UPDATE_GOLDEN:-}" = 1 ] && exit 0

# The comparison fails on a page that differs (test the test): board 1 moved to another layout.
if sh "$D/pixdiff.sh" "$G/record-4.png" record-6.png >/dev/null; then exit 1; fi

# Each layout sets the hands at its own size, larger for fewer boards (pdftotext -bbox: the
# height of North's spade line of board 1), and fills its page: the lowest word of the page
# is in the last fifth of the page.
size_of() { # the height of the first word "♠" and the lowest y of any word, page 1
    pdftotext -bbox -f 1 -l 1 "$1" - | awk -F'"' '
        /<page / { h = $4 }
        /<word / { if (!s && $0 ~ />♠</) s = $8 - $4; if ($8 > low) low = $8 }
        END { printf "%.2f %.3f\n", s, low / h }'
}
prev=99
for n in 1 2 4 6 9; do
    read -r s low <<<"$(size_of "record-$n.pdf")"
    echo "per-page $n: spade line ${s} pt, lowest word at ${low} of the page height"
    awk -v s="$s" -v p="$prev" -v l="$low" 'BEGIN { exit !(s < p && l > 0.8) }'
    prev=$s
done

# Hearts and diamonds are red in par and in the makeable contracts too, spades and clubs not.
red() { sh "$D/red_pixels.sh" "$@"; }
"$PREDUP" print record set.pbn -o red.pdf --per-page 4 --quiet >/dev/null
[ "$(red red.pdf "4♦=")" -gt 20 ]        # board 4's par
[ "$(red red.pdf "5♠=")" -eq 0 ]         # board 1's par
[ "$(red record-makeable.pdf "4♥,")" -gt 20 ]
[ "$(red record-makeable.pdf "5♠,")" -eq 0 ]

# The ten as 10 by default, T with --ten T, on records, curtain cards and sheets alike.
pdftotext -raw record-6.pdf r.txt
grep -q "10" r.txt
if grep -q "^[♠♥♦♣] .*T" r.txt; then exit 1; fi
"$PREDUP" print record set.pbn -o t.pdf --ten T --quiet >/dev/null
pdftotext -raw t.pdf t.txt
grep -q "^[♠♥♦♣] .*T" t.txt
if grep -q "^[♠♥♦♣] .*10" t.txt; then exit 1; fi
"$PREDUP" print curtain set.pbn -o tc.pdf --ten T --quiet >/dev/null
pdftotext -raw tc.pdf - | grep -q "^[♠♥♦♣] .* T\( \|$\)"
"$PREDUP" print sheet set.pbn -o ts.pdf --ten T --quiet >/dev/null
pdftotext -raw ts.pdf - | grep -q "^A K Q J T 9 8 7 6 5 4 3 2$"
pdftotext -raw sheet.pdf - | grep -q "^A K Q J 10 9 8 7 6 5 4 3 2$"

# UTF-8 names from the tags, and the commentary with its paragraph, print as written.
grep -q "^Coupe Gérard$" r.txt
grep -q "^Müller Club, 2025-03-03" r.txt
pdftotext -raw record-1.pdf - | tr '\n' ' ' | grep -q "Gérard Müller found the only defence\."
"$PREDUP" print record set.pbn -o nc.pdf --per-page 1 --no-comments --quiet >/dev/null
if pdftotext -raw nc.pdf - | grep -q "defence"; then exit 1; fi

# --title replaces the event; --hands NS shows North and South only, with no analysis or QR
# code (they would give East-West away); --hands N,E on curtain cards prints those two cards.
"$PREDUP" print record set.pbn -o h.pdf --title "Lesson 3: Stayman" --hands NS --per-page 9 \
    --quiet >/dev/null
pdftotext -raw h.pdf h.txt
grep -q "^Lesson 3: Stayman$" h.txt
if grep -q "Coupe" h.txt; then exit 1; fi
awk -f "$D/expect.awk" set.pbn >want.txt
[ "$(grep -c '^[♠♥♦♣] ' h.txt)" -eq 72 ] # 9 boards, 2 hands, 4 suits
if grep -q "^Par:\|^NT ♠ ♥ ♦ ♣$" h.txt; then exit 1; fi
pdftoppm -r 150 -gray -png -f 1 -l 1 -singlefile h.pdf hq
if zbarimg --quiet --raw hq.png >/dev/null 2>&1; then exit 1; fi
north1=$(sed -n 's/^\[Deal "N:\([^ .]*\)\..*/\1/p' set.pbn | head -1 | sed 's/T/10/g')
grep -q "^♠ $north1$" h.txt
"$PREDUP" print curtain set.pbn -o hc.pdf --hands N,E --quiet >/dev/null
pdftotext -raw hc.pdf hc.txt
[ "$(grep -c '^Board 1 ' hc.txt)" -eq 2 ]
grep -q "^Board 1 North$" hc.txt
grep -q "^Board 1 East$" hc.txt
if grep -q "^Board 1 \(South\|West\)$" hc.txt; then exit 1; fi
out=$("$PREDUP" print record set.pbn -o x.pdf --hands NX 2>&1) && exit 1
echo "$out" | grep -q 'NS, EW, N, E, S, W or all (a comma list is fine), not "NX"'
echo "printing_layouts: ok"
