#!/bin/bash
# tests/cli/machine_cards.sh - predup machine calibrate and recognize on real photographs
# (../shared/cards/zpigula-pp_2021): a partial calibration of four cards from their
# calibration frames, then four other frames of the same session read, line for line; a label
# that is no card is refused with its file, line and column. Skipped where ../shared is absent.
set -u
Z=$TOP/../shared/cards/zpigula-pp_2021
if [ ! -d "$Z" ]; then
    echo "skip: machine cards: $Z absent"
    exit 0
fi
fail() { echo "FAIL: $*"; exit 1; }
rows() { grep -P "\t$1\t" "$Z/SPLIT.tsv" | grep -E "^img/($2)/" | cut -f1; }
{
    printf 'file\tcard\n'
    for f in $(rows calibration 'SA|H10|D8|CJ'); do
        printf '%s\t%s\n' "$Z/$f" "$(basename "$(dirname "$f")")"
    done
} > four.tsv
out=$("$PREDUP" machine calibrate --images four.tsv -o four.cal --partial) || fail "calibrate: $out"
[ "$out" = "four.cal: 8 frames of 4 cards; accepts a confidence of 100 or more" ] || fail "calibrate said: $out"
# the whole deck is asked for unless --partial
"$PREDUP" machine calibrate --images four.tsv -o other.cal 2> err && fail "a partial deck accepted"
grep -q "no image of SK: every card of the deck must be learned" err || fail "$(cat err)"
mkdir -p img
for c in SA H10 D8 CJ; do
    ln -sf "$Z/$(rows test-same-session "$c" | head -1)" "img/$c.jpg"
done
"$PREDUP" machine recognize --calibration four.cal img/SA.jpg img/H10.jpg img/D8.jpg img/CJ.jpg > got ||
    fail "recognize failed"
printf 'img/SA.jpg\tSA\t440\nimg/H10.jpg\tH10\t254\nimg/D8.jpg\tD8\t422\nimg/CJ.jpg\tCJ\t239\n' > want
diff want got || fail "recognize read otherwise"
# a frame of the empty feeder is no card
ln -sf "$Z/$(rows negative NONE | head -1)" img/empty.jpg
"$PREDUP" machine recognize --calibration four.cal img/empty.jpg | cut -f2 > got
[ "$(cat got)" = none ] || fail "the empty feeder read as $(cat got)"
printf 'file\tcard\nx.jpg\tZ9\n' > bad.tsv
"$PREDUP" machine calibrate --images bad.tsv -o bad.cal 2> err && fail "a bad label accepted"
grep -q "bad.tsv:2:7: error: not a card" err || fail "bad label: $(cat err)"
