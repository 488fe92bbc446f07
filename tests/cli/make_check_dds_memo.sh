#!/bin/bash
# tests/cli/make_check_dds_memo.sh - make check's libdds (tests/dds_memo.c), which keeps each
# deal's table for the rest of the run: the analysis through it is byte for byte the real
# libdds's, solving each deal once; an entry is used only for the exact deal it holds (one
# renamed onto another deal's name is solved again, not believed); and it is in effect (an
# entry's table is what the next analysis of that deal prints), so the time it saves is real.
set -eu
. "$TOP/tests/lib_cli.sh" # fail, fixed_key
memo=$(dirname "$PREDUP")/dds-memo
[ -f "$memo/libdds.so.0" ] || { echo "skip: no $memo/libdds.so.0 (make check builds it)"; exit 0; }
real() { env -u LD_LIBRARY_PATH -u DDS_MEMO_DIR "$@"; }
memo() { env LD_LIBRARY_PATH="$memo" DDS_MEMO_DIR="$PWD/kept" "$@"; }

fixed_key k.key
real "$PREDUP" deal --key k.key --boards 1-6 -o set.pbn -q >/dev/null
real "$PREDUP" analyze set.pbn -o real.pbn -q >/dev/null
mkdir kept
memo "$PREDUP" analyze set.pbn -o first.pbn -q >/dev/null
cmp -s first.pbn real.pbn || fail "the memo's first analysis differs from libdds's"
[ "$(ls kept | wc -l)" = 6 ] || fail "6 deals solved, $(ls kept | wc -l) kept: $(ls kept)"
memo "$PREDUP" analyze set.pbn -o again.pbn -q >/dev/null
cmp -s again.pbn real.pbn || fail "the analysis from kept tables differs from libdds's"
[ "$(ls kept | wc -l)" = 6 ] || fail "the second analysis added entries: $(ls kept)"

# An entry is 16 card words, then 20 trick counts (int32, strain-major, N E S W).
set -- kept/*
cp "$1" a.saved
cp "$2" "$1" # another deal's entry under this deal's name
memo "$PREDUP" analyze set.pbn -o third.pbn -q >/dev/null
cmp -s third.pbn real.pbn || fail "an entry holding another deal was believed"
cmp -s "$1" a.saved || fail "the entry of the deal solved again is not its table"
# The first count (North in spades) of the second entry changed, its deal kept.
python3 - "$2" <<'PY'
import struct, sys
e = open(sys.argv[1], "rb").read()
n = struct.unpack("i", e[64:68])[0]
open(sys.argv[1], "wb").write(e[:64] + struct.pack("i", (n + 1) % 14) + e[68:])
PY
memo "$PREDUP" analyze set.pbn -o fourth.pbn -q >/dev/null
! cmp -s fourth.pbn real.pbn || fail "the kept table was not used: the memo is not in effect"
tricks() { grep '^\[DoubleDummyTricks ' "$1"; }
[ "$(diff <(tricks fourth.pbn) <(tricks real.pbn) | grep -c '^<')" = 1 ] ||
    fail "one board's tricks should differ: $(diff fourth.pbn real.pbn)"
echo "make_check_dds_memo: ok"
