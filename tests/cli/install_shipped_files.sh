# tests/cli/install_shipped_files.sh - make install puts every file the help names where an
# installed predup finds it (issue 32, item 10): the documents under PREFIX/share/doc/predup
# (the tree's paths: dealer/EVENTS.md ...), the dealer scripts, the printed words' tables, the
# profiles and the demo event under PREFIX/share/predup; and the installed binary, run outside
# the tree, deals with --script minibridge by name (the installed data seen at PREFIX in a
# mount namespace of its own, where unshare works); the camera module under PREFIX/lib/predup,
# where the installed binary loads it for a camera fill, and the MPI module beside it. Only on a built tree (the test never
# builds: the build's PREFIX, so nothing is rebuilt).
# cli: slow - make install into a scratch prefix, and fills from the installed copy
set -eu
P=$PREDUP
here=$PWD
failed=""
if make -n -s -C "$TOP" install DESTDIR="$here/root" 2>/dev/null | grep -qE '^(cc|gcc|clang) '; then
    echo "skip: $TOP is not built (make predup)"; exit 0
fi
make -s -C "$TOP" install DESTDIR="$here/root" > /dev/null
data=$(find root -path '*/share/predup' -type d)
prefix=${data%/share/predup}; prefix=${prefix#root}
doc="root$prefix/share/doc/predup"
# every file the help names, as the installed tree holds it
{ for t in events formats language machine keys exit-codes; do "$P" help "$t"; done
  for c in $("$P" help 2>&1 | awk '/^  [a-z]+ /{print $1}' | sort -u); do "$P" "$c" --help 2>/dev/null || true; done
  cat "$TOP/config/predup.1"; } | grep -oE '\b(dealer|pbn|printing|machine|config)/[A-Za-z_/.-]+\.(md|ini|dl|conf)\b' |
    sort -u > named
[ "$(wc -l < named)" -ge 8 ] || { cat named; failed="$failed few-named"; }
while read -r f; do
    case $f in
    *.md) got=$doc/$f ;;
    dealer/scripts/*) got=$data/scripts/${f#dealer/scripts/} ;;
    printing/terms/*) got=$data/terms/${f#printing/terms/} ;;
    config/machines/*) got=$data/machines/${f#config/machines/} ;;
    config/events/*) got=$data/events/${f#config/events/} ;;
    *) got=root/none ;;
    esac
    cmp -s "$TOP/$f" "$got" || { echo "named $f, not installed as $got"; failed="$failed $f"; }
done < named
for f in "$TOP"/printing/terms/*.ini "$TOP"/dealer/scripts/*.dl; do
    [ -f "$data/$(basename "$(dirname "$f")")/$(basename "$f")" ] || failed="$failed $(basename "$f")"
done
cmp "$TOP/README.md" "$doc/README.md" || failed="$failed readme"
# --script NAME: the tree's script from the tree, the installed one elsewhere
"$P" key new k.key > /dev/null
(cd "$TOP" && "$P" deal --key "$here/k.key" --boards 1-3 --script minibridge -o "$here/tree.pbn" --quiet) ||
    failed="$failed by-name-tree"
mkdir -p away
if unshare -m true 2> /dev/null && [ -d "$prefix/share" ]; then
    unshare -m sh -c "mount --bind '$here/root$prefix/share' '$prefix/share' &&
        cd '$here/away' && '$here/root$prefix/bin/predup' deal --key ../k.key --boards 1-3 \
        --script minibridge -o inst.pbn --quiet" 2> err || { cat err; failed="$failed by-name-installed"; }
    cmp tree.pbn away/inst.pbn || failed="$failed installed-differs"
else
    echo "skip: no mount namespace here: the installed binary's search by name is not run"
fi
# the camera module, where the installed predup (no module beside it) finds it: a camera fill
module=root$prefix/lib/predup/predup-camera.so
cmp "$TOP/predup-camera.so" "$module" || failed="$failed camera-module" # make's, beside ./predup
# and the MPI module beside it (found there as the camera's is: dealer/base/module_open.c)
cmp "$TOP/predup-mpi.so" "root$prefix/lib/predup/predup-mpi.so" || failed="$failed mpi-module"
cp "$here/tree.pbn" away/cam.pbn
if unshare -m true 2> /dev/null && [ -d "$prefix/share" ] && [ -d "$prefix/lib" ]; then
    unshare -m sh -c "mount --bind '$here/root$prefix/share' '$prefix/share' &&
        mount --bind '$here/root$prefix/lib' '$prefix/lib' &&
        cd '$here/away' && '$here/root$prefix/bin/predup' sim cam.pbn --machine camera-sim" \
        > out 2> err || { cat err; failed="$failed camera-installed"; }
    grep -q '^filled cam.pbn: 3 good, 0 bad' out || { cat out; failed="$failed camera-fill"; }
else
    echo "skip: no mount namespace here: the installed camera module is not loaded"
fi
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
