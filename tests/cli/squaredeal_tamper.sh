# SquareDeal tampering and bad input, on temporary copies of the real WC2025 event (the copies
# live in this test's temporary directory only): a changed .sqk byte breaks KH; a changed card,
# a missing, duplicated or extra board, a wrong dealer or an empty set fails verify (exit 1)
# naming the board; an event not yet published or without its delayed value deals nothing.
set -eu
P=$PREDUP
C=$TOP/../shared/corpus/bigdeal
[ -d "$C" ] || { echo "skip: SquareDeal tampering checks: $C absent"; exit 0; }
cp "$C/WC2025.sqd" "$C/WC2025.sqk" "$C/SWISS02.pbn" .
chmod u+w WC2025.sqd WC2025.sqk SWISS02.pbn

fails() { # fails CODE CMD...: CMD must exit with CODE
    local want=$1 rc=0
    shift
    "$@" > out 2> err || rc=$?
    [ "$rc" = "$want" ] || { echo "exit $rc, wanted $want: $*"; cat out err; exit 1; }
}

# One byte of one key changed: KH does not match, nothing is written, no key is quoted.
cp WC2025.sqk keys.orig
sed -i '5s/^\(1,5:.\)./\1#/' WC2025.sqk
if cmp -s WC2025.sqk keys.orig; then echo "the key file was not changed"; exit 1; fi
fails 1 "$P" deal --squaredeal WC2025.sqd --session 1,2 -o s.pbn
grep -q "WC2025.sqk: SHA-256 [0-9a-f]\{16\}\.\.\. does not match KH c9d60a70" err
[ ! -e s.pbn ]
quoted=$(sed -n '5s/^1,5:\(.\{20\}\).*/\1/p' keys.orig)
[ -n "$quoted" ] || { echo "no key on line 5 of the .sqk"; exit 1; }
if grep -qF "$quoted" err out; then echo "a key is quoted"; exit 1; fi
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q 'does not match KH' err
# A key line removed: also a KH mismatch (the hash covers the whole file).
sed '7d' keys.orig > WC2025.sqk
fails 1 "$P" deal --squaredeal WC2025.sqd --session 1,2
# LF line ends (a copy through a tool that dropped the CRs): SquareDeal hashes the CRLF form,
# which still matches; predup says so.
tr -d '\r' < keys.orig > WC2025.sqk
"$P" deal --squaredeal WC2025.sqd --session 1,2 -o lf.pbn 2> err
grep -q 'LF line ends; it matches KH in the CRLF form' err
cp "$C/SWISS02.pbn" SWISS02.pbn
"$P" verify --squaredeal WC2025.sqd SWISS02.pbn > out
grep -q 'LF line ends; it matches KH in the CRLF form' out
grep -q 'SWISS02.pbn: all 10 boards match' out
cp keys.orig WC2025.sqk

# One card of the published set changed: on board 11 North's club 2 and East's club king
# change hands (the deal stays complete, only the cards differ).
sed 's/^\[Deal "N:A752\.95\.KJT\.AJ42 4\.KT42/[Deal "N:A752.95.KJT.AJ4K 4.KT42/; s/\.K763 QT96/.2763 QT96/' \
    "$C/SWISS02.pbn" > SWISS02.pbn
if cmp -s SWISS02.pbn "$C/SWISS02.pbn"; then echo "the card swap changed nothing"; exit 1; fi
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q '^SWISS02.pbn:[0-9]*: board 11: Deal differs$' out
grep -q '^  sqd:  N:A752.95.KJT.AJ42 4.KT42.9543.K763 ' out
grep -q 'SWISS02.pbn: 1 fault against phase 1 session 2' out
grep -q '1 of 1 set differs from WC2025.sqd' err
grep -q 'DI line' out

