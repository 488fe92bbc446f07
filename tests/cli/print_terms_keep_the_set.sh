# tests/cli/print_terms_keep_the_set.sh - a club's terms file (print --terms FILE) cannot
# make the paper contradict the set: seat letters, seat names, sides, vulnerabilities and
# honours read apart (also against the language's own words, so that no swap passes), every
# {N} that prints the set's data stays, and no control or bidirectional character is taken.
# Each is refused at file:line:col, exit 65, and no PDF is written; a club's honest file
# (reordered values, its own words) still prints; a bad file is refused before the analysis.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-2 -o raw.pbn
# Analysed once here, so that no print below solves the boards again: the terms are the point.
"$P" analyze raw.pbn -o set.pbn -q > /dev/null
refused() { # refused NAME TEXT WHERE MESSAGE [LANG]
    printf '%s\n' "$2" > "$1.ini"
    exits 65 "$P" print record set.pbn --terms "$1.ini" --lang "${5:-en}" -o "$1.pdf" -q
    grep -qF "$1.ini:$3: error: $4" err.txt || fail "$1: $(cat err.txt)"
    [ ! -e "$1.pdf" ] || fail "$1: a PDF was written"
}
refused swap "$(printf '# N and S swapped\nseat.N = S\nseat.S = N')" 2:10 'seat.N would read as seat.S'
refused names 'name.W = East' 1:10 'name.W would read as name.E'
refused none-all 'vul.None = All' 1:12 'vul.None would read as vul.All'
refused none-alle 'vul.None = alle' 1:12 'vul.None would read as vul.All' de
refused sides 'side.EW = NS' 1:11 'side.EW would read as side.NS'
refused honours 'rank.Q = K' 1:10 'rank.Q would read as rank.K'
refused title 'board = Board' 1:9 'the value leaves out {1}, which prints the set'"'"'s data'
refused page 'page = Page {1}' 1:8 'the value leaves out {2}'
refused esc "$(printf 'name.N = No\033[2Krth')" 1:12 'the value holds a control character'
refused bidi "$(printf 'board = \342\200\256Board {1}')" 1:9 'the value holds a control character'
grep -qF 'board = U+202EBoard {1}' err.txt || fail "the quoted line is escaped: $(cat err.txt)"
# Honest files print: another order of the values, a club's own words over German.
printf 'page = {2} pages, this is {1}\nboard = Tafel {1}\nseat.E = E\nname.E = Ost\n' > club.ini
exits 0 "$P" print record set.pbn --terms club.ini --lang de -o club.pdf -q
pdftotext club.pdf - | grep -q 'Tafel 1' || fail "the club's word is not printed"
# A bad file is refused before the set is analysed (a solve that can take minutes): libdds is
# never loaded for an unanalysed set whose terms file is refused.
if command -v strace > /dev/null; then
    printf 'seat.N = S\n' > early.ini
    # LeakSanitizer cannot run under ptrace: off for this one call (the ASan half).
    exits 65 env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        strace -f -qq -e trace=openat -o trace.txt \
        "$P" print record raw.pbn --terms early.ini -o early.pdf -q
    grep -qF 'early.ini:1:10: error: seat.N would read as seat.S' err.txt || fail "early: $(cat err.txt)"
    grep -q 'early\.ini' trace.txt || fail "strace saw no open of the terms file"
    ! grep -q 'libdds' trace.txt || fail "libdds was loaded before the bad terms file was refused"
    [ ! -e early.pdf ] || fail "early: a PDF was written"
else
    echo "skip: no strace: the refusal before the analysis is not checked"
fi
echo ok
