#!/bin/sh
# tests/check_half.sh NAME BUILD [house] - one half of make check (NAME: plain or ASan+UBSan):
# with "house", the house rules on BUILD's objects first; then the Check suites
# (BUILD/check_predup), the command-line tests (tests/cli.sh on BUILD/predup) and the USB
# scenarios (BUILD/usb_machine under umockdev-wrapper), side by side. Each step's output is
# kept and printed in full only when the step fails (V=1: always); the "skip: " lines of the command-line tests are
# printed whatever happens, so that a check left out is never silent. Ends with one verdict line,
# "NAME: 23 suites, 83 scripts, USB scenarios: passed" (or "...: FAILED (steps)"), and fails
# when any step failed. Each step runs with the variables in SUITE_ENV, CLI_ENV, USB_ENV
# (ASAN_OPTIONS=... for the sanitizer half), set by the Makefile.
set -u
NAME=$1
B=$2
log=$(mktemp -d "${TMPDIR:-/tmp}/predup-check-XXXXXX")
failed=
# The command-line tests' solved tables (tests/dds_memo.c): make check gives both halves one
# directory; a half run alone keeps its own, removed with the logs.
if [ -z "${DDS_MEMO_DIR:-}" ]; then
    DDS_MEMO_DIR=$log/dds-memo
    mkdir "$DDS_MEMO_DIR"
    export DDS_MEMO_DIR
fi

# run LABEL COMMAND...: runs it, output to $log/LABEL, its exit code to $log/LABEL.rc.
run() {
    label=$1
    shift
    "$@" >"$log/$label" 2>&1
    echo $? >"$log/$label.rc"
}
# report LABEL: on failure prints that output in full (V=1: always).
report() {
    [ -f "$log/$1" ] || return 0
    if [ "$(cat "$log/$1.rc")" = 0 ]; then
        [ "${V:-0}" = 0 ] || cat "$log/$1"
    else
        echo "$NAME: $1 FAILED; its output:"
        sed 's/^/    /' "$log/$1"
        failed="$failed $1"
    fi
}

# The steps run side by side (the suites and the USB scenarios use one core each, the
# command-line tests CLI_JOBS): the reports come after, in this order. QUICK=1 (make
# check-quick): the suites and the scripts not marked slow only (tests/cli.sh).
[ "${3:-}" = house ] && run house python3 tests/tools/house.py --objects "$B" &
run suites env ${SUITE_ENV:-} "$B/check_predup" &
[ "${QUICK:-0}" = 1 ] ||
    run usb env ${USB_ENV:-} umockdev-wrapper "$B/usb_machine" --predup "$B/predup" &
run cli env ${CLI_ENV:-} CLI_QUICK="${QUICK:-0}" PREDUP="$B/predup" sh tests/cli.sh
wait
report house
report suites
report cli
if [ "${V:-0}" = 0 ] && [ "$(cat "$log/cli.rc")" = 0 ]; then # else printed already, in full
    grep "^[^ ]*: skip: \|^cli: left out" "$log/cli"
fi
[ "${V:-0}" != 0 ] || grep "^check_predup: suite .*: left out" "$log/suites"
report usb

suites=$(sed -n 's/^check_predup: \([0-9]*\) suites.*/\1/p' "$log/suites")
scripts=$(sed -n 's/^cli: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$log/cli" |
    awk '{ print $1 + $2 }')
rm -rf "$log"
usb=", USB scenarios"
[ "${QUICK:-0}" = 0 ] || usb=
if [ -n "$failed" ]; then
    echo "$NAME: ${suites:-?} suites, ${scripts:-?} scripts$usb: FAILED (${failed# })"
    exit 1
fi
echo "$NAME: $suites suites, $scripts scripts$usb: passed"
