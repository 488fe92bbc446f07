#!/bin/sh
# tests/tools/battery_update.sh - rewrites the golden files of the output battery
# (tests/data/battery: manifest.txt, corpus.txt and their *-texts.txt) from a build's predup,
# by running tests/cli/battery_outputs.sh with BATTERY_UPDATE=1 in a temporary directory.
# ONLY when an output change is intended: the commit must say which outputs change and why
# (git diff tests/data/battery: the *-texts.txt files show the text outputs that changed).
# Where ../shared/corpus is absent, corpus.txt is left as it is (the battery says "skip: ").
# The battery refuses to write anything when outputs that must be the same bytes differ
# (-j 1 and -j 2) or when one of its own commands fails.
# Usage: tests/tools/battery_update.sh [PREDUP]   (default: build/predup of this tree)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
predup=${1:-$top/build/predup}
[ -x "$predup" ] || { echo "battery_update: no $predup (make predup first)"; exit 2; }
predup=$(cd "$(dirname "$predup")" && pwd)/$(basename "$predup") # the battery runs elsewhere
work=$(mktemp -d "${TMPDIR:-/tmp}/predup-battery-XXXXXX")
trap 'rm -rf "$work"' EXIT
(cd "$work" && BATTERY_UPDATE=1 PREDUP=$predup TOP=$top LC_ALL=C bash "$top/tests/cli/battery_outputs.sh")
git -C "$top" diff --stat -- tests/data/battery
