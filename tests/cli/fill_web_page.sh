#!/bin/bash
# tests/cli/fill_web_page.sh - predup fill --web (issue 24 item 7): a whole simulated fill with
# faults answered on the operator page over HTTP as the page does it; the page and every state
# it was sent hold no card of any hand; the page follows the boards; a stop from the page; the
# guards (token off loopback, Host on loopback, answers only from the page, a stale answer);
# a port in use stops before the fill starts; malformed --web values.
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
# faults that bring notes (a card read twice, a short deck naming the card never read) and
# operator prompts (jam, reject tray) besides the four "insert board" prompts
sim_conf faults.conf 0 jam@2:10 double-feed@3:20 duplicate-card@1:30 short-deck@4:7
pids=
stop_all() { for p in $pids; do kill "$p" 2>/dev/null || true; done; }
trap stop_all EXIT

# The whole fill, every prompt answered on the page (no terminal: stdin is not one).
"$P" fill set.pbn --machine faults.conf --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
case $url in http://127.0.0.1:[0-9]*/) ;; *) echo "loopback URL: $url"; exit 1 ;; esac
mkdir -p seen
python3 "$D" http "$url" seen >drive.txt
rc=0; wait "$fill" || rc=$?
[ "$rc" = 0 ] || { echo "fill answered on the page: exit $rc"; cat out.txt err.txt drive.txt; exit 1; }
grep -q '^filled set.pbn: 4 good, 0 bad' out.txt
grep -q '^simulator audit: 4 boards filled in this run hold their deals' out.txt
[ "$(grep -c '^answered [0-9]* [0-9]* continue 200$' drive.txt)" -ge 6 ] ||
    { echo "prompts answered on the page:"; cat drive.txt; exit 1; }
[ "$(grep -c 'answered on the operator page: done' err.txt)" = "$(grep -c '^answered' drive.txt)" ]
grep -q '^boards seen 1 2 3 4$' drive.txt
grep -q '"open":true,"board":2,"kind":"clear_jam","copy":1,"copies":1,"text":"[^"]*jam' seen/states.txt   # the jam's prompt
grep -q 'read twice' seen/states.txt    # the notes reach the page
grep -q '"good":3,"bad":0' seen/states.txt   # seen with the prompt of board 4
grep -q '"nboards":4' seen/states.txt

