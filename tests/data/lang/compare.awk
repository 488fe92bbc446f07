# tests/data/lang/compare.awk - compares the figures of two dealer-style outputs, the first
# from predup dealer --sd, the second from dealer or another predup run: averages within 5
# standard errors, every frequency cell and produced/generated within 5 binomial standard
# errors of the pooled proportion (plus 1/n for tiny cells). -v name=... for messages,
# -v exact=1 when both ran on the same deal, -v norate=1 to skip produced/generated.
    function num(s) { return s + 0 }
    function check(what, a, b, tol) {
        d = a - b; if (d < 0) d = -d
        if (d > tol) { printf "%s: %s: predup %g, dealer %g, tolerance %g\n", name, what, a, b, tol; bad = 1 }
        checked++
    }
    function prop(what, c1, n1, c2, n2) {
        if (n1 == 0 || n2 == 0) return
        p = (c1 + c2) / (n1 + n2)
        check(what, c1 / n1, c2 / n2, 5 * sqrt(p * (1 - p) * (1 / n1 + 1 / n2)) + 1 / n1 + 1 / n2)
    }
    FNR == 1 { file++; nav = 0; tab = 0; row = 0 }
    /^Generated [0-9]+ hands$/ { gen[file] = $2; next }
    /^Produced [0-9]+ hands$/ { prod[file] = $2; next }
    /^Frequency .*:$/ { tab++; row = 0; intab = 1; next }
    intab && /^(Low|High|Sum| *-?[0-9]+)[ \t]+[0-9 \t]+$/ {
        key = $1; for (i = 2; i <= NF; i++) cell[file, tab, key, i] = $i; rows[file, tab, key] = NF; next }
    intab && /^ +Low/ { next }
    { intab = 0 }
    /^(.*: )?-?[0-9.]+(e[-+][0-9]+)?( [0-9.e+-]+ [0-9]+)?$/ {
        nav++; line = $0; sub(/.*: /, "", line); split(line, v, " ")
        avg[file, nav] = v[1]; sd[file, nav] = v[2]; avn[file, nav] = v[3]; navg[file] = nav
        next }
    END {
        if (navg[1] != navg[2]) { printf "%s: %d averages in predup, %d in dealer\n", name, navg[1], navg[2]; exit 1 }
        for (k = 1; k <= navg[1]; k++) {
            s = sd[1, k] > 0.5 || exact ? sd[1, k] : 0.5 # integer figures: small samples understate sd
            tol = 5 * s * sqrt(1 / (avn[1, k] > 0 ? avn[1, k] : 1) + 1 / (prod[2] > 0 ? prod[2] : 1))
            tol += 1e-5 * (avg[2, k] < 0 ? -avg[2, k] : avg[2, k]) + 1e-9
            check("average " k, num(avg[1, k]), num(avg[2, k]), tol)
        }
        for (idx in rows) {
            split(idx, part, SUBSEP)
            if (part[1] != 1) continue
            t = part[2]; key = part[3]
            if (!((2, t, key) in rows)) { printf "%s: table %d row %s missing in dealer\n", name, t, key; bad = 1; continue }
            for (i = 2; i <= rows[idx]; i++)
                prop("table " t " row " key " col " i, cell[1, t, key, i], prod[1], cell[2, t, key, i], prod[2])
        }
        if (norate) {}
        else if (gen[1] == gen[2]) prop("produced/generated", prod[1], gen[1], prod[2], gen[2])
        else if (prod[1] == prod[2]) prop("generated/produced", prod[1], gen[1], prod[2], gen[2])
        printf "%s: %d figures agree\n", name, checked
        exit bad
    }
