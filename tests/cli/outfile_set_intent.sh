# tests/cli/outfile_set_intent.sh - the files of one set (--format pbn,dup,dlm) survive a kill
# between their renames: the write-ahead intent .STEM.pending is found by the next deal, which
# completes the write when every new copy is intact and otherwise names the files that may
# disagree; verify and fill refuse such a set; a cut-off intent and the temporary files of a
# killed run are removed. The states are made by hand (always run) and, where strace can inject
# a SIGKILL into rename(2), by killing a real run between two renames.
set -eu
P=$PREDUP
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n' > k.key
chmod 600 k.key
F=pbn,dup,dlm
mkdir old new
(cd old && "$P" deal --key ../k.key --boards 1-4 -o ev.pbn --format $F)
(cd new && "$P" deal --key ../k.key --boards 1-6 -o ev.pbn --format $F)
sha() { sha256sum "$1" | cut -c1-64; }

failed=""
fail() { echo "FAIL $1"; cat err 2>/dev/null || true; failed="$failed $1"; }
# run WANT CMD...: CMD's exit status must be WANT; its stderr is in err.
run() {
    want=$1; shift
    rc=0; "$@" > out 2> err || rc=$?
    [ "$rc" = "$want" ] || { echo "exit $rc, wanted $want: $*"; cat out err; return 1; }
}
# interrupted: the state a kill after the first rename leaves: the new PBN in place, the new DUP
# and DLM under their temporary names, the intent complete.
interrupted() {
    rm -f ev.* .ev.pending
    cp old/ev.pbn old/ev.dup old/ev.dlm .
    cp new/ev.pbn ev.pbn
    cp new/ev.dup ev.dup.tmpAAAAAA
    cp new/ev.dlm ev.dlm.tmpBBBBBB
    { echo "predup pending set 1"
      echo "$(sha new/ev.pbn) CCCCCC .pbn"
      echo "$(sha new/ev.dup) AAAAAA .dup"
      echo "$(sha new/ev.dlm) BBBBBB .dlm"
      echo "end"; } > .ev.pending
}
same_as() { cmp -s ev.pbn "$1/ev.pbn" && cmp -s ev.dup "$1/ev.dup" && cmp -s ev.dlm "$1/ev.dlm"; }
clean() { [ ! -e .ev.pending ] && ! ls | grep -q '\.tmp'; }
MAY="ev.pbn, ev.dup, ev.dlm may disagree: their write was interrupted"

# verify and fill refuse the set, naming its files and what completes it.
interrupted
run 1 "$P" verify --key k.key ev.dup &&
    grep -qF "$MAY (.ev.pending remains); run the deal or convert that wrote them again to complete it" err ||
    fail verify-refuses
run 1 "$P" fill ev.pbn --machine sim --yes --quiet && grep -qF "$MAY (.ev.pending remains)" err ||
    fail fill-refuses
# The next deal of the set completes the write: every file new, nothing left over.
run 0 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
    grep -qF "predup: completed the interrupted write of ev*" err && same_as new && clean ||
    fail roll-forward
run 0 "$P" verify --key k.key ev.dup || fail verify-after

# A damaged new copy cannot complete it: refused (no --force), nothing touched.
interrupted
printf 'x' >> ev.dlm.tmpBBBBBB
run 1 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
    grep -qF "$MAY and the new ev.dlm is lost or damaged; write the set again with --force" err &&
    [ -e .ev.pending ] && cmp -s ev.dup old/ev.dup || fail damaged-refused
# One file of the set, even forced, cannot redo the set.
run 1 "$P" deal --key k.key --boards 1-6 -o ev.pbn --force && grep -qF "$MAY" err ||
    fail damaged-single-forced
# The whole set with --force is written again.
run 0 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F --force && same_as new && clean ||
    fail damaged-forced

# The new copy gone, the old file still in place: lost.
interrupted
rm ev.dup.tmpAAAAAA
run 1 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
    grep -qF "the new ev.dup is lost or damaged" err || fail lost-refused

# A hand-made intent cannot make a run replace a key file.
interrupted
cp k.key ev.key
echo 0000000000000000000000000000000000000000000000000000000000000000 > ev.key.tmpDDDDDD
{ echo "predup pending set 1"; echo "$(sha ev.key.tmpDDDDDD) DDDDDD .key"
  echo "$(sha new/ev.pbn) CCCCCC .pbn"; echo end; } > .ev.pending
run 1 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F --force &&
    grep -qF "the new ev.key is lost or damaged" err && cmp -s ev.key k.key || fail intent-onto-key
rm -f ev.key ev.key.tmpDDDDDD

# A new copy that is a symlink (to bytes that match) is not renamed into place as a link.
interrupted
mv ev.dup.tmpAAAAAA elsewhere.dup
ln -s elsewhere.dup ev.dup.tmpAAAAAA
run 1 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
    grep -qF "the new ev.dup is lost or damaged" err && [ ! -L ev.dup ] || fail tmp-symlink
