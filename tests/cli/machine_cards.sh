#!/bin/bash
# tests/cli/machine_cards.sh - predup machine calibrate and recognize on real photographs
# (../shared/cards/zpigula-pp_2021): a partial calibration of four cards from their
# calibration frames, then four other frames of the same session read, line for line; the whole
# deck calibrated from the calibration rows, then fixed frames read exactly: the same session,
# seven months later in other light, and two that must be rejected (a double feed, another
# card's edge and index peeking out at the left; the empty feeder); a label that is no card is
# refused with its file, line and column. Skipped where ../shared is absent.
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
printf 'img/SA.jpg\tSA\t173\nimg/H10.jpg\tH10\t417\nimg/D8.jpg\tD8\t273\nimg/CJ.jpg\tCJ\t267\n' > want
diff want got || fail "recognize read otherwise"
# a frame of the empty feeder is no card
ln -sf "$Z/$(rows negative NONE | head -1)" img/empty.jpg
"$PREDUP" machine recognize --calibration four.cal img/empty.jpg | cut -f2 > got
[ "$(cat got)" = none ] || fail "the empty feeder read as $(cat got)"
# the whole deck, from the calibration rows only
awk -F'\t' -v z="$Z" 'NR == FNR { split_of[$1] = $2; next }
    FNR == 1 { print "file\tcard" } FNR > 1 && split_of[$1] == "calibration" { print z "/" $1 "\t" $2 }' \
    "$Z/SPLIT.tsv" "$Z/LABELS.tsv" > deck.tsv
out=$("$PREDUP" machine calibrate --images deck.tsv -o deck.cal) || fail "calibrate the deck: $out"
[ "$out" = "deck.cal: 104 frames of 52 cards; accepts a confidence of 100 or more" ] ||
    fail "calibrate the deck said: $out"
I=$Z/img
"$PREDUP" machine recognize --calibration deck.cal \
    "$I/S7/20210215T011828_b5892492-6f2b-11eb-b576-48b02d15dbd4.jpg" \
    "$I/HQ/20210213T050803_734f498a-6db9-11eb-8b38-48b02d15dbd4.jpg" \
    "$I/C6/20210215T010247_84c4753e-6f29-11eb-b576-48b02d15dbd4.jpg" \
    "$I/D9/20210928T210426_a9e152a6-209f-11ec-90af-48b02d15dbd4.jpg" \
    "$I/DK/20210928T211242_d159a490-20a0-11ec-90af-48b02d15dbd4.jpg" \
    "$I/C9/20210215T010714_240856c4-6f2a-11eb-b576-48b02d15dbd4.jpg" \
    "$I/$(rows negative NONE | head -1 | cut -d/ -f2-)" | sed "s|^$I/||" > got || fail "recognize the deck"
cat > want <<'WANT'
S7/20210215T011828_b5892492-6f2b-11eb-b576-48b02d15dbd4.jpg	S7	155
HQ/20210213T050803_734f498a-6db9-11eb-8b38-48b02d15dbd4.jpg	HQ	337
C6/20210215T010247_84c4753e-6f29-11eb-b576-48b02d15dbd4.jpg	C6	174
D9/20210928T210426_a9e152a6-209f-11ec-90af-48b02d15dbd4.jpg	D9	275
DK/20210928T211242_d159a490-20a0-11ec-90af-48b02d15dbd4.jpg	DK	211
C9/20210215T010714_240856c4-6f2a-11eb-b576-48b02d15dbd4.jpg	none	4
NONE/20210928T203311_4c282134-209b-11ec-910b-48b02d15dbd4.jpg	none	0
WANT
diff want got || fail "the deck read otherwise"
printf 'file\tcard\nx.jpg\tZ9\n' > bad.tsv
"$PREDUP" machine calibrate --images bad.tsv -o bad.cal 2> err && fail "a bad label accepted"
grep -q "bad.tsv:2:7: error: not a card" err || fail "bad label: $(cat err)"
