#!/bin/bash
# tests/cli/print_web.sh - predup print web: hand records for a club's website, a folder that
# stands alone: index.html linking every board's page and the set as PBN (the same deals),
# each page with the diagram, the double-dummy table and par in the language asked, the auction
# and commentary the set holds, and a link to BBO's hand viewer carrying the board as LIN; every
# text of the set escaped; no script and nothing fetched from elsewhere; every link resolves.
# Headless chromium renders a page at a phone's width (skipped without chromium).
# cli: slow - a web hand record with libdds, rendered in headless chromium
set -u
. "$TOP/tests/lib_cli.sh"

d1="N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
{
    printf '[Event "<b>Club & Co</b>"]\n[Site "Bonn"]\n[Date "2026.11.27"]\n[Board "1"]\n'
    printf '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "%s"]\n' "$d1"
    printf '[Declarer "N"]\n[Contract "7NT"]\n[Result "13"]\n[Auction "N"]\n2C Pass 7NT AP\n'
    printf '{Nord hat alle Asse: \\S A und <mehr>}\n\n'
} >club.pbn
fixed_key k.key k
"$PREDUP" deal --key k.key --boards 2-3 --quiet -o more.pbn >/dev/null || fail "deal"
sed -n '/^\[Event/,$p' more.pbn | sed 's/^\[Event .*/[Event "<b>Club \& Co<\/b>"]/' >>club.pbn

"$PREDUP" print web club.pbn --lang de -o site --quiet >out.txt 2>err.txt || fail "print web: $(cat err.txt)"
grep -qx 'site: web of 3 boards' out.txt || fail "report: $(cat out.txt)"
for f in index.html board-1.html board-2.html board-3.html style.css club.pbn; do
    [ -s "site/$f" ] || fail "no site/$f"
done
# Every local link resolves; the only address elsewhere is BBO's hand viewer (md: S, W, N).
for p in site/*.html; do
    grep -o 'href="[^"]*"' "$p" | sed 's/href="//; s/"$//' | while read -r l; do
        case $l in
        https://www.bridgebase.com/tools/handviewer.html\?lin=*) ;;
        http* | //*) echo "FAIL: $p links elsewhere: $l"; exit 1 ;;
        *) [ -e "site/$l" ] || { echo "FAIL: $p: $l does not exist"; exit 1; } ;;
        esac
    done || exit 1
done
grep -qi '<script\|@import\|url(' site/*.html site/style.css && fail "a script or a fetch"
# The texts of the set are escaped; the words are German.
grep -q '&lt;b&gt;Club &amp; Co&lt;/b&gt;' site/index.html || fail "title not escaped"
grep -q '<b>' site/*.html && fail "markup from the set reached a page"
grep -q 'Teiler: Nord' site/board-1.html && grep -q 'Gefahr: keine' site/board-1.html ||
    fail "German dealer and vulnerability"
grep -q '&lt;mehr&gt;' site/board-1.html && grep -q 'alle Asse: <span>♠</span> A' site/board-1.html ||
    fail "commentary: $(grep -o '<div class="comment">.*' site/board-1.html)"
grep -q '<th>N</th><th>O</th><th>S</th><th>W</th>\|<th>W</th><th>N</th><th>O</th><th>S</th>' \
    site/board-1.html || fail "auction heads"
grep -q '<td>7SA</td>' site/board-1.html || fail "the auction's 7NT"
grep -q '<tr><th>SA</th><td>13</td><td>13</td><td>0</td><td>0</td></tr>' site/board-1.html ||
    fail "DD table: $(grep -o '<tr><th>SA</th>[^\n]*' site/board-1.html | head -1)"
grep -q 'lin=qx%7Co1%7Cmd%7C3S765H876D876C7654%2CS432H5432D5432C32%2CSAKQJHAKQDAKQCAKQ%7C' site/board-1.html ||
    fail "BBO link: $(grep -o 'lin=[^"]*' site/board-1.html)"
# The PBN in the folder holds the same deals.
"$PREDUP" convert site/club.pbn a.lin >/dev/null 2>&1 && "$PREDUP" convert club.pbn b.lin >/dev/null 2>&1 ||
    fail "convert"
cmp -s a.lin b.lin || fail "the PBN to download differs"
# Again: the same bytes, nothing to replace. Without -o: the folder club-web beside the set.
"$PREDUP" print web club.pbn --lang de -o site --quiet >/dev/null || fail "second run"
"$PREDUP" print web club.pbn --quiet >out.txt || fail "print web without -o"
grep -qx 'club-web: web of 3 boards' out.txt && [ -s club-web/index.html ] || fail "club-web: $(cat out.txt)"

if ! command -v chromium >/dev/null; then
    echo "skip: no chromium: the page is not rendered"
    exit 0
fi
timeout 60 chromium --headless=new --no-sandbox --disable-gpu --window-size=390,844 \
    --dump-dom "file://$PWD/site/board-1.html" >dom.txt 2>/dev/null || fail "chromium"
grep -q 'Board 1' dom.txt || fail "chromium shows no board"
