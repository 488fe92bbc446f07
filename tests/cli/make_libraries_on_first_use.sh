#!/bin/bash
# tests/cli/make_libraries_on_first_use.sh - libmicrohttpd and ICU are loaded on first use, not
# linked (dealer/base/lib_open.c; HACKING.md "Libraries loaded on first use"): predup's NEEDED
# entries name neither, nor do its libraries bring them, gnutls (libmicrohttpd's) or libstdc++
# (ICU's: ldd), a command that needs neither loads neither, a fill --web loads libmicrohttpd
# and serves its page, an event's texts load ICU and name a character by ICU's name; without
# the library (a file that does not load bound over it, in a mount namespace of the test's own)
# the command that needs it fails with exit code 70 naming the library, its Debian package and
# the loader's reason, and nothing else changes.
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
. "$TOP/tests/lib_cli.sh"
fail() { echo "make_libraries_on_first_use: $*"; exit 1; }
[ -z "${VALGRIND:-}" ] || { echo "skip: predup is valgrind's wrapper script here: no binary to read"; exit 0; }
set_dealt 1
cp set.pbn web.pbn
pids=
trap 'for p in $pids; do kill $p 2>/dev/null || true; done' EXIT

# 1. Linked: none of them.
readelf -d "$P" | grep NEEDED >needed.txt || fail "readelf -d $P"
! grep -E 'libmicrohttpd|libicu' needed.txt || fail "predup links: $(cat needed.txt)"
ldd "$P" >ldd.txt || fail "ldd $P"
! grep -E 'libmicrohttpd|libgnutls|libicu' ldd.txt || fail "predup's libraries bring one"
# libstdc++ came with ICU alone (under ASan the sanitizer's runtime brings it)
grep -q libasan ldd.txt || ! grep 'libstdc++' ldd.txt || fail "predup's libraries bring libstdc++"

# 2. A command that needs neither loads neither (a fill without --web, a deal).
LD_DEBUG=files "$P" sim set.pbn --machine sim >out.txt 2>ld.txt || fail "a sim fill failed"
LD_DEBUG=files "$P" deal --key ev.key --boards 2 -o d.pbn --quiet 2>>ld.txt || fail "a deal failed"
! grep -E 'file=(libmicrohttpd|libicu)' ld.txt || fail "a command that needs neither loaded one"

# 3. fill --web loads libmicrohttpd on its first use and serves the page.
LD_DEBUG=files timeout 60 "$P" fill web.pbn --machine "$TOP/tests/data/machine/fast.conf" \
    --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
pids=$!
url=$(python3 "$D" url err.txt) || { cat err.txt; fail "no operator page"; }
mkdir seen
python3 "$D" http "$url" seen >drive.txt 2>&1 || fail "the page's server: $(cat drive.txt)"
wait "$pids" || { grep -v '^ *[0-9]*:' err.txt; fail "fill --web failed"; }
grep -q '<html' seen/page.html || fail "no page served"
grep -q '"good":1,"bad":0' seen/states.txt || fail "the page's state: $(tail -1 seen/states.txt)"
mhd=$(sed -n 's/^ *[0-9]*:[[:space:]]*file=\(libmicrohttpd[^ ]*\) \[0\];  dynamically loaded by .*/\1/p' err.txt)
[ -n "$mhd" ] || fail "fill --web did not load libmicrohttpd on first use"

# 4. An event's texts load ICU, which names the character refused.
printf '[event]\nname = Club\302\240pairs\npublic_form = integer\ndelayed_value = the draw of 2026.11.22\n[set a]\nboards = 1\n' >nbsp.conf
printf '[event]\nname = Club pairs\npublic_form = integer\ndelayed_value = the draw of 2026.11.22\n[set a]\nboards = 1\n' >plain.conf
rc=0; LD_DEBUG=files "$P" event commit nbsp.conf >out.txt 2>err.txt || rc=$?
[ "$rc" = 65 ] && grep -q 'name: character 5 is U+00A0 NO-BREAK SPACE, which does not show' err.txt ||
    { grep -v '^ *[0-9]*:' err.txt; fail "nbsp.conf: exit $rc"; }
icu=$(sed -n 's/^ *[0-9]*:[[:space:]]*file=\(libicui18n[^ ]*\) \[0\];  dynamically loaded by .*/\1/p' err.txt)
[ -n "$icu" ] || fail "the event's texts did not load ICU on first use"

# 5. Without the library: exit 70, the library, its package and the loader's reason named.
# cannot_load SONAME COMMAND...: runs COMMAND with /dev/null bound over SONAME's file.
cannot_load() {
    local lib
    lib=$(PATH=$PATH:/sbin:/usr/sbin ldconfig -p | awk -v so="$1" '$1 == so {print $NF; exit}')
    [ -n "$lib" ] || fail "ldconfig knows no $1"
    lib=$(readlink -f "$lib")
    shift
    rc=0
    unshare -rm sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$lib" "$@" >out.txt 2>err.txt || rc=$?
}
touch probe
if ! unshare -rm sh -c 'mount --bind /dev/null probe' 2>/dev/null; then
    echo "skip: no user and mount namespaces here (unshare -rm): the missing libraries not checked"
else
    cp set.pbn web2.pbn
    cannot_load "$mhd" "$P" fill web2.pbn --machine "$TOP/tests/data/machine/fast.conf" --web 127.0.0.1:0
    [ "$rc" = 70 ] && grep -Eq "^predup fill: error: cannot load libmicrohttpd \(Debian package libmicrohttpd[0-9]+\): .*$mhd: .+" err.txt ||
        { cat err.txt; fail "fill --web without libmicrohttpd: exit $rc"; }
    cmp -s set.pbn web2.pbn || fail "fill --web without libmicrohttpd changed the set"
    [ ! -s out.txt ] || fail "fill --web without libmicrohttpd printed on stdout"
    cannot_load "$icu" "$P" event commit plain.conf
    [ "$rc" = 70 ] && grep -Eq "^predup event: error: cannot load ICU \(Debian package libicu[0-9]+\): .*$icu: .+" err.txt ||
        { cat err.txt; fail "event commit without ICU: exit $rc"; }
    [ ! -e plain.key ] && [ ! -e plain.record ] || fail "event commit without ICU wrote something"
    cannot_load "$icu" "$P" sim set.pbn --machine sim
    [ "$rc" = 0 ] || { cat err.txt; fail "a sim fill without ICU: exit $rc"; }
    cannot_load "$mhd" "$P" event commit plain.conf
    [ "$rc" = 0 ] || { cat err.txt; fail "event commit without libmicrohttpd: exit $rc"; }
    "$P" verify plain.record >out.txt 2>&1 || { cat out.txt; fail "verify plain.record"; }
    cannot_load "$icu" "$P" verify plain.record # a reader of the record applies the same rules
    [ "$rc" = 70 ] && grep -Eq "^predup verify: error: cannot load ICU \(Debian package libicu[0-9]+\): " err.txt ||
        { cat err.txt; fail "verify without ICU: exit $rc"; }
fi
echo "make_libraries_on_first_use: ok"
