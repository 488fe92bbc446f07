#!/bin/sh
# tests/check_half.sh NAME BUILD [house] - one half of make check (NAME: plain or ASan+UBSan):
# with "house", the house rules on BUILD's objects first; then the Check suites
# (BUILD/check_predup), the command-line tests (tests/cli.sh on BUILD/predup) and the USB
# scenarios (BUILD/usb_machine under umockdev-wrapper). Each step's output is kept and printed in
# full only when the step fails (V=1: always); the "skip: " lines of the command-line tests are
# printed whatever happens, so that a check left out is never silent. Ends with one verdict line,
# "NAME: 23 suites, 83 scripts, USB scenarios: passed" (or "...: FAILED (steps)"), and fails
# when any step failed. Each step runs with the variables in SUITE_ENV, CLI_ENV, USB_ENV
# (ASAN_OPTIONS=... for the sanitizer half), set by the Makefile.
set -u
NAME=$1
B=$2
log=$(mktemp -d "${TMPDIR:-/tmp}/predup-check-XXXXXX")
failed=

# step LABEL COMMAND...: runs it, output to $log/LABEL; on failure prints that output in full.
step() {
    label=$1
    shift
    if "$@" >"$log/$label" 2>&1; then
        [ "${V:-0}" = 0 ] || cat "$log/$label"
    else
        echo "$NAME: $label FAILED; its output:"
        sed 's/^/    /' "$log/$label"
        failed="$failed $label"
    fi
}

[ "${3:-}" = house ] && step house python3 tests/tools/house.py --objects "$B"
step suites env ${SUITE_ENV:-} "$B/check_predup"
step cli env ${CLI_ENV:-} PREDUP="$B/predup" sh tests/cli.sh
case "${V:-0}$failed" in
0 | 0\ house) grep "^[^ ]*: skip: " "$log/cli" ;; # else printed already, in full
esac
step usb env ${USB_ENV:-} umockdev-wrapper "$B/usb_machine" --predup "$B/predup"

suites=$(sed -n 's/^check_predup: \([0-9]*\) suites.*/\1/p' "$log/suites")
scripts=$(sed -n 's/^cli: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$log/cli" |
    awk '{ print $1 + $2 }')
rm -rf "$log"
if [ -n "$failed" ]; then
    echo "$NAME: ${suites:-?} suites, ${scripts:-?} scripts, USB scenarios: FAILED (${failed# })"
    exit 1
fi
echo "$NAME: $suites suites, $scripts scripts, USB scenarios: passed"
