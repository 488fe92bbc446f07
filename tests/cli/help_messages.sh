# Issue 13, item 5: every hint in a message is a command that works (each is run here as the
# message gives it), and counts of one are singular ("1 board", "1 try", "1 byte").
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
fail() { echo "$*"; exit 1; }
# run EXPECTED-STATUS COMMAND...: the command's stderr goes to err.txt, stdout to out.txt
run() {
    local want=$1 rc=0
    shift
    "$@" > out.txt 2> err.txt || rc=$?
    [ "$rc" -eq "$want" ] || { cat err.txt; fail "[$*] exited $rc, not $want"; }
}
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
chmod 600 k.key

# dealer: an unknown option names predup dealer --help, which works.
run 64 "$P" dealer -Z
[ "$(cat err.txt)" = 'predup dealer: error: unknown option "-Z" (predup dealer --help)' ]
run 0 "$P" dealer --help

# Plurals: one try, one byte, one board.
echo 'condition hcp(north) > 37' > never.dl
# Dealing version 2 refuses an impossible condition at once; version 1 tries candidates.
run 75 "$P" deal --key k.key --boards 1 --script never.dl --dealing 1 --max-tries 1 --quiet
grep -q 'board 1: no deal satisfied the condition in 1 try$' err.txt || fail "$(cat err.txt)"
printf x > short.key
chmod 600 short.key
run 65 "$P" key commit short.key
grep -q 'found 1 byte$' err.txt || fail "$(cat err.txt)"
run 0 "$P" deal --key k.key --boards 5 -o one.pbn
run 0 "$P" verify --key k.key one.pbn
[ "$(head -1 out.txt)" = 'one.pbn: 1 board matches key and label "original"' ] || fail "$(cat out.txt)"
run 0 "$P" deal --key k.key --boards 1-4 -o four.pbn
run 0 "$P" verify --key k.key four.pbn
grep -q '^four.pbn: all 4 boards match key' out.txt
# One line with LF alone among CR LF lines.
{ printf '%%%% PBN 2.1\r\n%%%% EXPORT\r\n\r\n'; sed -n '/^\[Event/,$p' one.pbn; } > crlf.pbn
sed -i '0,/\r$/s/\r$//' crlf.pbn
run 1 "$P" check crlf.pbn
grep -q '1 line ends with LF alone' out.txt || fail "$(cat out.txt)"
grep -q '1 departure from the PBN export format' err.txt || fail "$(cat err.txt)"

# verify's hints: --label, --boards, --script, each given as said.
run 0 "$P" deal --key k.key --label reserve --boards 1-4 -o r.pbn
run 0 "$P" convert r.pbn r.dup
run 1 "$P" verify --key k.key r.dup
grep -q '(give --label L for another)' out.txt || fail "no --label hint: $(cat out.txt)"
grep -q 'give --boards to find boards' out.txt || fail "no --boards hint: $(cat out.txt)"
run 0 "$P" verify --key k.key --label reserve --boards 1-4 r.dup
echo 'condition hcp(north) >= 12' > some.dl
run 0 "$P" deal --key k.key --boards 1-2 --script some.dl -o sc.pbn --quiet
run 64 "$P" verify --key k.key sc.pbn
grep -q 'give it with --script FILE$' err.txt
run 0 "$P" verify --key k.key --script some.dl sc.pbn

# analyze's hint for a set that is not PBN, run as given (OUT.pbn a name of ours).
run 64 "$P" analyze r.dup --quiet
hint=$(sed -n 's/.*(predup \(analyze r.dup -o OUT.pbn\))$/\1/p' err.txt)
[ -n "$hint" ] || fail "no analyze hint: $(cat err.txt)"
run 0 "$P" $hint --quiet
[ -s OUT.pbn ]

# An output that differs: --force as the message says.
echo other > taken.pbn
run 73 "$P" deal --key k.key --boards 1 -o taken.pbn
grep -q 'taken.pbn exists and differs (add --force to replace it)$' err.txt
run 0 "$P" deal --key k.key --boards 1 -o taken.pbn --force

# event deal takes no --force: its hint says what does work.
cat > ev.conf <<'CONF'
[event]
name = Hint test
date = 2026.11.23
site = Here
delayed_value = a number said aloud after the commit
public_form = integer

[set original]
boards = 1-2
formats = pbn
CONF
fixed_key ev.key ev
run 0 "$P" event commit ev.conf --reuse-key
run 0 "$P" event public ev.conf 42
run 0 "$P" event deal ev.conf -o out
echo changed >> out/original.pbn
run 73 "$P" event deal ev.conf -o out
grep -q "out/original.pbn exists and differs (changed since, or written by another predup version: move it away, then run event deal again)$" err.txt ||
    fail "$(cat err.txt)"
mv out/original.pbn moved.pbn
run 0 "$P" event deal ev.conf -o out

# The simulator's stop names the command that resumes: sim, not fill; it works.
run 69 "$P" sim four.pbn --rate unplug=200000 --seed 3 --quiet
resume=$(sed -n 's/.*; run predup \(sim four.pbn --resume\) when it works$/\1/p' err.txt)
[ -n "$resume" ] || fail "no resume hint: $(cat err.txt)"
run 0 "$P" $resume --quiet
grep -q 'filled four.pbn: 4 good, 0 bad' out.txt

# fill refuses the simulator's options and names the command that takes them.
run 64 "$P" fill four.pbn --seed 3
[ "$(cat err.txt)" = "predup fill: error: fill takes no --seed, --fault, --rate or --deck: they are the simulator's (see predup sim --help)" ]
run 0 "$P" sim --help
grep -q -- '--seed N' out.txt
# the fault names are --fault's help line, made from the machine's table (predup --complete
# faults) and wrapped by the option rows' help
faults=" $(sed -n '/^  --fault /,/^  --rate /p' out.txt | tr -s ' \n' '  ') "
for f in $("$P" --complete faults); do
    [[ $faults == *" $f "* ]] || { echo "sim --help: --fault names no $f: $faults"; exit 1; }
done

# deal and verify --help point at their SquareDeal forms, and those work as written.
run 0 "$P" deal --help
grep -q 'predup deal --squaredeal EVENT.sqd --help' out.txt
run 0 "$P" deal --squaredeal EVENT.sqd --help
grep -q '^usage: predup deal --squaredeal' out.txt
run 0 "$P" verify --help
grep -q 'predup verify --squaredeal EVENT.sqd --help' out.txt
run 0 "$P" verify --squaredeal EVENT.sqd --help
grep -q '^usage: predup verify --squaredeal' out.txt
