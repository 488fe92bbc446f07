# deal --script does what the script says: its dealer and vulnerable lines set every board's
# (--dealer or --vul that contradicts them is refused), its predeal cards are on every board, and
# verify re-derives all of it; a condition no hand can meet is refused at once.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
fail() { echo "$*"; exit 1; }
text() { tr -d '\r' < "$1"; } # PBN files end their lines with CR LF

cat > lines.dl <<'DL'
dealer north
vulnerable EW
predeal west SAK, CQ
condition hcp(north) >= 12 && hcp(south) >= 12
DL
"$P" deal --key vec.key --boards 1-8 --script lines.dl -o lines.pbn
[ "$(text lines.pbn | grep -c '^\[Dealer "N"\]$')" = 8 ] || fail "not every Dealer is N"
[ "$(text lines.pbn | grep -c '^\[Vulnerable "EW"\]$')" = 8 ] || fail "not every Vulnerable is EW"
# Every Deal starts with North (the dealer); West, the fourth hand, holds SA SK and CQ.
[ "$(grep -c '^\[Deal "N:' lines.pbn)" = 8 ] || fail "a Deal does not start with North"
text lines.pbn | grep '^\[Deal ' | while read -r line; do
    set -- ${line#*\"}
    west=${4%\"*}
    case $west in AK*.*.*.*Q*) ;; *) fail "West lacks the predealt cards: $line" ;; esac
done
"$P" verify --key vec.key --script lines.dl lines.pbn | grep -qx 'lines.pbn: all 8 boards match key and label "original"'

# A board whose Dealer or Vulnerable no longer follows the script is named.
sed '0,/^\[Dealer "N"\]/s//[Dealer "E"]/' lines.pbn > dealer.pbn
rc=0; "$P" verify --key vec.key --script lines.dl dealer.pbn > out 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "edited Dealer verified: exit $rc"
grep -qx "dealer.pbn:3: board 1: Dealer is E, the script's dealer line says N" out
grep -q 'dealer.pbn: 1 fault against key and label "original"' out
sed 's/^\[Vulnerable "EW"\]/[Vulnerable "None"]/' lines.pbn > vul.pbn
rc=0; "$P" verify --key vec.key --script lines.dl vul.pbn > out 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "edited Vulnerable verified: exit $rc"
grep -qx "vul.pbn:129: board 8: Vulnerable is None, the script's vulnerable line says EW" out
grep -q 'vul.pbn: 8 faults against key and label "original"' out

# The command line may repeat the script's lines (same set), not contradict them.
"$P" deal --key vec.key --boards 1-8 --script lines.dl --dealer N --vul EW -o same.pbn
# (the Generator tag also records the options: the boards are the same and verify)
grep -v '^\[Generator ' lines.pbn > a
grep -v '^\[Generator ' same.pbn > b
cmp a b
"$P" verify --key vec.key --script lines.dl same.pbn | grep -q "all 8 boards match"
rc=0; "$P" deal --key vec.key --boards 1-8 --script lines.dl --dealer S -o opt.pbn 2>err || rc=$?
[ "$rc" = 64 ] || fail "--dealer S against the script's dealer north: exit $rc"
grep -q -- "--dealer S contradicts the script's dealer line (North): drop --dealer or edit the script" err
rc=0; "$P" deal --key vec.key --boards 1-8 --script lines.dl --vul All -o opt.pbn 2>err || rc=$?
[ "$rc" = 64 ] || fail "--vul All against the script's vulnerable EW: exit $rc"
grep -q -- "--vul All contradicts the script's vulnerable line (EW): drop --vul or edit the script" err
[ ! -e opt.pbn ]
# Without a script line, --dealer sets every board's and the deals are those of the script.
printf 'condition hcp(north) >= 12 && hcp(south) >= 12\n' > plain.dl
"$P" deal --key vec.key --boards 1-4 --script plain.dl --dealer S -o plain_s.pbn
[ "$(text plain_s.pbn | grep -c '^\[Dealer "S"\]$')" = 4 ] || fail "--dealer S not on every board"
# Without those lines: Law 2.
"$P" deal --key vec.key --boards 1-4 --script plain.dl -o plain.pbn
[ "$(text plain.pbn | grep '^\[Dealer ' | tr -d '\n')" = '[Dealer "N"][Dealer "E"][Dealer "S"][Dealer "W"]' ]
[ "$(text plain.pbn | grep '^\[Vulnerable ' | tr -d '\n')" = '[Vulnerable "None"][Vulnerable "NS"][Vulnerable "EW"][Vulnerable "All"]' ]
text plain_s.pbn | grep '^\[DealId ' > a
text plain.pbn | grep '^\[DealId ' > b
cmp a b
"$P" verify --key vec.key --script plain.dl plain_s.pbn | grep -q "all 4 boards match"

# No 13-card hand holds 38 HCP: refused at once, with no file.
printf 'condition hcp(north) > 37\n' > impossible.dl
rc=0; "$P" deal --key vec.key --boards 1 --script impossible.dl -o x.pbn 2>err || rc=$?
[ "$rc" = 65 ] || fail "impossible script: exit $rc"
grep -q "impossible.dl: no deal can satisfy the condition: no hand of North meets its bounds" err
[ ! -e x.pbn ]
echo ok
