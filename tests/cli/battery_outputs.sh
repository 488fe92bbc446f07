#!/bin/bash
# tests/cli/battery_outputs.sh - the output battery, issue 22's refactor guard: every command
# and format run on fixed inputs (a fixed key, fixed seeds, fixed dates, SOURCE_DATE_EPOCH),
# and every output file, every command's stdout and stderr (SHA-256) and exit code listed in a
# manifest compared with the golden one:
#   tests/data/battery/manifest.txt  everything but the corpus: help, key, number, deal (every
#                                    format, --script, --dealing 1 and 2), verify, convert (to
#                                    each format and back), check, analyze, print (PDFs),
#                                    dealer (-j 1 and -j 2), fill and sim, event (the ceremony)
#   tests/data/battery/corpus.txt    check, convert (to each format), analyze, print and the
#                                    SquareDeal commands over ../shared/corpus (compared only
#                                    where the corpus is; a "skip: " line otherwise)
# Lines: "SHA256  PATH" (w/ the files made, io/NAME.out and .err each command's stdout and
# stderr), "mode 600  PATH" (the files made) and "exit CODE  NAME", sorted by path, then in
# the commands' order. Some outputs must be the same bytes (-j 1 and -j 2): checked as well.
# On a mismatch: the manifest's diff and, for each changed text output, its first differing
# lines (from tests/data/battery/*-texts.txt, the text outputs kept for that only, the first
# 8 KB of each; for the corpus, the messages only); exit 1.
#
# Rewriting the golden files: BATTERY_UPDATE=1 (tests/tools/battery_update.sh runs it), ONLY
# when an output change is intended; the commit must say which outputs change and why (the
# diff of the *-texts.txt files shows the text ones). BATTERY_KEEP=DIR copies every output
# to DIR/main and DIR/corpus (to diff -r the outputs of two builds); BATTERY_TIMES=1 prints
# the slowest commands.
#
# Left out or normalised because they legitimately vary (each at the place it is done):
#   - `predup dealer`'s "Time needed" line (wall-clock seconds): the number is replaced
#     (normalise()). Every dealer run has -s: without it the seed is random; and --dealing 1:
#     the battery pins practice dealing version 1 (version 2 has its vectors in check_lang).
#   - `predup key new`: the key is random; the file is removed and the commitment it prints
#     replaced (its mode and exit code are kept).
#   - nothing else varies today: the simulator's journals hold no times (the profiles' sim
#     seeds are fixed), the PDFs no date, no output names a temporary file or a PID, and every
#     command runs in this script's directories on copied inputs named relatively (no
#     absolute path in any message). TZ, LC_ALL, the umask and SOURCE_DATE_EPOCH are fixed.
# The digests hold for one machine: the PDFs embed its DejaVu fonts through its libharu, the
# analysis is its libdds. Run time: 20-25 s of CPU (user + system; libdds takes about 0.3 s a
# board: the analyses are few and small), about 15 s of it outside the corpus part.
# cli: slow - every command and format, and the corpus half
set -eEu
: "${PREDUP:?set PREDUP to the predup binary}" "${TOP:?set TOP to the source tree}"
P=$(cd "$(dirname "$PREDUP")" && pwd)/$(basename "$PREDUP") # absolute: the battery changes directory
TOP=$(cd "$TOP" && pwd)
GOLD=$TOP/tests/data/battery
CORPUS=$TOP/../shared/corpus
# `predup event commit` refuses an existing NAME.key unless told to adopt it: the battery's
# event uses its fixed key, pre-placed.
REUSE_KEY=(--reuse-key)
# The event file, in one place for whoever changes the event-file syntax (a line fixing the
# public value's form, for one, goes in [event]).
write_event_conf() {
    cat <<'CONF'
[event]
name = Battery Pairs "Ü"
date = 2026.11.23
site = Battery Club
delayed_value = the numbers of the national lottery's draw on 2026-11-22
public_form = numbers 6 of 49

[set battery-pairs]
boards = 1-4
formats = pbn,dup,dlm,lin,bri
print = record,curtain,sheet
machine = fast.conf

[set reserve]
boards = 1-2
vul = All
formats = pbn,lin
machine = fast.conf
copies = 2

[set scripted]
boards = 1-2
script = v1.dl
CONF
}
KEYHEX=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
export LC_ALL=C TZ=UTC SOURCE_DATE_EPOCH=1795000000
umask 022

