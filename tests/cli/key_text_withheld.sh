# tests/cli/key_text_withheld.sh - no message shows key text: a key file that is not quite a
# key (a leading space, 63 or 65 hex digits, two lines, base64) given where a key, a dealer
# script or a SquareDeal file is read is refused with no 32-character run of it on stdout or
# stderr, and a parser's caret line is replaced by a notice. Messages that name a public hash
# show its first 16 digits.
set -eu
P=$PREDUP
failed=""
hex=0f1e2d3c4b5a69788796a5b4c3d2e1f0a0b1c2d3e4f5061728394a5b6c7d8e9f
b64=q83vEjRWeJAkN3mJ0u4p1jX0dkLwXUr6L2Gm9Y5sHnE=
printf ' %s\n' "$hex" > space.key
printf '%s\n' "${hex%?}" > d63.key
printf '%s7\n' "$hex" > d65.key
printf '%s\n%s\n' "$hex" "$hex" > lines.key
printf 'produce %s\n' "$b64" > base64.key
chmod 600 ./*.key
"$P" key new good.key > /dev/null
"$P" deal --key good.key --boards 1-2 -o x.pbn
printf '[event]\nname = Quote test\n\n[set A]\nboards = 1-2\n' > ev.conf

leaks() { # leaks FILE...: some 32-character run of the key text is in one of the files
    local text
    for text in "$hex" "${b64%=}"; do
        for i in $(seq 0 $((${#text} - 32))); do
            grep -qiF -- "${text:$i:32}" "$@" && return 0
        done
    done
    return 1
}
try() { # try NAME CODE CMD...: CMD exits CODE and shows no key text
    local name=$1 code=$2 rc=0
    shift 2
    "$@" > out 2> err || rc=$?
    if [ "$rc" != "$code" ] || leaks out err; then
        echo "FAIL $name: exit $rc (wanted $code):"; cat out err; failed="$failed $name"
    fi
}
for k in space d63 d65 lines; do
    try "$k-verify" 65 "$P" verify --key $k.key x.pbn
    try "$k-deal" 65 "$P" deal --key $k.key -o y.pbn
    try "$k-dealer" 65 "$P" dealer $k.key
    try "$k-script" 65 "$P" deal --key good.key --script $k.key -o y.pbn
    try "$k-squaredeal" 65 "$P" verify --squaredeal $k.key x.pbn
    cp $k.key ev.key
    try "$k-commit" 65 "$P" event commit ev.conf --reuse-key
    rm -f ev.key ev.record
done
try base64-dealer 65 "$P" dealer base64.key
# The caret line is withheld, not cut: a notice stands in its place, with no caret under it.
"$P" dealer space.key 2> err || true
grep -qx "  \[line withheld: it looks like key material\]" err || failed="$failed notice"
! grep -q '^ *\^$' err || failed="$failed caret"
grep -qF "space.key:1:3: error: unknown variable '[withheld: key-like text]'" err ||
    failed="$failed withheld-word"
# A line that merely has a long word or path is still quoted with its caret.
printf 'produce 3\nconditon hcp(north) > 10\n' > typo.dl
"$P" dealer typo.dl 2> err || true
grep -q "^  conditon hcp(north) > 10$" err || failed="$failed ordinary-caret"

[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
echo ok
