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
# The documents that copy the usage lines follow them: every section heading of the man page
# (".SS predup CMD ...") is one of CMD's usage lines and every usage line has its heading, and
# an indented line of a document that quotes a whole form ("    predup dealer [-023Vemquv] ...")
# is one of them; a changed row fails here until they are changed too.
# cli: plain only - python over the --help texts, the documents and predup --complete
set -eu
export LC_ALL=C
P=$PREDUP

# usage_faults FILE...: help-CMD.txt (CMD's --help), the man page (.1) and documents (.md).
usage_faults() {
    python3 - "$P" "$@" <<'PY'
import re, subprocess, sys
files = sys.argv[2:]

def complete(*what):  # predup --complete WHAT ..., one word a line
    return subprocess.check_output([sys.argv[1], '--complete', *what], text=True).splitlines()

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

def documents_follow(forms, man, docs):
    """The man page's headings and the documents' quoted forms against the usage lines."""
    headings = set()
    for n, line in enumerate(open(man, encoding='utf-8'), 1):
        m = re.match(r'^\.SS predup ([a-z]+) (.*)$', line.rstrip('\n'))
        if not m:
            continue
        text = m[2].replace('\\-', '-').replace('"""', '"')
        headings.add((m[1], text))
        if m[1] in forms and text not in forms[m[1]]:
            faults.append(f"{man}:{n}: predup {m[1]} {text}: no such usage line "
                          f"({' | '.join(sorted(forms.get(m[1], ())))})")
    for cmd in sorted(forms):
        for form in sorted(forms[cmd]):
            if (cmd, form) not in headings:
                faults.append(f"{man}: no heading .SS predup {cmd} {form}")
    for path in docs:
        for n, line in enumerate(open(path, encoding='utf-8'), 1):
            m = re.match(r'^    predup ([a-z]+) (.*\[.*)$', line.rstrip('\n'))
            if m and m[1] in forms and m[2] not in forms[m[1]]:
                faults.append(f"{path}:{n}: predup {m[1]} {m[2]}: no such usage line "
                              f"({' | '.join(sorted(forms[m[1]]))})")

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

all_forms = {}
for path in [f for f in files if re.search(r'(^|/)help-[a-z-]+\.txt$', f)]:
    cmd = re.match(r'(?:.*/)?help-([a-z]+)', path)[1]
    forms = form_lines(path, cmd)
    all_forms.setdefault(cmd, set()).update(forms)
    if not forms:
        faults.append(f"{path}: no usage line for predup {cmd}")
    # the options the help lists ("  -s N   seed ...", "  -o, --output FILE  ...")
    listed = set(re.findall(r'^  (-[a-zA-Z0-9]|--[a-z][a-z-]*)\b', open(path).read(), re.M))
    for form in forms:
        check_form(f"{path}: predup {cmd} {form}", cmd, form, listed)
    if cmd == 'dealer' and listed:
        faults.append(f"{path}: dealer's usage line does not name {' '.join(sorted(listed))}")
for man in [f for f in files if f.endswith('.1')]:
    documents_follow(all_forms, man, [f for f in files if f.endswith('.md')])
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
docs="$TOP/config/predup.1 $TOP/README.md $TOP/HACKING.md $(cd "$TOP" && git ls-files '*/*.md' |
    grep -v '^tests/' | sed "s|^|$TOP/|")"
# shellcheck disable=SC2086 # one word a document
usage_faults help-*.txt $docs

# The check can fail: a usage line written by hand with a value named otherwise than its row,
# an option that is no row's, a value after a flag, a letter that takes a value in a cluster,
# dealer's line without an option its help lists; a man page heading and a quoted form that
# differ from the usage line.
mkdir wrong
sed -e 's/--key FILE/--key KEYFILE/' help-deal.txt > wrong/help-deal.txt
sed -e 's/\[-023Vemquv\] \[-s N\]/[-023Vemquvp] [-s SEED]/' -e 's/\[--sd\] //' help-dealer.txt \
    > wrong/help-dealer.txt
sed -e 's/SET.pbn \[options\]/SET.pbn [--frob] [--resume N] [options]/' help-fill.txt \
    > wrong/help-fill.txt
sed -e 's/\[--yes\]/[--yes YES]/' help-event.txt > wrong/help-event.txt
sed -e 's/^\.SS predup check FILE\.\.\.$/.SS predup check FILE.pbn.../' "$TOP/config/predup.1" \
    > wrong/predup.1
sed -e 's/^    predup dealer \[-023Vemquv\] \[-s N\]/    predup dealer [-023Vemquv] [-s SEED]/' \
    "$TOP/dealer/LANGUAGE.md" > wrong/LANGUAGE.md
usage_faults wrong/help-*.txt help-check.txt wrong/predup.1 wrong/LANGUAGE.md > wrong.txt &&
    { cat wrong.txt; echo "wrong usage lines passed"; exit 1; }
for want in ': --key KEYFILE: its row says --key FILE$' \
    ': -p in \[-023Vemquvp\] is no flag of predup dealer$' \
    ': -s SEED: its row says -s N$' \
    "dealer's usage line does not name --sd$" \
    ': predup fill has no option --frob$' \
    ': \[--resume N\]: --resume takes no value$' \
    ': \[--yes YES\]: --yes takes no value$' \
    '^wrong/predup.1:[0-9]*: predup check FILE.pbn...: no such usage line (FILE...)$' \
    '^wrong/predup.1: no heading .SS predup check FILE...$' \
    '^wrong/LANGUAGE.md:9: predup dealer \[-023Vemquv\] \[-s SEED\] .*: no such usage line'; do
    grep -q -- "$want" wrong.txt || { cat wrong.txt; echo "not reported: $want"; exit 1; }
done
