#!/bin/bash
# tests/cli/lang_stream.sh - `predup dealer -s N` output never changes by accident: lazy dealing
# (dealer/lang/lazy.c: only the hands a script reads, the rest later, on either thread) must
# give byte for byte the output of the plain shuffle it replaced. The MD5 sums below were taken
# from the build before lazy dealing (commit 9825d31), --plain (no conditional generation), for
# scripts that read north only, south and east, west, every hand (printall) and rnd(), at
# -j 1 and -j 2; practice dealing version 1 (--dealing 1: the sums are that version's) and
# version 2 (the sums of its first build, whose deals check_practice pins). A deliberate change
# of how practice deals are made must be a new version (dealer/README.md, "Practice dealing").
set -eu
fail() { echo "FAIL: $*"; exit 1; }
sum() { "$PREDUP" dealer --dealing "$4" -s "$1" -j "$2" --plain "$3" | grep -v '^Time needed' | md5sum | cut -c1-32; }

printf 'generate 200000\ncondition hcp(south) >= 15 && spades(east) >= 5\naction printoneline, average "w" hcp(west)\n' > s1.dl
printf 'generate 100000\ncondition hcp(west) >= 20\naction average "n" hcp(north), frequency "e" (hearts(east), 0, 13)\n' > s2.dl
printf 'generate 300000\ncondition hascard(north, AS) && hcp(north) > 18\n' > s3.dl
printf 'generate 100000\nproduce 50\ncondition 1\naction printall\n' > s4.dl
printf 'generate 100000\ncondition rnd(10) > 8 && hcp(east) > 15\naction printes hcp(east), " ", spades(north), "\\n"\n' > s5.dl
printf 'generate 200000\ncondition 1\naction average "hcp N" hcp(north)\n' > a.dl
while read -r v script seed want; do
    for j in 1 2; do
        got=$(sum "$seed" "$j" "$script" "$v")
        [ "$got" = "$want" ] ||
            fail "$script --dealing $v -s $seed -j $j: output changed ($got, want $want)"
    done
done <<'EOF2'
1 s1.dl 9 2402f490182c9723979bee33144f8749
1 s2.dl 9 c0d922961d488d98d260aa2ebfff49e3
1 s3.dl 9 533abd34762a5e8aeb364a6a4c43b332
1 s4.dl 9 d3c186cca52d02579a662886541797fa
1 s5.dl 9 b8663b486973aee392ee39b95f2900ff
1 a.dl 1 283d4f973ff0fe8b7e206bfb66f546ab
2 s1.dl 9 140174dfd4c0ac31a2c979b09cbb563f
2 s2.dl 9 a7b85925cb355ae38e72bd054e0cff76
2 s3.dl 9 e5961f5b69605d718ebc93986d1fd99b
2 s4.dl 9 1e26c24db9719341c718277e8c308b30
2 s5.dl 9 cbec584759f2b52ca12c4137d8a2f24d
2 a.dl 1 de354fb05bc269c67df23ed9574206ae
EOF2
# Version 2 deals the hands a condition reads in blocks and the others deal by deal: a
# condition that reads north only and the same one reading every hand print the same deals.
printf 'generate 20000\ncondition hcp(north) >= 16\naction printoneline\n' > n.dl
sed 's/>= 16$/>= 16 \&\& hcp(west) >= 0/' n.dl > all.dl
for j in 1 2; do
    cmp <(sum 3 "$j" n.dl 2) <(sum 3 "$j" all.dl 2) || fail "version 2: reading every hand changed the deals (-j $j)"
done
"$PREDUP" dealer -s 3 --plain n.dl | grep -qx 'Dealing version 2' || fail "the summary names no version 2"
"$PREDUP" dealer --dealing 1 -s 3 --plain n.dl | grep -q 'Dealing version' && fail "version 1's summary changed"
# A version this predup does not know is refused, naming the ones it does (usage: exit 64).
rc=0; "$PREDUP" dealer --dealing 3 -s 3 n.dl > /dev/null 2> err.txt || rc=$?
[ "$rc" = 64 ] || fail "--dealing 3: exit $rc, want 64"
grep -qx 'predup dealer: error: --dealing wants a number from 1 to 2, not "3"' err.txt ||
    fail "--dealing 3: $(cat err.txt)"
echo ok