# A board deleted (board 13's game removed whole).
awk -v RS= -v ORS='\n\n' '!/\[Board "13"\]/' "$C/SWISS02.pbn" > SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q '^SWISS02.pbn: board 13 is missing$' out
# A board twice.
{ cat "$C/SWISS02.pbn"; printf '\r\n'; awk -v RS= '/\[Board "15"\]/' "$C/SWISS02.pbn"; } > SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q 'board 15: appears again (first at line' out
# A board of another session added (board 21 belongs to session 3).
"$P" deal --squaredeal WC2025.sqd --session 1,3 -o s3.pbn
{ cat "$C/SWISS02.pbn"; printf '\r\n'; awk -v RS= '/\[Board "21"\]/' s3.pbn; } > SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q 'board 21: not in the session (boards 11-20)' out
# The dealer changed.
sed '0,/\[Dealer "S"\]/s//[Dealer "N"]/' "$C/SWISS02.pbn" > SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q 'board 11: Dealer is N, Big Deal.s is S' out
# An empty file holds no board.
: > SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q 'SWISS02.pbn: holds no board' out
# The right file under a name of no session, and the wrong session given.
cp "$C/SWISS02.pbn" set.pbn
fails 64 "$P" verify --squaredeal WC2025.sqd set.pbn
grep -q 'cannot tell the session of set.pbn from its name: add --session PHASE,SESSION' err
fails 1 "$P" verify --squaredeal WC2025.sqd --session 1,3 set.pbn
"$P" verify --squaredeal WC2025.sqd --session 1,2 set.pbn > /dev/null
# Two sets at once: one good, one bad (session 2's boards under session 3's name).
cp "$C/SWISS02.pbn" SWISS02.pbn
cp "$C/SWISS02.pbn" SWISS03.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn SWISS03.pbn
grep -q 'SWISS02.pbn: all 10 boards match' out
grep -q 'SWISS03.pbn: 20 faults against phase 1 session 3' out
grep -q '1 of 2 sets differs' err

# Bad sessions and options.
fails 64 "$P" deal --squaredeal WC2025.sqd --session 10,1
grep -q 'WC2025.sqd has 9 phases: no phase 10' err
fails 64 "$P" deal --squaredeal WC2025.sqd --session 1,11
grep -q 'phase 1 of WC2025.sqd has 10 sessions: no session 11' err
fails 64 "$P" deal --squaredeal WC2025.sqd --session 9,1
grep -q 'add --boards LIST' err
fails 64 "$P" deal --squaredeal WC2025.sqd --session 1,1 --boards 1-5
fails 64 "$P" deal --squaredeal WC2025.sqd --session one
fails 64 "$P" deal --squaredeal WC2025.sqd

# Not yet published (no KH), or no delayed value yet (no DV): nothing is dealt.
grep -v '^KH ' "$C/WC2025.sqd" > WC2025.sqd
fails 65 "$P" deal --squaredeal WC2025.sqd --session 1,2
grep -q 'no KH line: the event is not published yet' err
grep -v '^DV ' "$C/WC2025.sqd" > WC2025.sqd
fails 65 "$P" deal --squaredeal WC2025.sqd --session 1,2
grep -q 'no DV line: the delayed value is not known yet' err
# A changed DV (the delayed value is in the seed): other deals.
sed 's/^DV .*/DV 44,882.14/' "$C/WC2025.sqd" > WC2025.sqd
cp "$C/SWISS02.pbn" SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
# A second, different Deal in board 11's game (on the line after its first): verify sees every
# copy, as predup verify does (before, only the first was read: "all 10 boards match").
cp "$C/WC2025.sqd" WC2025.sqd
awk 'NR == 15 { print; print "[Deal \"N:AQ2.953.A74.KJ95 K985.62.KJ86.743 643.AQJ874.Q32.T JT7.KT.T95.AQ862\"]"; next } { print }' \
    "$C/SWISS02.pbn" > SWISS02.pbn
fails 1 "$P" verify --squaredeal WC2025.sqd SWISS02.pbn
grep -q 'SWISS02.pbn:16: board 11: a second Deal tag in one game (first on line 15)' out
# A broken .sqd line is named with its position.
sed 's/^SN 4:1-14,15-28:R16#.*/SN 4:1-14,15-28:R16#/' "$C/WC2025.sqd" > WC2025.sqd
fails 65 "$P" deal --squaredeal WC2025.sqd --session 1,2
grep -q 'WC2025.sqd:10:1: error: SN wants sessions:boards:fileprefix:description' err
echo ok
