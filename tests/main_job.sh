#!/bin/sh
# tests/main_job.sh PREDUP OUTDIR - the main job (`make run`): the shipped demonstration event
# (config/events/demo.conf) carried through the whole ceremony of an honest event - commit,
# delayed public value, deal (PBN, DUP, DLM, analysis, hand record, curtain cards, dealing
# sheet), fill on the simulated dealing machine, reveal, and verification of every file from
# the public record alone (dealer/EVENTS.md).
# Re-runnable: OUTDIR/demo.conf, the key and the record are kept; every step run again
# changes nothing (the same key, the same bytes; the fill resumes and finds nothing to do).
set -eu
P=$1
OUT=$2
PUBLIC=${PUBLIC:-"4871.25"} # an index close: demo.conf's public_form is "decimal 2"
SIM=$(pwd)/${SIM_CONF:-config/machines/sim.conf}
mkdir -p "$OUT"
CONF=$OUT/demo.conf
step() { printf '\n== %s\n' "$*"; }

step "the event file"
if [ ! -f "$CONF" ]; then
    # The shipped file, with its machine profile found from OUTDIR (paths in an event file
    # are relative to its own directory).
    sed "s#^machine = .*#machine = $SIM#" config/events/demo.conf > "$CONF"
    echo "$CONF: a copy of config/events/demo.conf"
else
    echo "$CONF: kept from an earlier run (the record commits to it)"
fi

step "1. commit: the secret key and the public record"
"$P" event commit "$CONF"
"$P" verify "$OUT/demo.record"

step "2. the delayed public value, once it is known to everybody"
if grep -q '^public ' "$OUT/demo.record"; then
    echo "already in the record: $(sed -n 's/^public //p' "$OUT/demo.record")"
else
    "$P" event public "$CONF" "$PUBLIC"
fi

step "3. deal every set: files, analysis, PDFs, and the boards filled on the simulator"
"$P" event deal "$CONF" --fill --yes # the simulator: nobody to insert boards, even at a terminal
"$P" check "$OUT/demo/original.pbn"

step "4. after play: reveal the key"
"$P" event reveal "$CONF" --yes # a demonstration: play is over (at a terminal, reveal asks for --yes)

step "5. anyone verifies every file from the record alone"
"$P" verify "$OUT/demo.record" "$OUT/demo/original.pbn" "$OUT/demo/original.dd.pbn" \
    "$OUT/demo/reserve.pbn"
"$P" verify "$OUT/demo.record" --set original "$OUT/demo/original.dup" "$OUT/demo/original.dlm"

. tests/lib_cli.sh; pdf_checked_all "$OUT" # every PDF of the event passes qpdf and pdftotext
step "done: the files of the event"
ls -l "$OUT" "$OUT/demo"
