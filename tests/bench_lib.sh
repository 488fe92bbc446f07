# tests/bench_lib.sh - sourced by the tests/bench_*.sh that compare predup with a peer:
# `versus` runs the two commands alternately, predup then the peer, $BENCH_ROUNDS times (3
# unless set; tests/bench.sh sets it), and measures CPU time (user + system, every thread), not
# wall-clock, so that the other work of a shared machine does not decide the ratio. Each round
# gives a ratio (peer CPU / predup CPU: how many times less CPU predup needs); the row prints the
# median CPU seconds of each and the ratio's median, with its min and max over the rounds.
# Rows "case|predup CPU s|peer CPU s|ratio" (tests/bench.sh makes the table).
: "${BENCH_ROUNDS:=3}"
bench_tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-lib-XXXXXX")
trap 'rm -rf "$bench_tmp"' EXIT

# cpu_of CMD...: the CPU seconds of one run of CMD (output discarded; + 0.005, half the
# resolution of time(1), so that a run is never 0 s). The times are time(1)'s last line: a
# command that exits non-zero (verify finding a fault) gets a line before them saying so.
cpu_of() {
    /usr/bin/time -f '%U %S' -o "$bench_tmp/t" "$@" >/dev/null 2>&1 || true
    awk 'END { printf "%.3f\n", $1 + $2 + 0.005 }' "$bench_tmp/t"
}

# median_min_max: of the numbers on stdin, "median min max"
median_min_max() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "%s %s %s\n", v[int((NR + 1) / 2)], v[1], v[NR]; else print "- - -" }'
}

# versus CASE 'PREDUP COMMAND' 'PEER COMMAND' [WEIGHT]: the row of CASE. The commands are
# strings run by eval (quote paths with spaces). WEIGHT multiplies the peer's CPU before the
# ratio (for a peer that does a different amount of work, e.g. 10 times fewer deals): 1 by default.
versus() {
    : > "$bench_tmp/p"; : > "$bench_tmp/q"; : > "$bench_tmp/r"
    i=0
    while [ "$i" -lt "$BENCH_ROUNDS" ]; do
        p=$(eval "cpu_of $2"); q=$(eval "cpu_of $3")
        echo "$p" >> "$bench_tmp/p"; echo "$q" >> "$bench_tmp/q"
        awk -v p="$p" -v q="$q" -v w="${4:-1}" 'BEGIN { printf "%.3f\n", q * w / p }' >> "$bench_tmp/r"
        i=$((i + 1))
    done
    set -- "$1" "$(median_min_max < "$bench_tmp/p")" "$(median_min_max < "$bench_tmp/q")" \
        "$(median_min_max < "$bench_tmp/r")"
    echo "$1|${2%% *}|${3%% *}|$4" | awk -F'|' '{ split($4, r, " ")
        printf "%s|%.2f|%.2f|%.2fx (%.2f-%.2f)\n", $1, $2, $3, r[1], r[2], r[3] }'
}

# alone CASE 'PREDUP COMMAND': a row with no peer, the median CPU seconds over the rounds
alone() {
    : > "$bench_tmp/p"
    i=0
    while [ "$i" -lt "$BENCH_ROUNDS" ]; do
        eval "cpu_of $2" >> "$bench_tmp/p"
        i=$((i + 1))
    done
    set -- "$1" "$(median_min_max < "$bench_tmp/p")"
    echo "$1|${2%% *}|-|-"
}

# peak_kb COMMAND...: the peak resident memory of one run, in KB
peak_kb() {
    /usr/bin/time -f '%M' -o "$bench_tmp/m" "$@" >/dev/null 2>&1 || true
    tail -1 "$bench_tmp/m"
}
