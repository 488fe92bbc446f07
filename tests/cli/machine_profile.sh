#!/bin/bash
# tests/cli/machine_profile.sh - a machine profile must name its machine: no transport, an
# empty file, a directory or a NUL byte is an error naming the file, and no journal is
# started (nothing is ever journaled as filled on a machine nobody asked for). The built-in
# simulator runs only when asked for: transport = sim, or --machine sim.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-2

refused() { # expected exit code, words of the message, then the fill's arguments
    local want=$1 words=$2 rc=0
    shift 2
    "$P" fill set.pbn --yes "$@" >out.txt 2>err.txt || rc=$?
    [ "$rc" = "$want" ] || { echo "exit $rc, not $want: $*"; cat err.txt; exit 1; }
    grep -qF -- "$words" err.txt || { echo "no \"$words\" in:"; cat err.txt; exit 1; }
    [ ! -e set.pbn.journal ] || { echo "a journal was started: $*"; exit 1; }
    [ ! -s out.txt ]
}

printf '[machine]\nname = club\nmin_confidence = 90\n' >notransport.conf
refused 65 'notransport.conf: error: the profile names no machine: add transport = sim, usb or camera under [machine]' --machine notransport.conf
: >empty.conf
refused 65 'empty.conf: error: the machine profile is empty' --machine empty.conf
printf '# only a comment\n\n' >comments.conf
refused 65 'comments.conf: error: the machine profile is empty' --machine comments.conf
mkdir profdir
refused 64 './profdir is a directory: --machine wants a profile file' --machine ./profdir
printf '[machine]\ntransport = sim\nna\0me = x\n' >nul.conf
refused 65 'nul.conf:3:3: error: NUL byte' --machine nul.conf
# predup sim refuses them too
rc=0; "$P" sim set.pbn --machine notransport.conf >/dev/null 2>err.txt || rc=$?
[ "$rc" = 65 ]
grep -qF 'names no machine' err.txt

# By name: the built-in simulator, every board audited.
"$P" fill set.pbn --machine sim --yes >out.txt 2>err.txt
grep -q '^filled set.pbn: 2 good, 0 bad' out.txt
grep -q '^simulator audit: 2 boards' out.txt
"$P" fill --help | grep -q -- '--machine NAME|FILE.conf'
