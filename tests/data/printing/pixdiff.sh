#!/bin/sh
# tests/data/printing/pixdiff.sh GOLDEN.png PAGE.png - compares two grey renders pixel by pixel
# (ImageMagick's convert only to get raw bytes; the comparison is cmp and awk): same size, and
# at most 0.5 % of the pixels differ by more than 48 grey levels (anti-aliasing and font
# hinting move edges by a level or two; a moved, missing or recoloured element moves many).
# Prints the figures; exits 1 when the pages differ.
set -eu
g=$(identify -format '%wx%h' "$1") p=$(identify -format '%wx%h' "$2")
[ "$g" = "$p" ] || { echo "$2: size $p, golden $1 is $g"; exit 1; }
convert "$1" -depth 8 gray:"$2.g.raw"
convert "$2" -depth 8 gray:"$2.p.raw"
total=$(wc -c <"$2.g.raw")
cmp -l "$2.g.raw" "$2.p.raw" | awk -v total="$total" -v name="$2" '
    function oct(s,   v, i) { v = 0; for (i = 1; i <= length(s); i++) v = v * 8 + substr(s, i, 1); return v }
    { d = oct($2) - oct($3); if (d < 0) d = -d; if (d > 48) far++ }
    END { far += 0; printf "%s: %d of %d pixels differ by more than 48 levels\n", name, far, total
          exit far * 200 > total }'
