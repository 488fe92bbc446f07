#!/bin/sh
# tests/bench_vision.sh - `make bench` (BENCH_ONLY=vision for this part alone): predup reading
# real photographs of cards (../shared/cards).
#   Feeder camera (zpigula-pp_2021, a home-built dealing machine): calibrates on the
#   `calibration` rows of SPLIT.tsv only (2 frames per card), then recognizes every frame of
#   test-same-session, test-later-session (7 months later, other light) and negative (the empty
#   feeder).
#   Phone (mrkesuu-bidly): calibrates on the 52 single-card photos (their corner, --region
#   50x100+0+0), then reads every labelled corner index of the 7 photos of dealt hands
#   (BOXES.tsv: 377), each cut out with a quarter of its box's size around it (ImageMagick).
# Prints per set: cards read right, rejected, wrong cards accepted (each named on stderr), and
# the CPU time per frame of the recognizing process, with the CPU model. Nothing here is tuned
# on a test row. Skipped (one "skip:" line) when ../shared is absent.
set -u
C=$TOP/../shared/cards
Z=$C/zpigula-pp_2021
B=$C/mrkesuu-bidly
if [ ! -d "$Z" ]; then
    echo "skip: bench_vision: $Z absent"
    exit 0
fi
d=$(mktemp -d "${TMPDIR:-/tmp}/bench-vision-XXXXXX")
trap 'rm -rf "$d"' EXIT
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
echo "cards: CPU $cpu|-|-|-"

# read SET: recognizes the files of $d/SET.tsv (file, card) with $d/SET.cal and prints its rows
read_set() {
    tail -n +2 "$d/$1.tsv" | cut -f1 > "$d/files"
    # CPU seconds of the recognizing processes (times: the children's user and system time),
    # not the wall clock, which a shared machine's load stretches
    t=$( (xargs "$PREDUP" machine recognize --calibration "$d/$2.cal" < "$d/files" > "$d/$1.out" ||
          echo "recognize failed" >&2; times) | tail -n 1 |
        awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } print t }')
    if [ "$(wc -l < "$d/$1.out")" != "$(wc -l < "$d/files")" ]; then
        echo "cards $1: failed (recognize printed no line for some frame)|-|-|-"
        return
    fi
    tail -n +2 "$d/$1.tsv" | paste - "$d/$1.out" | awk -F'\t' -v set="$1" -v t="$t" '
        { n++  # an empty frame (NONE) is right when rejected: it counts as a reject, not a read
          if ($4 == "none") rej++; else if ($4 == $2) right++; else { wrong++; bad = bad " " $2 "->" $4 } }
        END { printf "cards %s: %d frames, read right %%|%.1f|-|-\n", set, n, 100 * right / n
              printf "cards %s: rejected %%|%.1f|-|-\n", set, 100 * rej / n
              printf "cards %s: wrong cards accepted|%d|-|-\n", set, wrong
              if (wrong) print "wrong cards in " set ":" bad > "/dev/stderr"
              printf "cards %s: CPU ms per frame|%.1f|-|-\n", set, 1000 * t / n }'
}

# the feeder camera: one TSV per split, with absolute paths (the images are read in place)
awk -F'\t' -v z="$Z" -v d="$d" 'NR == FNR { split_of[$1] = $2; next }
    FNR > 1 { f = d "/" split_of[$1] ".tsv"; if (!(f in seen)) { print "file\tcard" > f; seen[f] = 1 }
              print z "/" $1 "\t" $2 > f }' "$Z/SPLIT.tsv" "$Z/LABELS.tsv"
"$PREDUP" machine calibrate --images "$d/calibration.tsv" -o "$d/feeder.cal" >&2 || exit 1
for set in test-same-session test-later-session negative; do
    read_set "$set" feeder
done

# the phone: the single cards calibrate, the corners of the dealt hands are read
if [ ! -d "$B" ] || ! command -v convert > /dev/null; then
    echo "skip: bench_vision: the phone set ($B) or ImageMagick's convert absent"
    exit 0
fi
awk -F'\t' -v b="$B" 'NR == 1 { print "file\tcard"; next } $1 ~ /^single\// { print b "/" $1 "\t" $2 }' \
    "$B/LABELS.tsv" > "$d/phone-single.tsv"
"$PREDUP" machine calibrate --images "$d/phone-single.tsv" --region 50x100+0+0 \
    -o "$d/phone.cal" >&2 || exit 1
mkdir "$d/corner"
printf 'file\tcard\n' > "$d/phone-deal-corners.tsv"
tail -n +2 "$B/BOXES.tsv" | awk -F'\t' '{
    s = 1200; m = 0.25  # every deal photo is 1200 x 1200 (MANIFEST.md)
     w = $5 * s * (1 + 2 * m); h = $6 * s * (1 + 2 * m)
    x = $3 * s - w / 2; y = $4 * s - h / 2; x = x < 0 ? 0 : x; y = y < 0 ? 0 : y
    printf "%s\t%s\t%dx%d+%d+%d\n", $1, $2, w + 0.5, h + 0.5, x + 0.5, y + 0.5 }' |
while IFS="$(printf '\t')" read -r file card geo; do
    n=$((${n:-0} + 1))
    convert "$B/$file" -crop "$geo" +repage "$d/corner/$n.png" 2> /dev/null || exit 1
    printf '%s\t%s\n' "$d/corner/$n.png" "$card" >> "$d/phone-deal-corners.tsv"
done || { echo "bench_vision: cutting the phone corners failed" >&2; exit 1; }
read_set phone-deal-corners phone
