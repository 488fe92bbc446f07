#!/bin/sh
# tests/bench_keyed.sh - boards with a script in a keyed set (predup deal --key --script,
# dealing version 2) against predup dealer's kept deals on the same script, in the same run,
# one thread each, median of 3 runs. Rows: case|predup keyed|predup dealer|ratio (deals per CPU
# second, user + system, so that other work on a shared machine does not skew the ratio; both
# runs are single-threaded, so on a quiet machine it is the wall-clock rate). The ratio is keyed /
# dealer: the goal is 0.5 or more. The last row is dealing version 1 (the first accepted
# candidate), for scale: a few boards only.
set -eu
P=$PREDUP
PEERS=$TOP/tests/data/lang/bench # the peer scripts (their README.md)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > "$work/k"
chmod 600 "$work/k"

secs() { # secs command... : CPU seconds (user + system) of one run, output discarded
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1
    read -r u s < "$work/time"
    echo "$u + $s + 0.005" | bc -l # + half the resolution: never 0
}
median3() { printf '%s\n%s\n%s\n' "$1" "$2" "$3" | sort -g | sed -n 2p; }
rate() { # rate N command... : N / median seconds of 3 runs
    n=$1
    shift
    a=$(secs "$@"); b=$(secs "$@"); c=$(secs "$@")
    echo "scale=0; $n / $(median3 "$a" "$b" "$c")" | bc -l
}

echo "case|predup keyed|predup dealer|ratio"
for c in b-2021bal:50000 c-rare:5000; do
    name=${c%%:*} n=${c#*:}
    script=$PEERS/dealer-$name.dl
    if [ ! -f "$script" ]; then
        echo "$name|(no $script)||"
        continue
    fi
    keyed=$(rate "$n" "$P" deal --key "$work/k" --boards "1-$n" --script "$script" -j 1 -q -o /dev/null)
    dealer=$(rate "$n" "$P" dealer -j 1 -s 1 -p "$n" "$script")
    echo "$name|$keyed|$dealer|$(echo "scale=2; $keyed / $dealer" | bc -l)"
done
script=$PEERS/dealer-c-rare.dl
if [ -f "$script" ]; then
    t=$(secs "$P" deal --key "$work/k" --boards 1-10 --script "$script" --dealing 1 -j 1 -q -o /dev/null)
    echo "c-rare dealing 1|$(echo "scale=1; 10 / $t" | bc -l)||"
fi
