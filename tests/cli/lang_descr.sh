#!/bin/sh
# tests/cli/lang_descr.sh - the 17 Descr.* examples that Debian's dealer ships run unchanged in
# predup dealer, and every figure they print agrees with dealer's own: each average within 5
# standard errors (sd from predup --sd, both sample sizes), each frequency cell and the
# acceptance rate (produced/generated) within 5 binomial standard errors of the pooled
# proportion. Scripts that produce one deal get the same predealt deal in both and must agree
# exactly. Both runs are seeded, so the outcome is the same every time.
set -eu
DEALER=/usr/games/dealer
EX=/usr/share/doc/dealer/examples
# Images that exclude /usr/share/doc have no examples: use the copies in tests/data.
ls "$EX"/Descr.* > /dev/null 2>&1 || EX=$TOP/tests/data/lang/descr
[ -x "$DEALER" ] || { echo "dealer not installed: make deps"; exit 1; }
G=${LANG_DESCR_GENERATE:-100000}
n=0
for f in "$EX"/Descr.*; do
    name=$(basename "$f")
    case "$f" in *.gz) gzip -dc "$f" > "$name.dl" ;; *) cp "$f" "$name.dl" ;; esac
    # A script that produces one deal is compared exactly, on one deal given to both.
    exact=0
    if grep -q '^produce 1[[:space:]]*$' "$name.dl"; then
        exact=1
        { echo "predeal north SAQ7, HKT93, DA842, C65"; echo "predeal east SKJ2, HQ8, DKQ, CAKJT92"
          echo "predeal south ST98654, HAJ, D765, CQ8"; echo "predeal west S3, H7652, DJT93, C743"
          cat "$f"; } > "$name.dl"
    fi
    "$PREDUP" dealer -s 1 -g "$G" --sd "$name.dl" > "$name.predup" ||
        { echo "$name: predup failed"; exit 1; }
    "$DEALER" -s 1 -g "$G" "$name.dl" > "$name.dealer" 2>/dev/null ||
        { echo "$name: dealer failed"; exit 1; }
    awk -v name="$name" -v exact="$exact" -f "$TOP/tests/data/lang/compare.awk" \
        "$name.predup" "$name.dealer"
    n=$((n + 1))
done
[ "$n" -eq 17 ] || { echo "expected 17 Descr.* examples, found $n"; exit 1; }
