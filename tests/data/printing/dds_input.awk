# tests/data/printing/dds_input.awk - "DEALER VUL DEAL" lines for rawdds.c from a PBN set, and
# with -v answers=1 the analysis the set carries as "DoubleDummyTricks SCORE_NS" lines.
function flush() {
    if (deal == "")
        return
    if (answers) {
        split(score, sc, " ")
        print dd " " (sc[1] == "NS" ? sc[2] + 0 : -sc[2])
    } else {
        print dealer " " vul " " deal
    }
    deal = dd = score = ""
}
/^\[Board "/ { flush() }
function value() { v = $0; sub(/^\[[A-Za-z]* "/, "", v); sub(/"\].*$/, "", v); return v }
/^\[Dealer "/ { dealer = value() }
/^\[Vulnerable "/ { vul = value() }
/^\[Deal "/ { deal = value() }
/^\[DoubleDummyTricks "/ { dd = value() }
/^\[OptimumScore "/ { score = value() }
END { flush() }
