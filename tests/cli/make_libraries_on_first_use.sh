#!/bin/bash
# tests/cli/make_libraries_on_first_use.sh - libmicrohttpd, ICU, libharu, FreeType, libqrencode,
# libusb-1.0 and libinih are loaded on first use, not linked (dealer/base/lib_open.c; HACKING.md
# "Libraries loaded on first use"): predup's NEEDED entries name none of them, nor do its libraries
# bring them or what they bring (gnutls, libstdc++, libpng, brotli, libudev: ldd), and ldd lists
# nothing but libcrypto, libz and the C runtime's (the sanitizers' are linked in); a command that
# needs none of them loads none; a fill --web loads libmicrohttpd and serves its page; an event
# file read loads libinih, its texts ICU, which names a character by ICU's name; a hand record
# loads libharu, FreeType and libqrencode, and its QR code decodes; fill --list loads libusb-1.0
# and lists the bus. Without the library (a file that does not load bound over it, in a mount
# namespace of the test's own) the command that needs it fails with exit code 70 naming the
# library, its Debian package and the loader's reason, and writes nothing; a command that does not
# need it works.
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

# 1. Linked: none of them, and nothing else but the C runtime (under ASan its libgcc_s: the
# sanitizer runtimes are linked in statically, HACKING.md "Test speed").
LAZY='libmicrohttpd|libicu|libhpdf|libfreetype|libqrencode|libusb|libinih'
readelf -d "$P" | grep NEEDED >needed.txt || fail "readelf -d $P"
! grep -E "$LAZY" needed.txt || fail "predup links: $(cat needed.txt)"
ldd "$P" >ldd.txt || fail "ldd $P"
! grep -E "$LAZY|libgnutls|libpng|libbrotli|libudev" ldd.txt || fail "predup's libraries bring one"
# libstdc++ came with ICU alone
! grep 'libstdc++' ldd.txt || fail "predup's libraries bring libstdc++"
# A library a start binds that is none of these is a new cost of every start: load it on first
# use (HACKING.md "Libraries loaded on first use") or name it here.
! grep -Ev '^[[:space:]]*(linux-vdso|/lib64/ld-linux|lib(crypto|z|m|c|gcc_s)\.so)' \
    ldd.txt || fail "predup links a library not known here"

# 2. A command that needs none loads none (a fill without --web, a deal, a convert).
LD_DEBUG=files "$P" sim set.pbn --machine sim >out.txt 2>ld.txt || fail "a sim fill failed"
LD_DEBUG=files "$P" deal --key ev.key --boards 2 -o d.pbn --quiet 2>>ld.txt || fail "a deal failed"
LD_DEBUG=files "$P" convert d.pbn d.lin 2>>ld.txt >/dev/null || fail "a convert failed"
! grep -E "file=($LAZY)" ld.txt || fail "a command that needs none loaded one"
# loaded NAME FILE: the soname of the library NAME... that FILE's LD_DEBUG lines show loaded by
# dlopen (on first use), or fails.
loaded() {
    local so
    so=$(sed -n "s/^ *[0-9]*:[[:space:]]*file=\($1[^ ]*\) \[0\];  dynamically loaded by .*/\1/p" "$2")
    [ -n "$so" ] || { grep -v '^ *[0-9]*:' "$2"; fail "$1 was not loaded on first use"; }
    echo "$so"
}

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
mhd=$(loaded libmicrohttpd err.txt)

# 4. An event's texts load ICU, which names the character refused.
printf '[event]\nname = Club\302\240pairs\npublic_form = integer\ndelayed_value = the draw of 2026.11.22\n[set a]\nboards = 1\n' >nbsp.conf
printf '[event]\nname = Club pairs\npublic_form = integer\ndelayed_value = the draw of 2026.11.22\n[set a]\nboards = 1\n' >plain.conf
rc=0; LD_DEBUG=files "$P" event commit nbsp.conf >out.txt 2>err.txt || rc=$?
[ "$rc" = 65 ] && grep -q 'name: character 5 is U+00A0 NO-BREAK SPACE, which does not show' err.txt ||
    { grep -v '^ *[0-9]*:' err.txt; fail "nbsp.conf: exit $rc"; }
icu=$(loaded libicui18n err.txt)
inih=$(loaded libinih err.txt) # the event file's reading

# 4b. A hand record loads libharu, FreeType and libqrencode; its PDF is whole, its code decodes.
LD_DEBUG=files "$P" print record set.pbn -o record.pdf --quiet >out.txt 2>err.txt ||
    { grep -v '^ *[0-9]*:' err.txt; fail "print record failed"; }
hpdf=$(loaded libhpdf err.txt)
ft=$(loaded libfreetype err.txt)
qr=$(loaded libqrencode err.txt)
pdf_checked record.pdf || fail "record.pdf"
pdftoppm -r 150 -gray -png record.pdf page
zbarimg --quiet --raw page*.png >code.txt 2>/dev/null || fail "record.pdf: no QR code read"
[ "$(cat code.txt)" = "1 N NONE $(tr -d '\r' <set.pbn | sed -n 's/^\[Deal "\(.*\)"\]/\1/p')" ] ||
    fail "record.pdf: its QR code says $(cat code.txt)"

# 4c. fill --list loads libusb-1.0 and lists the USB bus.
LD_DEBUG=files "$P" fill --list >out.txt 2>err.txt || { grep -v '^ *[0-9]*:' err.txt; fail "fill --list failed"; }
grep -q '^USB devices predup sees:$' out.txt || fail "fill --list: $(cat out.txt)"
usb=$(loaded libusb-1.0 err.txt)

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
    # cannot_load_says SONAME NAME PACKAGE COMMAND...: predup's COMMAND without SONAME exits 70
    # naming NAME, PACKAGE and the loader's reason.
    cannot_load_says() {
        local so=$1 name=$2 package=$3
        shift 3
        cannot_load "$so" "$P" "$@"
        [ "$rc" = 70 ] &&
            grep -Eq "^predup $1: error: cannot load $name \(Debian package $package\): .*$so: .+" err.txt ||
            { cat err.txt; fail "predup $* without $name: exit $rc"; }
    }
    for lib in "$hpdf libharu libhpdf-[0-9.]+" "$ft FreeType libfreetype6" "$qr libqrencode libqrencode4"; do
        cannot_load_says $lib print record set.pbn -o lost.pdf --quiet
        [ ! -e lost.pdf ] || fail "print record without ${lib#* } wrote lost.pdf"
    done
    cannot_load "$qr" "$P" print record set.pbn -o noqr.pdf --quiet --no-qr
    [ "$rc" = 0 ] && pdf_checked noqr.pdf || { cat err.txt; fail "print record --no-qr without libqrencode: exit $rc"; }
    cannot_load_says "$usb" libusb-1.0 libusb-1.0-0 fill --list
    ! grep -q '^  bus ' out.txt || fail "fill --list without libusb-1.0 listed a device"
    cannot_load "$usb" "$P" sim set.pbn --machine sim
    [ "$rc" = 0 ] || { cat err.txt; fail "a sim fill without libusb-1.0: exit $rc"; }
    rm -f plain.key plain.record
    cannot_load_says "$inih" libinih libinih1 event commit plain.conf
    [ ! -e plain.key ] && [ ! -e plain.record ] || fail "event commit without libinih wrote something"
    cannot_load "$hpdf" "$P" event commit plain.conf
    [ "$rc" = 0 ] || { cat err.txt; fail "event commit without libharu: exit $rc"; }
fi
echo "make_libraries_on_first_use: ok"
