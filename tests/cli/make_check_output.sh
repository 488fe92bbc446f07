#!/bin/bash
# tests/cli/make_check_output.sh - the shape of make check's output: a compile is one "CC file"
# line (the whole command with V=1, nothing under make -s, as inside make check); each half
# (tests/check_half.sh, here on stub suites, scripts and USB scenarios) prints its "skip: "
# lines and one verdict line naming it, and a failing step's output in full with a verdict
# that names the step; tests/cli.sh prints a failing script's output in full, and under the
# sanitizers fails a script whose program wrote a sanitizer report, whatever it exited with.
# cli: plain only - make and the test runners on stubs, no predup
set -eu
. "$TOP/tests/lib_cli.sh" # fail
command -v make > /dev/null || { echo "skip: no make"; exit 0; }
# A make started by make check passes its flags (-s, the jobserver) down: none here.
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -C "$TOP" "$@"; }
w=$(pwd)
# The stub runs below are make check's, whatever runs this script (make check-quick sets QUICK,
# make check V=1 sets V).
unset QUICK CLI_QUICK CLI_HALF V

# One object, three ways.
mk BUILD="$w/b" "$w/b/dealer/base/hash.o" > out.txt 2>&1 || fail "make: $(cat out.txt)"
[ "$(cat out.txt)" = "  CC   dealer/base/hash.c" ] || fail "the default compile line: $(cat out.txt)"
rm "$w/b/dealer/base/hash.o"
mk -s BUILD="$w/b" "$w/b/dealer/base/hash.o" > out.txt 2>&1 || fail "make -s: $(cat out.txt)"
[ ! -s out.txt ] || fail "make -s printed: $(cat out.txt)"
rm "$w/b/dealer/base/hash.o"
mk V=1 BUILD="$w/b" "$w/b/dealer/base/hash.o" > out.txt 2>&1 || fail "make V=1: $(cat out.txt)"
grep -q -- "-c dealer/base/hash.c -o $w/b/dealer/base/hash.o$" out.txt || fail "V=1: $(cat out.txt)"

# A half of make check on stubs: tests/check_half.sh is run from a copy of the tree's tests/.
mkdir -p t/tests bin stub
cp "$TOP/tests/check_half.sh" t/tests/
printf '#!/bin/sh\nshift 0\nexec "$@"\n' > bin/umockdev-wrapper
printf '#!/bin/sh\necho "check_predup: suite a: 3 checks, 0 failed"\necho "check_predup: 2 suites, 0 failed"\n' > stub/check_predup
printf '#!/bin/sh\necho "usb clean: 36 boards"\necho "usb_machine: all scenarios passed"\n' > stub/usb_machine
cat > t/tests/cli.sh <<'CLI'
#!/bin/sh
echo "corpus.sh: skip: ../shared is absent"
if [ -n "${CLI_FAIL:-}" ]; then
    echo "FAIL: broken.sh"; echo "    broken.sh: the output of the failing test"
    echo "cli: 82 passed, 1 failed (slowest: a 3s)"; exit 1
fi
echo "cli: 83 passed, 0 failed (slowest: a 3s)"
CLI
chmod +x bin/* stub/*
export PATH="$w/bin:$PATH"
(cd t && sh tests/check_half.sh plain "$w/stub") > out.txt 2>&1 || fail "the passing half failed: $(cat out.txt)"
printf '%s\n' "corpus.sh: skip: ../shared is absent" "plain: 2 suites, 83 scripts, USB scenarios: passed" > want.txt
diff want.txt out.txt > d.txt || fail "the passing half's output: $(cat d.txt)"
rc=0; (cd t && CLI_FAIL=1 sh tests/check_half.sh ASan+UBSan "$w/stub") > out.txt 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "a failing half exits $rc: $(cat out.txt)"
grep -qx "ASan+UBSan: cli FAILED; its output:" out.txt || fail "no failed step named: $(cat out.txt)"
grep -qx "        broken.sh: the output of the failing test" out.txt || fail "the failing output is not shown in full: $(cat out.txt)"
[ "$(tail -1 out.txt)" = "ASan+UBSan: 2 suites, 83 scripts, USB scenarios: FAILED (cli)" ] ||
    fail "the failing verdict: $(tail -1 out.txt)"

# tests/cli.sh itself: a failing script's output in full (not its last lines), skips named.
mkdir -p t2/tests/cli
cp "$TOP/tests/cli.sh" t2/tests/
printf 'for i in $(seq 1 60); do echo "line $i"; done\nexit 1\n' > t2/tests/cli/a_fails.sh
printf 'echo "skip: no corpus"\n' > t2/tests/cli/b_passes.sh
rc=0; PREDUP=/bin/true CLI_JOBS=1 sh t2/tests/cli.sh > out.txt 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "cli.sh with a failing script: exit $rc"
grep -qx "FAIL: a_fails.sh" out.txt || fail "cli.sh: $(cat out.txt)"
grep -qx "    line 1" out.txt && grep -qx "    line 60" out.txt || fail "cli.sh cut the failing output: $(cat out.txt)"
grep -qx "b_passes.sh: skip: no corpus" out.txt || fail "cli.sh: no skip line: $(cat out.txt)"
grep -q "^cli: 1 passed, 1 failed" out.txt || fail "cli.sh: $(tail -1 out.txt)"

# Under the sanitizers (CLI_HALF=san): a script whose program wrote a sanitizer report fails,
# though it exited as the script expected (a sanitizer exits 1, like a refusal); the report is
# shown. The stub program writes a report where ASAN_OPTIONS's log_path says, and exits 1.
mkdir -p t3/tests/cli
cp "$TOP/tests/cli.sh" t3/tests/
cat > stub/sanitized <<'STUB'
#!/bin/bash
path=$(printf '%s\n' "$ASAN_OPTIONS" | sed -n "s/.*log_path='\([^']*\)'.*/\1/p")
[ -n "$path" ] && echo "ERROR: AddressSanitizer: stub report" > "$path.$$"
exit 1
STUB
chmod +x stub/sanitized
printf '"$PREDUP"; [ $? = 1 ] && echo "refused, as expected"\n' > t3/tests/cli/refusal.sh
rc=0; PREDUP=$w/stub/sanitized CLI_JOBS=1 sh t3/tests/cli.sh > out.txt 2>&1 || rc=$?
[ "$rc" = 0 ] || fail "cli.sh, plain, a refusal expected: exit $rc: $(cat out.txt)"
rc=0; PREDUP=$w/stub/sanitized CLI_HALF=san ASAN_OPTIONS=detect_leaks=1 CLI_JOBS=1 \
    sh t3/tests/cli.sh > out.txt 2>&1 || rc=$?
[ "$rc" = 1 ] || fail "cli.sh, a sanitizer report: exit $rc: $(cat out.txt)"
grep -qx "FAIL: refusal.sh" out.txt && grep -q "^    ERROR: AddressSanitizer: stub report" out.txt ||
    fail "cli.sh, a sanitizer report not shown: $(cat out.txt)"
