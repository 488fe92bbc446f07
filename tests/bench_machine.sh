#!/bin/sh
# tests/bench_machine.sh - `make bench`: a 36-board fill at zero mechanical delay, through the
# real libusb code and umockdev (build/usb_machine --bench), and in-process (fake transport)
# for comparison. Figures: host CPU per card (goal <= 1 ms) and total time (bar <= 5 s).
# No peer program fills boards, so the in-process run is the reference.
set -u
: "${PREDUP:?}" "${TOP:?}"
make -s -C "$TOP" build/usb_machine >/dev/null || { echo "   cannot build usb_machine"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/predup-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
for i in 1 2 3; do
    TMPDIR="$work" umockdev-wrapper "$TOP/build/usb_machine" --bench | grep '^BENCH'
done >"$work/usb.txt"
# median of three runs, by total time
line=$(sort -t= -k2 -n "$work/usb.txt" | sed -n 2p)
total=$(echo "$line" | sed 's/.*total_s=\([0-9.]*\).*/\1/')
cpu=$(echo "$line" | sed 's/.*cpu_ms_per_card=\([0-9.]*\).*/\1/')
wall=$(echo "$line" | sed 's/.*wall_ms_per_card=\([0-9.]*\).*/\1/')
"$PREDUP" key new "$work/k" >/dev/null
"$PREDUP" deal --key "$work/k" --boards 1-36 -o "$work/set.pbn" --quiet
start=$(date +%s.%N)
"$PREDUP" fill "$work/set.pbn" --machine "$TOP/tests/data/machine/fast.conf" --yes --quiet >/dev/null
end=$(date +%s.%N)
fake=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
echo "   36 boards (1872 cards) through libusb+umockdev, median of 3: total ${total} s (bar 5 s)"
echo "   host CPU per card ${cpu} ms (goal 1 ms), wall per card ${wall} ms"
echo "   in-process simulator (fake transport), same fill via the CLI: ${fake} s"
echo "   ratio usb/in-process: $(awk "BEGIN { printf \"%.2f\", $total / $fake }")"
echo "   (journal fsynced per card in both; load on this machine: $(cut -d' ' -f1-3 /proc/loadavg))"
