# tests/cli/event_grinding.sh - nothing that decides a deal can change after the commitment: a
# renamed set (a new label), another board range, a changed script, an override, the event's own
# lines - each refused by `event deal` and `event public`, nothing written, the record as it was.
set -eu
P=$PREDUP
cat > ev.conf <<'CONF'
[event]
name = Grinding test
delayed_value = the first number drawn in the lottery on 2026.11.22
public_form = integer
[set original]
boards = 1-2
script = s.dl
formats = pbn
CONF
printf 'condition hcp(north) >= 10\n' > s.dl
"$P" event commit ev.conf > /dev/null
"$P" event public ev.conf "42" > /dev/null
cp ev.conf committed.conf
cp ev.record committed.record

failed=""
try() { # try NAME: event deal must refuse the current ev.conf and write nothing
    rc=0; "$P" event deal ev.conf > out 2> err || rc=$?
    if [ "$rc" != 1 ] || ! grep -q "ev.conf differs from ev.record: .*; the deals are committed" err ||
       [ -e ev ] || ! cmp -s ev.record committed.record; then
        echo "FAIL $1: exit $rc"; cat out err; failed="$failed $1"
    fi
    cp committed.conf ev.conf
    printf 'condition hcp(north) >= 10\n' > s.dl
}
sed -i 's/^\[set original\]$/[set original2]/' ev.conf;        try label
sed -i 's/^boards = 1-2$/boards = 1-5/' ev.conf;                try boards
printf 'condition hcp(north) >= 11\n' > s.dl;                   try script
sed -i 's/^boards = 1-2$/boards = 1-2\ndealer = S/' ev.conf;    try dealer
sed -i 's/^boards = 1-2$/boards = 1-2\nvul = All/' ev.conf;     try vul
sed -i 's/^name = Grinding test$/name = Grinding test 2/' ev.conf; try name
sed -i 's/^public_form = integer$/public_form = decimal 2/' ev.conf; try form
# Without its form the event file is no event file any more (no record is without one).
sed -i '/^public_form = integer$/d' ev.conf
rc=0; "$P" event deal ev.conf > out 2> err || rc=$?
{ [ "$rc" = 65 ] && grep -q "needs public_form" err && [ ! -e ev ]; } || failed="$failed no-form"
cp committed.conf ev.conf
printf '[set reserve]\nboards = 1-2\n' >> ev.conf;              try added-set
# What only says what to make of the deals may change.
sed -i 's/^formats = pbn$/formats = pbn,dup/' ev.conf
"$P" event deal ev.conf > /dev/null
[ -s ev/original.dup ] || failed="$failed formats"
# The set was dealt with its script: verify needs it (the hint says so) and checks its hash.
"$P" event reveal ev.conf > /dev/null
rc=0; "$P" verify ev.record ev/original.pbn 2> err || rc=$?
[ "$rc" = 64 ] && grep -q "give it with --script FILE" err || failed="$failed script-hint"
"$P" verify ev.record --script s.dl ev/original.pbn | grep -q "all 2 boards match" ||
    failed="$failed script-verify"
printf 'condition hcp(north) >= 11\n' > other.dl
rc=0; "$P" verify ev.record --script other.dl ev/original.pbn 2> err || rc=$?
[ "$rc" = 1 ] && grep -q "is not the script committed for set" err || failed="$failed script-other"
[ -z "$failed" ] || { echo "failed cases:$failed"; exit 1; }
. "$TOP/tests/lib_cli.sh"; pdf_checked_all # every PDF made above passes qpdf and pdftotext
echo ok
