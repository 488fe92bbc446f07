# tests/data/printing/expect.awk - from a PBN set, the lines `pdftotext -raw` must show for
# each board: "B <board>" starts a board, then "H <suit line>" for each of the 16 suit lines
# ("♠ AKJ5", "♥ —"), "G <grid row>" for the double-dummy rows ("N 9 5 7 9 8", declarers N S E
# W over NT S H D C, from DoubleDummyTricks), "P <score>" for par ("+400", "-140", "0"), and
# "Q <code>" for the record's QR code: "board dealer VUL deal" (printing/README.md). With
# -v spaced=1 the suit lines are spaced as on curtain cards; -v ten=T keeps the ten as "T" (the default writes "10", as predup prints it by default).
function flush() {
    if (board == "")
        return
    print "B " board
    n = split(deal, part, " ")
    for (h = 1; h <= n; h++) {
        hand = part[h]
        sub(/^[NESW]:/, "", hand)
        split(hand, suit, ".")
        for (s = 1; s <= 4; s++) {
            txt = suit[s]
            if (spaced) {
                out = ""
                for (c = 1; c <= length(txt); c++) {
                    r = substr(txt, c, 1)
                    out = out (c > 1 ? " " : "") (r == "T" ? "10" : r)
                }
                txt = out
            } else if (ten != "T") {
                gsub(/T/, "10", txt)
            }
            print "H " sym[s] " " (txt == "" ? "—" : txt)
        }
    }
    if (dd != "") {
        split("N S E W", seat, " ")
        for (i = 0; i < 4; i++) {
            row = seat[i + 1]
            for (j = 1; j <= 5; j++)
                row = row " " index("0123456789abcdef", tolower(substr(dd, i * 5 + j, 1))) - 1
            print "G " row
        }
    }
    if (score != "") {
        split(score, sc, " ")
        v = sc[1] == "NS" ? sc[2] + 0 : -sc[2]
        print "P " (v > 0 ? "+" v : v)
    }
    split(deal, first, ":")
    print "Q " board " " first[1] " " toupper(vul) " " deal
    board = deal = dd = score = ""
}
BEGIN { sym[1] = "♠"; sym[2] = "♥"; sym[3] = "♦"; sym[4] = "♣" }
/^\[Board "/ { flush(); board = $0; gsub(/^\[Board "|"\].*$/, "", board) }
/^\[Vulnerable "/ { vul = $0; gsub(/^\[Vulnerable "|"\].*$/, "", vul) }
/^\[Deal "/ { deal = $0; gsub(/^\[Deal "|"\].*$/, "", deal) }
/^\[DoubleDummyTricks "/ { dd = $0; gsub(/^\[DoubleDummyTricks "|"\].*$/, "", dd) }
/^\[OptimumScore "/ { score = $0; gsub(/^\[OptimumScore "|"\].*$/, "", score) }
END { flush() }
