#!/bin/sh
# tests/data/printing/check_text.sh EXPECT TEXT - every board of EXPECT (expect.awk's output)
# is in TEXT (pdftotext -raw) with all its suit lines, grid rows and par between its "Board N"
# line and the next board. Prints what is missing; exits 1 if anything is.
awk -v want="$1" '
    BEGIN {
        while ((getline l < want) > 0) {
            k = substr(l, 1, 1); v = substr(l, 3)
            if (k == "B") { b = v; nb++; order[nb] = b; continue }
            if (k == "Q") continue
            n[b]++; item[b, n[b]] = k " " v
        }
    }
    { sub(/^\014/, "") }
    /^Board [0-9]+( |$)/ { cur = $2; next }
    /^Page [0-9]+\/[0-9]+$/ { cur = ""; next }
    cur != "" { seen[cur, $0] = 1; if ($0 ~ /^Par: /) { p = $NF; seen[cur, "P " p] = 1 } }
    END {
        bad = 0
        for (i = 1; i <= nb; i++) {
            b = order[i]
            for (j = 1; j <= n[b]; j++) {
                it = item[b, j]; k = substr(it, 1, 1); v = substr(it, 3)
                if (k == "P" ? !seen[b, it] : !seen[b, v]) {
                    printf "board %s: missing %s\n", b, it; bad = 1
                }
            }
        }
        exit bad
    }' "$2"
