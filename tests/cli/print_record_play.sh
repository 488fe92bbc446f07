#!/bin/bash
# tests/cli/print_record_play.sh - the hand record prints what a played board's tags say
# (issue 23, item 3): under each board of tests/data/printing/teach.pbn the contract line
# (contract, declarer, lead = first card of [Play], result) in the printing language, and at 1,
# 2 and 4 boards a page the auction; at 6 and 9 a page the contract line alone. A game without
# those tags (board 3) has no line; --no-comments leaves them all out; a 96-call auction and
# malformed tags stay inside their cell. Page 1 at 4 a page against its golden page.
# UPDATE_GOLDEN=1 rewrites the golden page instead (look at it before committing).
# cli: slow - records of a played set at several per-page counts, with libdds
set -eu
D="$TOP/tests/data/printing"
export SOURCE_DATE_EPOCH=0
. "$TOP/tests/lib_cli.sh"
cp "$D/teach.pbn" teach.pbn
"$PREDUP" analyze teach.pbn -j 1 --quiet >/dev/null # once, not for every record
text() { pdftotext -raw "$1" - 2>/dev/null | tr '\n' ' '; }
record() { # OUT ARGS...: the record of teach.pbn
    local out=$1
    shift
    "$PREDUP" print record teach.pbn -o "$out" --quiet "$@" >/dev/null
}

record en4.pdf --per-page 4
sh "$D/golden_page.sh" en4.pdf record-play-4
[ "${UPDATE_GOLDEN:-}" != 1 ] || exit 0

# English and German, 1 and 4 a page: each contract line, then the auction, as the tags say.
en_lines=("Contract: 3NT W Lead: ♦6 Result: 3NT+1" "Contract: 5♣x S Lead: ♥8 Result: 5♣x-1"
    "Contract: 3♣ W Lead: ♥A Result: 3♣=")
en_calls=("W N E S Pass Pass Pass 2NT Pass 3NT All pass"
    "W N E S Pass 1♣ Pass 1♠ Pass 2♣ Pass 3♣ Pass 5♣ X All pass"
    "W N E S 1♣ 1♥ X 2♥ 3♣ Pass Pass Pass")
de_lines=("Kontrakt: 3SA W Ausspiel: ♦6 Ergebnis: 3SA+1" "Kontrakt: 5♣x S Ausspiel: ♥8 Ergebnis: 5♣x-1"
    "Kontrakt: 3♣ W Ausspiel: ♥A Ergebnis: 3♣=")
de_calls=("W N O S Passe Passe Passe 2SA Passe 3SA alle passen"
    "W N O S Passe 1♣ Passe 1♠ Passe 2♣ Passe 3♣ Passe 5♣ X alle passen"
    "W N O S 1♣ 1♥ X 2♥ 3♣ Passe Passe Passe")
has() { grep -qF "$2" "$1" || { echo "$1: no \"$2\""; exit 1; }; }
for lang in en de; do
    declare -n lines="${lang}_lines" calls="${lang}_calls"
    for per in 1 4 6; do
        record "$lang$per.pdf" --per-page "$per" --lang "$lang"
        text "$lang$per.pdf" >"$lang$per.txt"
        for i in 0 1 2; do
            if [ "$per" -eq 6 ]; then # the line, then straight on to the commentary
                has "$lang$per.txt" "${lines[$i]} "
                if grep -qF "${calls[$i]}" "$lang$per.txt"; then
                    echo "$lang$per: an auction at 6 a page"; exit 1
                fi
            else
                has "$lang$per.txt" "${lines[$i]} ${calls[$i]} "
            fi
        done
        # Board 3 holds a dealing program's empty tags: no line of its own.
        word=${lines[0]%%:*}
        [ "$(grep -o "$word:" "$lang$per.txt" | wc -l)" -eq 3 ] ||
            { echo "$lang$per: not 3 contract lines"; exit 1; }
    done
done
# The commentary still follows the auction, whole.
has en4.txt "All pass North leads the ♦6; West wins the ♦K and plays ♠K at once."
# 9 a page: the contract line too.
record en9.pdf --per-page 9
text en9.pdf >en9.txt
has en9.txt "Contract: 3♣ W Lead: ♥A Result: 3♣= West shows"

# --no-comments: neither the commentary nor the play.
record nc.pdf --per-page 4 --no-comments
text nc.pdf >nc.txt
if grep -qE "Contract:|Lead:|All pass|North leads" nc.txt; then
    echo "--no-comments still prints the play or the commentary"; exit 1
fi

# A 96-call auction (26 rows: more than any cell holds), a commentary and malformed tags: the
# auction is left out without shrinking the cards (Board 1 as large as Board 3, which has no
# story), the line and the commentary stay in the cell (no_overlap with the board below), and
# nothing is drawn for tags that say nothing.
{
    printf '[Event "Attack"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    printf '[Deal "N:63.AT9.AT7652.J9 T874.Q653..AT873 AJ5.842.J83.6542 KQ92.KJ7.KQ94.KQ"]\n'
    printf '[Contract "7NTXX"]\n[Declarer "S"]\n[Result "13"]\n[Auction "N"]\n'
    for _ in $(seq 32); do printf 'Pass X XX\n'; done
    printf '[Play "W"]\nST - - -\n*\n{%s}\n\n' "$(printf 'A long story. %.0s' $(seq 20))"
    printf '[Event "Attack"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
    printf '[Deal "E:9876.A943.852.J8 AJ.QJ5.QT.AQ6543 K52.872.A9764.K7 QT43.KT6.KJ3.T92"]\n'
    printf '[Contract "9Z"]\n[Declarer "Q"]\n[Result "99"]\n[Auction "Z"]\n1C 2C\n[Play "N"]\nZZ\n*\n\n'
    for b in 3 4; do
        printf '[Event "Attack"]\n[Board "%d"]\n[Dealer "S"]\n[Vulnerable "EW"]\n' "$b"
        printf '[Deal "S:543.K643.82.9765 AJT8.AQJ8.AJ9.T3 K92.952.T3.AKQJ8 Q76.T7.KQ7654.42"]\n\n'
    done
} >attack.pbn
"$PREDUP" analyze attack.pbn -j 1 --quiet >/dev/null
board_box() { # PDF PAGE: the box of the word "Board" on that page
    pdftotext -bbox -f "$2" -l "$2" "$1" - 2>/dev/null | grep '>Board<' | head -1 | sed 's/">.*//'
}
for per in 1 2 4; do
    "$PREDUP" print record attack.pbn -o "attack$per.pdf" --per-page "$per" --quiet >/dev/null
    sh "$D/no_overlap.sh" "attack$per.pdf"
    text "attack$per.pdf" >"attack$per.txt"
    has "attack$per.txt" "Contract: 7NTxx S Lead: ♠10 Result: 7NTxx= A long story."
    [ "$(grep -o "Contract:" "attack$per.txt" | wc -l)" -eq 1 ] || { echo "attack$per: not 1 contract line"; exit 1; }
    if grep -qE "9Z|99|Lead: [^♠]|W N E S" "attack$per.txt"; then echo "attack$per: drawn"; exit 1; fi
done
b1=$(board_box attack1.pdf 1) b3=$(board_box attack1.pdf 3)
[ -n "$b1" ] && [ "${b1#*xMax}" = "${b3#*xMax}" ] || { echo "board 1 shrunk: $b1 / $b3"; exit 1; }

for f in en1 en4 en6 en9 de1 de4 de6 nc; do sh "$D/no_overlap.sh" "$f.pdf"; done
pdf_checked_all || fail "a PDF fails qpdf or pdftotext"
