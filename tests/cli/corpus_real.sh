#!/bin/bash
# tests/cli/corpus_real.sh - predup over the real files of ../shared/corpus (PBN and LIN from
# scoring programs, bidding engines, DDS, hand-record tools; origins in its MANIFEST), read in
# place, never copied into the project; skipped with one line where the folder is absent.
# Each file reads (the two files of deliberately broken input only must not crash); PBN->PBN is
# byte for byte (a "% EXPORT" line goes only where the file fails predup check); a written file
# that claims "% EXPORT" passes predup check; LIN, CSV, DUP and DLM keep the deals; analyze
# matches the published double-dummy tables and par of DDS's list100.txt, and the published
# tables of the files that carry them.
# cli: slow - every file of ../shared/corpus, and their analyses
set -u
C=$TOP/../shared/corpus
if [ ! -d "$C" ]; then
    echo "skip: corpus: $C absent"
    exit 0
fi
fail() { echo "FAIL: $*"; exit 1; }
broken="pbnverifier-errors_10.pbn dds-12_cards.pbn" # only reading without a crash is required

n=0
for f in "$C"/*.pbn "$C"/*.lin "$C"/bigdeal/*.pbn; do
    b=$(basename "$f")
    "$PREDUP" convert --force "$f" out.pbn >/dev/null 2>err.txt
    rc=$?
    [ "$rc" -lt 128 ] || fail "$b: predup convert crashed (exit $rc)"
    case " $broken " in *" $b "*) continue ;; esac
    [ "$rc" -eq 0 ] || fail "$b does not read: $(cat err.txt)"
    n=$((n + 1))
    if grep -q '^% EXPORT' out.pbn; then
        "$PREDUP" check out.pbn >/dev/null || fail "$b: written with % EXPORT but fails check"
    fi
    case $b in *.lin) continue ;; esac
    if ! cmp -s "$f" out.pbn; then
        # The only change allowed: a false "% EXPORT" claim dropped.
        "$PREDUP" check "$f" >/dev/null 2>&1 && fail "$b: an export file changed on PBN->PBN"
        grep -av '^% EXPORT' "$f" | cmp -s - out.pbn || fail "$b: PBN->PBN lost or changed data"
    fi
done
echo "corpus: $n files read, PBN->PBN lossless"

# Under the sanitizers, every file to each format of the table the loops below leave out (the
# plain half's battery compares these outputs; here their writers run over real sets under
# them): written, or refused with a message (a set the format cannot hold), never a crash.
if [ "${CLI_HALF:-}" = san ]; then
    written=0
    mkdir -p every
    for x in $("$PREDUP" --complete formats | grep -vx 'pbn\|lin\|csv\|dup\|dlm\|.*blind'); do
        for f in "$C"/*.pbn "$C"/*.lin "$C"/bigdeal/*.pbn; do
            "$PREDUP" convert --force --to "$x" "$f" "every/$(basename "$f").$x" >/dev/null 2>&1
            rc=$?
            [ "$rc" -lt 128 ] || fail "$(basename "$f"): convert to $x crashed (exit $rc)"
            [ "$rc" -ne 0 ] || written=$((written + 1))
        done
    done
    [ "$written" -ge 90 ] || fail "only $written files written in the other formats" # 99 today
    echo "corpus: $written files written in the other formats"
fi

# Other formats keep the deals: CSV of the file = CSV of the file through LIN (and DUP, DLM where
# the set fits them).
kept=0
for f in "$C"/*.pbn "$C"/*.lin; do
    b=$(basename "$f")
    "$PREDUP" convert --force --to csv "$f" a.csv >/dev/null 2>&1 || continue # games without deals
    exec 3>&2 2>/dev/null # the "left out" lines
    for via in lin dup dlm; do
        "$PREDUP" convert --force --to "$via" "$f" "x.$via" >/dev/null 2>&1 || continue
        "$PREDUP" convert --force --to csv "x.$via" b.csv >/dev/null || fail "$b: $via does not read back"
        cmp -s a.csv b.csv || fail "$b: the deals changed through $via"
        "$PREDUP" convert --force "x.$via" back.pbn >/dev/null || fail "$b: $via back to PBN"
        if grep -q '^% EXPORT' back.pbn; then
            "$PREDUP" check back.pbn >/dev/null || fail "$b: PBN from $via claims export, fails check"
        fi
        kept=$((kept + 1))
    done
    exec 2>&3 3>&-
done
[ "$kept" -ge 20 ] || fail "only $kept conversions tried"
echo "corpus: $kept conversions kept the deals"

# LIN keeps players, auction, notes, play, claims and commentary both ways: LIN -> PBN -> LIN ->
# PBN gives the same PBN (vugraph's event line aside, which LIN writes not).
for f in "$C"/*.lin; do
    b=$(basename "$f")
    "$PREDUP" convert --force "$f" a.pbn >/dev/null 2>&1 || fail "$b: LIN -> PBN"
    "$PREDUP" convert --force a.pbn a.lin >/dev/null 2>&1 || fail "$b: PBN -> LIN"
    "$PREDUP" convert --force a.lin b.pbn >/dev/null 2>&1 || fail "$b: LIN -> PBN again"
    cmp -s <(grep -v '^\[Event ' a.pbn) <(grep -v '^\[Event ' b.pbn) ||
        fail "$b: LIN round trip changed: $(diff a.pbn b.pbn | head -4)"
    grep -q '^\[Auction ' a.pbn && grep -q '^\[Play ' a.pbn && grep -q '^\[South "..*"\]' a.pbn ||
        fail "$b: players, auction or play not read"
done
echo "corpus: LIN players, auctions and play kept both ways"

# DDS's list100: 100 deals with dealer, vulnerability (DDS: 0 None, 1 All, 2 NS, 3 EW), the
# table (strains S H D C NT, each for N E S W) and par. As PBN, analyzed, against the table.
awk 'BEGIN { split("N E S W", seat, " "); split("None All NS EW", vul, " ") }
/^PBN / {
    b++
    d = $0; sub(/^[^"]*"/, "", d); sub(/".*/, "", d)
    printf "[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n", b,
        seat[$2 + 1], vul[$3 + 1], d > "list100.pbn"
}
/^TABLE / {
    # DoubleDummyTricks: declarers N S E W, each over NT S H D C.
    split("1 3 2 4", h, " "); split("5 1 2 3 4", s, " "); hex = ""
    for (i = 1; i <= 4; i++) for (j = 1; j <= 5; j++)
        hex = hex sprintf("%x", $(1 + (s[j] - 1) * 4 + h[i]))
    print hex > "want-dd.txt"
}
/^PAR / { sc = $2 $3; gsub(/"/, "", sc); sub(/^NS/, "", sc)
    print (sc + 0 >= 0 ? "NS " (sc + 0) : "EW " (-sc)) > "want-par.txt" }' "$C/ref/dds-list100.txt"
[ "$(wc -l <want-dd.txt)" -eq 100 ] || fail "list100: $(wc -l <want-dd.txt) tables read"
# make check's ASan+UBSan half (CLI_HALF=san) solves the first 20 deals only: the solving is
# libdds's, not instrumented, the same in both halves (the plain half checks all 100), and
# predup's code around it runs the same for each deal.
if [ "${CLI_HALF:-}" = san ]; then
    head -100 list100.pbn >l.pbn && mv l.pbn list100.pbn
    for f in want-dd.txt want-par.txt; do head -20 "$f" >l.txt && mv l.txt "$f"; done
fi
"$PREDUP" analyze list100.pbn --quiet >/dev/null || fail "analyze list100"
grep -o '^\[DoubleDummyTricks "[0-9a-f]*"' list100.pbn | cut -d'"' -f2 >got-dd.txt
grep -o '^\[OptimumScore "[^"]*"' list100.pbn | cut -d'"' -f2 >got-par.txt
cmp -s want-dd.txt got-dd.txt || fail "list100: tables differ: $(diff want-dd.txt got-dd.txt |
    head -4)"
