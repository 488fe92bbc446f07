# One UTF-8 rule (dealer/base/text_check.c, pd_utf8_decode) for every check of text: a label and an
# event's name refuse the same bytes, at the same place, and take the same characters. The
# forms below are the edges of the rule: overlong, surrogate, above U+10FFFF, cut short, and
# the largest valid character of each length.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
failed=""

label_refused() { # label_refused NAME BYTES BYTE-NUMBER
    rc=0
    "$P" deal --key vec.key --boards 1 --label "$(printf "$2")" -o "$1.pbn" 2> err || rc=$?
    if [ "$rc" != 64 ] || ! grep -qF "byte $3 is not valid UTF-8" err || [ -e "$1.pbn" ]; then
        echo "FAIL label $1: exit $rc"; cat err; failed="$failed label-$1"
    fi
}
label_refused overlong3 'a\340\200\257' 2
label_refused surrogate 'ab\355\240\200' 3
label_refused above-max 'a\364\220\200\200' 2
label_refused cut-short 'a\342\202' 2
label_refused lone-continuation 'a\200' 2
label_refused c1 'a\302\237' 2

label_taken() { # label_taken NAME BYTES
    "$P" deal --key vec.key --boards 1 --label "$(printf "$2")" -o "$1.pbn" 2> err || {
        echo "FAIL label $1 refused"; cat err; failed="$failed taken-$1"; }
}
label_taken two-bytes 'a\302\240b'        # U+00A0, the first after the C1 controls
label_taken three-bytes 'a\357\277\275'   # U+FFFD
label_taken four-bytes 'a\364\217\277\277' # U+10FFFF

# An event's name and its set names go through the same decoder (the name through the text
# check, a set name through the character check before ICU judges the characters): the first
# byte that is not UTF-8 is named, and nothing is written.
event_refused() { # event_refused NAME NAME-LINE SET WANTED
    printf '[event]\n%b\npublic_form = integer\n[set %b]\nboards = 1\n' "$2" "$3" > "$1.conf"
    rc=0
    "$P" event commit "$1.conf" > /dev/null 2> err || rc=$?
    if [ "$rc" != 65 ] || ! grep -qF "$4" err || [ -e "$1.key" ] || [ -e "$1.record" ]; then
        echo "FAIL event $1: exit $rc"; cat err; failed="$failed event-$1"
    fi
}
event_refused surrogate 'name = Spring\355\240\200' a \
    "surrogate.conf:2:8: error: name: byte 7 is not valid UTF-8"
event_refused above-max 'name = Spring\364\220\200\200' a \
    "above-max.conf:2:8: error: name: byte 7 is not valid UTF-8"
event_refused set-overlong 'name = x' 'a\300\257' \
    "set-overlong.conf:4:2: error: set name: character 2 is byte 0xC0 (not UTF-8)"
event_refused set-cut-short 'name = x' 'ab\342\202' \
    "set-cut-short.conf:4:2: error: set name: character 3 is byte 0xE2 (not UTF-8)"

[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
echo "label_utf8_one_rule: ok"
