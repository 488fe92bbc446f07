#!/bin/bash
# tests/cli/print_layouts.sh - every layout of tests/data/printing/golden.pbn (a fixed,
# analysed 9-board set with Latin names and a { } commentary) against its golden page in
# tests/data/golden/ (pixels within a tolerance, pixdiff.sh); each layout's type size differs
# and fills its page; --ten, --title, --hands, --no-comments; é, ö, ß extract as written.
# UPDATE_GOLDEN=1 rewrites the golden pages instead (look at them before committing).
# cli: slow - every layout rendered and compared with its golden page, pixel by pixel
set -eu
D="$TOP/tests/data/printing" G="$TOP/tests/data/golden"
export SOURCE_DATE_EPOCH=0 # the PDF holds no date; should a libharu ever add one, fix it
cp "$D/golden.pbn" set.pbn

render() { # NAME KIND ARGS...: page 1 at 40 dpi grey, compared with (or written to) the golden
    local name=$1 kind=$2
    shift 2
    "$PREDUP" print "$kind" set.pbn -o "$name.pdf" --quiet "$@" >/dev/null
    pdftoppm -r 40 -gray -png -f 1 -l 1 -singlefile "$name.pdf" "$name" 2>warn.txt
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

# Each layout sets the hands at its own size, larger for fewer boards, and fills its page: the
# lowest word of the page is in the last fifth of the page. pdftotext -bbox lists the words in
# no fixed order (a board's hands, its grid and the next board's hands may come in any order),
# so nothing here depends on it: the size is the height of the tallest word "♠" of page 1 (a
# hand's spade line: the double-dummy grid's "♠" is set smaller), the lowest word the largest
# yMax of any word.
size_of() { # the height of the tallest word "♠" and the lowest y of any word, page 1
    pdftotext -bbox -f 1 -l 1 "$1" - | awk -F'"' '
        /<page / { h = $4 }
        /<word / { if ($0 ~ />♠</ && $8 - $4 > s) s = $8 - $4; if ($8 > low) low = $8 }
        END { printf "%.2f %.3f\n", s, low / h }'
}
prev=99
for n in 1 2 4 6 9; do
    read -r s low <<<"$(size_of "record-$n.pdf")"
    echo "per-page $n: spade line ${s} pt, lowest word at ${low} of the page height"
    awk -v s="$s" -v p="$prev" -v l="$low" 'BEGIN { exit !(s > 0 && s < p && l > 0.8) }' ||
        { echo "per-page $n: spade line ${s} pt not below ${prev} pt, or page not filled"; exit 1; }
    prev=$s
done

# No two words overlap in any layout (the TALL frame's table, par and QR code included).
for f in record-*.pdf; do sh "$D/no_overlap.sh" "$f"; done

# Hearts and diamonds are red in par and in the makeable contracts too, spades and clubs not.
red() { sh "$D/red_pixels.sh" "$@"; }
"$PREDUP" print record set.pbn -o red.pdf --per-page 4 --quiet >/dev/null
[ "$(red red.pdf "4♦=")" -gt 20 ]        # board 4's par
[ "$(red red.pdf "5♠=")" -eq 0 ]         # board 1's par
[ "$(red record-makeable.pdf "4♥,")" -gt 20 ]
[ "$(red record-makeable.pdf "5♠,")" -eq 0 ]

# The ten as 10 by default, T with --ten T, on records, curtain cards and sheets alike. The
# suit lines ("♠ AK1098", spaced on curtain cards) are picked out wherever pdftotext puts them
# (in the C locale a bracket expression cannot hold a multibyte suit symbol: alternatives do).
suit_lines() { grep -E '^(♠|♥|♦|♣) ' "$@"; }
pdftotext -raw record-6.pdf r.txt
[ "$(suit_lines r.txt | wc -l)" -eq 144 ] || { echo "record-6: not 144 suit lines"; exit 1; } # 9 x 4 x 4
suit_lines r.txt | grep -q "10" || { echo "record: no 10 in any suit line"; exit 1; }
if suit_lines r.txt | grep -q "T"; then echo "record: T without --ten T"; exit 1; fi
"$PREDUP" print record set.pbn -o t.pdf --ten T --quiet >/dev/null
pdftotext -raw t.pdf t.txt
[ "$(suit_lines t.txt | wc -l)" -eq 144 ] || { echo "--ten T: not 144 suit lines"; exit 1; }
suit_lines t.txt | grep -q "T" || { echo "record --ten T: no T in any suit line"; exit 1; }
if suit_lines t.txt | grep -q "10"; then echo "record --ten T: a 10 left"; exit 1; fi
"$PREDUP" print curtain set.pbn -o tc.pdf --ten T --quiet >/dev/null
pdftotext -raw tc.pdf tc.txt
suit_lines tc.txt | grep -q " T\( \|$\)" || { echo "curtain --ten T: no T card"; exit 1; }
if suit_lines tc.txt | grep -q "10"; then echo "curtain --ten T: a 10 left"; exit 1; fi
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
# The suit lines are exactly North's and South's of every board (9 boards, 2 hands, 4 suits),
# compared as sorted lists: whatever order pdftotext gives them in (N and S, suit after suit,
# or one board's lines among another's), no East-West card may show and none of N-S be missing.
awk '/^\[Deal "/ { d = $0; sub(/^\[Deal "/, "", d); sub(/".*/, "", d)
        f = index("NESW", substr(d, 1, 1)) - 1; sub(/^.:/, "", d); split(d, hand, " ")
        split("♠ ♥ ♦ ♣", sym, " ")
        for (seat = 0; seat <= 2; seat += 2) { # North, South
            split(hand[(seat - f + 4) % 4 + 1], s, ".")
            for (i = 1; i <= 4; i++) { c = s[i]; gsub(/T/, "10", c); print sym[i] " " (c == "" ? "—" : c) }
        } }' set.pbn | sort >ns_want.txt
[ "$(wc -l <ns_want.txt)" -eq 72 ] || { echo "set.pbn: not 9 deals"; exit 1; }
suit_lines h.txt | sort >ns_got.txt
cmp -s ns_want.txt ns_got.txt ||
    { echo "--hands NS: the suit lines are not North's and South's:"; diff ns_want.txt ns_got.txt | head; exit 1; }
# No analysis: neither par nor the grid's header, which the full record shows.
grep -q "Par:" r.txt && grep -q "NT ♠ ♥ ♦ ♣" r.txt || { echo "record-6: no par or grid"; exit 1; }
if grep -q "Par:\|NT ♠ ♥ ♦ ♣" h.txt; then echo "--hands NS shows the analysis"; exit 1; fi
pdftoppm -r 150 -gray -png -f 1 -l 1 -singlefile h.pdf hq
if zbarimg --quiet --raw hq.png >/dev/null 2>&1; then echo "--hands NS has a QR code"; exit 1; fi
"$PREDUP" print curtain set.pbn -o hc.pdf --hands N,E --quiet >/dev/null
pdftotext -raw hc.pdf hc.txt
[ "$(grep -c '^Board 1 ' hc.txt)" -eq 2 ]
grep -q "^Board 1 North$" hc.txt
grep -q "^Board 1 East$" hc.txt
if grep -q "^Board 1 \(South\|West\)$" hc.txt; then exit 1; fi
out=$("$PREDUP" print record set.pbn -o x.pdf --hands NX 2>&1) && exit 1
echo "$out" | grep -q 'NS, EW, N, E, S, W or all (a comma list is fine), not "NX"'
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo "print_layouts: ok"
