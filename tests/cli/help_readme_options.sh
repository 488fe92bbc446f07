# tests/cli/help_readme_options.sh - README.md's command table names each option as the
# option rows spell it (issue 30, item 2): every option in a command's first cell is one of
# that command's (predup --complete options CMD), and one that takes a value is written with
# the value's name of its row (predup --complete spellings CMD: "--boards 1-36"), so that a
# renamed, removed or re-valued option cannot stay behind in the README. (The man page's
# lists are made from the rows: tests/cli/help_man.sh; the bash completion asks predup:
# tests/cli/help_completion.sh.)
# cli: plain only - python over README.md and predup --complete
set -eu
export LC_ALL=C
P=$PREDUP

check() {
    python3 - "$P" "$1" <<'EOF'
import re, subprocess, sys
predup, readme = sys.argv[1], sys.argv[2]

def complete(*what):
    return subprocess.run([predup, '--complete', *what], check=True, capture_output=True,
                          text=True).stdout.splitlines()

faults, checked = [], 0
for n, line in enumerate(open(readme, encoding='utf-8'), 1):
    m = re.match(r'^\| `predup ([a-z]+)\b', line)
    if not m:
        continue
    cmd, first = m[1], line.split(' | ')[0]
    spelled = set(complete('options', cmd))
    takes = set(complete('value-options', cmd))
    # the brackets dropped on both sides: "[--web [ADDR:]PORT]" is "--web ADDR:PORT"
    pairs = {re.sub(r'[][]', '', p) for p in complete('spellings', cmd)}
    for span in re.findall(r'`([^`]*)`', first):
        words = re.sub(r'[][]', '', span.replace('\\|', '|')).split()
        for i, w in enumerate(words):
            if not re.fullmatch(r'--[a-z][a-z-]*|-[a-zA-Z0-9]', w):
                continue
            checked += 1
            if w not in spelled:
                faults.append(f"{readme}:{n}: predup {cmd} has no option {w}")
            elif w in takes:
                value = words[i + 1] if i + 1 < len(words) else ''
                if f"{w} {value}" not in pairs:
                    want = [p for p in pairs if p.split(' ')[0] == w]
                    faults.append(f"{readme}:{n}: predup {cmd} {w} {value}: its row says "
                                  f"{' or '.join(sorted(want))}")
for f in faults:
    print(f)
print(f"{checked} options of README's command table checked")
sys.exit(1 if faults or checked < 30 else 0)
EOF
}

check "$TOP/README.md"

# The check can fail: an option that is no row's, and a value named otherwise than its row.
sed -e 's/`predup analyze SET \[-o OUT.pbn\]/`predup analyze SET [--frob] [-o OUT.pbn]/' \
    -e 's/`predup sim SET.pbn \[--fault KIND@BOARD:CARD\]/`predup sim SET.pbn [--fault KIND]/' \
    "$TOP/README.md" > readme-wrong.md
check readme-wrong.md > wrong.txt && { echo "a wrong README passed"; exit 1; }
grep -q 'readme-wrong.md:[0-9]*: predup analyze has no option --frob$' wrong.txt ||
    { cat wrong.txt; exit 1; }
grep -q 'predup sim --fault KIND: its row says --fault KIND@BOARD:CARD$' wrong.txt ||
    { cat wrong.txt; exit 1; }
