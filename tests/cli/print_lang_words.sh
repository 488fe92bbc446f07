#!/bin/bash
# tests/cli/print_lang_words.sh - every layout in every language (print --lang): the words of
# each language's table are on the paper (pdftotext) - dealer, vulnerability, board, page,
# set, date, NT, honours in the hands, seat names on the curtain cards, the sheet's title -
# and no English word is left; a table of markers for every key leaves no word of the program
# on the paper (no string bypasses the tables); --intl-honours, --terms FILE and its
# file:line:col errors, an unknown --lang refused with the list.
# cli: slow - every layout in every language, read back by pdftotext
set -eu
D="$TOP/tests/data/printing"
# libharu 2.3 writes its UTF-8 fonts' ToUnicode map with "begincidrange"; poppler warns about
# it on every page and still extracts the text right. That warning and no other is allowed.
KNOWN_WARNING="/^Syntax Warning: Invalid 'begincidrange' operator in ToUnicode CMap\$/d"
cp "$D/golden.pbn" set.pbn

text() { # KIND OUT ARGS...: the text of every page of predup print KIND set.pbn ARGS...
    local kind=$1 out=$2
    shift 2
    "$PREDUP" print "$kind" set.pbn -o "$out.pdf" --quiet --force "$@" >/dev/null
    pdftotext -raw "$out.pdf" - 2>warn.txt | tr -d '\f' >"$out.txt"
    sed -i "$KNOWN_WARNING" warn.txt
    [ ! -s warn.txt ] || { cat warn.txt; exit 1; }
}
has() { # FILE FRAGMENT...: each fragment is a line or part of one
    local f=$1
    shift
    for w in "$@"; do grep -qF -- "$w" "$f" || { echo "$f lacks \"$w\""; exit 1; }; done
}
hasnt() {
    local f=$1
    shift
    for w in "$@"; do ! grep -qwF -- "$w" "$f" || { echo "$f has \"$w\""; exit 1; }; done
}

# LANG | record words | curtain words | sheet words (";" between fragments). Board 1 is dealt
# by North, nobody vulnerable; North holds ♣J9 and West ♠KQ92; par of board 1 is 5♠= EW -450.
while IFS='|' read -r lang rec cur sheet; do
    text record "r-$lang" --lang "$lang"
    text curtain "c-$lang" --lang "$lang"
    text sheet "s-$lang" --lang "$lang"
    IFS=';' read -ra w <<<"$rec";   has "r-$lang.txt" "${w[@]}"
    IFS=';' read -ra w <<<"$cur";   has "c-$lang.txt" "${w[@]}"
    IFS=';' read -ra w <<<"$sheet"; has "s-$lang.txt" "${w[@]}"
    [ "$lang" = en ] || hasnt "r-$lang.txt" Dealer Vul NT HCP Key
done <<'TABLE'
en|Board 1;Dealer: North;Vul: None;Page 1/2;Set: original;2025-03-03;♣ J9;♠ KQ92;Par: 5♠= EW -450|Board 1 North;Dealer: North;♣ J 9;Coupe Gérard · 2025-03-03 · Set: original|Coupe Gérard — dealing sheet;Each card goes to the seat shown.
de|Board 1;Teiler: Nord;Gefahr: keine;Seite 1/2;Satz: original;03.03.2025;♣ B9;♠ KD92;Par: 5♠= OW -450|Board 1 Nord;Teiler: Nord;Gefahr: keine;♣ B 9;Board 1 Süd;FP · 13 Karten;Coupe Gérard · 03.03.2025 · Satz: original|Coupe Gérard — Verteilblatt;Seite 1/1
fr|Donne 1;Donneur : Nord;Vulnérabilité : personne;Page 1/2;Série : original;03/03/2025;♣ V9;♠ RD92;Par : 5♠= EO -450|Donne 1 Ouest;♣ V 9;H · 13 cartes;Coupe Gérard · 03/03/2025|feuille de duplication
nl|Spel 1;Gever: Noord;Kwetsbaar: niemand;Blad 1/2;Serie: original;03-03-2025;♣ B9;♠ HV92;Par: 5♠= OW -450|Spel 1 Zuid;♣ B 9;punten · 13 kaarten|dupliceerblad
pl|Rozdanie 1;Rozdający: Północ;Założenia: obie przed partią;Strona 1/2;Zestaw: original;03.03.2025;♣ W9;♠ KD92;Minimaks: 5♠= EW -450|Rozdanie 1 Południe;Rozdanie 1 Zachód;♣ W 9;PC · 13 kart|arkusz rozkładania
sv|Bricka 1;Giv: Nord;Zon: ingen;Sida 1/2;Omgång: original;2025-03-03;♣ Kn 9;♠ K D 9 2;Par: 5♠= ÖV -450|Bricka 1 Väst;Bricka 1 Öst;♣ Kn 9;hp · 13 kort|dupliceringsblad
TABLE
# NT in the trick table's heading: SA, BA, sang.
grep -qx 'SA ♠ ♥ ♦ ♣' r-de.txt
grep -qx 'BA ♠ ♥ ♦ ♣' r-pl.txt
grep -qx 'sang ♠ ♥ ♦ ♣' r-sv.txt
# The DD grid's rows follow the language: N S O W in German, N S Ö V in Swedish.
grep -q '^O [0-9]' r-de.txt && grep -q '^Ö [0-9]' r-sv.txt && grep -q '^V [0-9]' r-sv.txt

