#!/bin/bash
# tests/cli/mpi_unprivileged.sh - `predup dealer` under mpirun as a user without
# CAP_SYS_PTRACE (nobody, when the tests run as root): predup is not dumpable, so OpenMPI's
# shared-memory single copy (process_vm_readv of the other rank) is refused; predup turns it
# off, and a run whose blocks are large messages prints nothing on stderr and the deals of a
# plain run. (It printed "Read -1, expected N, errno = 1" once per block.)
# cli: slow - mpirun starts ranks
set -eu
fail() { echo "FAIL: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }
export SOURCE_DATE_EPOCH=1700000000

as_user=()
if [ "$(id -u)" = 0 ]; then
    if ! command -v runuser >/dev/null || ! id nobody >/dev/null 2>&1 ||
        ! runuser -u nobody -- test -x "$PREDUP"; then
        echo "skip: no user nobody (or it cannot run $PREDUP) to run mpirun as"
        echo ok
        exit 0
    fi
    as_user=(runuser -u nobody --)
fi
# The script where that user can read it; outputs are written by this shell.
pub=$(mktemp -d "${TMPDIR:-/tmp}/predup-mpi-pub-XXXXXX")
trap 'rm -rf "$pub"' EXIT
chmod 755 "$pub"
printf 'produce 20000\ncondition hcp(north) > 10\naction printoneline\n' > "$pub/one.dl"
chmod 644 "$pub/one.dl"

"$PREDUP" dealer -s 1 "$pub/one.dl" | nosum > plain.txt
[ "$(grep -c '^n ' plain.txt)" = 20000 ] || fail "plain run: 20000 deals"
# mpirun starts the ranks in its working directory: one that user can enter.
rc=0
"${as_user[@]}" env ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
    mpirun --oversubscribe --wdir "$pub" -np 2 "$PREDUP" dealer -s 1 one.dl > ranks.txt \
    2> err.txt || rc=$?
[ "$rc" = 0 ] || fail "2 ranks as ${as_user[*]:-$(id -un)}: exit $rc: $(head -3 err.txt)"
[ ! -s err.txt ] || fail "2 ranks printed on stderr: $(head -3 err.txt)"
nosum < ranks.txt | cmp - plain.txt || fail "2 ranks differ from a plain run"
echo ok
