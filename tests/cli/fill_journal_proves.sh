#!/bin/bash
# tests/cli/fill_journal_proves.sh - what a journal proves (issue 29, item 14): a rehearsal's
# journal relabelled as the club's USB machine (header changed, CRC recomputed: one line of
# code) reads as that machine having filled every board, so machine/README.md must say plainly
# that a journal proves nothing to anyone else, and how a machine could sign its counts. The
# test runs the relabelling and checks that README says what it shows.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh"
set_dealt 1-2
"$P" fill set.pbn --machine sim --yes >/dev/null 2>&1
python3 - <<'PY'
import zlib
lines = open("set.pbn.sim-journal").read().split("\n")
head = lines[0].rsplit(" *", 1)[0].replace(" machine sim", " machine usb 1209:0dea serial 0001")
lines[0] = "%s *%08x" % (head, zlib.crc32(head.encode()))
open("set.pbn.journal", "w").write("\n".join(lines))
PY
rm set.pbn.sim-journal
"$P" fill set.pbn --status >st.txt
grep -q '^set.pbn.journal: 104 cards placed in all, on machine "usb 1209:0dea serial 0001"$' st.txt
grep -q '^copy 1: 2 of 2 boards good (done)$' st.txt
R=$TOP/machine/README.md
grep -q '^## What a journal proves, and what it does not$' "$R" ||
    { echo "machine/README.md does not say what a journal proves"; exit 1; }
section=$(sed -n '/^## What a journal proves/,/^## /p' "$R")
for phrase in 'not evidence for anyone else' 'relabel\|replaced by `machine usb' \
    'does not\*\* prove that a machine filled anything' 'How a machine could sign its counts'; do
    grep -q "$phrase" <<<"$section" || { echo "the section lacks: $phrase"; exit 1; }
done
echo "fill_journal_proves: ok"
