#!/bin/sh
# tests/data/printing/no_overlap.sh PDF - fails when any two words that pdftotext -bbox finds on
# one page have boxes that overlap by more than 0.3 pt both ways (the boxes run from the font's
# ascent to its descent, so lines that touch are still apart). Prints the first clashes.
pdftotext -bbox "$1" - 2>/dev/null | awk '
    /<page / { n = 0; page++ }
    /<word / {
        match($0, /xMin="[^"]*"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
        match($0, /yMin="[^"]*"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
        match($0, /xMax="[^"]*"/); x1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
        match($0, /yMax="[^"]*"/); y1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
        w = $0; sub(/^.*">/, "", w); sub(/<\/word>.*$/, "", w)
        for (i = 1; i <= n; i++)
            if (x0 < X1[i] - 0.3 && X0[i] < x1 - 0.3 && y0 < Y1[i] - 0.3 && Y0[i] < y1 - 0.3) {
                if (bad++ < 5)
                    printf "page %d: \"%s\" overlaps \"%s\"\n", page, w, W[i]
            }
        n++; X0[n] = x0; X1[n] = x1; Y0[n] = y0; Y1[n] = y1; W[n] = w
    }
    END { exit bad > 0 }'
