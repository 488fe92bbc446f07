#!/bin/sh
# tests/cli.sh - runs every tests/cli/*.sh against the binary in $PREDUP; each script exits
# non-zero on failure. Scripts run under bash. Prints "N passed, M failed" at the end and fails if any failed.
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
pass=0 fail=0
for t in "$top"/tests/cli/*.sh; do
    [ -f "$t" ] || continue
    work=$(mktemp -d "${TMPDIR:-/tmp}/predup-cli-XXXXXX")
    if (cd "$work" && bash "$t") >"$work.log" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $(basename "$t")"
        sed 's/^/    /' "$work.log" | tail -40
    fi
    rm -rf "$work" "$work.log"
done
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
