#!/bin/sh
# tests/cli.sh - runs every tests/cli/*.sh against the binary in $PREDUP; each script exits
# non-zero on failure. Scripts run under bash, CLI_JOBS at a time (default: the number of
# cores), each in its own temporary directory, in the C locale (messages, sorting and
# pattern matching must not depend on the machine's locale); their reports are printed in name
# order. A script that leaves part of its checks out (a tool or the corpus missing) says so on
# a line starting "skip: "; those lines are printed for passing scripts too, so that a check
# left out is never silent. A failing script's output is printed in full. Prints "N passed,
# M failed" and the slowest scripts (CLI_SLOWEST of
# them, default 5, with their seconds) at the end, and fails if any failed.
# Paths may hold spaces (the script names go to xargs NUL-separated).
set -u
: "${PREDUP:?set PREDUP to the predup binary}"
PREDUP=$(cd "$(dirname "$PREDUP")" && pwd)/$(basename "$PREDUP")
# VALGRIND="valgrind ..." runs every predup call of the tests under it (make valgrind).
if [ -n "${VALGRIND:-}" ]; then
    wrapper=$(mktemp "${TMPDIR:-/tmp}/predup-vg-XXXXXX")
    printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$VALGRIND" "$PREDUP" > "$wrapper"
    chmod +x "$wrapper"
    PREDUP=$wrapper
fi
export PREDUP
# make check's libdds (tests/dds_memo.c, HACKING.md "Test speed"): with DDS_MEMO_DIR set and
# the memo library built beside PREDUP, a deal's table is solved once per run.
memo=$(dirname "$PREDUP")/dds-memo
if [ -n "${DDS_MEMO_DIR:-}" ] && [ -f "$memo/libdds.so.0" ]; then
    LD_LIBRARY_PATH="$memo${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export LD_LIBRARY_PATH DDS_MEMO_DIR
fi
LC_ALL=C
export LC_ALL
top=$(cd "$(dirname "$0")/.." && pwd)
export TOP="$top"
results=$(mktemp -d "${TMPDIR:-/tmp}/predup-cli-results-XXXXXX")
export results

# Each script: a fresh directory; leaves RESULTS/NAME.ok (its "skip: " lines), or
# RESULTS/NAME.fail holding its log.
jobs=${CLI_JOBS:-$(nproc 2>/dev/null || echo 1)}
# make check's speed (issue 30): a script whose head has a line "# cli: slow - WHY" starts
# first (the long ones do not end the run on one core) and is left out when CLI_QUICK=1 (make
# check-quick); one with "# cli: plain only - WHY" (it runs no C code of predup worth a
# sanitizer: python, grep, make; or only commands other scripts run under it, HACKING.md "Test
# speed") is left out when CLI_HALF=san (make check's ASan+UBSan half).
# Either is named on one "cli: ... left out" line, never silent.
marked() { head -60 "$2" | grep -q "^# cli: $1 - "; }
out= slow= plain=
for t in "$top"/tests/cli/*.sh; do
    if [ "${CLI_QUICK:-0}" = 1 ] && marked slow "$t"; then
        slow="$slow $(basename "$t" .sh)"
    elif [ "${CLI_HALF:-}" = san ] && marked "plain only" "$t"; then
        plain="$plain $(basename "$t" .sh)"
    fi
done
out="$slow$plain"
[ -z "$slow" ] || echo "cli: left out, slow (make check runs them):$slow"
[ -z "$plain" ] || echo "cli: left out, plain only (the plain half runs them):$plain"
left_out() { case " $out " in *" $(basename "$1" .sh) "*) return 0 ;; esac; return 1; }
for t in "$top"/tests/cli/*.sh; do marked slow "$t" && ! left_out "$t" && printf '%s\0' "$t"; done >"$results/order"
for t in "$top"/tests/cli/*.sh; do marked slow "$t" || left_out "$t" || printf '%s\0' "$t"; done >>"$results/order"
# Under the sanitizers (CLI_HALF=san), their reports go to files RESULTS/NAME.san.PID, not to
# stderr: a script fails when one is there, whatever exit codes it expected (a sanitizer exits
# 1, which a check of a refusal's exit code could take for the refusal itself).
xargs -0 -P "$jobs" -n 1 bash -c '
    name=$(basename "$1" .sh)
    work=$(mktemp -d "${TMPDIR:-/tmp}/predup-cli-XXXXXX")
    t0=$(date +%s)
    if [ "${CLI_HALF:-}" = san ]; then
        q=$(printf "\047") # quoted: the path may hold spaces
        export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}log_path=$q$results/$name.san$q"
        export UBSAN_OPTIONS="${UBSAN_OPTIONS:-}${UBSAN_OPTIONS:+:}log_path=$q$results/$name.san$q"
    fi
    if (cd "$work" && bash "$1") >"$results/$name.log" 2>&1 &&
        ! ls "$results/$name".san.* >/dev/null 2>&1; then
        grep "^skip: " "$results/$name.log" >"$results/$name.ok"
    else
        for r in "$results/$name".san.*; do
            [ -f "$r" ] && { echo "a sanitizer report ($(basename "$r")):"; cat "$r"; }
        done >>"$results/$name.log"
        mv "$results/$name.log" "$results/$name.fail"
    fi
    echo "$(($(date +%s) - t0)) $name" >"$results/$name.time"
    rm -rf "$work" "$results/$name.log"' _ <"$results/order"
pass=0 fail=0
for t in "$top"/tests/cli/*.sh; do
    left_out "$t" && continue
    name=$(basename "$t" .sh)
    if [ -f "$results/$name.ok" ]; then
        pass=$((pass + 1))
        sed "s/^/$name.sh: /" "$results/$name.ok"
    else
        fail=$((fail + 1))
        echo "FAIL: $name.sh"
        [ -f "$results/$name.fail" ] && sed 's/^/    /' "$results/$name.fail" # in full
    fi
done
# The longest scripts, for whoever watches the test command's time.
slowest=$(cat "$results"/*.time 2>/dev/null | sort -rn | head -"${CLI_SLOWEST:-5}" |
    awk '{ printf "%s%s %ss", (NR > 1 ? ", " : ""), $2, $1 }')
rm -rf "$results" ${wrapper:+"$wrapper"}
echo "cli: $pass passed, $fail failed (slowest: $slowest)"
[ "$fail" -eq 0 ]
