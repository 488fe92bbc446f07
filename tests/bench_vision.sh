#!/bin/sh
# tests/bench_vision.sh - `make bench`: predup reading real photographs of cards
# (../shared/cards/zpigula-pp_2021, a home-built dealing machine's feeder camera). Calibrates on
# the `calibration` rows of SPLIT.tsv only (2 frames per card), then recognizes every frame of
# test-same-session, test-later-session (7 months later, other light) and negative (the empty
# feeder), and prints per set: cards read right, rejected, wrong cards accepted (named), and
# the CPU time per frame, with the CPU model. Nothing here is tuned on a test row. Skipped (one
# "skip:" line) when ../shared is absent.
set -u
Z=$TOP/../shared/cards/zpigula-pp_2021
if [ ! -d "$Z" ]; then
    echo "skip: bench_vision: $Z absent"
    exit 0
fi
d=$(mktemp -d "${TMPDIR:-/tmp}/bench-vision-XXXXXX")
trap 'rm -rf "$d"' EXIT
# one TSV per split, with absolute paths (the labels' own folder is read in place)
awk -F'\t' -v z="$Z" -v d="$d" 'NR == FNR { split_of[$1] = $2; next }
    FNR > 1 { f = d "/" split_of[$1] ".tsv"; if (!(f in seen)) { print "file\tcard" > f; seen[f] = 1 }
              print z "/" $1 "\t" $2 > f }' "$Z/SPLIT.tsv" "$Z/LABELS.tsv"
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
echo "cards: CPU $cpu|-|-|-"
"$PREDUP" machine calibrate --images "$d/calibration.tsv" -o "$d/deck.cal" >&2 || exit 1
for set in test-same-session test-later-session negative; do
    tail -n +2 "$d/$set.tsv" | cut -f1 > "$d/files"
    # CPU seconds of the recognizing processes (times: the children's user and system time),
    # not the wall clock, which a shared machine's load stretches
    cpu=$( (xargs "$PREDUP" machine recognize --calibration "$d/deck.cal" < "$d/files" > "$d/$set.out" ||
            echo "recognize failed" >&2; times) | tail -n 1 |
          awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } print t }')
    tail -n +2 "$d/$set.tsv" | paste - "$d/$set.out" | awk -F'\t' -v set="$set" -v t="$cpu" '
        { n++  # an empty frame (NONE) is right when rejected: it counts as a reject, not a read
          if ($4 == "none") rej++; else if ($4 == $2) right++; else { wrong++; bad = bad " " $2 "->" $4 } }
        END { printf "cards %s: %d frames, read right %%|%.1f|-|-\n", set, n, 100 * right / n
              printf "cards %s: rejected %%|%.1f|-|-\n", set, 100 * rej / n
              printf "cards %s: wrong cards accepted|%d|-|-\n", set, wrong
              if (wrong) print "wrong cards in " set ":" bad > "/dev/stderr"
              printf "cards %s: CPU ms per frame|%.0f|-|-\n", set, 1000 * t / n }'
done
