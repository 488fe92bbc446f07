# tests/cli/event_lookalike_texts.sh - look-alikes that once passed (issue 29, item 12): a text
# must be its own NFKC and show as itself (U+2800 BRAILLE PATTERN BLANK, mathematical bold
# U+1D40F, a full-width letter, a ligature are refused), and the set names of one record must
# not be confusable under the house table (rn/m, cl/d, vv/w, 0/o, 1/l) besides ICU's. event
# commit refuses each, writing nothing; verify refuses a record made by hand with one (exit 1).
set -eu
P=$PREDUP
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
u() { printf "$1"; }
conf() { # NAME NAME-LINE SETS...
    name=$1 ename=$2
    shift 2
    { printf '[event]\nname = %s\ndelayed_value = the draw of 2026.11.26\npublic_form = integer\n' "$ename"
      for s in "$@"; do printf '[set %s]\nboards = 1\n' "$s"; done; } > "$name.conf"
}
refused() { # NAME PATTERN
    rc=0; "$P" event commit "$1.conf" > out 2> err || rc=$?
    [ "$rc" = 65 ] && grep -qF "$2" err || fail "$1: exit $rc: $(cat out err)"
    [ ! -e "$1.record" ] && [ ! -e "$1.key" ] || fail "$1: something was written"
}
conf braille "Club$(u '\342\240\200')pairs" original
refused braille 'character 5 is U+2800 BRAILLE PATTERN BLANK'
conf bold "$(u '\360\235\220\217')airs" original
refused bold 'name is not its own Unicode NFKC'
conf fullwidth "Club $(u '\357\274\241')" original
refused fullwidth 'name is not its own Unicode NFKC'
conf ligature "Club $(u '\357\254\201')ve" original
refused ligature 'name is not its own Unicode NFKC'
conf dog 'Club pairs' dog clog
refused dog 'set names "dog" and "clog" look alike (rn/m, cl/d, vv/w, 0/o, 1/l)'
conf wet 'Club pairs' wet vvet
refused wet 'set names "wet" and "vvet" look alike'
conf mod 'Club pairs' modern rnodern
refused mod '"modern" and "rnodern" look alike'
conf zero 'Club pairs' so1 s0l
refused zero '"so1" and "s0l" look alike'
conf twice 'Club pairs' original
printf '[set original2]\nboards = 1\n' >> twice.conf
"$P" event commit twice.conf > /dev/null || fail "original and original2 are not alike"

# Hand-made records (digest recomputed) with each: refused by verify.
conf good 'Club pairs' dog wet
"$P" event commit good.conf > /dev/null
forged() { # NAME SED PATTERN
    sed '/^digest /,$d' good.record | sed "$2" > params
    { cat params; printf 'digest %s\n' "$(sha256sum params | cut -d' ' -f1)"; } > "$1.record"
    rc=0; "$P" verify "$1.record" > out 2> err || rc=$?
    [ "$rc" = 1 ] && grep -qF "$3" err || fail "verify $1: exit $rc: $(cat out err)"
}
forged r-braille 's/^event .*/event Club\\u{2800}pairs/' 'character 5 is U+2800 BRAILLE PATTERN BLANK'
forged r-bold 's/^event .*/event \\u{1D40F}airs/' 'not its own Unicode NFKC'
forged r-clog 's/^set wet$/set clog/' 'set names "dog" and "clog" look alike'
forged r-vvet 's/^set dog$/set vvet/' 'set names "vvet" and "wet" look alike'
forged r-twice 's/^set wet$/set dog/' 'two sets are called "dog"'
[ -z "$failed" ] || exit 1
echo ok
