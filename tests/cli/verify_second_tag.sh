# tests/cli/verify_second_tag.sh - `predup verify` sees every tag the PBN reader sees: a
# second, different Deal, Dealer, Vulnerable or DealId in a game is a fault (exit 1, named by
# file, line, board and tag) wherever it stands - on a line with another tag, indented, split
# over lines, after a { } comment that holds an empty line, in a PBN file named .lin, or with a
# tab before its value.
# cli: slow - a verify for each of dozens of forged files
set -eu
P=$PREDUP
. "$TOP/tests/lib_read.sh"
read_lib_deal 1-4 set.pbn
"$P" verify --key k.key set.pbn | grep -q "all 4 boards match"

# tamper NAME.EXT TEXT-TO-ADD: NAME.EXT is set.pbn with TEXT-TO-ADD written at the end of the
# first game's last line (its Generator tag), bytes and CRLF kept.
tamper() {
    python3 -c "
import sys
t = open('set.pbn', newline='').read()
end = t.index('\r\n\r\n')
open(sys.argv[1], 'w', newline='').write(t[:end] + sys.argv[2] + t[end:])" "$1" "$2"
}
# expect_second FILE TAG FIRST-LINE: verify exits 1, and names the second TAG of board 1.
expect_second() {
    rc=0; "$P" verify --key k.key "$1" > out 2> err || rc=$?
    if [ "$rc" != 1 ] ||
       ! grep -q "^$1:[0-9]*: board 1: a second $2 tag in one game (first on line $3)\$" out ||
       ! grep -q "^predup verify: error: $1: [0-9]* faults\? against key" err; then
        echo "FAIL $1: exit $rc (wanted 1), wanted a second $2 (first on line $3) in:"
        cat out err
        failed="$failed $1"
    fi
}

# The first game's Dealer is on line 11, Vulnerable 12, Deal 13, DealId 18.
for case in 'Deal 13 N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432' \
            'Dealer 11 S' 'Vulnerable 12 All' 'DealId 18 1'; do
    tag=${case%% *}; rest=${case#* }; line=${rest%% *}; value=${rest#* }
    tamper "$tag-sameline.pbn" " [$tag \"$value\"]"
    expect_second "$tag-sameline.pbn" "$tag" "$line"
    tamper "$tag-indented.pbn" "$(printf '\r\n   \t[%s "%s"]' "$tag" "$value")"
    expect_second "$tag-indented.pbn" "$tag" "$line"
    tamper "$tag-split.pbn" "$(printf '\r\n[%s\r\n  "%s"\r\n]' "$tag" "$value")"
    expect_second "$tag-split.pbn" "$tag" "$line"
    tamper "$tag-comment.pbn" "$(printf '\r\n{ a note\r\n\r\nover an empty line }\r\n[%s "%s"]' \
        "$tag" "$value")"
    expect_second "$tag-comment.pbn" "$tag" "$line"
    tamper "$tag-named.lin" "$(printf '\r\n[%s "%s"]' "$tag" "$value")"
    expect_second "$tag-named.lin" "$tag" "$line"
    tamper "$tag-tab.pbn" "$(printf '\r\n[%s\t"%s"]' "$tag" "$value")"
    expect_second "$tag-tab.pbn" "$tag" "$line"
done

# check cuts the file into the same games and reads a tag as import does: the comment's empty
# line does not end the game, a tab stands between a name and its value, so the repeat is named
# and no game lacks its tags.
for f in Deal-comment.pbn:23 Deal-tab.pbn:20; do
    rc=0; "$P" check "${f%:*}" > out 2> err || rc=$?
    if [ "$rc" != 1 ] || ! grep -q "^$f: tag Deal repeated (first on line 13)\$" out ||
       grep -q 'lacks mandatory tags' out; then
        echo "FAIL check $f: exit $rc"; cat out err; failed="$failed check-$f"
    fi
done

# The untouched set under another name is read by its contents, and passes.
cp set.pbn renamed.lin
"$P" verify --key k.key renamed.lin > out
grep -q '^renamed.lin: all 4 boards match key and label "original"$' out ||
    failed="$failed renamed"
read_lib_finish
