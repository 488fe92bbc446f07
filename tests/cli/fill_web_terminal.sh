#!/bin/bash
# tests/cli/fill_web_terminal.sh - fill --web at a terminal (a pseudo-terminal, from
# tests/tools/fill_web_drive.py): the terminal and the page answer the same prompts, each prompt
# once. Prompt 1 answered at the terminal: the page sees it answered there and a late answer
# from the page is refused (409); prompt 2 answered on the page: the terminal says so and goes
# on, a second answer is refused; prompt 3: q at the terminal stops the fill (exit 75).
set -eu
P=$PREDUP
D=$TOP/tests/tools/fill_web_drive.py
. "$TOP/tests/lib_cli.sh"
set_dealt 1-4
# a simulator that never misreads: the prompts are the boards' own, in order
printf '[machine]\ntransport = sim\n[sim]\ncard_ms = 0\nboard_ms = 0\nocr_unreadable_ppm = 0\nocr_confusion_ppm = 0\nbarcode_unreadable_ppm = 0\n' >exact.conf
timeout 60 python3 "$D" pty -- "$P" fill set.pbn --machine exact.conf --web 127.0.0.1:0 \
    >pty.txt 2>&1 || { cat pty.txt; exit 1; }
expect() {
    grep -q -- "$1" pty.txt || { echo "not at the terminal: $1"; cat pty.txt; exit 1; }
}
expect '^prompt 2 open True, prompt 1 answered by terminal$'
expect '^stale answer to prompt 1: 409$'
expect '^page answers prompt 2: 200$'
expect '^again: 409$'
expect '^  \[Enter when done, q to stop\] answered on the operator page: done$'
expect '^predup fill: stopped by the operator at board 3; nothing is lost: predup fill set.pbn --machine exact.conf --web 127.0.0.1:0 --resume continues'
expect '^exit 75$'
