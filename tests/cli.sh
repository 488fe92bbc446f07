#!/bin/sh
# tests/cli.sh - runs every tests/cli/*.sh against the binary in $PREDUP; each script exits
# non-zero on failure. Scripts run under bash, CLI_JOBS at a time (default: the number of
# cores), each in its own temporary directory; their reports are printed in name order.
# Prints "N passed, M failed" at the end and fails if any failed.
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
top=$(cd "$(dirname "$0")/.." && pwd)
export TOP="$top"
results=$(mktemp -d "${TMPDIR:-/tmp}/predup-cli-results-XXXXXX")
export results

# Each script: a fresh directory; leaves RESULTS/NAME.ok, or RESULTS/NAME.fail holding its log.
jobs=${CLI_JOBS:-$(nproc 2>/dev/null || echo 1)}
ls "$top"/tests/cli/*.sh | xargs -P "$jobs" -n 1 bash -c '
    name=$(basename "$1" .sh)
    work=$(mktemp -d "${TMPDIR:-/tmp}/predup-cli-XXXXXX")
    if (cd "$work" && bash "$1") >"$results/$name.log" 2>&1; then
        touch "$results/$name.ok"
    else
        mv "$results/$name.log" "$results/$name.fail"
    fi
    rm -rf "$work" "$results/$name.log"' _
pass=0 fail=0
for t in "$top"/tests/cli/*.sh; do
    name=$(basename "$t" .sh)
    if [ -f "$results/$name.ok" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $name.sh"
        [ -f "$results/$name.fail" ] && sed 's/^/    /' "$results/$name.fail" | tail -40
    fi
done
rm -rf "$results" ${wrapper:+"$wrapper"}
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
