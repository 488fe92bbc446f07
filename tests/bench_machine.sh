#!/bin/sh
# tests/bench_machine.sh - `make bench` rows for the machine: a 36-board fill (1,872 cards) at
# zero mechanical delay through the real libusb code and umockdev (build/usb_machine --bench),
# against the same fill in-process (the fake transport, via the CLI): no other program fills
# boards, so the in-process run is the peer. Also the fill with the journal on tmpfs and the
# host CPU per card (goal 1 ms). Rows "case|predup|peer|ratio"; seconds, lower is better.
set -u
: "${PREDUP:?}" "${TOP:?}"
make -s -C "$TOP" build/usb_machine >/dev/null || { echo "usb fill: cannot build usb_machine|-|-|-"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/predup-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
usb_run() { TMPDIR="$1" umockdev-wrapper "$TOP/build/usb_machine" --bench | grep '^BENCH' | head -1; }
field() { echo "$1" | sed "s/.*$2=\([0-9.]*\).*/\1/"; }
line=$(usb_run "$work")
total=$(field "$line" total_s)
cpu=$(field "$line" cpu_ms_per_card)
shm_total=-
if [ -d /dev/shm ]; then
    shm=$(mktemp -d /dev/shm/predup-bench-XXXXXX)
    shm_total=$(field "$(usb_run "$shm")" total_s)
    rm -rf "$shm"
fi
"$PREDUP" key new "$work/k" >/dev/null
"$PREDUP" deal --key "$work/k" --boards 1-36 -o "$work/set.pbn" --quiet
start=$(date +%s.%N)
"$PREDUP" fill "$work/set.pbn" --machine "$TOP/tests/data/machine/fast.conf" --yes --quiet >/dev/null
end=$(date +%s.%N)
fake=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b; else print "-" }'; }
echo "36-board fill via libusb + umockdev, s (bar 5) vs in-process|$total|$fake|$(ratio "$fake" "$total")"
echo "the same, journal on tmpfs, s vs in-process|$shm_total|$fake|$(ratio "$fake" "$shm_total")"
echo "host CPU per card, ms (goal 1)|$cpu|-|-"
