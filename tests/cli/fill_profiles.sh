#!/bin/bash
# tests/cli/fill_profiles.sh - machine profiles by name and by path (issue 24, item 5): "usb"
# is the USB machine with the default ids, never a file; NAME is NAME.conf in the event file's
# machines/, the tree's config/machines/ or the installed ones, and a missing one names every
# full path tried; an event's relative profile path is taken from the event file's folder,
# checked before anything is written; event deal --fill with a set that names no machine is
# refused before anything is written; make install puts the profiles and the example event
# under PREFIX/share/predup.
# cli: slow - fills on the simulator for each way of naming a profile (19 s of wall, waiting on them)
set -eu
P=$PREDUP
# The messages name full paths, and a message withholds a run of letters, digits and '/' that
# looks like a key (pd_fail): a random temporary folder name joined with the words after it can
# look like one (/tmp/tmp.OhVJijWu5Q/config/machines/nosuch). Work one folder down, in a folder
# whose name starts with '_' (no key has one), so that the run is cut after the random name.
mkdir _profiles
cd _profiles
here=$(pwd)
. "$TOP/tests/lib_cli.sh"
set_dealt 1-2
fast() { printf '[machine]\nname = %s\ntransport = sim\n[sim]\ncard_ms = 0\nboard_ms = 0\n' "$1"; }

# "usb" is the built-in USB profile: no file is looked for; no machine on the bus: exit 69.
rc=0; "$P" fill set.pbn --machine usb --yes 2>err.txt || rc=$?
[ "$rc" = 69 ]
grep -q 'USB' err.txt
! grep -q 'cannot open the machine profile' err.txt || exit 1 # (a bare ! never stops set -e)

# By name from the tree's config/machines/ (the current folder), by path, and the misses.
mkdir -p config/machines
fast "club simulator" >config/machines/club.conf
"$P" sim set.pbn --machine club --journal a.journal >out.txt 2>&1
grep -q '^filled set.pbn: 2 good, 0 bad' out.txt
rc=0; "$P" fill set.pbn --machine nosuch --yes 2>err.txt || rc=$?
[ "$rc" = 74 ]
grep -q "no machine profile \"nosuch\": tried $here/config/machines/nosuch.conf, .*/share/predup/machines/nosuch.conf (sim, usb and camera are built in; see predup fill --list)" err.txt
rc=0; "$P" fill set.pbn --machine sub/x.conf --yes 2>err.txt || rc=$?
[ "$rc" = 74 ]
grep -q "sub/x.conf: cannot open the machine profile ($here/sub/x.conf)" err.txt
# ... and a path that does look like a key is never printed (keys are never printed).
rc=0; "$P" fill set.pbn --machine Hk1l38l2RsC7vhWBeA8jmKWwaCl6AfER0s/x.conf --yes 2>err.txt || rc=$?
[ "$rc" = 74 ]
grep -q "\[withheld: key-like text\]" err.txt
! grep -q "Hk1l38l2Rs" err.txt || exit 1

# fill --list: the USB devices (tests/usb_machine.c mocks one), then every profile by name,
# a file whose name is built in reached by its path only.
fast "house sim" >config/machines/sim.conf
printf '[machine]\ntransport = usb\nvid = 0x16c0\npid = 0x05dc\n' >config/machines/lab.conf
"$P" fill --list >list.txt
grep -q '^USB devices predup sees:$' list.txt
grep -q '^machine profiles (--machine NAME, or the path):$' list.txt
grep -q '^  sim  the built-in simulator$' list.txt
grep -q '^  usb  a USB machine with the default ids$' list.txt
grep -q '^  club  sim  config/machines/club.conf$' list.txt
grep -q '^  lab  usb 16c0:05dc  config/machines/lab.conf$' list.txt
grep -q '^  config/machines/sim.conf  sim  (by path: the name is taken)$' list.txt
rc=0; "$P" sim --list 2>err.txt || rc=$?
[ "$rc" = 64 ]

