#!/bin/sh
# tests/cli/machine_camera_module.sh - the camera machine's code is a module loaded on first use
# (machine/camera_module.c, HACKING.md "The camera module"): predup links none of libvips,
# GStreamer and zbar (their ~110 libraries cost every start 25 ms), a command that is not the
# camera's never loads the module, a camera fill loads it from beside the program and fills;
# without the module (predup copied alone) the camera's commands fail with exit code 70
# naming the file, every other command works; a module that does not load is named with the
# loader's reason.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
fail() { echo "machine_camera_module: $*"; exit 1; }
set_dealt 1
# each fill its own copy of the set (a set's rehearsal journal belongs to one machine)
for f in sim cam alone; do cp set.pbn $f.pbn; done

[ -z "${VALGRIND:-}" ] || { echo "skip: predup is valgrind's wrapper script here: no binary to read"; exit 0; }

# 1. predup's own libraries: none of the camera's, and fewer than 60 (the camera's brought 110+)
ldd "$P" >ldd.txt || fail "ldd $P failed"
! grep -E 'vips|gst|zbar' ldd.txt || fail "predup links a camera library"
[ "$(wc -l <ldd.txt)" -lt 60 ] || fail "predup links $(wc -l <ldd.txt) libraries"
[ -f "$(dirname "$P")/predup-camera.so" ] || fail "no predup-camera.so beside $P"

# 2. a command that is not the camera's never loads it; a camera fill does, and fills
LD_DEBUG=files "$P" sim sim.pbn --machine sim >out.txt 2>ld.txt || fail "sim fill failed"
! grep -E 'predup-camera|libvips|libgst|libzbar' ld.txt || fail "a sim fill loaded the camera's code"
LD_DEBUG=files "$P" sim cam.pbn --machine "$TOP/config/machines/camera-sim.conf" \
    >out.txt 2>ld.txt || { cat out.txt; grep -v '^ *[0-9]*:' ld.txt; fail "camera fill failed"; }
grep -q '^filled cam.pbn: 1 good, 0 bad; 52 cards placed' out.txt || fail "camera fill: not 1 good"
grep -q 'file=.*/predup-camera.so .*\[0\];  dynamically loaded by' ld.txt ||
    fail "the camera fill did not load predup-camera.so"
grep -q 'file=libvips' ld.txt || fail "the camera fill did not load libvips"

# 3. predup alone, without its module: the camera's commands fail with 70 and name the file
mkdir alone
cp "$P" alone/predup
prefix=$(cat "$(dirname "$P")/prefix.txt" 2>/dev/null || echo /usr/local)
installed=$prefix/lib/predup/predup-camera.so
if [ -e "$installed" ]; then
    echo "skip: $installed is installed: the missing module's message not checked"
else
    rc=0
    alone/predup sim cam.pbn --machine "$TOP/config/machines/camera-sim.conf" \
        >out.txt 2>err.txt || rc=$?
    [ "$rc" = 70 ] || { cat err.txt; fail "a camera fill without the module: exit $rc, not 70"; }
    want="predup sim: error: the camera module is missing: no $PWD/alone/predup-camera.so nor $installed (make builds it beside predup, make install puts it in $prefix/lib/predup)"
    [ "$(cat err.txt)" = "$want" ] || { cat err.txt; fail "the missing module's message"; }
    [ ! -s out.txt ] || fail "a camera fill without the module printed on stdout"
    rc=0
    alone/predup machine recognize --calibration x.cal x.png >out.txt 2>err.txt || rc=$?
    [ "$rc" = 70 ] && grep -q "^predup machine: error: the camera module is missing: no $PWD/alone/predup-camera.so" err.txt ||
        { cat err.txt; fail "machine recognize without the module: exit $rc"; }
    rc=0
    alone/predup machine calibrate --images x.tsv -o x.cal >out.txt 2>err.txt || rc=$?
    [ "$rc" = 70 ] && grep -q "the camera module is missing" err.txt ||
        { cat err.txt; fail "machine calibrate without the module: exit $rc"; }
fi
alone/predup sim alone.pbn --machine sim >out.txt 2>&1 || fail "predup alone: a sim fill failed"
grep -q '^filled alone.pbn: 1 good, 0 bad' out.txt || fail "predup alone: the sim fill"

# 4. a file there that is no module: named, with the loader's reason, exit 70
printf 'not a shared object\n' >alone/predup-camera.so
rc=0
alone/predup machine recognize --calibration x.cal x.png >out.txt 2>err.txt || rc=$?
[ "$rc" = 70 ] || { cat err.txt; fail "a broken module: exit $rc, not 70"; }
grep -q "^predup machine: error: cannot load the camera module $PWD/alone/predup-camera.so: .*predup-camera.so: .*" err.txt ||
    { cat err.txt; fail "a broken module's message"; }
echo "machine_camera_module: ok"
