# tests/cli/read_binary_not_a_set.sh - a PDF (or an image, an archive, a program) given where
# a set, a script or a terms file is wanted is named as what it is, by the one check every
# input passes (pd_read_input; issue 32, item 9), instead of a parse error quoting its bytes:
# "h.pdf is a PDF, not a set of boards", exit 65, nothing written.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
fixed_key k.key k
"$P" deal --key k.key --boards 1-2 -o s.pbn --quiet
"$P" print record s.pbn -o h.pdf --quiet
printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR' > card.png
says() { # says NAME TEXT ARGS...: predup ARGS exits 65, stderr exactly TEXT, no out.*
    local name=$1 text=$2 rc=0
    shift 2
    "$P" "$@" > out 2> err || rc=$?
    [ "$rc" = 65 ] && [ "$(cat err)" = "$text" ] && [ -z "$(ls out.* 2>/dev/null)" ] ||
        { echo "FAIL $name: exit $rc: $(head -c 300 err)"; failed="$failed $name"; }
}
says print 'predup print: error: h.pdf is a PDF, not a set of boards' print record h.pdf -o out.pdf
says verify 'predup verify: error: h.pdf is a PDF, not a set of boards' verify --key k.key h.pdf
says convert 'predup convert: error: h.pdf is a PDF, not a set of boards' convert h.pdf out.dup
says check 'predup check: error: h.pdf is a PDF, not a PBN file' check h.pdf
says script 'predup deal: error: h.pdf is a PDF, not a dealer script' deal --key k.key --script h.pdf --boards 1 -o out.pbn
says png 'predup print: error: card.png is a PNG image, not a set of boards' print record card.png -o out.pdf
"$P" check s.pbn > /dev/null || failed="$failed set-still-reads"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
