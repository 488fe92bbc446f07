# Issue 22: format names, print kinds, subcommands (and their sub-forms) and help topics each
# come from one table in predup (predup --complete WHAT lists it). Everything that lists one
# again is checked against the table here, so that a new entry cannot be forgotten: predup's
# own help and messages, the man page, README.md and the fuzz targets (the bash completion's
# lists: tests/cli/help_completion.sh).
set -eu
export LC_ALL=C
P=$PREDUP
fail() { echo "FAIL: $*"; exit 1; }
words() { "$P" --complete "$@" | tr '\n' ' ' | sed 's/ $//'; }
commas() { "$P" --complete "$@" | paste -sd, | sed 's/,/, /g'; }

formats=$(words formats)
exts=$(words extensions)
kinds=$(words forms print)
cmds=$(words commands)
topics=$(words topics)
[ "$(echo $formats | wc -w)" -ge 13 ] || fail "too few formats: $formats"
[ "$(echo $exts | wc -w)" -ge 11 ] || fail "too few extensions: $exts"
for w in pbn dup dupblind bhg rzd cds; do [[ " $formats " == *" $w "* ]] || fail "no $w"; done
for k in record curtain sheet handout minibridge web; do echo " $kinds " | grep -q " $k " || fail "print kinds: $kinds"; done
# Every format's extension is one of the extensions, and every extension a format's name.
for x in $exts; do [[ " $formats " == *" $x "* ]] || fail "extension $x names no format"; done

## predup's own help and messages
"$P" --help > help.txt
for x in $exts; do
    x=$(echo "$x" | tr a-z A-Z)
    grep -q "^  convert .*\\b$x\\b" help.txt || fail "predup --help: convert names no $x"
done
grep -q "^  print    $(echo $kinds | sed 's/ / | /g'): " help.txt || fail "predup --help: print's kinds"
grep -q "^  event    $(words forms event | sed 's/ / | /g'): " help.txt || fail "predup --help: event's forms"
[ "$(sed -n 's/^  \([a-z]*\)  .*/\1/p' help.txt | tr '\n' ' ' | sed 's/ $//')" = "$cmds" ] ||
    fail "predup --help lists other commands than the table"
grep -q "^predup help TOPIC: any command above, or $topics\$" help.txt || fail "help's topics"
"$P" help formats | grep -q "^predup reads and writes $formats\\.\$" || fail "help formats"
"$P" convert --help | tr '\n' ' ' | tr -s ' ' | grep -q "unless given: $(commas formats)\\. " ||
    fail "convert --help does not list the formats"
printf '%s\n' '[Board "1"]' > one.pbn
rc=0; "$P" convert --to nonsense one.pbn out.x 2> err.txt || rc=$?
[ "$rc" -eq 64 ] || fail "convert --to nonsense: exit $rc"
grep -q "unknown format \"nonsense\" (known: $(commas formats))\$" err.txt ||
    fail "the unknown-format message: $(cat err.txt)"
rc=0; "$P" print 2> err.txt || rc=$?
[ "$(cat err.txt)" = "predup print: error: print wants record, curtain, sheet, handout, minibridge or web and one SET.pbn (predup print --help)" ] ||
    fail "print without a kind: $(cat err.txt)"
cat > bad.conf <<'EOF'
[event]
name = t
date = 2026.11.26
delayed_value = the first number drawn
public_form = integer
[set a]
boards = 1-4
print = record,poster
EOF
rc=0; "$P" event commit bad.conf 2> err.txt || rc=$?
grep -q "\"poster\" is not one of them ($(commas forms print))" err.txt ||
    fail "an event file's unknown print kind: $(cat err.txt)"

## the bash completion: tests/cli/help_completion.sh checks its lists against the tables

## the man page: every command, form, format and print kind
MANWIDTH=200 man -l "$TOP/config/predup.1" 2>/dev/null | col -b > page.txt
for c in $cmds; do
    grep -q "^   predup $c\\b" page.txt || fail "man page: no section for predup $c"
    for f in $(words forms "$c"); do
        grep -qE "^   predup $c (.*\\|)?$f\\b" page.txt || fail "man page: no section for predup $c $f"
    done
done
sed -n '/^FORMATS$/{n;p}' page.txt | grep -q "^       $(commas formats)\\. " || fail "man page: FORMATS does not list $(commas formats)"
grep -q "^   predup print $(echo $kinds | sed 's/ /|/g') " page.txt || fail "man page: print's kinds"
for t in $topics; do grep -qw "$t" page.txt || fail "man page: no topic $t"; done

## README.md: the subcommand table names every command, form, format and print kind
readme=$TOP/README.md
for c in $cmds; do
    grep -q "^| \`predup $c\\b" "$readme" || fail "README.md: the table has no predup $c"
done
grep -q "^| \`predup convert .* | $(commas formats) |\$" "$readme" || fail "README.md: convert's formats"
grep -q "^| \`predup print $(echo $kinds | sed 's/ /\\\\|/g') " "$readme" || fail "README.md: print's kinds"
grep -q "^| \`predup event $(words forms event | sed 's/ /\\\\|/g') " "$readme" || fail "README.md: event's forms"
grep -q "^| \`predup key new FILE\` / \`key commit FILE\` |" "$readme" || fail "README.md: key's forms"
grep -q "predup help TOPIC\` ($(commas topics), or a" "$readme" || fail "README.md: the topics"

## the fuzz targets: every format a reader (by extension), with its seed corpus, fuzzed
fuzzed=" $(sed -n 's/^targets=${FUZZ_TARGETS:-"\(.*\)"}$/\1/p' "$TOP/tests/fuzz_formats.sh") "
[ "$fuzzed" != "  " ] || fail "tests/fuzz_formats.sh: no targets= line found"
for x in $exts; do
    [ -f "$TOP/pbn/fuzz_$x.c" ] || fail "no pbn/fuzz_$x.c"
    grep -q "^#define FUZZ_FORMAT \"$x\"" "$TOP/pbn/fuzz_$x.c" || fail "pbn/fuzz_$x.c fuzzes another format"
    [ -n "$(ls "$TOP/tests/fuzz/$x" 2>/dev/null)" ] || fail "no seed corpus tests/fuzz/$x/"
    [[ $fuzzed == *" $x "* ]] || fail "tests/fuzz_formats.sh does not run fuzz_$x"
done
echo "ok: $(echo $formats | wc -w) formats, $(echo $kinds | wc -w) print kinds, $(echo $cmds | wc -w) commands, $(echo $topics | wc -w) topics"