# Everything happens in ./battery (made here: the directory the script runs in is cli.sh's
# scratch directory, or the one tests/tools/battery_update.sh makes).
top=$PWD/battery
mkdir "$top" || { echo "battery: $top exists: run the battery in an empty directory"; exit 2; }
fail=0
say() { printf '%s\n' "$*"; }
# A command of the battery itself (not of predup) that fails stops it: no manifest is compared
# or written from a half-made battery.
trap 'say "battery: a command of the battery failed (line $LINENO): nothing compared or written"' ERR

# run NAME CMD...: runs CMD in the current directory, stdin from /dev/null, its stdout and
# stderr to $IO/NAME.out and .err, its exit code to $IO/codes. runin NAME FILE CMD...: stdin
# from FILE.
runin() {
    local name=$1 in=$2 rc=0
    shift 2
    if [ -e "$IO/$name.out" ]; then say "battery bug: two runs named $name"; exit 2; fi
    local t0=${EPOCHREALTIME/./}
    "$@" <"$in" >"$IO/$name.out" 2>"$IO/$name.err" || rc=$?
    echo "$(((${EPOCHREALTIME/./} - t0) / 1000)) ms $name" >>"$top/times"
    printf 'exit %s  %s\n' "$rc" "$name" >>"$IO/codes"
}
run() { local name=$1; shift; runin "$name" /dev/null "$@"; }
# input FILE...: FILE is an input of the battery (hashed into the manifest, not kept in texts).
input() { sha256sum "$@" | cut -c1-64 >>"$IO/../inputs"; }
# same A B: the outputs A and B (paths as in the manifest) must be the same bytes.
same() { printf '%s\n%s\n' "$1" "$2" >>"$IO/../same"; }
key() { printf '%s\n' "$KEYHEX" >"$1"; chmod 600 "$1"; }

