# The man page config/predup.1: man renders it without a warning, it names every subcommand
# that `predup --help` lists, and every option that a command's --help lists (the SquareDeal
# forms of deal and verify included) appears in it, so that the page cannot fall behind.
# Its option lists are made from the option rows (tests/tools/man_update.py, `make
# man-page`): each list is the same as its rows (every option, letter, value name and help
# line), and every table of rows with help lines has its list in the page.
set -eu
# The C locale, whatever the caller's: man picks groff's output device and its warnings by the
# locale, and the page is read as plain ASCII below.
export LC_ALL=C
P=$PREDUP
page=$TOP/config/predup.1

warnings=$(MANWIDTH=80 man -l "$page" 2>&1 >/dev/null)
[ -z "$warnings" ] || { echo "man -l warns: $warnings"; exit 1; }
warnings=$(groff -man -ww -z -Tutf8 "$page" 2>&1)
[ -z "$warnings" ] || { echo "groff -ww warns: $warnings"; exit 1; }

# The rendered text, plain ASCII (hyphenation is off in the page, so options stay whole).
MANWIDTH=80 man -l "$page" 2>/dev/null | col -b > page.txt
grep -q '^NAME' page.txt || { echo "the rendered page has no NAME heading"; exit 1; }
grep -q 'EXIT STATUS' page.txt || { echo "the rendered page has no EXIT STATUS"; exit 1; }

# Every subcommand of predup --help, as a heading "predup CMD".
cmds=$("$P" --help | sed -n 's/^  \([a-z]*\)  .*/\1/p')
[ "$(echo "$cmds" | wc -l)" -ge 12 ] || { echo "predup --help lists too few commands"; exit 1; }
for c in $cmds; do
    grep -q "^   predup $c\\b" page.txt || { echo "man page has no section for predup $c"; exit 1; }
done

# Every option each command's --help shows: long ones, and short ones standing alone.
missing=0 checked=0
check_help() {
    local opts o
    opts=$("$@" --help | grep -oE '(^|[][ (/,|])(--[a-z][a-z-]*|-[a-zA-Z0-9])\b' |
           sed 's/^[][ (/,|]*//' | sort -u)
    for o in $opts; do
        checked=$((checked + 1))
        grep -qE -- "(^|[^a-z-])$o([^a-z-]|\$)" page.txt && continue
        echo "predup ${*:2} --help lists $o, the man page does not"
        missing=$((missing + 1))
    done
}
for c in $cmds; do
    check_help "$P" "$c"
done
check_help "$P" deal --squaredeal x.sqd
check_help "$P" verify --squaredeal x.sqd
echo "$checked options checked"
[ "$checked" -ge 80 ] || { echo "too few options found in the --help texts"; exit 1; }
[ "$missing" -eq 0 ]

# The option lists: each region the same as what the rows make of it now, and one region for
# every table whose rows the help lists (predup --complete man CMD N).
python3 "$TOP/tests/tools/man_update.py" --check "$P" "$page"
regions=0
for c in $cmds; do
    for n in 0 1 2 3; do
        [ -n "$("$P" --complete man "$c" "$n")" ] || continue
        regions=$((regions + 1))
        grep -qxF ".\\\" options: predup --complete man $c $n" "$page" ||
            { echo "the man page has no list of the options of predup $c (table $n)"; exit 1; }
    done
done
[ "$regions" -ge 17 ] || { echo "only $regions option tables have help lines"; exit 1; }

# The page itself says how to read it uninstalled, and predup --help points at it.
"$P" --help | grep -q 'man -l config/predup.1'
