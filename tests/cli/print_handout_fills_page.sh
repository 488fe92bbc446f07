# tests/cli/print_handout_fills_page.sh - handouts scale to the page (issue 32, item 8): 8
# boards of North-South hands on A4 took the top 64% of one page in small type; now they fill
# it (the lowest word within the bottom 15% of the page) in larger type ("Board" at least 14
# pt high), still on one page; a set longer than a page keeps its dense pages (12 boards, all
# hands: no more pages than before), and no board is cut.
set -eu
P=$PREDUP
failed=""
"$P" key new k.key > /dev/null
"$P" deal --key k.key --boards 1-8 -o s8.pbn --quiet
"$P" deal --key k.key --boards 1-12 -o s12.pbn --quiet
"$P" print handout s8.pbn --hands NS -o ns.pdf --quiet
pages() { pdfinfo "$1" | sed -n 's/^Pages: *//p'; }
[ "$(pages ns.pdf)" = 1 ] || failed="$failed ns-pages"
pdftotext -bbox ns.pdf bbox.html
read -r height bottom board <<< "$(awk -F'"' '/<page /{h=$4} /<word /{if ($8+0 > b) b=$8+0} />Board</ && !t {t=$8-$4} END {print h, b, t}' bbox.html)"
awk -v h="$height" -v b="$bottom" 'BEGIN {exit !(b >= 0.85 * h)}' || { echo "lowest word at $bottom of $height"; failed="$failed fill"; }
awk -v t="$board" 'BEGIN {exit !(t >= 14)}' || { echo "\"Board\" $board pt high"; failed="$failed type"; }
[ "$(pdftotext ns.pdf - | grep -c '^Board [0-9]')" = 8 ] || failed="$failed boards"
sh "$TOP/tests/data/printing/no_overlap.sh" ns.pdf || failed="$failed overlap"
"$P" print handout s12.pbn -o all.pdf --quiet
[ "$(pages all.pdf)" = 2 ] || { echo "12 boards: $(pages all.pdf) pages"; failed="$failed all-pages"; }
[ "$(pdftotext all.pdf - | grep -c '^Board [0-9]')" = 12 ] || failed="$failed all-boards"
[ -z "$failed" ] || { echo "failed:$failed"; exit 1; }
