#!/bin/bash
# tests/cli/fill_web_browser.sh - the operator page in a real browser (issue 24 item 7): headless
# chromium, driven over the DevTools protocol (tests/tools/fill_web_drive.py), follows a simulated
# fill board by board, and its real Continue button answers each prompt: the fill goes on and
# ends with every board good; a reload after the first click changes nothing. Screenshots at
# phone and tablet size are taken on the way.
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
if ! command -v chromium >/dev/null; then
    echo "fill_web_browser: no chromium (make deps installs it): skipped"
    exit 0
fi
. "$TOP/tests/lib_cli.sh"
set_dealt 1-3
# (timeout: a page that never answers fails, it does not hang)
timeout 60 "$P" fill set.pbn --machine "$TOP/tests/data/machine/fast.conf" --web 127.0.0.1:0 \
    </dev/null >out.txt 2>err.txt &
fill=$!
trap 'kill $fill 2>/dev/null || true' EXIT
url=$(python3 "$D" url err.txt)
python3 "$D" browser "$url" . --shot 390x844 --shot 820x1180 >clicks.txt
rc=0; wait "$fill" || rc=$?
[ "$rc" = 0 ] || { echo "fill answered in the browser: exit $rc"; cat err.txt clicks.txt; exit 1; }
# the page showed each board, n of m, with its prompt, and each click answered one (the
# simulator's reading errors bring a prompt to re-feed the reject tray now and then)
for b in 1 2 3; do
    grep -q "^clicked [0-9]*: board $b $b of 3: Board $b: insert board $b\b" clicks.txt ||
        { echo "board $b in the browser:"; cat clicks.txt; exit 1; }
done
# every prompt the page showed is the terminal's, word for word
while read -r line; do
    grep -qxF "$line" err.txt || { echo "not the terminal's prompt: $line"; cat err.txt; exit 1; }
done < <(sed -n 's/^clicked [0-9]*: board [0-9]* [0-9]* of 3: Board \([0-9]*\): /board \1: /p' clicks.txt)
[ "$(grep -c 'answered on the operator page: done' err.txt)" = "$(grep -c '^clicked' clicks.txt)" ]
grep -q '^reloaded$' clicks.txt
grep -q '^page: predup has ended: the summary stays until you close it.$' clicks.txt
grep -q '^filled set.pbn: 3 good, 0 bad; 156 cards placed' out.txt
for s in 390x844 820x1180; do
    [ "$(head -c 8 shot-$s.png | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]
done
