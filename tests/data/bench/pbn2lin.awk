# tests/data/bench/pbn2lin.awk - the peer of `make bench`'s PBN to LIN row: the shortest
# script that turns a set of plain PBN boards (Board, Dealer, Vulnerable, Deal tags; no
# auction or play) into the LIN lines predup convert writes for it, byte for byte.
# Usage: awk -f pbn2lin.awk set.pbn > set.lin
BEGIN { FS = "\""; md["S"] = 1; md["W"] = 2; md["N"] = 3; md["E"] = 4
        sv["None"] = "0"; sv["NS"] = "n"; sv["EW"] = "e"; sv["All"] = "b"; seats = "NESW" }
function hand(h,   s) { split(h, s, "."); return "S" s[1] "H" s[2] "D" s[3] "C" s[4] }
/^\[Board / { board = $2 }
/^\[Dealer / { dealer = $2 }
/^\[Vulnerable / { vul = $2 }
/^\[Deal / {
    first = index(seats, substr($2, 1, 1)) - 1
    split(substr($2, 3), h, " ")
    for (i = 0; i < 4; i++) seat[substr(seats, (first + i) % 4 + 1, 1)] = h[i + 1]
    deal = hand(seat["S"]) "," hand(seat["W"]) "," hand(seat["N"])
}
/^\r?$/ { if (board != "") flush() }
END { if (board != "") flush() }
function flush() {
    printf "qx|o%s|md|%d%s|rh||ah|Board %s|sv|%s|pg||\n", board, md[dealer], deal, board, sv[vul]
    board = ""
}
