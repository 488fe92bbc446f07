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
# median of three runs, by total time; the journal (fsynced every card) in $1
usb_median() {
    for i in 1 2 3; do
        TMPDIR="$1" umockdev-wrapper "$TOP/build/usb_machine" --bench | grep '^BENCH'
    done | sort -t= -k2 -n | sed -n 2p
}
field() { echo "$1" | sed "s/.*$2=\([0-9.]*\).*/\1/"; }
line=$(usb_median "$work")
total=$(field "$line" total_s)
cpu=$(field "$line" cpu_ms_per_card)
wall=$(field "$line" wall_ms_per_card)
shm_total=-
if [ -d /dev/shm ]; then
    shm=$(mktemp -d /dev/shm/predup-bench-XXXXXX)
    shm_total=$(field "$(usb_median "$shm")" total_s)
    rm -rf "$shm"
fi
"$PREDUP" key new "$work/k" >/dev/null
"$PREDUP" deal --key "$work/k" --boards 1-36 -o "$work/set.pbn" --quiet
start=$(date +%s.%N)
"$PREDUP" fill "$work/set.pbn" --machine "$TOP/tests/data/machine/fast.conf" --yes --quiet >/dev/null
end=$(date +%s.%N)
fake=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
echo "   36 boards (1872 cards) through libusb+umockdev, median of 3: total ${total} s (bar 5 s)"
echo "   the same with the journal on tmpfs (fsync free): total ${shm_total} s"
echo "   host CPU per card ${cpu} ms (goal 1 ms), wall per card ${wall} ms"
echo "   in-process simulator (fake transport), same fill via the CLI: ${fake} s"
echo "   ratio usb/in-process: $(awk "BEGIN { printf \"%.2f\", $total / $fake }")"
echo "   (journal fsynced per card in both; load on this machine: $(cut -d' ' -f1-3 /proc/loadavg))"