# An event elsewhere: its machine lines are read from its own folder, before anything is
# written.
mkdir -p far/machines
cat >far/ev.conf <<CONF
[event]
name = Profiles
date = 2026.11.26
site = Club
delayed_value = a number
public_form = integer

[set first]
boards = 1-2
print = record
machine = ../machines/sim.conf

[set second]
boards = 1
machine = house
CONF
fixed_key far/ev.key far
"$P" event commit far/ev.conf --reuse-key >/dev/null
"$P" event public far/ev.conf 42 >/dev/null
rc=0; "$P" event deal far/ev.conf --fill >out.txt 2>err.txt || rc=$?
[ "$rc" = 74 ]
grep -q "../machines/sim.conf: cannot open the machine profile ($here/far/../machines/sim.conf, relative to the event file's folder)" err.txt
[ ! -e far/ev ]
sed -i 's|^machine = ../machines/sim.conf|machine = machines/fast.conf|' far/ev.conf
fast "event's own" >far/machines/fast.conf
# "house" is searched in far/machines/ first (then the tree's, then the installed ones)
rc=0; "$P" event deal far/ev.conf --fill >out.txt 2>err.txt || rc=$?
[ "$rc" = 74 ]
grep -q "no machine profile \"house\": tried $here/far/machines/house.conf, $here/config/machines/house.conf, " err.txt
[ ! -e far/ev ]
fast "house machine" >far/machines/house.conf
# (the event file changed after the commit only in what makes the sets, not the deals)
"$P" event deal far/ev.conf --fill >out.txt 2>err.txt
grep -q 'far/ev/first.pbn: filling 1 copy of each board on far/machines/fast.conf' out.txt
grep -q 'far/ev/second.pbn: filling 1 copy of each board on house' out.txt
[ "$(grep -c '^filled ' out.txt)" = 2 ]

# --fill where no set names a machine: refused before anything is written; a set without
# one among others is said not filled.
sed -i '/^machine = house/d' far/ev.conf
rm -rf far/ev
rc=0; "$P" event deal far/ev.conf --fill --set second >out.txt 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q -- '--fill: the set names no machine: add a machine line to its section (machine = sim, usb, camera or a profile)' err.txt
[ ! -e far/ev ]
"$P" event deal far/ev.conf --fill >out.txt 2>err.txt
grep -q '^far/ev/second.pbn: not filled: the set names no machine$' out.txt
grep -q '^filled far/ev/first.pbn: 2 good' out.txt
sed -i '/^machine = machines\/fast.conf/d' far/ev.conf
rm -rf far/ev
rc=0; "$P" event deal far/ev.conf --fill >out.txt 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q -- '--fill: no set names a machine: add a machine line to its section' err.txt
[ ! -e far/ev ]

# make install: the profiles, the example event and the udev rule under PREFIX/share/predup
# (the build's PREFIX: another would rebuild predup, which the other tests are running).
# Only on a built tree: the test never builds (other tests run beside it).
if command -v make >/dev/null &&
    ! make -n -s -C "$TOP" install DESTDIR="$here/root" 2>/dev/null | grep -qE '^(cc|gcc|clang) '; then
    make -s -C "$TOP" install DESTDIR="$here/root" >/dev/null
    data=$(find root -path '*/share/predup' -type d)
    [ -n "$data" ]
    cmp "$TOP/config/machines/sim.conf" "$data/machines/sim.conf"
    cmp "$TOP/config/machines/usb-example.conf" "$data/machines/usb-example.conf"
    cmp "$TOP/config/events/demo.conf" "$data/events/demo.conf"
    cmp "$TOP/config/70-predup.rules" "$data/70-predup.rules"
    [ -x "${data%/share/predup}/bin/predup" ]
    # the installed binary searches that folder last, by name
    rc=0; "$P" fill set.pbn --machine nosuch --yes 2>err.txt || rc=$?
    grep -q "${data#root}/machines/nosuch.conf (sim, usb and camera" err.txt
else
    echo "fill_profiles: skip make install: $TOP is not built (make predup)"
fi
echo "fill_profiles: ok"
