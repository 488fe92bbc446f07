#!/bin/bash
# tests/cli/lang_stream.sh - `predup dealer -s N` output never changes by accident: lazy dealing
# (dealer/lang/lazy.c: only the hands a script reads, the rest later, on either thread) must
# give byte for byte the output of the plain shuffle it replaced. The MD5 sums below were taken
# from the build before lazy dealing (commit 9825d31), --plain (no conditional generation), for
# scripts that read north only, south and east, west, every hand (printall) and rnd(), at
# -j 1 and -j 2. A deliberate change of the practice stream must version it (dealer/README.md,
# "Other streams") and update these sums.
set -eu
fail() { echo "FAIL: $*"; exit 1; }
sum() { "$PREDUP" dealer -s "$1" -j "$2" --plain "$3" | grep -v '^Time needed' | md5sum | cut -c1-32; }

printf 'generate 200000\ncondition hcp(south) >= 15 && spades(east) >= 5\naction printoneline, average "w" hcp(west)\n' > s1.dl
printf 'generate 100000\ncondition hcp(west) >= 20\naction average "n" hcp(north), frequency "e" (hearts(east), 0, 13)\n' > s2.dl
printf 'generate 300000\ncondition hascard(north, AS) && hcp(north) > 18\n' > s3.dl
printf 'generate 100000\nproduce 50\ncondition 1\naction printall\n' > s4.dl
printf 'generate 100000\ncondition rnd(10) > 8 && hcp(east) > 15\naction printes hcp(east), " ", spades(north), "\\n"\n' > s5.dl
printf 'generate 200000\ncondition 1\naction average "hcp N" hcp(north)\n' > a.dl
while read -r script seed want; do
    for j in 1 2; do
        got=$(sum "$seed" "$j" "$script")
        [ "$got" = "$want" ] || fail "$script -s $seed -j $j: output changed ($got, want $want)"
    done
done <<'EOF2'
s1.dl 9 2402f490182c9723979bee33144f8749
s2.dl 9 c0d922961d488d98d260aa2ebfff49e3
s3.dl 9 533abd34762a5e8aeb364a6a4c43b332
s4.dl 9 d3c186cca52d02579a662886541797fa
s5.dl 9 b8663b486973aee392ee39b95f2900ff
a.dl 1 283d4f973ff0fe8b7e206bfb66f546ab
EOF2
echo ok
