# Big Deal and SquareDeal against their real published files, read in place from
# ../shared/corpus/bigdeal (origins in its MANIFEST): Gödel numbers both ways (FIN1.goe and the
# FIN1.pbn they give, FIN4.pbn), and a SquareDeal session re-dealt from WC2025.sqd + .sqk giving
# exactly the published SWISS02.pbn.
# cli: slow - the SquareDeal files of the corpus
set -eu
P=$PREDUP
C=$TOP/../shared/corpus/bigdeal
[ -d "$C" ] || { echo "skip: SquareDeal corpus checks: $C absent"; exit 0; }

# FIN1.goe: one number a line, with thousands separators; board i of FIN1.pbn is its deal.
grep '^\[Deal ' "$C/FIN1.pbn" | sed 's/^\[Deal "\(.*\)"\]\r*$/\1/' > fin1.deals
[ "$(wc -l < fin1.deals)" = 16 ]
i=0
while read -r goe; do
    i=$((i + 1))
    want=$(sed -n "${i}p" fin1.deals)
    [ "$("$P" number --godel "$goe")" = "$want" ] || { echo "FIN1 board $i: $goe"; exit 1; }
    [ "$("$P" number --godel --deal "$want")" = "$(tr -d ', \r' <<< "$goe")" ]
done < <(tr -d '\r' < "$C/FIN1.goe")
[ "$i" = 16 ]

# FIN4.pbn (no .goe beside it): every deal goes to a number and back to the same deal.
n=0
while read -r d; do
    g=$("$P" number --godel --deal "$d")
    [ "$("$P" number --godel "$g")" = "$d" ] || { echo "FIN4 round trip: $d"; exit 1; }
    n=$((n + 1))
done < <(grep '^\[Deal ' "$C/FIN4.pbn" | sed 's/^\[Deal "\(.*\)"\]\r*$/\1/')
[ "$n" = 14 ]

# WC2025: the .sqk's SHA-256 is the .sqd's KH (the file read in place, CRLF and all).
[ "$(sha256sum < "$C/WC2025.sqk" | cut -c1-64)" = "$(sed -n 's/^KH //p' "$C/WC2025.sqd")" ]

# Phase 1 session 2 (SWISS02, boards 11-20) re-dealt: the same 10 deals as published, board
# by board (compared as Gödel numbers: predup writes each Deal from its dealer's seat).
"$P" deal --squaredeal "$C/WC2025.sqd" --session 1,2 -o s.pbn
[ "$(grep -c '^\[Board ' s.pbn)" = 10 ]
for b in $(seq 11 20); do
    ours=$(grep -A8 "^\[Board \"$b\"\]" s.pbn | sed -n 's/^\[Deal "\(.*\)"\]\r*$/\1/p')
    theirs=$(grep -A8 "^\[Board \"$b\"\]" "$C/SWISS02.pbn" | sed -n 's/^\[Deal "\(.*\)"\]\r*$/\1/p')
    [ -n "$theirs" ]
    [ "$("$P" number --godel --deal "$ours")" = "$("$P" number --godel --deal "$theirs")" ] ||
        { echo "board $b: $ours vs $theirs"; exit 1; }
done
grep -q '^\[Event "Winter Championships 2025"\]' s.pbn
grep -q '^\[Dealer "S"\]' s.pbn        # board 11: Law 2, as Big Deal writes it
"$P" check s.pbn

# verify: the published set matches, its session told by its name; the DI gap is noted.
"$P" verify --squaredeal "$C/WC2025.sqd" "$C/SWISS02.pbn" > v.out
grep -q 'SWISS02.pbn: all 10 boards match phase 1 session 2 (original, boards 11-20)' v.out
grep -q "DI line (\"DJI3001\", what the delayed value is) is not covered by KH" v.out
# ... and our own file with the session given.
"$P" verify --squaredeal "$C/WC2025.sqd" --session 1,2 s.pbn > v2.out
grep -q 's.pbn: all 10 boards match' v2.out

# The reserve set is another set of deals for the same boards.
"$P" deal --squaredeal "$C/WC2025.sqd" --session 1,2 --reserve -o r.pbn
[ "$(grep -c '^\[Board ' r.pbn)" = 10 ]
if cmp -s <(grep '^\[Deal ' s.pbn) <(grep '^\[Deal ' r.pbn); then
    echo "the reserve set has the original's deals"; exit 1
fi
"$P" verify --squaredeal "$C/WC2025.sqd" --session 1,2 --reserve r.pbn > /dev/null
if "$P" verify --squaredeal "$C/WC2025.sqd" --session 1,2 r.pbn > rv.out; then
    echo "a reserve set passed as the original"; exit 1
fi
grep -q 'board 11: Deal differs' rv.out

# Sessions cycle through the phase's board list: session 4 of SWISS is boards 1-10 again.
"$P" deal --squaredeal "$C/WC2025.sqd" --session 1,4 -o s4.pbn
[ "$(grep '^\[Board ' s4.pbn | head -1 | tr -d '\r')" = '[Board "1"]' ]
# A phase published with "?" boards takes them at dealing time.
"$P" deal --squaredeal "$C/WC2025.sqd" --session 9,2 --boards 1-16,17-32 -o f.pbn
[ "$(grep '^\[Board ' f.pbn | head -1 | tr -d '\r')" = '[Board "17"]' ]
[ "$(grep -c '^\[Board ' f.pbn)" = 16 ]

# SquareDeal combines consecutive sessions into one file (SWISS01-03: the headers of the
# session files dropped); verify takes the sessions from that name, or from --session 1,1-3.
for i in 1 3; do "$P" deal --squaredeal "$C/WC2025.sqd" --session 1,$i -o SWISS0$i.pbn; done
cp s.pbn SWISS02.pbn
{ printf '%% PBN 2.1\r\n%% EXPORT\r\n%%\r\n[Generator "SquareDeal, combining"]\r\n'
  for i in 1 2 3; do grep -v '^%\|^\[Generator' SWISS0$i.pbn; printf '\r\n'; done; } > SWISS01-03.pbn
"$P" verify --squaredeal "$C/WC2025.sqd" SWISS01-03.pbn > c.out
grep -q 'SWISS01-03.pbn: all 30 boards match phase 1 sessions 1-3 (original, boards 1-30)' c.out
cp SWISS01-03.pbn all.pbn
"$P" verify --squaredeal "$C/WC2025.sqd" --session 1,1-3 all.pbn > /dev/null
if "$P" verify --squaredeal "$C/WC2025.sqd" --session 1,1-2 all.pbn > c2.out; then
    echo "a combined file passed for fewer sessions"; exit 1
fi
grep -q 'all.pbn:[0-9]*: board 21: not in the session (boards 1-20)' c2.out
# Sessions 3 and 4 restart the boards: SquareDeal never combines them, neither does verify.
rc=0; "$P" verify --squaredeal "$C/WC2025.sqd" --session 1,3-4 all.pbn 2> err || rc=$?
[ "$rc" = 64 ] || { echo "--session 1,3-4: exit $rc, not 64"; exit 1; }
grep -q 'sessions 3 and 4 of phase 1 do not continue' err || { cat err; exit 1; }
rc=0; "$P" deal --squaredeal "$C/WC2025.sqd" --session 1,1-3 2> err || rc=$?
[ "$rc" = 64 ] || { echo "deal --session 1,1-3: exit $rc, not 64"; exit 1; }
grep -q 'one session at a time' err || { cat err; exit 1; }
echo ok
