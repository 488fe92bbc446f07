# tests/cli/print_commentary_linear.sh - laying out a board's commentary is linear in its
# length: each line looks 1024 bytes ahead for its paragraph's end (next_line, printing/fit_text.c),
# where it once measured the rest of the paragraph, so that a handout of one 4 MB paragraph took
# about 19 s of CPU (4.7 s at 2 MB) and takes 0.5 s (0.8 s with ASan). The bound is a CPU-time
# budget of 5 s (ulimit -t: not the clock, which a loaded machine stretches): a quadratic layout
# cannot finish in it. make bench (tests/bench_printing.sh) prints the figures at two sizes.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
[ -z "${VALGRIND:-}" ] || { echo "skip: a CPU budget under valgrind"; exit 0; }
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > vec.key
chmod 600 vec.key
"$P" deal --key vec.key --boards 1-2 -o set.pbn
# Board 1's commentary: one paragraph of 4 MB (words, no line end), then board 2.
awk '/^\r?$/ && !done { printf "{"
                     for (i = 0; i < 400000; i++) printf "declarer %d ", i % 10
                     print "}"; done = 1 }
     { print }' set.pbn > big.pbn
[ "$(wc -c < big.pbn)" -gt 4000000 ] || fail "test data"
rc=0
(ulimit -t 5; exec "$P" print handout big.pbn -o big.pdf -q) > out.txt 2> err.txt || rc=$?
[ "$rc" = 0 ] || fail "exit $rc within 5 s of CPU (a quadratic layout is killed): $(cat err.txt)"
pdf_checked big.pdf
pdftotext big.pdf - | grep -q 'declarer 0 declarer 1' || fail "the commentary is not printed"
echo ok