rm -f elsewhere.dup ev.dup.tmpAAAAAA

# An intent naming one file twice is not one predup wrote.
interrupted
sed -i 's/ BBBBBB \.dlm$/ BBBBBB .dup/' .ev.pending
run 65 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
    grep -qF ".ev.pending is not an intent predup wrote" err || fail intent-twice

# A malformed intent is refused by deal and verify (65), named; the whole set forced rewrites.
interrupted
printf 'predup pending set 1\n../../etc/passwd\nend\n' > .ev.pending
run 65 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
    grep -qF ".ev.pending is not an intent predup wrote: the files of ev* may disagree" err ||
    fail malformed-deal
run 65 "$P" verify --key k.key ev.pbn && grep -qF ".ev.pending is not an intent" err ||
    fail malformed-verify
run 0 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F --force && same_as new &&
    [ ! -e .ev.pending ] || fail malformed-forced
rm -f ev.*.tmp*

# An intent cut off before its end line: no rename had begun, so it and its temporary files go.
rm -f ev.* .ev.pending
cp old/ev.pbn old/ev.dup old/ev.dlm .
cp new/ev.dup ev.dup.tmpAAAAAA
printf 'predup pending set 1\n%s AAAAAA .dup\n%s' "$(sha new/ev.dup)" "$(sha new/ev.dlm | cut -c1-20)" > .ev.pending
run 0 "$P" verify --key k.key ev.pbn && ! grep -q pending err ||
    fail cut-off-verify-passes-on
run 0 "$P" deal --key k.key --boards 1-4 -o ev.pbn --format $F &&
    grep -qF "predup: removed .ev.pending and its temporary files, left by an interrupted write" err &&
    same_as old && clean || fail cut-off-removed

# A temporary file of a killed run (no intent) is removed by the next run for that output.
cp new/ev.pbn ev.pbn.tmpZZZZZZ
run 0 "$P" deal --key k.key --boards 1-4 -o ev.pbn &&
    grep -qF "predup: removed ev.pbn.tmpZZZZZZ, left by an interrupted run" err && clean ||
    fail leftover-removed
# A symbolic link in the intent's place is refused, not followed.
ln -s k.key .ev.pending
run 65 "$P" deal --key k.key --boards 1-4 -o ev.pbn --format $F &&
    grep -qF ".ev.pending is a symbolic link, not an intent predup wrote: remove it" err ||
    fail intent-symlink
rm .ev.pending

# A live run's files are its own: its locked intent stops another run (73), its locked
# temporary file is not removed.
if command -v flock >/dev/null; then
    printf 'predup pending set 1\n' > .ev.pending
    run 73 flock .ev.pending "$P" deal --key k.key --boards 1-4 -o ev.pbn --format $F &&
        grep -qF "ev*: another predup is writing this set now (.ev.pending): wait for it" err ||
        fail intent-locked
    rm .ev.pending
    cp new/ev.pbn ev.pbn.tmpLIVE01
    run 0 flock ev.pbn.tmpLIVE01 "$P" deal --key k.key --boards 1-4 -o ev.pbn &&
        [ -e ev.pbn.tmpLIVE01 ] && ! grep -q removed err || fail temporary-locked
    rm ev.pbn.tmpLIVE01
else
    echo "skip: locked intent and temporary file: no flock(1)"
fi
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }

# A real kill between the renames (strace fault injection: glibc's rename is rename(2) here).
if ! command -v strace >/dev/null; then
    echo "skip: kill between renames: no strace"; exit 0
fi
cp old/ev.pbn old/ev.dup old/ev.dlm .
rc=0
# (Under sh -c, so that the shell that reports a job killed by a signal is the one whose
# stderr is err.)
sh -c '"$@"; exit $?' sh strace -f -o /dev/null -e trace=rename,renameat,renameat2 \
    -e inject=rename,renameat,renameat2:signal=KILL:when=2 \
    "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F --force 2>err || rc=$?
if [ "$rc" = 137 ] && [ -e .ev.pending ]; then
    cmp -s ev.pbn new/ev.pbn && cmp -s ev.dup old/ev.dup || { echo "FAIL: not killed between renames"; exit 1; }
    run 1 "$P" verify --key k.key ev.dlm && grep -qF "$MAY" err || { fail killed-verify; exit 1; }
    run 0 "$P" deal --key k.key --boards 1-6 -o ev.pbn --format $F &&
        grep -qF "completed the interrupted write" err && same_as new && clean ||
        { fail killed-roll-forward; exit 1; }
elif [ "$rc" = 0 ] || grep -qi "ptrace\|inject" err; then
    echo "skip: kill between renames: strace cannot inject a signal here (exit $rc)"
else
    echo "FAIL: the run under strace exited $rc"; cat err; exit 1
fi
