# tests/cli/docs_examples_copied.sh - the shipped examples work wherever a user copies them
# (issue 32, item 4): config/events/demo.conf, copied as `predup help events` says into a folder
# of its own and run from another, goes through commit, public, deal --fill (its machine line
# names the simulator by name, not a path beside the tree) and reveal; the shipped scripts
# (dealer/scripts/*.dl) deal from a copy. Only the boards are cut to two (the reserve's to one),
# for time: event deal solves each.
set -eu
P=$PREDUP
. "$TOP/tests/lib_cli.sh" # fixed_key
failed=""
mkdir club elsewhere
sed 's/^boards = 1-36$/boards = 1-2/; s/^boards = 1-4$/boards = 1/; /^print = /d' \
    "$TOP/config/events/demo.conf" > club/club.conf
grep -q '^machine = ' club/club.conf || failed="$failed no-machine-line"
cd elsewhere
"$P" event commit ../club/club.conf > out 2> err || { cat err; failed="$failed commit"; }
"$P" event public ../club/club.conf 4512.37 > out 2> err || { cat err; failed="$failed public"; }
"$P" event deal ../club/club.conf --fill --yes > out 2> err || { cat err; failed="$failed fill"; }
grep -q "filled ../club/club/original.pbn: 2 good, 0 bad" out || { cat out err; failed="$failed filled"; }
"$P" event reveal ../club/club.conf > out 2> err || { cat err; failed="$failed reveal"; }
"$P" verify ../club/club.record ../club/club/original.pbn > out 2> err || { cat out err; failed="$failed verify"; }
cd ..
fixed_key copied.key copied
for s in "$TOP"/dealer/scripts/*.dl; do
    cp "$s" copied.dl
    "$P" deal --key copied.key --script copied.dl --boards 1-2 -o "copied-$(basename "$s" .dl).pbn" 2> err ||
        { echo "$s: $(cat err)"; failed="$failed $(basename "$s")"; }
done
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
