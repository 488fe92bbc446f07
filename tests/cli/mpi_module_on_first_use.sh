#!/bin/bash
# tests/cli/mpi_module_on_first_use.sh - OpenMPI is predup's MPI module, loaded only under
# mpirun (dealer/run/mpi_module.c, HACKING.md "The camera module"): predup's NEEDED entries name
# no libmpi (it and the libraries it brings cost every start 1 ms of CPU), a plain dealer run
# loads neither the module nor libmpi, a run under mpirun loads the module from beside the
# program on every rank and prints what a plain run prints; without the module (predup copied
# alone) a plain run works and a run under mpirun fails with exit code 70, the rank and the
# file named; a file there that is not this predup's MPI module is named with the reason.
# cli: slow - mpirun starts ranks
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # mpi
fail() { echo "mpi_module_on_first_use: $*"; exit 1; }
nosum() { grep -v '^Time needed'; }
[ -z "${VALGRIND:-}" ] || { echo "skip: predup is valgrind's wrapper script here: no binary to read"; exit 0; }
printf 'produce 4\naction printpbn\n' > x.dl

# 1. predup links no part of OpenMPI; its module lies beside it and is linked with libmpi
readelf -d "$P" >needed.txt || fail "readelf $P failed"
grep -q NEEDED needed.txt || fail "readelf shows no NEEDED entry"
! grep -E 'NEEDED.*(libmpi|libopen-rte|libopen-pal|libhwloc|libevent)' needed.txt ||
    fail "predup links OpenMPI: $(grep -E 'mpi|open-|hwloc|libevent' needed.txt)"
[ -f "$(dirname "$P")/predup-mpi.so" ] || fail "no predup-mpi.so beside $P"
readelf -d "$(dirname "$P")/predup-mpi.so" | grep -q 'NEEDED.*libmpi' ||
    fail "predup-mpi.so does not link libmpi"

# 2. a plain run loads nothing of MPI; under mpirun every rank loads the module, and the job
# prints what the plain run prints
LD_DEBUG=files "$P" dealer -s 3 x.dl >out.txt 2>ld.txt || fail "a plain dealer run failed"
nosum <out.txt >plain.txt
! grep -E 'predup-mpi|libmpi|libopen-' ld.txt || fail "a plain run loaded MPI's code"
grep -q '^\[Deal ' plain.txt || fail "a plain run dealt nothing"
mpi 2 env LD_DEBUG=files "$P" dealer -s 3 x.dl >out.txt 2>ld.txt ||
    { grep -v '^ *[0-9]*:' ld.txt; fail "2 ranks failed"; }
nosum <out.txt >two.txt
cmp plain.txt two.txt || fail "2 ranks print otherwise than a plain run"
[ "$(grep -c 'file=.*/predup-mpi.so .*\[0\];  dynamically loaded by' ld.txt)" = 2 ] ||
    fail "the 2 ranks did not each load predup-mpi.so"

# 3. predup alone, without its module: a plain run works; under mpirun it fails with 70,
# each rank naming itself and the file (rank 1 alone without it: rank 1's message, once)
mkdir alone
cp "$P" alone/predup
alone/predup dealer -s 3 x.dl >out.txt 2>err.txt || { cat err.txt; fail "predup alone: a plain run failed"; }
nosum <out.txt | cmp plain.txt - || fail "predup alone: a plain run printed otherwise"
prefix=$(cat "$(dirname "$P")/prefix.txt" 2>/dev/null || echo /usr/local)
installed=$prefix/lib/predup/predup-mpi.so
if [ -e "$installed" ]; then
    echo "skip: $installed is installed: the missing module's message not checked"
else
    why="the MPI module is missing: no $PWD/alone/predup-mpi.so nor $installed (make builds it beside predup, make install puts it in $prefix/lib/predup)"
    rc=0
    mpi 2 alone/predup dealer -s 3 x.dl >out.txt 2>err.txt || rc=$?
    [ "$rc" = 70 ] || { cat err.txt; fail "2 ranks without the module: exit $rc, not 70"; }
    # every rank fails alike; mpirun ends the job at the first one's exit, so one or both say so
    grep '^predup dealer: error: ' err.txt >said.txt || true
    [ -s said.txt ] && ! sed -E 's/^predup dealer: error: rank [01]: //' said.txt | grep -vxF "$why" ||
        { cat err.txt; fail "2 ranks without the module: the ranks' messages"; }
    [ ! -s out.txt ] || fail "2 ranks without the module printed on stdout"
    rc=0
    mpi 1 "$P" dealer -s 3 x.dl : -np 1 alone/predup dealer -s 3 x.dl >out.txt 2>err.txt || rc=$?
    [ "$rc" = 70 ] || { cat err.txt; fail "rank 1 without the module: exit $rc, not 70"; }
    [ "$(grep -c '^predup dealer: error: ' err.txt)" = 1 ] &&
        grep -qxF "predup dealer: error: rank 1: $why" err.txt ||
        { cat err.txt; fail "rank 1 without the module: its message"; }
    [ ! -s out.txt ] || fail "rank 1 without the module: the job printed on stdout"
fi

# 4. a file there that is no module, or another module: named, with the reason, exit 70
printf 'not a shared object\n' >alone/predup-mpi.so
rc=0
mpi 1 alone/predup analyze x.dl >out.txt 2>err.txt || rc=$?
[ "$rc" = 70 ] || { cat err.txt; fail "a broken module: exit $rc, not 70"; }
grep -q "^predup analyze: error: rank 0: cannot load the MPI module $PWD/alone/predup-mpi.so: .*predup-mpi.so: .*" err.txt ||
    { cat err.txt; fail "a broken module's message"; }
cp "$(dirname "$P")/predup-camera.so" alone/predup-mpi.so
rc=0
mpi 1 alone/predup dealer -s 3 x.dl >out.txt 2>err.txt || rc=$?
[ "$rc" = 70 ] || { cat err.txt; fail "a foreign module: exit $rc, not 70"; }
grep -qxF "predup dealer: error: rank 0: $PWD/alone/predup-mpi.so is not an MPI module of this predup (no table lmpi_module): build and install both from one tree" err.txt ||
    { cat err.txt; fail "a foreign module's message"; }
echo "mpi_module_on_first_use: ok"
