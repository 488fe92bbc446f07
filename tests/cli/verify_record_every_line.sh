# tests/cli/verify_record_every_line.sh - every line of a record has a rule, and verify applies
# it to a record made by hand (its digest recomputed): the date and generator lines too, which
# once took U+202E and control bytes (issue 29, item 11), the commitment, the board range, the
# script hash. Each is refused with exit 1 and the rule named; the record untouched, and the
# date's other allowed spellings, pass.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
failed=""
fail() { echo "FAIL: $*"; failed="$failed x"; }
cat > ev.conf <<'CONF'
[event]
name = Line pairs
date = 2026.11.27
delayed_value = the first number drawn in the lottery on 2026.11.26
public_form = integer
[set original]
boards = 1-2
CONF
"$P" event commit ev.conf > /dev/null
"$P" verify ev.record > /dev/null || fail "the good record"
u() { printf "$1"; }
# forged NAME SED EXIT [PATTERN]: ev.record's parameters edited by SED, the digest recomputed
forged() {
    forge_record ev.record "$2" "$1.record"
    rc=0; "$P" verify "$1.record" > out 2> err || rc=$?
    [ "$rc" = "$3" ] && { [ -z "${4:-}" ] || grep -qF "$4" err; } || fail "$1: exit $rc: $(cat out err)"
}
forged date-rlo "s/^date .*/date 2026.$(u '\342\200\256')11.27/" 1 'date wants YYYY.MM.DD'
forged date-ctl "s/^date .*/date 2026.11.2$(u '\001')/" 1 'date wants YYYY.MM.DD'
forged date-cr "s/^date .*/date 2026.11.27$(u '\r')/" 1 'a CR (0x0D) in the record'
forged date-word 's/^date .*/date tomorrow/' 1 'date wants YYYY.MM.DD'
forged date-unknown 's/^date .*/date ?/' 0
forged date-part 's/^date .*/date 2026.??.??/' 0
forged gen-rlo "s/^generator .*/generator predup 0.1.0$(u '\342\200\256')/" 1 'generator: "predup VERSION"'
forged gen-ctl "s/^generator .*/generator predup 0.1$(u '\007')/" 1 'generator: "predup VERSION"'
forged gen-other 's/^generator .*/generator dealer 1.0/' 1 'generator: "predup VERSION"'
forged gen-space 's/^generator .*/generator predup 0.1.0 evil/' 1 'generator: "predup VERSION"'
forged gen-later 's/^generator .*/generator predup 0.2.0-rc1/' 0
forged commitment 's/^commitment ../commitment zz/' 1 'commitment wants 64 lower-case hex digits'
forged commitment-upper 's/^commitment .*/\U&/; s/^COMMITMENT/commitment/' 1 'commitment wants 64 lower-case hex digits'
forged boards 's/^boards .*/boards 1-2x/' 1 'bad board range'
forged boards-zero 's/^boards .*/boards 0-2/' 1 'boards are numbered from 1'
forged script 's/^script-sha256 .*/script-sha256 abc/' 1 'script-sha256 wants 64 lower-case hex digits'
forged language 's/^public-form integer$/&\nlanguage xx1/' 1 'the record spells a language by 2 to 8 lower-case letters'
# A copy saved with CR LF line ends is named as such.
sed 's/$/\r/' ev.record > crlf.record
rc=0; "$P" verify crlf.record > out 2> err || rc=$?
[ "$rc" = 1 ] && grep -qF 'crlf.record:1:22: error: a CR (0x0D) in the record' err || fail "crlf: exit $rc: $(cat err)"
[ -z "$failed" ] || exit 1
echo ok