cmp -s want-par.txt got-par.txt || fail "list100: par differs: $(diff want-par.txt got-par.txt |
    head -4)"
echo "corpus: list100: $(wc -l <want-dd.txt) of 100 tables and par scores as published"

# Files with published tables: the tables stripped, analyzed again, the same DoubleDummyTricks.
for b in thorvald-match-gib-bc.pbn endplay-sample.pbn zdenecek-bridgecomposer.pbn; do
    grep -a '^\[DoubleDummyTricks' "$C/$b" | tr -d '\r' | tr A-F a-f >want.txt
    [ -s want.txt ] || fail "$b: no published DoubleDummyTricks"
    awk '/^\[OptimumResultTable/ { skip = 1; next }
        skip && (/^[[{%;]/ || /^\r?$/) { skip = 0 }
        !skip && !/^\[(DoubleDummyTricks|OptimumScore|ParContract) /' "$C/$b" >stripped.pbn
    "$PREDUP" analyze stripped.pbn --quiet >/dev/null || fail "$b: analyze"
    grep -a '^\[DoubleDummyTricks' stripped.pbn | tr -d '\r' | tr A-F a-f >got.txt
    cmp -s want.txt got.txt || fail "$b: tables differ: $(diff want.txt got.txt | head -4)"
done
echo "corpus: published DoubleDummyTricks of 3 files matched"
