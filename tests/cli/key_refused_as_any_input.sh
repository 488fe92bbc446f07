# tests/cli/key_refused_as_any_input.sh - a file that is a key is refused as a key,
# whatever it is given as (pd_is_key_file, in pd_read_input and the profile reader): a base64
# key once reached the dealer lexer, whose "unknown variable '...'" showed its first 31
# characters (the withholding judges runs of 32 and more). Each reader says "FILE looks like a
# key file, not KIND" and no message holds 8 characters of the key.
# cli: slow - a key file given to every command that reads a file
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
b64='mnFsYJJI0TrVK8fXMiXAAKkxYr20AaC+z8M2xlbQUVmERGlT59kFLlMF1Jc='
printf '%s\n' "$b64" > b64.key
printf '1,1:%s\r\n1,2:%s\r\n' "${b64%=}" "$(printf '%s' "${b64%=}" | rev)" > event.sqk
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > spent.key
printf 'revealed: this key is public; predup event commit refuses it\n' >> spent.key
printf '%064d\n' 0 > k.key
chmod 600 k.key
"$P" deal --key k.key --boards 1-2 -o set.pbn
"$P" analyze set.pbn --quiet > /dev/null # once: print --terms below solves nothing again
leaks() { # leaks FILE: any 8 characters of the keys in FILE
    local k
    for k in "$b64" "$(printf '%s' "$b64" | rev)" 000102030405060708090a0b0c0d; do
        for i in $(seq 0 4 $((${#k} - 8))); do
            grep -qF -- "${k:$i:8}" "$1" && return 0
        done
    done
    return 1
}
refused() { # refused KIND CODE CMD...: CMD exits CODE naming the key file, leaking nothing
    local kind=$1 code=$2
    shift 2
    exits "$code" "$@"
    grep -q "looks like a key file, not $kind" err.txt || fail "$*: $(cat err.txt)"
    ! leaks err.txt && ! leaks out.txt || fail "$*: a piece of the key shows: $(cat err.txt out.txt)"
}
for f in b64.key event.sqk spent.key; do
    refused "a dealer script" 65 "$P" dealer "$f"
    refused "a terms file" 65 "$P" print record set.pbn --terms "$f" -o x.pdf
    refused "a set of boards" 65 "$P" convert "$f" x.lin
    refused "a PBN file" 65 "$P" check "$f"
    cp "$f" "ev-$f.conf"
    refused "an event file" 65 "$P" event commit "ev-$f.conf"
    refused "a machine profile" 65 "$P" fill set.pbn --machine "./ev-$f.conf"
done
[ ! -e x.pdf ] && [ ! -e x.lin ] || fail "an output was written"
echo ok
