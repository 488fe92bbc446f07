# tests/cli/help_usage_from_rows.sh - every usage line of every command's --help (the
# --squaredeal forms of deal and verify too, and a form's wrapped lines) spells each option as
# its row does (issue 30, item 2): an option the line names is one of the command's (predup
# --complete options CMD), one that takes a value is followed by its row's value name (predup
# --complete spellings CMD: "--key FILE", "-p N"), one that takes none by no value, and the
# letters of a cluster ("[-023Vemquv]") are flags of the command. dealer's line, which names
# every option, names each its help lists. The forms are made from the rows (struct cmd_form,
# config/commands/commands.h; tests/check_help_usage.c shows a renamed or re-valued row
# changing the line with no other edit); this script fails when a line is written by hand
# again and differs, and shows below that it can fail (a line with a wrong value name, an
# unknown option, a value on a flag, a cluster with a letter that takes a value).
# cli: plain only - python over the --help texts and predup --complete
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

faults, checked = [], 0

def form_lines(path, cmd):
    """The usage lines of a --help text, each form whole (its wrapped lines joined), without
    the summaries beside them."""
    forms, summary_open = [], False
    for line in open(path, encoding='utf-8').read().splitlines():
        m = re.match(r'^(?:usage: |       )predup ' + cmd + r'\b(.*)$', line)
        if m:
            form, _, summary = m[1].strip().partition('  ')
            forms.append(form)
            summary_open = bool(summary)
        elif re.match(r'^ {7,}\S', line) and forms:
            if not summary_open:
                forms[-1] += ' ' + line.strip()
        else:
            break
    return forms

def check_form(where, cmd, form, listed):
    global checked
    spelled, takes = set(complete('options', cmd)), set(complete('value-options', cmd))
    pairs = set(complete('spellings', cmd))
    words = form.split()
    for i, w in enumerate(words):
        bare = w.strip('[]')
        m = re.fullmatch(r'\[(-[a-zA-Z0-9]{2,})\]', w)
        if m:  # a cluster of flags
            for letter in m[1][1:]:
                checked += 1
                o = '-' + letter
                listed.discard(o)
                if o not in spelled or o in takes:
                    faults.append(f"{where}: {o} in {w} is no flag of predup {cmd}")
            continue
        if not re.fullmatch(r'--[a-z][a-z-]*|-[a-zA-Z0-9]', bare):
            continue
        checked += 1
        listed.discard(bare)
        value = words[i + 1].strip('[]') if i + 1 < len(words) else ''
        bracketed = w.startswith('[') and not w.endswith(']')
        if bare not in spelled:
            faults.append(f"{where}: predup {cmd} has no option {bare}")
        elif bare in takes and f"{bare} {value}" not in pairs:
            want = sorted(p for p in pairs if p.split(' ')[0] == bare)
            faults.append(f"{where}: {bare} {value}: its row says {' or '.join(want)}")
        elif bare not in takes and bracketed:
            faults.append(f"{where}: {w} {words[i + 1]}: {bare} takes no value")

for path in files:
    cmd = re.match(r'(?:.*/)?help-([a-z]+)', path)[1]
    forms = form_lines(path, cmd)
    if not forms:
        faults.append(f"{path}: no usage line for predup {cmd}")
    # the options the help lists ("  -s N   seed ...", "  -o, --output FILE  ...")
    listed = set(re.findall(r'^  (-[a-zA-Z0-9]|--[a-z][a-z-]*)\b', open(path).read(), re.M))
    for form in forms:
        check_form(f"{path}: predup {cmd} {form}", cmd, form, listed)
    if cmd == 'dealer' and listed:
        faults.append(f"{path}: dealer's usage line does not name {' '.join(sorted(listed))}")
for f in faults:
    print(f)
print(f"{checked} options of the usage lines checked")
sys.exit(1 if faults or checked < 30 else 0)
PY
}

for c in $("$P" --complete commands); do "$P" "$c" --help > "help-$c.txt"; done
"$P" deal --squaredeal x.sqd --help > help-deal-squaredeal.txt
"$P" verify --squaredeal x.sqd --help > help-verify-squaredeal.txt
grep -q '^usage: predup dealer \[-023Vemquv\] ' help-dealer.txt ||
    { echo "dealer's usage line: $(head -1 help-dealer.txt)"; exit 1; }
check help-*.txt

# The check can fail: a usage line written by hand with a value named otherwise than its row,
# an option that is no row's, a value after a flag, a letter that takes a value in a cluster,
# and dealer's line without an option its help lists.
mkdir wrong
sed -e 's/--key FILE/--key KEYFILE/' help-deal.txt > wrong/help-deal.txt
sed -e 's/\[-023Vemquv\] \[-s N\]/[-023Vemquvp] [-s SEED]/' -e 's/\[--sd\] //' help-dealer.txt \
    > wrong/help-dealer.txt
sed -e 's/SET.pbn \[options\]/SET.pbn [--frob] [--resume N] [options]/' help-fill.txt \
    > wrong/help-fill.txt
sed -e 's/\[--yes\]/[--yes YES]/' help-event.txt > wrong/help-event.txt
check wrong/help-*.txt > wrong.txt && { cat wrong.txt; echo "wrong usage lines passed"; exit 1; }
for want in ': --key KEYFILE: its row says --key FILE$' \
    ': -p in \[-023Vemquvp\] is no flag of predup dealer$' \
    ': -s SEED: its row says -s N$' \
    "dealer's usage line does not name --sd$" \
    ': predup fill has no option --frob$' \
    ': \[--resume N\]: --resume takes no value$' \
    ': \[--yes YES\]: --yes takes no value$'; do
    grep -q -- "$want" wrong.txt || { cat wrong.txt; echo "not reported: $want"; exit 1; }
done
