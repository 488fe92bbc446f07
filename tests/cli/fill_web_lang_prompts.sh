#!/bin/bash
# tests/cli/fill_web_lang_prompts.sh - the operator page words its prompts in its own language: the
# state names each prompt's kind, board and copy, and the German page (?lang=de) composes the
# prompt from its template of that kind - the first board, a card jam, the reject tray, an open
# cover, a copy of several - in headless chromium (tests/tools/fill_web_drive.py), no English word
# of the controller's left; a kind it has no template of shows the controller's English text.
# (The English page shows the terminal's prompt word for word: fill_web_browser.sh.)
# cli: slow - fills driven through the operator page in two languages (9 s of wall)
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
command -v chromium >/dev/null || { echo "fill_web_lang_prompts: no chromium (make deps installs it): skipped"; exit 0; }
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
# the fast simulator (its [sim] section last) with a jam, a double feed (the reject tray to
# re-feed) and an open cover
{ cat "$TOP/tests/data/machine/fast.conf"
  printf 'fault = %s\n' jam@2:10 double-feed@3:20 cover-open@4:5; } >faults.conf
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null || true; done' EXIT
nbsp=$(printf '\302\240')

# The German page clicks through a fill with faults; every prompt it showed is German.
timeout 60 "$P" fill set.pbn --machine faults.conf --web 127.0.0.1:0 </dev/null >out.txt 2>err.txt &
fill=$!; pids=$fill
url=$(python3 "$D" url err.txt)
python3 "$D" browser "${url}?lang=de" . | sed "s/$nbsp/ /g" >clicks.txt
rc=0; wait "$fill" || rc=$?
[ "$rc" = 0 ] || { echo "fill answered on the German page: exit $rc"; cat err.txt clicks.txt; exit 1; }
grep -q '^filled set.pbn: 4 good, 0 bad' out.txt
want() {
    grep -qxF "$1" <(sed 's/^clicked [0-9]*: board [0-9]* [0-9]* von 4: //' clicks.txt) ||
        { echo "not on the German page: $1"; cat clicks.txt; exit 1; }
}
for b in 1 2 3 4; do
    want "Board $b: leer einsetzen und das Kartenpaket in den Einzug legen"
done
want "Board 2: Kartenstau: den Einzugsweg öffnen, die gestaute Karte herausnehmen und oben auf den Einzug legen"
want "Board 3: die Karten aus dem Auswurffach wieder in den Einzug legen"
want "Board 4: die Abdeckung ist offen: bitte zuklappen"
[ "$(grep -c '^clicked' clicks.txt)" = "$(grep -c 'answered on the operator page: done' err.txt)" ]
if grep -E 'insert|feeder|reject|cover|jam' clicks.txt; then echo "English on the German page"; exit 1; fi

# Several copies: the prompt names the copy ("Kopie 2 von 2"), as the state does.
"$P" deal --key ev.key --boards 1-2 -o two.pbn --quiet
timeout 60 "$P" fill two.pbn --copies 2 --machine "$TOP/tests/data/machine/fast.conf" \
    --web 127.0.0.1:0 </dev/null >out2.txt 2>err2.txt &
fill=$!; pids="$pids $fill"
url=$(python3 "$D" url err2.txt)
# before any answer: the state's prompt, and the page's words for kinds it has no template of
python3 "$D" eval "${url}?lang=de" \
    'promptText({kind: "future", board: 5, copy: 1, copies: 2, text: "do <b>this</b>"})' \
    'promptText({kind: "toString", board: 5, copy: 1, copies: 1, text: "that"})' \
    'promptText({kind: "redo", board: 7, copy: 3, copies: 4, text: "x"})' \
    'promptText({kind: "stop_card", board: 7, copy: 1, copies: 1, text: "x"})' \
    'promptText({kind: "insert", board: 7, copy: 1, copies: 1, text: "x"})' \
    'String(T.en.ask === undefined)' | sed "s/$nbsp/ /g" >eval.txt
diff -u - eval.txt <<'OUT'
Board 5: do <b>this</b>
Board 5: that
Board 7, Kopie 3 von 4: Board, Einzug und Auswurffach leeren und das ganze Kartenpaket des Boards (52 Karten, ein Paket) in den Einzug legen
Board 7: keine Trennkarte ausgegeben (Magazin leer? nachfüllen): von Hand eine Trennkarte hinter dieses Paket legen
Board 7: im Schacht nicht erkannt: dieses Board einsetzen, mit der Nummer dort, wo die Maschine sie liest
true
OUT
python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())' \
    "${url}state" >state.txt
grep -q '"prompt":{"id":1,"open":true,"board":1,"kind":"start","copy":1,"copies":2,"text":"insert board 1, copy 1 of 2, empty, and put its deck in the feeder"}' state.txt ||
    { echo "the state's prompt:"; cat state.txt; exit 1; }
python3 "$D" browser "${url}?lang=de" . | sed "s/$nbsp/ /g" >clicks2.txt
rc=0; wait "$fill" || rc=$?
[ "$rc" = 0 ] || { echo "copies on the German page: exit $rc"; cat err2.txt clicks2.txt; exit 1; }
grep -q '^clicked [0-9]*: board 1 1 von 2: Board 1, Kopie 1 von 2: leer einsetzen und das Kartenpaket in den Einzug legen$' clicks2.txt
grep -q '^clicked [0-9]*: board 2 2 von 2: Board 2, Kopie 2 von 2: leer einsetzen und das Kartenpaket in den Einzug legen$' clicks2.txt