# No card of any hand: not a deal, not a hand, not a holding of three cards or more, not
# three card names in a row, in the page or any state sent.
cat seen/page.html seen/states.txt >all.txt
tr -d '\r' <set.pbn | sed -n 's/^\[Deal "\(.*\)"\]$/\1/p' >deals.txt
[ "$(wc -l <deals.txt)" = 4 ]
while read -r deal; do
    if grep -qF "$deal" all.txt; then echo "deal string on the page: $deal"; exit 1; fi
    for hand in ${deal#?:}; do
        if grep -qF "$hand" all.txt; then echo "hand on the page: $hand"; exit 1; fi
    done
done <deals.txt
if grep -E '[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*' all.txt | grep -qE '[AKQJT2-9]{3}'; then
    echo "a hand's holdings on the page:"; grep -oE '[AKQJT2-9.]{8,}' all.txt | head; exit 1
fi
if grep -qE '([SHDC][AKQJT2-9][ ,;]+){2}[SHDC][AKQJT2-9]\b' all.txt; then
    echo "card names in a row on the page"; exit 1
fi

# A stop from the page stops the fill as q does: exit 75 (stopped before done), nothing lost, resumable.
rm -f set.pbn.sim-journal
"$P" fill set.pbn --machine faults.conf --web 0 </dev/null >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
python3 "$D" http "$url" seen --stop-at 2 >drive.txt
rc=0; wait "$fill" || rc=$?
[ "$rc" = 75 ] || { echo "stop from the page: exit $rc"; cat err.txt; exit 1; }
grep -q '^answered 2 1 stop 200$' drive.txt   # board 1's redo, after the duplicate card
grep -q 'answered on the operator page: stop' err.txt
grep -q '^predup fill: stopped by the operator at board 1; nothing is lost: predup fill set.pbn --machine faults.conf --web 0 --resume continues' err.txt
"$P" fill set.pbn --machine faults.conf --yes --resume >out.txt 2>/dev/null
grep -q '^filled set.pbn: 4 good, 0 bad; ' out.txt

# Off loopback: a token of 32 hex digits in the URL; without it (or with another) 403, for the
# page, the state and an answer; with it, the page.
rm -f set.pbn.sim-journal
"$P" fill set.pbn --machine faults.conf --web 0.0.0.0:0 </dev/null >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
case $url in http://0.0.0.0:[0-9]*/\?t=[0-9a-f]*) ;; *) echo "token URL: $url"; exit 1 ;; esac
token=${url##*t=}; base=${url%%\?*}
[ ${#token} = 32 ]
grep -q 'the token lets a device answer the prompts' err.txt
wrong=${token%?}0; [ "$wrong" != "$token" ] || wrong=${token%?}1
# answers only from the page (its header, its origin), to the open prompt, once
python3 "$D" expect <<REQ
403 GET $base
403 GET ${base}state
403 GET ${base}state?t=$wrong
403 GET ${base}state?t=${token}x
403 POST ${base}answer?prompt=1&answer=continue X-Predup:answer
200 GET $url
200 GET ${base}state?t=$token
403 POST ${base}answer?prompt=1&answer=continue&t=$token
403 POST ${base}answer?prompt=1&answer=continue&t=$token X-Predup:answer Origin:http://evil.example
400 POST ${base}answer?prompt=1&answer=maybe&t=$token X-Predup:answer
409 POST ${base}answer?prompt=7&answer=continue&t=$token X-Predup:answer
200 POST ${base}answer?prompt=1&answer=continue&t=$token X-Predup:answer
409 POST ${base}answer?prompt=1&answer=stop&t=$token X-Predup:answer
REQ
kill "$fill"; wait "$fill" || true
# a second run draws another token; the key's text is never printed
"$P" fill set.pbn --machine faults.conf --web 0.0.0.0:0 </dev/null >out2.txt 2>err2.txt &
fill=$!; pids=$fill
url2=$(python3 "$D" url err2.txt)
[ "${url2##*t=}" != "$token" ]
key=$(grep -v '^#' ev.key | head -1)
if grep -qF "$key" err.txt err2.txt; then echo "the key on the terminal"; exit 1; fi

# On loopback, no token, but Host must be loopback or localhost (a rebound name: 403).
"$P" fill set.pbn --machine faults.conf --web 127.0.0.1:0 --journal j3 </dev/null >out3.txt 2>err3.txt &
pids="$pids $!"
url3=$(python3 "$D" url err3.txt); port=${url3##*:}; port=${port%/}
python3 "$D" expect <<REQ
200 GET ${url3}state
200 GET ${url3}state Host:localhost:$port
403 GET ${url3}state Host:evil.example:$port
403 POST ${url3}answer?prompt=1&answer=continue X-Predup:answer Host:evil.example
REQ

# A port in use: exit 74 naming it, before the fill starts (no journal made).
cp set.pbn other.pbn
rc=0; "$P" fill other.pbn --machine faults.conf --web "127.0.0.1:$port" </dev/null >out4.txt 2>err4.txt || rc=$?
[ "$rc" = 74 ] || { echo "port in use: exit $rc"; cat err4.txt; exit 1; }
grep -q "error: --web 127.0.0.1:$port: cannot serve the operator page there: Address already in use (another program, or another fill's page, has it): pick another port" err4.txt
[ ! -e other.pbn.sim-journal ]
stop_all; pids=

# Malformed --web values and combinations: usage errors (64), nothing started.
for bad in abc 70000 -1 1.2.3.4.5:80 :80 '[::1:80' host.example:80; do
    rc=0; "$P" fill other.pbn --machine faults.conf --web "$bad" </dev/null 2>err.txt || rc=$?
    [ "$rc" = 64 ] || { echo "--web $bad: exit $rc"; cat err.txt; exit 1; }
    grep -q -- '--web' err.txt
done
[ ! -e other.pbn.sim-journal ]
rc=0; "$P" fill other.pbn --machine faults.conf --status --web 0 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q 'error: --web shows a fill on a page: it does not go with --status' err.txt
# without --web and without a terminal, a fill on a real machine still asks for --yes (the
# simulator's model operator would act its prompts out: fill_prompt_rule.sh)
printf '[machine]\ntransport = usb\nvid = 0x1209\npid = 0x7777\n' >club.conf
rc=0; "$P" fill other.pbn --machine club.conf </dev/null 2>err.txt || rc=$?
[ "$rc" = 64 ]
grep -q 'run it in a terminal, show its prompts on a page (--web), or pass --yes' err.txt
