#!/bin/bash
# tests/cli/fill_web_done_summary.sh - the operator page says "done" (issue 32, item 7): when a fill
# ends the page keeps its summary (good, bad, boards, copies, time) after predup has gone, until
# the operator closes it, in the page's language; "copy 1 of 1" is left out with one copy; the
# event's language is the page's when the event has one; the rate and the time left do not
# swing with the operator's pauses (a 3 s wait at a prompt is no machine time); the
# controller's notes come in the page's words (its language table).
# cli: slow - fills with the operator page, polled until done (8 s of wall)
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
. "$TOP/tests/lib_cli.sh"
set_dealt 1-3
pids=
trap 'for p in $pids; do kill $p 2>/dev/null || true; done' EXIT

# 1. The state after the end says how it ended, and the page fetched it before predup went.
timeout 60 "$P" fill set.pbn --machine "$TOP/tests/data/machine/fast.conf" --web 127.0.0.1:0 \
    </dev/null >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
mkdir -p seen
python3 "$D" http "$url" seen >drive.txt
wait "$fill"
grep -q '"good":3,"bad":0' seen/states.txt
grep -Eq '"ended":\{"outcome":"done","seconds":[0-9]+\}' seen/states.txt ||
    { echo "no end in the states the page was sent:"; tail -2 seen/states.txt; exit 1; }
grep -q '"ended":null' seen/states.txt # before the end

# 2. In a browser, in German: the summary stays after predup has gone; Close closes it; one
# copy: no copy line; the controller's notes in the page's words (a duplicate card makes board
# 1 be redone, a double feed sends two cards to the tray).
sim_conf faults.conf 0 duplicate-card@1:30 double-feed@3:20
if command -v chromium >/dev/null; then
    timeout 60 "$P" fill set.pbn --machine faults.conf --journal b.j \
        --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
    fill=$!; pids=$fill
    url=$(python3 "$D" url err.txt)
    python3 "$D" browser "${url}?lang=de" . >clicks.txt
    wait "$fill"
    grep -q '^page: predup ist beendet: die Zusammenfassung bleibt, bis Sie sie schlie' clicks.txt ||
        { echo "the page after the end:"; cat clicks.txt; exit 1; }
    grep -Eq '^summary: open done: Fertig: 3 gut0 fehlerhaft3 Boards[0-9]+:[0-9]{2} Zeit$' clicks.txt ||
        { echo "no summary:"; cat clicks.txt; exit 1; }
    grep -q '^copy line: \[\]$' clicks.txt || { echo "a copy line with one copy:"; cat clicks.txt; exit 1; }
    grep -q '^after close: $' clicks.txt
    grep -q '^notes: .*Board..\{1,2\}1, Versuch 1: .* read twice: .*; das Board wird neu gef' clicks.txt ||
        { echo "the redo note not in German:"; grep '^notes' clicks.txt; exit 1; }
    grep -q '^notes heading: Meldungen$' clicks.txt
    grep -q '^notes: .*Doppeleinzug: beide Karten gingen ins Auswurffach' clicks.txt
    grep -q '^notes: .*Maschine predup-sim, Firmware sim-' clicks.txt
else
    echo "skip: no chromium: the summary in a browser is not checked"
fi

# 3. The event's language is the page's.
cat >club.conf <<CONF
[event]
name = Vereinsabend
date = 2026.11.23
site = Club
delayed_value = die erste Gewinnzahl der Lotterie am 2026-11-22
public_form = numbers 6 of 49
language = de

[set s]
boards = 1-2
machine = sim
CONF
event_published club.conf
timeout 60 "$P" event deal club.conf --fill --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
mkdir -p ev-seen
python3 "$D" http "$url" ev-seen >drive.txt
wait "$fill"
grep -q '"lang":"de"' ev-seen/states.txt || { echo "the event's language is not the page's"; exit 1; }

# 4. A 3 s pause at board 3's prompt: the rate after it is the machine's, not cut by the wait.
sim_conf slow.conf 4
timeout 60 "$P" fill set.pbn --machine slow.conf --journal c.j --web 127.0.0.1:0 </dev/null \
    >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
python3 - "$url" >rates.txt <<'PY'
import json, sys, time, urllib.request
url = sys.argv[1]
def state():
    with urllib.request.urlopen(url + "state", timeout=5) as r:
        return json.load(r)
answered, rates = set(), {}
while True:
    try:
        s = state()
    except OSError:
        break
    if s.get("ended"):
        break
    p = s["prompt"]
    if p["open"] and p["id"] not in answered:
        if p["board"] == 3:
            time.sleep(3)  # the operator takes a while
        req = urllib.request.Request(url + "answer?prompt=%d&answer=continue" % p["id"],
                                     method="POST", headers={"X-Predup": "answer"})
        urllib.request.urlopen(req, timeout=5).read()
        answered.add(p["id"])
    if s["card"] >= 30 and s["rate"] > 0:
        rates[s["board"]] = s["rate"]
    time.sleep(0.02)
print("rates", rates.get(2, 0), rates.get(3, 0))
PY
wait "$fill"
read -r _ r2 r3 <rates.txt
[ "$r2" -gt 0 ] && [ "$r3" -gt 0 ] || { echo "no rates seen:"; cat rates.txt; exit 1; }
# board 3 ends about 2 s of machine time in: a 3 s pause counted would cut its rate by 2/5
[ $((r3 * 10)) -ge $((r2 * 7)) ] ||
    { echo "the rate swung with the operator's pause: board 2 $r2, board 3 $r3 cards/min"; exit 1; }
echo "fill_web_done_summary: ok"
