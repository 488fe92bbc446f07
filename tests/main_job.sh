#!/bin/sh
# tests/main_job.sh PREDUP OUTDIR - the main job (`make run`) on the built-in default event:
# an event key and its commitment, a 36-board set as PBN and as Duplimate DUP and DLM files,
# verified against the key, double-dummy analysis and par, the hand record, curtain cards and
# dealing sheet as PDFs, and the boards filled on the simulated dealing machine.
# A key already in OUTDIR is kept and reused (a key is never overwritten), so a second run
# re-deals the same set and resumes the same fill. The outputs are replaced on purpose
# (--force): the set was analysed in place since, and the date may have changed.
set -eu
P=$1
OUT=$2
SIM=${SIM_CONF:-config/machines/sim.conf}
mkdir -p "$OUT"
step() { printf '\n== %s\n' "$*"; }

step "event key"
if [ ! -f "$OUT/event.key" ]; then
    "$P" key new "$OUT/event.key" > "$OUT/commitment.txt"
    echo "new key $OUT/event.key (mode 0600; keep it secret until the event is over)"
else
    "$P" key commit "$OUT/event.key" > "$OUT/commitment.txt"
    echo "reusing $OUT/event.key"
fi
echo "commitment to publish before the event: $(cut -d' ' -f1 "$OUT/commitment.txt")"

step "deal 36 boards (PBN, Duplimate DUP and DLM)"
"$P" deal --key "$OUT/event.key" --boards 1-36 --event "predup demonstration pairs" \
    --site "Bridge club" --date "$(date +%Y.%m.%d)" --format pbn,dup,dlm -o "$OUT/set.pbn" --force
ls -l "$OUT/set.pbn" "$OUT/set.dup" "$OUT/set.dlm"

step "verify every board against the key"
"$P" verify --key "$OUT/event.key" "$OUT/set.pbn"
"$P" verify --key "$OUT/event.key" "$OUT/set.dup"

step "double-dummy analysis and par (libdds)"
"$P" analyze "$OUT/set.pbn"
"$P" check "$OUT/set.pbn"

step "hand record, curtain cards, dealing sheet (PDF)"
"$P" print record "$OUT/set.pbn" -o "$OUT/record.pdf" --force
"$P" print curtain "$OUT/set.pbn" -o "$OUT/curtain.pdf" --force
"$P" print sheet "$OUT/set.pbn" -o "$OUT/sheet.pdf" --force

step "fill the boards on the simulated dealing machine ($SIM)"
resume=
[ -f "$OUT/set.pbn.journal" ] && resume=--resume
"$P" fill "$OUT/set.pbn" --machine "$SIM" --yes $resume

step "done: the files of the event"
ls -l "$OUT"
