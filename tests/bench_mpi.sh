#!/bin/sh
# tests/bench_mpi.sh - `make bench` for double dummy beyond one thread: a tricks() action script
# under predup dealer -j 1 vs -j 2, 1 mpirun rank vs 2 ranks (one thread each), the machine's
# own ceiling (two independent runs at once) and the MPI speed-up against it, and predup
# analyze of a 40-board set on 1 rank vs 2. Rows "case|predup|peer|ratio" (tests/bench.sh
# makes the table and the medians): predup is the run on more cores, peer the one-core run,
# in wall-clock seconds, ratio = peer / predup (the speed-up; the goal for 2 ranks is 1.8x or
# more), and for the MPI cases the CPU seconds of the busiest rank, which on free cores is the
# run's time (the shared build machine's wall clock mostly shows its load). The outputs of
# each pair are compared: the ratio reads "output differs" when not byte-identical.
set -u
: "${PREDUP:?}"
RUNS=${BENCH_RUNS:-1}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-mpi-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
# --bind-to none: bound, each rank runs at the pace of its own core's other load, and analyze's
# split on demand gives the rank on the quieter core more boards (its CPU, not its wall clock,
# then reads as imbalance); unbound, the kernel spreads the ranks as it would on free cores.
mpi() { mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$@"; }
now() { date +%s.%N; }
# ./timed CMD...: CMD under /usr/bin/time, its CPU seconds (user + system) in cpu.RANK;
# busiest: the largest of them, then clears them. On a shared machine the wall clock shows
# the load; the busiest rank's CPU is what the run would take on free cores.
printf '#!/bin/sh\nexec /usr/bin/time -f "%%U %%S" -o "cpu.${OMPI_COMM_WORLD_RANK:-0}" "$@"\n' \
    > timed
chmod +x timed
busiest() {
    cat cpu.* | awk '{ c = $1 + $2; if (c > m) m = c } END { printf "%.2f", m }'
    rm -f cpu.*
}
# med OUT CMD...: runs CMD $RUNS times with stdout to OUT (the "Time needed" line dropped),
# prints the median of the elapsed seconds
med() {
    out=$1
    shift
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        t0=$(now)
        "$@" 2>/dev/null | grep -v '^Time needed' > "$out"
        t1=$(now)
        awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
        i=$((i + 1))
    done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
row() {
    same=$(cmp -s "$4" "$5" && echo 1 || echo 0)
    awk -v c="$1" -v p="$2" -v q="$3" -v s="$same" \
        'BEGIN { r = s ? sprintf("%.2fx", q / p) : "output differs"
                 printf "%s|%.2f|%.2f|%s\n", c, p, q, r }'
}

# 500 deals, two strains solved on each: about 20 s on one core, so that mpirun's start-up
# (0.5 s for 1 or 2 ranks here) weighs as little as in a real study, which runs for hours.
cat > tricks.dl <<'EOF2'
produce 500
condition hcp(north) + hcp(south) >= 24
action average "4S N" tricks(north, spades), frequency "3N S" (tricks(south, notrump), 0, 13)
EOF2
# In the order that puts the machine's ceiling and the MPI runs in the same minute or two: the
# host's speed drifts, and their ratio says whether MPI or the machine falls short.
j1=$(med j1.txt "$PREDUP" dealer -s 1 -j 1 tricks.dl)
# The machine's own ceiling for 2: two independent -j 1 runs at once against the same two one
# after the other (2 x the -j 1 time). Double dummy solving is memory-bound: on a host whose
# cores share a cache, or a VM whose cores share a physical one, 2 is not 2x.
pair() { "$@" > c1.txt & "$@" > c2.txt; wait; cat c1.txt; }
p2=$(med pair.txt pair "$PREDUP" dealer -s 1 -j 1 tricks.dl)
r1=$(med r1.txt mpi 1 ./timed "$PREDUP" dealer -s 1 -j 1 tricks.dl); c1=$(busiest)
r2=$(med r2.txt mpi 2 ./timed "$PREDUP" dealer -s 1 -j 1 tricks.dl); c2=$(busiest)
j2=$(med j2.txt "$PREDUP" dealer -s 1 -j 2 tricks.dl)
row "dealer tricks() actions: s, -j 2 vs -j 1" "$j2" "$j1" j2.txt j1.txt
row "ceiling: 2 independent -j 1 runs at once vs one after the other, s" "$p2" \
    "$(awk -v t="$j1" 'BEGIN { print 2 * t }')" pair.txt j1.txt
row "dealer tricks() actions: s, 2 MPI ranks vs 1" "$r2" "$r1" r2.txt j1.txt
row "dealer tricks(): CPU s of the busiest rank, 2 vs 1 (free cores)" "$c2" "$c1" r2.txt r1.txt
# The MPI speed-up against the ceiling measured beside it: 1.00x is all the machine gave two
# processes at that time (mpirun's start-up, 0.5 s, is the part of the gap that is MPI's own).
awk -v j="$j1" -v p="$p2" -v a="$r1" -v b="$r2" 'BEGIN {
    m = a / b; c = 2 * j / p
    printf "2 MPI ranks: speed-up vs the ceiling beside it|%.2f|%.2f|%.2fx\n", m, c, m / c }'

"$PREDUP" key new k.key >/dev/null
"$PREDUP" deal --key k.key --boards 1-40 --quiet -o set.pbn
a1=$(med a1.txt mpi 1 ./timed "$PREDUP" analyze set.pbn -o - -j 1 --quiet); c1=$(busiest)
a2=$(med a2.txt mpi 2 ./timed "$PREDUP" analyze set.pbn -o - -j 1 --quiet); c2=$(busiest)
row "analyze 40 boards: s, 2 MPI ranks vs 1" "$a2" "$a1" a2.txt a1.txt
row "analyze: CPU s of the busiest rank, 2 vs 1 (free cores)" "$c2" "$c1" a2.txt a1.txt
