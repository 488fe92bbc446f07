#!/bin/bash
# tests/cli/print_handout.sh - the student handout (print handout, and a record with
# --hands other than all): no set label or key commitment, cells as small as the hands shown
# (more boards to a page than the record's 9), the auction, contract, lead and result of
# tests/data/printing/teach.pbn, PBN suit escapes drawn as ♠ ♥ ♦ ♣ on the handout and on the
# hand record, every word of the handout and of the Minibridge sheet from the language's table,
# and page 1 of the North-South handout against its golden page (pixdiff.sh).
# UPDATE_GOLDEN=1 rewrites the golden page instead (look at it before committing).
# cli: slow - handouts and records of several hands shown, read back by pdftotext
set -eu
D="$TOP/tests/data/printing"
export SOURCE_DATE_EPOCH=0
cp "$D/teach.pbn" teach.pbn
cp "$D/golden.pbn" golden.pbn
text() { pdftotext -raw "$1" - 2>/dev/null; }

# The golden page: the North-South handout of the four played boards.
"$PREDUP" print handout teach.pbn -o ns.pdf --hands NS >/dev/null
sh "$D/golden_page.sh" ns.pdf handout-ns
[ "${UPDATE_GOLDEN:-}" != 1 ] || exit 0

# The issue's student handout: a record with --hands NS and a title. The title, the place and
# date; no "Set:" line and no commitment (teach.pbn has none: golden.pbn has both).
"$PREDUP" print record golden.pbn -o h.pdf --hands NS --title "Lesson 3" --per-page 9 >/dev/null
text h.pdf >h.txt
grep -q "^Lesson 3$" h.txt
grep -q "^Müller Club, 2025-03-03$" h.txt
commit=$(sed -n 's/.*commitment=\([0-9a-f]*\).*/\1/p' golden.pbn | head -1)
[ ${#commit} -eq 64 ]
"$PREDUP" print record golden.pbn -o full.pdf --quiet >/dev/null
text full.pdf | grep -q "$commit" # the record has it
if grep -q "Set:\|original\|commitment\|$commit" h.txt; then
    echo "the handout shows the set label or the key commitment"; exit 1
fi
if grep -q "Par:\|NT ♠ ♥ ♦ ♣" h.txt; then echo "the handout shows the analysis"; exit 1; fi
pdftoppm -r 150 -gray -png -f 1 -l 1 -singlefile h.pdf hq 2>/dev/null
if zbarimg --quiet --raw hq.png >/dev/null 2>&1; then echo "the handout has a QR code"; exit 1; fi
# Only North's and South's cards: 9 boards x 2 hands x 4 suits, and no East or West hand.
[ "$(grep -cE '^(♠|♥|♦|♣) ' h.txt)" -eq 72 ] || { echo "not 72 suit lines"; exit 1; }
if grep -q "^♠ KQ92$" h.txt; then echo "West's hand of board 1 shows"; exit 1; fi

# Smaller cells: 24 boards take 2 pages with North-South (12 a page), 24/9 = 3 as a record;
# with South alone 18 a page; all four hands on the handout still fit more than 2 a page.
"$PREDUP" key new k.key >/dev/null
"$PREDUP" deal --key k.key --boards 1-24 -o s24.pbn --quiet
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }
first_page_boards() { pdftotext -raw -f 1 -l 1 "$1" - 2>/dev/null | grep -c '^Board [0-9]*$'; }
"$PREDUP" print record s24.pbn -o r24.pdf --hands NS >/dev/null
[ "$(pages r24.pdf)" -eq 2 ] && [ "$(first_page_boards r24.pdf)" -eq 12 ] ||
    { echo "NS: $(pages r24.pdf) pages, $(first_page_boards r24.pdf) boards on page 1"; exit 1; }
"$PREDUP" print handout s24.pbn -o s.pdf --hands S >/dev/null
[ "$(first_page_boards s.pdf)" -eq 18 ] || { echo "S: $(first_page_boards s.pdf) on page 1"; exit 1; }
"$PREDUP" print handout s24.pbn -o all.pdf >/dev/null
[ "$(first_page_boards all.pdf)" -ge 4 ] || { echo "all: $(first_page_boards all.pdf)"; exit 1; }
[ "$(text all.pdf | grep -cE '^(♠|♥|♦|♣) ')" -eq $((24 * 16)) ]
for f in ns.pdf h.pdf r24.pdf s.pdf all.pdf; do sh "$D/no_overlap.sh" "$f"; done

# The auction, contract, lead and result, as the tags say.
text ns.pdf | tr '\n' ' ' >ns.txt
for want in "Contract: 3NT W Lead: ♦6 Result: 3NT+1" "W N E S Pass Pass Pass 2NT Pass 3NT All pass" \
    "Contract: 5♣x S Lead: ♥8 Result: 5♣x-1" "Pass 1♣ Pass 1♠ Pass 2♣ Pass 3♣ Pass 5♣ X All pass" \
    "Contract: 3♣ W Lead: ♥A Result: 3♣=" "1♣ 1♥ X 2♥ 3♣ Pass Pass Pass"; do
    grep -qF "$want" ns.txt || { echo "handout: no \"$want\""; exit 1; }
done
# Board 3 has a dealing program's empty tags: no contract line of its own.
[ "$(grep -o "Contract:" ns.txt | wc -l)" -eq 3 ]

# Suit escapes: symbols on the handout and on the hand record alike, never a backslash.
# (--dd none: the commentary is the point here, solving teach.pbn would be libdds's work only)
"$PREDUP" print record teach.pbn -o rec.pdf --per-page 4 --dd none --quiet >/dev/null
for f in ns.pdf rec.pdf; do
    t=$(text "$f" | tr '\n' ' ')
    for want in "leads the ♦6; West wins the ♦K and" "doubles for the ♥A: one down." \
        "count the ♥ and the ♣ before you"; do
        echo "$t" | grep -qF "$want" || { echo "$f: no \"$want\""; exit 1; }
    done
    if echo "$t" | grep -q '\\[SHDC]'; then echo "$f: a suit escape printed as written"; exit 1; fi
done
# Every key set to a marker (as tests/cli/print_lang_words.sh does for the other layouts): no
# word of the handout or of the Minibridge sheet bypasses the language's table; what stays is
# the set's own text. The honours are keys too, though no table's lines (dealer/deal/card.c).
{ sed -n 's/^\([a-zA-Z0-9._-]*\) = \(.*\)$/\1 \2/p' "$TOP/printing/terms/en.ini"
  printf 'rank.%s x\n' A K Q J; } |
    while read -r key value; do
        i=$((${i:-0} + 1)) # numbered: seats, sides, vulnerabilities must read apart
        printf '%s = ¤%d%s\n' "$key" "$i" "$(grep -o '{[1-9]}' <<<"$value" | tr -d '\n')"
    done >marks.ini
"$PREDUP" print handout teach.pbn -o m1.pdf --hands NS --terms marks.ini --no-comments >/dev/null
"$PREDUP" print minibridge golden.pbn -o m2.pdf --stage 2 --terms marks.ini --quiet >/dev/null
for f in m1 m2; do
    text $f.pdf | sed -e 's/Lesson 3: Notrump openings//; s/Bridge School//' \
        -e 's/Coupe Gérard//; s/Müller Club//' >left.txt
    ! grep -E '[[:alpha:]]{2,}' left.txt || { echo "$f: words bypass the tables"; exit 1; }
    grep -q '¤' left.txt
done

# ...and in their colours: the ♥ of "for the ♥A" red, the ♠ of "plays ♠K" not.
[ "$(sh "$D/red_pixels.sh" ns.pdf "♥A:")" -gt 5 ]
[ "$(sh "$D/red_pixels.sh" ns.pdf "♠K")" -eq 0 ]
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo "print_handout: ok"
