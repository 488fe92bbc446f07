#!/bin/bash
# tests/cli/print_record_boards_once.sh - a scorer's results file holds one game per table: the
# hand record (and the curtain cards) show each board once, without any one table's contract,
# auction or result, while a game of the same number with another deal (a second section) stays.
# A played board that only one game holds keeps its play facts. On the corpus's KOPS results
# file (26 boards, 570 games) the record has 26 boards.
set -u
. "$TOP/tests/lib_cli.sh"

game() { # game BOARD DEAL CONTRACT DECLARER RESULT
    printf '[Event "Club"]\n[Site "x"]\n[Date "2026.11.27"]\n[Board "%s"]\n[West ""]\n' "$1"
    printf '[North ""]\n[East ""]\n[South ""]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    printf '[Deal "%s"]\n[Scoring "MP"]\n[Declarer "%s"]\n[Contract "%s"]\n[Result "%s"]\n\n' \
        "$2" "$4" "$3" "$5"
}
d1="N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
d2="N:T98.JT9.JT9.JT98 AKQJ.AKQ.AKQ.AKQ 765.876.876.7654 432.5432.5432.32"
d3="N:765.876.876.7654 T98.JT9.JT9.JT98 AKQJ.AKQ.AKQ.AKQ 432.5432.5432.32"
{
    game 1 "$d1" 7NT N 13; game 1 "$d1" 6NT N 13; game 1 "$d1" 3NT S 12
    game 2 "$d2" 2S E 8; game 2 "$d2" 7NT E 13
    game 1 "$d3" 7NT S 13 # another section's board 1: another deal
    game 3 "$d2" 4H E 10  # played at one table only
} >results.pbn

"$PREDUP" print record results.pbn -o rec.pdf --quiet >out.txt || fail "print record"
grep -qx 'rec.pdf: record of 4 boards' out.txt || fail "boards: $(cat out.txt)"
pdf_checked rec.pdf || fail "rec.pdf"
txt=$(pdftotext -raw rec.pdf - | tr '\n' ' ')
[ "$(grep -o 'Board [0-9]*' <<<"$txt" | tr '\n' ,)" = "Board 1,Board 2,Board 1,Board 3," ] ||
    fail "boards printed: $(grep -o 'Board [0-9]*' <<<"$txt" | tr '\n' ,)"
n=$(grep -o 'Contract: ' <<<"$txt" | wc -l)
[ "$n" -eq 2 ] || fail "$n contract lines: only the two boards one game holds keep theirs"
"$PREDUP" print curtain results.pbn -o cur.pdf --quiet >out.txt || fail "print curtain"
grep -qx 'cur.pdf: curtain of 4 boards' out.txt || fail "curtain: $(cat out.txt)"

k="$TOP/../shared/corpus/pbntools-kops-pch1003.pbn"
if [ ! -f "$k" ]; then
    echo "skip: no ../shared/corpus (the KOPS results file)"
    exit 0
fi
# --dd none: the games are told apart before any solve (the small file above is solved), and
# solving the 26 boards again would be libdds's work only.
"$PREDUP" print record "$k" --dd none -o kops.pdf --quiet >out.txt || fail "print the KOPS file"
grep -qx 'kops.pdf: record of 26 boards' out.txt || fail "KOPS: $(cat out.txt)"
[ "$(pdfinfo kops.pdf | sed -n 's/^Pages: *//p')" -eq 5 ] || fail "KOPS pages"
