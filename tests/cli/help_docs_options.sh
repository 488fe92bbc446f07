# tests/cli/help_docs_options.sh - the documents name each option as the option rows spell
# it (issue 30, item 2): in README.md's command table, in every document's and --help's usage line
# ("## `predup analyze SET [-o OUT.pbn]`", "    predup dealer [-p N]") and the option table
# under it ("| `--lang LANG` | ..."), every option is one of that command's (predup --complete
# options CMD), and one that takes a value is written with its row's value name (predup
# --complete spellings CMD: "--boards 1-36"), so that a renamed, removed or re-valued option
# cannot stay behind in a document. The man page's headings and the option tags it writes by
# hand (print's kinds' own options) too; its other lists are made from the rows
# (tests/cli/help_man.sh); the bash completion asks predup (tests/cli/help_completion.sh).
# cli: plain only - python over the documents and predup --complete
set -eu
export LC_ALL=C
P=$PREDUP

check() {
    python3 - "$P" "$@" <<'PY'
import re, subprocess, sys
predup, files = sys.argv[1], sys.argv[2:]

def complete(*what):
    return subprocess.run([predup, '--complete', *what], check=True, capture_output=True,
                          text=True).stdout.splitlines()

cmds = set(complete('commands'))
faults, checked, tables = [], 0, {}

def check_words(where, cmd, text):
    """Every option in text is one of cmd's, a value-taking one with its row's value name."""
    global checked
    if cmd not in tables:
        # the brackets dropped on both sides: "[--web [ADDR:]PORT]" is "--web ADDR:PORT"
        tables[cmd] = (set(complete('options', cmd)), set(complete('value-options', cmd)),
                       {re.sub(r'[][]', '', p) for p in complete('spellings', cmd)})
    spelled, takes, pairs = tables[cmd]
    words = re.sub(r'[][]', '', text.replace('\\|', '|')).replace(', ', ' ').split()
    for i, w in enumerate(words):
        if not re.fullmatch(r'--[a-z][a-z-]*|-[a-zA-Z0-9]', w):
            continue
        checked += 1
        if w not in spelled:
            faults.append(f"{where}: predup {cmd} has no option {w}")
        elif w in takes:
            value = words[i + 1] if i + 1 < len(words) else ''
            if f"{w} {value}" not in pairs:
                want = [p for p in pairs if p.split(' ')[0] == w]
                faults.append(f"{where}: predup {cmd} {w} {value}: its row says "
                              f"{' or '.join(sorted(want))}")

for path in [f for f in files if not f.endswith('.1')]:
    context = None  # the command a heading or a usage line names: its option table follows
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        where, line = f"{path}:{n}", line.rstrip('\n')
        if line.startswith('#'):
            context = None
        # a usage line (a heading, or an indented line with [options]; not an example)
        m = re.match(r'^(?:#+ `|    |usage: |       )predup ([a-z]+)\b(.*)$', line)
        if m and m[1] in cmds and (line.startswith('#') or '[' in line):
            context = m[1]
            check_words(where, context, m[2].split('`')[0])
            continue
        m = re.match(r'^\| `predup ([a-z]+)\b', line)
        cmd = m[1] if m and m[1] in cmds else context if line.startswith('| `-') else None
        if ' | refused' in line:  # a row saying that predup refuses an option (dealer's -l)
            continue
        for span in re.findall(r'`([^`]*)`', line.split(' | ')[0]) if cmd else []:
            check_words(where, cmd, span)
def troff_text(line, heading=False):
    """A troff line as text: "\\-" a hyphen, fonts and macro names dropped, and a macro's
    quotes (a heading keeps its text's)."""
    line = re.sub(r'\\f[BIRP]', '', line.replace('\\-', '-').replace('\\&', ''))
    line = re.sub(r'^\.(?:BI|BR|IR|RB|B|I)\s+', '', line)
    return line if heading else line.replace('"', ' ')

def check_man(path):
    """The man page's usage headings (.SS predup CMD ...) and its option tags written by hand
    (the line after .TP or .TQ outside the lists made from the rows)."""
    context, made, tag = None, False, False
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        line = line.rstrip('\n')
        made = (made or line.startswith('.\\" options: ')) and line != '.\\" end of options'
        if line.startswith('.SH') or line.startswith('.SS'):
            m = re.match(r'^\.SS predup ([a-z]+)\b(.*)$', line)
            context = m[1] if m and m[1] in cmds else None
            if context:
                check_words(f"{path}:{n}", context, re.sub(r'"+', '"', troff_text(m[2], True)))
        elif tag and context and not made:
            check_words(f"{path}:{n}", context, troff_text(line))
        tag = line in ('.TP', '.TQ')

for path in files:
    if path.endswith('.1'):
        check_man(path)
for f in faults:
    print(f)
print(f"{checked} options of the documents' usage lines and tables checked")
sys.exit(1 if faults or checked < 60 else 0)
PY
}

docs="$TOP/README.md $TOP/config/predup.1 $(cd "$TOP" && git ls-files '*/*.md' | grep -v '^tests/' | sed "s|^|$TOP/|")"
# ... and the usage lines of predup's own help ("usage: predup convert [--from FORMAT] ...").
for c in $("$P" --complete commands); do "$P" "$c" --help > "help-$c.txt"; done
docs="$docs $(ls help-*.txt)"
# shellcheck disable=SC2086 # one word a document
check $docs

# The check can fail: an option that is no row's, and a value named otherwise than its row.
sed -e 's/`predup analyze SET \[-o OUT.pbn\]/`predup analyze SET [--frob] [-o OUT.pbn]/' \
    -e 's/`predup sim SET.pbn \[--fault KIND@BOARD:CARD\]/`predup sim SET.pbn [--fault KIND]/' \
    "$TOP/README.md" > readme-wrong.md
printf '# `predup print record SET.pbn`\n\n| `--lang de` | a value named otherwise |\n' > print-wrong.md
printf '.SS predup print record SET.pbn\n.TP\n.BI \\-\\-stage " 1|2|3"\nthe stage\n' > wrong.1
# shellcheck disable=SC2086
check readme-wrong.md print-wrong.md wrong.1 $docs > wrong.txt && { echo "a wrong README passed"; exit 1; }
grep -q 'readme-wrong.md:[0-9]*: predup analyze has no option --frob$' wrong.txt ||
    { cat wrong.txt; exit 1; }
grep -q 'predup sim --fault KIND: its row says --fault KIND@BOARD:CARD$' wrong.txt ||
    { cat wrong.txt; exit 1; }
grep -q 'print-wrong.md:3: predup print --lang de: its row says --lang LANG$' wrong.txt ||
    { cat wrong.txt; exit 1; }
grep -q 'wrong.1:3: predup print --stage 1|2|3: its row says --stage 1|2$' wrong.txt ||
    { cat wrong.txt; exit 1; }