#### The main part: everything but the corpus. ####
mkdir -p "$top/main/w" "$top/main/io"
IO=$top/main/io
cd "$top/main/w" || exit 2
key k.key
cp "$TOP/tests/data/keyed/v1.dl" v1.dl
cp "$TOP/tests/data/formats/ref.pbn" ref.pbn
cp "$TOP/tests/data/formats/dealer-printpbn.pbn" dealer-printpbn.pbn
cp "$TOP/tests/data/printing/golden.pbn" golden.pbn
cp "$TOP/tests/data/machine/fast.conf" fast.conf
chmod 644 ./*.dl ./*.pbn ./*.conf
input ./*

## help: every command's usage and every topic (messages move with the front-ends).
run help "$P" --help
for c in key deal verify event number dealer check convert analyze print fill sim; do
    run "help-$c" "$P" "$c" --help
    run "help-topic-$c" "$P" help "$c"
done
for t in events formats language machine keys; do run "help-topic-$t" "$P" help "$t"; done
run help-squaredeal-deal "$P" deal --squaredeal x.sqd --help
run help-squaredeal-verify "$P" verify --squaredeal x.sqd --help
run no-command "$P"
run bad-command "$P" frobnicate

## key
run key-commit "$P" key commit k.key
runin key-commit-stdin k.key "$P" key commit -
cp k.key loose.key; chmod 640 loose.key
run key-commit-loose "$P" key commit loose.key
rm loose.key
# key new: the key is random (the file is removed, the commitment it prints replaced, below);
# then the refusal to overwrite.
run key-new "$P" key new new.key
stat -c 'mode %a' new.key >new.key.mode
run key-new-exists "$P" key new new.key
rm new.key
sed -i 's/^[0-9a-f]\{64\}  new.key$/(the commitment of a random key)  new.key/' "$IO/key-new.out"

## number, both ways, and Big Deal's numbering
run number-0 "$P" number 0
run number-max "$P" number 53644737765488792839237439999
run number-over "$P" number 53644737765488792839237439999999
run number-deal "$P" number --deal "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9"
run number-godel "$P" number --godel "8,769,329,935,151,910,410,009,728,500"
run number-godel-deal "$P" number --godel --deal "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9"
run number-bad-deal "$P" number --deal "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T8"

## deal: every format, one file each; several at once; labels, overrides, stdout
tags=(--event "Battery Pairs" --site "Battery Club" --date 2026.11.22)
for f in pbn dup dlm bri dge lin csv ber bhg rzd cds; do
    run "deal-$f" "$P" deal --key k.key --boards 1-8 "${tags[@]}" -o "deal.$f"
done
run deal-dupblind "$P" deal --key k.key --boards 1-8 "${tags[@]}" --format dupblind -o deal-blind.dup
run deal-dlmblind "$P" deal --key k.key --boards 1-8 "${tags[@]}" --format dlmblind -o deal-blind.dlm
mkdir multi
run deal-multi "$P" deal --key k.key --boards 1-8 "${tags[@]}" -o multi/set.pbn \
    --format pbn,dup,dlm,bri,dge,lin,csv,ber,bhg,rzd,cds
run deal-stdout "$P" deal --key k.key --boards 3-5
run deal-reserve "$P" deal --key k.key --label reserve --boards 1-4 -o reserve.pbn --public
run deal-override "$P" deal --key k.key --boards 1-3 --dealer S --vul All -o over.pbn
run deal-late "$P" deal --key k.key --boards 97-101 -o late.pbn
run deal-late-dup "$P" deal --key k.key --boards 97-101 -o late.dup
run deal-j1 "$P" deal --key k.key --boards 1-16 -j 1 -o j1.pbn
run deal-j2 "$P" deal --key k.key --boards 1-16 -j 2 -o j2.pbn
same w/j1.pbn w/j2.pbn
cp j2.pbn forced.pbn
run deal-force "$P" deal --key k.key --boards 1-4 -o forced.pbn --force
run deal-again "$P" deal --key k.key --boards 1-8 "${tags[@]}" -o deal.pbn
run deal-differs "$P" deal --key k.key --boards 1-9 -o deal.pbn
run deal-nokey "$P" deal --boards 1-2
run deal-script "$P" deal --key k.key --boards 1-6 --script v1.dl -o script2.pbn
run deal-script-d1 "$P" deal --key k.key --boards 1-6 --script v1.dl --dealing 1 -o script1.pbn
run deal-script-d2 "$P" deal --key k.key --boards 1-6 --script v1.dl --dealing 2 -j 2 -o script2j.pbn
same w/script2.pbn w/script2j.pbn
printf 'condition hcp(north) >= 37\n' >never.dl
run deal-script-never "$P" deal --key k.key --boards 1-2 --script never.dl --max-tries 1000 -o never.pbn
printf 'dealer south\nvulnerable EW\npredeal west SAK, CQ\ncondition hcp(north) + hcp(south) >= 20\n' >game.dl
run deal-script-dv "$P" deal --key k.key --boards 1-4 --script game.dl --format pbn,lin,csv -o game.pbn
run deal-script-clash "$P" deal --key k.key --boards 1-4 --script game.dl --dealer N -o clash.pbn

## verify
run verify-pbn "$P" verify --key k.key deal.pbn
for f in dup dlm bri dge lin csv ber bhg rzd cds; do
    run "verify-$f" "$P" verify --key k.key "deal.$f"
done
run verify-reserve "$P" verify --key k.key reserve.pbn
run verify-reserve-as-original "$P" verify --key k.key --label original reserve.pbn
run verify-script "$P" verify --key k.key --script v1.dl script2.pbn
run verify-script-d1 "$P" verify --key k.key --script v1.dl script1.pbn
run verify-script-missing "$P" verify --key k.key script2.pbn
sed 's/^\[Deal "N:KJ92.A843/[Deal "N:KJ93.A842/' deal.pbn >tampered.pbn
input tampered.pbn
run verify-tampered "$P" verify --key k.key tampered.pbn

## convert: the reference set to every format, and each back to PBN
for f in pbn dup dlm bri dge lin csv ber bhg rzd cds; do
    run "convert-to-$f" "$P" convert ref.pbn "conv.$f"
done
run convert-to-dupblind "$P" convert --to dupblind ref.pbn conv-blind.dup
run convert-to-dlmblind "$P" convert --to dlmblind ref.pbn conv-blind.dlm
mkdir conv-multi
run convert-multi "$P" convert --to dup,dlm,bri,dge,lin,csv,ber,bhg,rzd,cds ref.pbn conv-multi/ref.pbn
for f in dup dlm bri dge lin csv ber bhg rzd cds; do
    run "convert-back-$f" "$P" convert "conv.$f" "back-$f.pbn"
done
run convert-back-dupblind "$P" convert conv-blind.dup back-dupblind.pbn
run convert-back-dlmblind "$P" convert conv-blind.dlm back-dlmblind.pbn
cp conv.bhg mystery.dat
run convert-mystery "$P" convert mystery.dat mystery.pbn
run convert-from "$P" convert --from bhg mystery.dat mystery.pbn
run convert-late-bri "$P" convert late.pbn late.bri
# The hand record golden set (tags, commentary, analysis) through the text formats and back.
for f in lin csv cds; do
    run "convert-golden-$f" "$P" convert golden.pbn "golden.$f"
    run "convert-golden-back-$f" "$P" convert "golden.$f" "golden-back-$f.pbn"
done

## check
for f in deal.pbn ref.pbn back-lin.pbn dealer-printpbn.pbn golden.pbn conv.dup tampered.pbn; do
    run "check-$f" "$P" check "$f"
done
run check-several "$P" check ref.pbn dealer-printpbn.pbn

## analyze (libdds), then print. libdds takes about 0.3 s of CPU a board here: the analyses
## are of boards 7-8 (two quick ones); the layouts of many boards print golden.pbn (analysed).
run deal-small "$P" deal --key k.key --boards 7-8 "${tags[@]}" -o small.pbn --quiet
run deal-inplace "$P" deal --key k.key --boards 8 "${tags[@]}" -o inplace.pbn --quiet
run convert-small "$P" convert small.pbn small.lin
run analyze "$P" analyze small.pbn -o an.pbn -j 2
run analyze-j1 "$P" analyze small.pbn -o an-j1.pbn -j 1
same w/an.pbn w/an-j1.pbn
run analyze-again "$P" analyze an.pbn -o an2.pbn -j 1
run analyze-lin "$P" analyze small.lin -o an-lin.pbn -j 1
run analyze-inplace "$P" analyze inplace.pbn -j 1 --quiet
run analyze-lin-noout "$P" analyze small.lin -j 1
run analyze-exists "$P" analyze small.pbn -o an-lin.pbn -j 1
for f in dlm lin csv; do run "convert-an-$f" "$P" convert an.pbn "an.$f"; done
run verify-an "$P" verify --key k.key an.pbn

# print: the PDFs (no date in them; SOURCE_DATE_EPOCH is set should one come)
pr() { local name=$1; shift; run "print-$name" "$P" print "$@" -o "$name.pdf" --quiet; }
for n in 1 2 4 6 9; do pr "record-pp$n" record golden.pbn --per-page "$n"; done
pr record-golden-nocomments record golden.pbn --no-comments --per-page 2
pr record-letter record an.pbn --paper letter
pr record-makeable record an.pbn --dd makeable --ten T
pr record-nodd record an.pbn --dd none --no-qr --title "Battery title"
pr record-ns record golden.pbn --hands NS
pr record-w record an.pbn --hands W --per-page 1
pr record-bare record small.pbn -j 1
pr record-fontdir record an.pbn --font-dir /usr/share/fonts/truetype/dejavu
same w/record-bare.pdf w/record-fontdir.pdf
pr curtain curtain deal.pbn
pr curtain-golden curtain golden.pbn --ten T
pr curtain-letter-hands curtain an.pbn --paper letter --hands N,S
pr sheet sheet deal.pbn
pr sheet-letter sheet golden.pbn --paper letter --ten T --title "Sheet title"
run print-noforce "$P" print sheet golden.pbn -o sheet.pdf --quiet
run print-verbose "$P" print curtain an.pbn -o curtain-verbose.pdf
run print-bad-kind "$P" print poster an.pbn -o poster.pdf
run print-bad-perpage "$P" print record an.pbn --per-page 5 -o bad.pdf

## dealer: several scripts, several actions, fixed seeds; -j 1 and -j 2 give the same bytes
D=$TOP/tests/data/lang/descr
mkdir lang
for s in 1c 2nt 6c blue_team controls evaluation hm1dr2d junkstayman notrump pbn stayman \
         test_dealer test_operator_order vvga2 weaktwo yarb you_hold; do
    cp "$D/Descr.$s" "lang/$s.dl"
done
for s in a-uncond a1-onehand b-2021bal c-rare; do
    cp "$TOP/tests/data/lang/bench/dealer-$s.dl" "lang/bench-$s.dl"
done
chmod 644 lang/*
input lang/*
for s in 1c 2nt 6c blue_team controls evaluation hm1dr2d junkstayman notrump pbn stayman \
         test_dealer test_operator_order vvga2 weaktwo yarb you_hold; do
    run "dealer-$s-j1" "$P" dealer --dealing 1 -s 7 -p 12 -j 1 "lang/$s.dl"
    run "dealer-$s-j2" "$P" dealer --dealing 1 -s 7 -p 12 -j 2 "lang/$s.dl"
    same "io/dealer-$s-j1.out" "io/dealer-$s-j2.out"
done
run dealer-bench-a-uncond "$P" dealer --dealing 1 -s 3 -p 5 lang/bench-a-uncond.dl
run dealer-bench-a1-onehand "$P" dealer --dealing 1 -s 3 -p 5 lang/bench-a1-onehand.dl
run dealer-bench-b-2021bal "$P" dealer --dealing 1 -s 3 -p 5 lang/bench-b-2021bal.dl
run dealer-bench-c-rare "$P" dealer --dealing 1 -s 3 -p 2 lang/bench-c-rare.dl
run dealer-swap0 "$P" dealer --dealing 1 -s 11 -p 4 -0 lang/notrump.dl
run dealer-swap2 "$P" dealer --dealing 1 -s 11 -p 4 -2 lang/notrump.dl
run dealer-swap3 "$P" dealer --dealing 1 -s 11 -p 4 -3 lang/notrump.dl
run dealer-plain "$P" dealer --dealing 1 -s 11 -p 4 --plain lang/notrump.dl
run dealer-sd "$P" dealer --dealing 1 -s 11 -g 2000 --sd lang/evaluation.dl
run dealer-quiet "$P" dealer --dealing 1 -s 11 -p 3 -q -v lang/pbn.dl
run dealer-generate "$P" dealer --dealing 1 -s 11 -g 500 lang/stayman.dl
printf 'predeal north SAKQ2, HKQ2, DAK2, CA32\npredeal south SJT43, HA43, DQ43, CK54\nproduce 3\naction printall\n' \
    >lang/exhaustive.dl
run dealer-exhaustive "$P" dealer --dealing 1 -e -s 1 -p 3 lang/exhaustive.dl
printf 'produce 2\naction printpbn\n' >lang/stdin.dl
runin dealer-stdin lang/stdin.dl "$P" dealer --dealing 1 -s 5
printf 'produce 2\ncondition hcp(north) > \n' >lang/broken.dl
run dealer-broken "$P" dealer --dealing 1 -s 5 lang/broken.dl

## fill on the simulator, predup sim with faults
run deal-fill "$P" deal --key k.key --boards 1-4 "${tags[@]}" -o fill.pbn --quiet
cp fill.pbn fill2.pbn
cp fill.pbn simset.pbn
run fill-sim "$P" fill fill.pbn --machine sim --yes
run fill-sim-again "$P" fill fill.pbn --machine sim --yes --resume
run fill-status "$P" fill fill.pbn --status
run fill-fast-copies "$P" fill fill2.pbn --machine fast.conf --yes --copies 2 --boards 2-3
run fill-fast-more "$P" fill fill2.pbn --machine fast.conf --yes --copies 2
run fill-status2 "$P" fill fill2.pbn --status
run sim-faults "$P" sim simset.pbn --machine fast.conf --seed 4 --fault misread@2:10 \
    --fault short-deck@3:52 --fault jam@2:1 --fault double-feed@4:30 --journal sim-faults.journal
run sim-rate "$P" sim simset.pbn --machine fast.conf --seed 9 --rate jam=20000 \
    --rate misread=20000 --journal sim-rate.journal
run sim-unplug "$P" sim simset.pbn --machine fast.conf --seed 4 --fault unplug@2:20 \
    --fault reset@3:5 --fault cover-open@4:7 --journal sim-unplug.journal
cp fill.pbn noyes.pbn
run fill-noyes "$P" fill noyes.pbn --machine fast.conf
run sim-bad-fault "$P" sim simset.pbn --machine fast.conf --fault frob@1:1

## event: commit, public, deal (with the fill), reveal, verify from the record
mkdir event
write_event_conf >event/ev.conf
cp fast.conf v1.dl event/
key event/ev.key
input event/*
cd event || exit 2
run event-deal-early "$P" event deal ev.conf
run event-commit "$P" event commit ev.conf "${REUSE_KEY[@]}"
run event-commit-again "$P" event commit ev.conf "${REUSE_KEY[@]}"
run event-verify-committed "$P" verify ev.record
run event-public-bad-form "$P" event public ev.conf "7 13 21"
run event-public "$P" event public ev.conf "45,40 34 21 13 7"
run event-public-other "$P" event public ev.conf "1 2 3 4 5 6"
run event-deal "$P" event deal ev.conf --fill
run event-deal-again "$P" event deal ev.conf --fill
run event-reveal "$P" event reveal ev.conf
run event-verify "$P" verify ev.record "ev/battery-pairs.pbn" ev/reserve.pbn "ev/battery-pairs.dd.pbn"
run event-verify-scripted "$P" verify ev.record --script v1.dl ev/scripted.pbn
run event-verify-dup "$P" verify ev.record --set battery-pairs "ev/battery-pairs.dup" "ev/battery-pairs.dlm"
run event-verify-noset "$P" verify ev.record "ev/battery-pairs.dup"
cd .. || exit 2

#### The corpus part: every real file of ../shared/corpus (read-only there: copied here). ####
# Under the sanitizers (make check's ASan+UBSan half) the corpus part is left out: the plain
# half compares its outputs, and corpus_*.sh run the same reading, writing (every format: see
# corpus_real.sh), analysis and SquareDeal code over the corpus under them.
have_corpus=0
if [ "${CLI_HALF:-}" = san ]; then
    say "skip: battery corpus part under the sanitizers (the plain half compares it)"
elif [ -d "$CORPUS" ]; then
    have_corpus=1
    mkdir -p "$top/corpus/w" "$top/corpus/io"
    IO=$top/corpus/io
    cd "$top/corpus/w" || exit 2
    mkdir in bigdeal conv
    cp "$CORPUS"/*.pbn "$CORPUS"/*.lin in/
    cp "$CORPUS"/bigdeal/* bigdeal/
    chmod 644 in/* bigdeal/*
    input in/* bigdeal/*
    for f in in/*; do
        b=$(basename "$f")
        run "check-$b" "$P" check "$f"
        for x in pbn dup dlm bri dge lin csv ber bhg rzd cds; do
            run "convert-$b-$x" "$P" convert "$f" "conv/$b.$x"
        done
    done
    run check-all "$P" check in/*.pbn
    # analyze: the small files (libdds's time), those with tables kept as they are; print.
    mkdir an
    for b in dds-12_cards dds-all_solid dds-everyone_makes_3N dds-example endplay-example4 \
             heilman-empty-line-in-comment endplay-sample thorvald-match1-bc zdenecek-bridgecomposer; do
        run "analyze-$b" "$P" analyze "in/$b.pbn" -o "an/$b.pbn" -j 1
    done
    for b in endplay-sample zdenecek-bridgecomposer dealmaster-17_01_11; do
        run "print-record-$b" "$P" print record "in/$b.pbn" -o "$b-record.pdf" --quiet -j 1
    done
    run print-curtain-ruter-butler "$P" print curtain in/ruter-butler.pbn -o ruter-butler-curtain.pdf --quiet
    run print-sheet-vl-20160824 "$P" print sheet in/vl-20160824.pbn -o vl-20160824-sheet.pdf --quiet
    # Big Deal / SquareDeal: the Gödel numbers of FIN1.goe, a session re-dealt and verified.
    i=0
    while read -r goe; do
        i=$((i + 1))
        run "number-godel-fin1-$i" "$P" number --godel "$goe"
    done < <(tr -d '\r' <bigdeal/FIN1.goe)
    run check-bigdeal "$P" check bigdeal/FIN1.pbn bigdeal/FIN4.pbn bigdeal/SWISS02.pbn
    run sqd-deal "$P" deal --squaredeal bigdeal/WC2025.sqd --session 1,2 -o sqd-s2.pbn
    run sqd-deal-formats "$P" deal --squaredeal bigdeal/WC2025.sqd --session 1,3 --format pbn,dlm,lin -o sqd-s3.pbn
    run sqd-deal-reserve "$P" deal --squaredeal bigdeal/WC2025.sqd --session 1,2 --reserve -o sqd-r2.pbn
    run sqd-verify "$P" verify --squaredeal bigdeal/WC2025.sqd bigdeal/SWISS02.pbn
    run sqd-verify-ours "$P" verify --squaredeal bigdeal/WC2025.sqd --session 1,2 sqd-s2.pbn
    run sqd-verify-wrong "$P" verify --squaredeal bigdeal/WC2025.sqd --session 1,3 sqd-s2.pbn
fi

#### The manifests, compared (or written with BATTERY_UPDATE=1). ####
# normalise: in place, after every command has run (see the head: what varies and why).
normalise() {
    sed -i 's/^Time needed .*/Time needed (normalised by the battery)/' io/*.out
}
# texts MANIFEST CAP PATTERN: the text outputs named in MANIFEST whose names match PATTERN (an
# extended regular expression), each after a line "@@@ NAME LINES" (at most CAP bytes of it),
# for the diffs shown on a mismatch; one the same as an earlier is a line "@@= NAME<tab>EARLIER".
texts() {
    local -A seen=()
    local line h f
    while read -r h; do seen[$h]=input; done <inputs
    while IFS= read -r line; do
        case $line in exit\ * | mode\ *) continue ;; esac
        h=${line%%  *} f=${line#*  }
        [[ $f =~ $3 ]] || continue
        if [ -n "${seen[$h]:-}" ]; then
            [ "${seen[$h]}" = input ] || printf '@@= %s\t%s\n' "$f" "${seen[$h]}"
            continue
        fi
        [ -s "$f" ] && grep -Iq . "$f" || continue
        seen[$h]=$f
        head -c "$2" "$f" >"$top/t.tmp"
        [ -z "$(tail -c 1 "$top/t.tmp")" ] || echo >>"$top/t.tmp"
        printf '@@@ %s %s\n' "$f" "$(wc -l <"$top/t.tmp")"
        cat "$top/t.tmp"
    done <"$1"
}
manifest() {
    find w io -type f ! -path io/codes -print0 | sort -z | xargs -0 sha256sum
    find w -type f -printf 'mode %m  %p\n' | sort
    cat io/codes
}
# text_of TEXTS NAME: NAME's text as TEXTS holds it
text_of() {
    awk -v name="$2" '
        FNR == NR { if (substr($0, 1, 4) == "@@= ") { split(substr($0, 5), a, "\t")
                                                      if (a[1] == name) name = a[2] }
                    next }
        n > 0 { if (want) print; n--; next }
        substr($0, 1, 4) == "@@@ " { n = $NF; want = (substr($0, 5, length($0) - 5 - length(n)) == name) }
    ' "$1" "$1"
}
# compare PART NAME CAP PATTERN: PART's manifest against $GOLD/NAME.txt (texts, see texts():
# $GOLD/NAME-texts.txt); with BATTERY_UPDATE=1, writes them instead.
compare() {
    local part=$1 gold=$GOLD/$2.txt gtexts=$GOLD/$2-texts.txt f
    cd "$top/$part" || exit 2
    normalise
    manifest >"$top/$part.manifest"
    # The outputs that must be the same bytes (whatever the golden files say).
    local a b differ=0
    if [ -f same ]; then
        while read -r a && read -r b; do
            cmp -s "$a" "$b" || { say "FAIL: $a and $b differ (they must be the same bytes)"; differ=1; }
        done <same
    fi
    if [ "$differ" = 1 ]; then
        fail=1
        say "battery $part: nothing compared${BATTERY_UPDATE:+ or written}"
        return
    fi
    texts "$top/$part.manifest" "$3" "$4" >"$top/$part.texts"
    if [ -n "${BATTERY_KEEP:-}" ]; then
        mkdir -p "$BATTERY_KEEP/$part" && cp -r w io "$top/$part.manifest" "$BATTERY_KEEP/$part/"
    fi
    if [ "${BATTERY_UPDATE:-}" = 1 ]; then
        mkdir -p "$GOLD"
        cp "$top/$part.manifest" "$gold.new" && mv "$gold.new" "$gold"
        cp "$top/$part.texts" "$gtexts.new" && mv "$gtexts.new" "$gtexts"
        say "battery: wrote $gold ($(grep -c '^exit ' "$gold") commands, $(grep -vc '^\(exit\|mode\) ' "$gold") files)"
        return
    fi
    if [ ! -f "$gold" ]; then
        say "FAIL: $gold is missing: make it with BATTERY_UPDATE=1 (see the head of this script)"
        fail=1
        return
    fi
    if cmp -s "$gold" "$top/$part.manifest"; then
        say "battery $part: $(grep -c '^exit ' "$gold") commands, $(grep -vc '^\(exit\|mode\) ' "$gold") outputs as before"
        return
    fi
    fail=1
    say "FAIL: battery $part: the outputs differ from $gold (- golden, + now):"
    diff -u "$gold" "$top/$part.manifest" | tail -n +3 | grep '^[-+]' | head -60
    # The first differing lines of each changed text output the golden texts hold.
    diff "$gold" "$top/$part.manifest" | sed -n 's/^[<>] [0-9a-f]\{64\}  //p' | sort -u | head -20 |
        while IFS= read -r f; do
            text_of "$gtexts" "$f" >"$top/old.txt"
            text_of "$top/$part.texts" "$f" >"$top/new.txt"
            [ -s "$top/old.txt" ] || [ -s "$top/new.txt" ] || continue
            if cmp -s "$top/old.txt" "$top/new.txt"; then
                say "--- $f: the same in the first $3 bytes kept"
            else
                say "--- $f: first differences (< golden, > now)"
                diff "$top/old.txt" "$top/new.txt" | head -12
            fi
        done
    say "(every output: BATTERY_KEEP=DIR; if the change is intended: BATTERY_UPDATE=1, see the head of $0)"
}

compare main manifest 8192 '.'
if [ "$have_corpus" = 1 ]; then
    compare corpus corpus 2048 '^io/'
elif [ "${CLI_HALF:-}" != san ]; then
    say "skip: battery corpus part: $CORPUS absent"
fi
if [ -n "${BATTERY_TIMES:-}" ]; then
    say "battery: the slowest commands (wall clock):"
    sort -rn "$top/times" | head -"${BATTERY_TIMES/#1/10}"
fi
. "$TOP/tests/lib_cli.sh"
pdf_checked_all || fail=1 # every PDF of the battery passes qpdf and pdftotext
exit "$fail"