# Makeable contracts in the language: sides, NT and the declarer's seat.
text record r-mk --lang de --dd makeable
grep -qx 'OW: 3SA W, 5♠, 4♥, 1♦ W, 5♣ W' r-mk.txt
text record r-mk --lang nl --dd makeable
grep -qx 'NZ: 2SA, 2♠, 2♥, 1♦, 3♣' r-mk.txt

# --intl-honours keeps A K Q J, the rest in the language.
text record r-intl --lang de --intl-honours
has r-intl.txt "♣ J9" "♠ KQ92" "Teiler: Nord"

# Every key set to a marker: no word of the program is left on the paper (no string printed
# bypasses the tables). What stays is the set's own text: event, site, label, commitment.
# The honours are keys too, though no table's lines (dealer/deal/card.c's table gives them).
{ sed -n 's/^\([a-zA-Z0-9._-]*\) = \(.*\)$/\1 \2/p' "$TOP/printing/terms/en.ini"
  printf 'rank.%s x\n' A K Q J; } |
    while read -r key value; do
        i=$((${i:-0} + 1)) # numbered: seats, sides, vulnerabilities must read apart
        printf '%s = ¤%d%s\n' "$key" "$i" "$(grep -o '{[1-9]}' <<<"$value" | tr -d '\n')"
    done >marks.ini
for kind in record curtain sheet; do
    text "$kind" "m-$kind" --terms marks.ini --no-comments
    sed -e 's/Coupe Gérard//g; s/Müller Club//g; s/original//g' \
        -e 's/540c296fc5f076af7d3e3d5924d62449bea417fc9be7a9d429b0e625ad3692ab//g' \
        "m-$kind.txt" >left.txt
    ! grep -E '[[:alpha:]]{2,}' left.txt || { echo "$kind: words bypass the tables"; exit 1; }
    grep -q '¤' left.txt
done

# A club's own file over German; its faults name file:line:column.
printf '# Swiss club\nboard = Tafel {1}\n' >club.ini
text record r-club --lang de --terms club.ini
has r-club.txt "Tafel 1" "Teiler: Nord"
# A word the fonts cannot draw shows which character it was, as in the set's own texts.
printf 'board = \360\237\202\241 {1}\n' >card.ini
text record r-card --terms card.ini
has r-card.txt "[U+1F0A1] 1"
printf 'board = Tafel {1}\nteiler = Geber: {1}\n' >bad.ini
rc=0; "$PREDUP" print record set.pbn -o bad.pdf --lang de --terms bad.ini 2>err || rc=$?
[ "$rc" = 65 ] && [ ! -e bad.pdf ]
grep -q '^predup print: bad.ini:2:1: error: no such term' err
rc=0; "$PREDUP" print record set.pbn -o bad.pdf --lang xx 2>err || rc=$?
[ "$rc" = 64 ] && [ ! -e bad.pdf ]
grep -qF 'unknown language "xx": predup prints de, en, fr, nl, pl or sv' err
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo "print_lang_words: ok"
