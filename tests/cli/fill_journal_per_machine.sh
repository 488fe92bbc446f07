#!/bin/bash
# tests/cli/fill_journal_per_machine.sh - a rehearsal on the simulator never makes a real fill
# think its boards are done: the simulator keeps its own journal (SET.pbn.sim-journal), a
# journal names the machine that filled it and counts for that machine only, a fill connects
# to its machine before it reports anything done, and a journal of format 2 (which names no
# machine) counts for none. Also: a FIFO or a symlinked 0644 file as the journal.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
absent_machine_conf club.conf

# A rehearsal, then the club's machine, which is not plugged in: no board is good, exit 69
# naming the machine; the rehearsal went to its own journal.
"$P" fill set.pbn --machine sim --yes >out.txt 2>err.txt
grep -q '^filled set.pbn: 4 good, 0 bad; 208 cards placed' out.txt
rc=0; "$P" fill set.pbn --machine club.conf --yes >out.txt 2>err.txt || rc=$?
[ "$rc" = 69 ] || { echo "a USB fill after a rehearsal: exit $rc, not 69"; cat out.txt err.txt; exit 1; }
grep -q 'error: no USB machine 1209:7777 (profile ' err.txt
if grep -q 'good' out.txt; then echo "boards reported good:"; cat out.txt; exit 1; fi
[ -f set.pbn.sim-journal ]
head -1 set.pbn.sim-journal | grep -Eq '^predup-journal 3 deals [0-9a-f]{64} machine sim \*[0-9a-f]{8}$'

# predup sim too rehearses on its own journal.
"$P" sim set.pbn --boards 1-2 >out.txt 2>err.txt
[ ! -s set.pbn.journal ] # the failed start above left it empty

# The same journal named for both: the fill still connects first (exit 69, nothing good).
"$P" fill set.pbn --machine sim --yes --journal both.journal >/dev/null 2>&1
rc=0; "$P" fill set.pbn --machine club.conf --yes --journal both.journal >out.txt 2>err.txt || rc=$?
[ "$rc" = 69 ]
if grep -q 'good' out.txt; then echo "boards reported good:"; cat out.txt; exit 1; fi
# --status says whose journal it is.
"$P" fill set.pbn --status --journal both.journal >st.txt
grep -q '^both.journal: 208 cards placed in all, on machine "sim"$' st.txt

# A journal of format 2 (before machines were named), with cards placed: it counts for no
# machine; refused with what to do (exit 1), and left as it was.
python3 - <<'PY'
import zlib
lines = open("both.journal").read().split("\n")
head = lines[0][:lines[0].index(" machine ")].replace("journal 3", "journal 2")
out = ["%s *%08x" % (head, zlib.crc32(head.encode()))] + lines[1:]
open("old.journal", "w").write("\n".join(out))
PY
cp old.journal old.before
rc=0; "$P" fill set.pbn --machine sim --yes --journal old.journal >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ] || { echo "a format-2 journal: exit $rc, not 1"; cat out.txt err.txt; exit 1; }
grep -q 'error: old.journal is of format 2, which names no machine (it may be a simulator.s rehearsal): none of its boards counts as filled; rm old.journal to fill them again$' err.txt
cmp old.journal old.before

# A journal naming another machine: refused (exit 1), nothing counted, the journal untouched.
python3 - <<'PY'
import zlib
lines = open("both.journal").read().split("\n")
head = lines[0][:lines[0].index(" machine ")] + " machine usb 1209:0dea serial X1"
out = ["%s *%08x" % (head, zlib.crc32(head.encode()))] + lines[1:]
open("club.journal", "w").write("\n".join(out))
PY
chmod 600 club.journal
cp club.journal club.before
rc=0; "$P" fill set.pbn --machine sim --yes --journal club.journal >out.txt 2>err.txt || rc=$?
[ "$rc" = 1 ] || { echo "another machine's journal: exit $rc, not 1"; cat out.txt err.txt; exit 1; }
grep -q 'error: club.journal belongs to machine "usb 1209:0dea serial X1", not to "sim": none of its boards counts as filled here; pass another --journal, or rm club.journal to start over$' err.txt
if grep -q 'good' out.txt; then echo "boards reported good:"; cat out.txt; exit 1; fi
cmp club.journal club.before

# A FIFO as the journal: refused at once (exit 74), not a hang.
mkfifo fifo.journal
rc=0; timeout 20 "$P" fill set.pbn --machine sim --yes --journal fifo.journal >/dev/null 2>err.txt || rc=$?
[ "$rc" = 74 ] || { echo "a FIFO journal: exit $rc, not 74"; cat err.txt; exit 1; }
grep -q 'error: fifo.journal is not a regular file: a journal must be one (pass --journal FILE)$' err.txt
rc=0; timeout 20 "$P" fill set.pbn --status --journal fifo.journal >/dev/null 2>err.txt || rc=$?
[ "$rc" = 74 ]

# A journal with wider rights, reached through a symlink or not, is made 0600 when used.
"$P" fill set.pbn --machine sim --yes --boards 1 --journal wide.journal >/dev/null 2>&1
chmod 644 wide.journal
ln -s wide.journal link.journal
"$P" fill set.pbn --machine sim --yes --boards 2 --journal link.journal >/dev/null 2>&1
[ "$(stat -c %a wide.journal)" = 600 ] || { echo "mode $(stat -c %a wide.journal) through a symlink"; exit 1; }
chmod 640 wide.journal
"$P" fill set.pbn --machine sim --yes --boards 3 --journal wide.journal >/dev/null 2>&1
[ "$(stat -c %a wide.journal)" = 600 ]
[ "$(grep -c '^good ' wide.journal)" = 3 ]
