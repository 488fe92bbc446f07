# tests/cli/verify_record_differential.sh - the second verifier (tests/tools/record_verifier.py,
# written from dealer/EVENTS.md alone) and predup verify judge the same records and sets: three
# events made by the real ceremony (a numbers form with a Law 2 set and a fixed one, an integer
# form with a set dealt by a script, a decimal form in another language), then every mutant
# tests/tools/record_differential.py makes of them. Any case where one accepts and the other
# refuses fails the test, named; tests/data/record_differential.known lists the ones known
# and reported (each a "skip: " line).
# cli: slow - 821 verifies, and the second verifier in Python for each
set -eu
P=$PREDUP
command -v python3 >/dev/null || { echo "skip: no python3: the second verifier not run"; exit 0; }
python3 "$TOP/tests/tools/record_verifier.py" --self-test

ceremony() { # NAME VALUE: commit, public, deal, reveal NAME.conf
    # A fixed key per event (adopted by --reuse-key), so that every run makes the same records
    # and sets, and the random mutants of record_differential.py are the same cases each time.
    (umask 077; printf '%s\n' "$(printf 'predup differential %s' "$1" | sha256sum | cut -c1-64)" \
        > "$1.key")
    "$P" event commit "$1.conf" --reuse-key >/dev/null
    "$P" event public "$1.conf" "$2" >/dev/null
    "$P" event deal "$1.conf" >/dev/null
    "$P" event reveal "$1.conf" >/dev/null
}
cat > lotto.conf <<'CONF'
[event]
name = Spring Pairs
date = 2026.11.23
site = Club
delayed_value = the numbers drawn in the national lottery on 2026-11-22
public_form = numbers 6 of 49

[set orig]
boards = 1-4

[set reserve]
boards = 1-3
vul = All
dealer = E
CONF
ceremony lotto "45,40, 34 21 13 07"
printf 'condition spades(north) >= 5 && hcp(south) >= 12\n' > teach.dl
cat > teach.conf <<'CONF'
[event]
name = Lesson
date = 2026.??.??
site = ?
delayed_value = the closing value of the index on 2026-11-24
public_form = integer

[set lesson]
boards = 1-3
script = teach.dl
CONF
ceremony teach 0042
cat > index.conf <<'CONF'
[event]
name = Herbstturnier
date = 2026.10.01
site = Bridgeclub
delayed_value = the index on 2026-09-30 at closing, two decimals
public_form = decimal 2
language = de

[set a-1]
boards = 1-2,5
CONF
ceremony index 4512.3
grep -qx 'public 7 13 21 34 40 45' lotto.record
grep -qx 'public 4512.30' index.record
for e in lotto teach index; do
    python3 "$TOP/tests/tools/record_verifier.py" $e.record $([ -f $e.dl ] && echo --script $e.dl) \
        $e/*.pbn > v.out
    grep -q '^accept: ' v.out
done
python3 "$TOP/tests/tools/record_differential.py" "$P" \
    "$TOP/tests/data/record_differential.known" \
    lotto.record teach.record index.record
