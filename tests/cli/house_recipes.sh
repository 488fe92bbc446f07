#!/bin/bash
# tests/cli/house_recipes.sh - HACKING.md's two recipes, followed to the letter in a scratch copy
# of the tree: "Adding a constraint function" (a toy deuces(seat): the twos a hand holds) and
# "Adding a file format" (a toy OBL: "obl " and 52 digits 1-4, one line a board). Each step
# below is one row of the recipe's table in HACKING.md, in its order, as one block; then the
# copy is built (make -j2 predup OPT=-O0) and the toys are run. A step left out fails the test
# (RECIPE_OMIT="lang 4" leaves that row out, to see it fail). Every place that lists all the
# formats (a line naming rzd and cds) must name the toy too: a list the recipe forgets fails.
# cli: slow - builds a copy of the tree
# cli: plain only - it builds and runs its own -O0 copy of the tree, not $PREDUP
set -eu
fail() { echo "FAIL: $*"; exit 1; }
for tool in cc make git perl pkg-config python3; do
    command -v "$tool" >/dev/null || { echo "skip: no $tool to build a copy of the tree"; exit 0; }
done

# The tracked files of $TOP (as they are in its worktree), without build/ or .git.
S=$PWD/tree
mkdir "$S"
git -C "$TOP" ls-files -z | (cd "$TOP" && xargs -0 cp --parents -t "$S" 2>/dev/null) ||
    git -C "$TOP" ls-files -z | (cd "$TOP" && xargs -0 sh -c 'for f; do
        [ -e "$f" ] && cp --parents "$f" "$0"; done' "$S")
[ -f "$S/Makefile" ] || fail "the copy of $TOP has no Makefile"

# step "NAME N" FILE PERL [moving]: row N of a recipe, a substitution on FILE (perl -0: the
# whole file) that must change it (an anchor that moved is a recipe to fix, not a step to
# skip). A row HACKING.md marks "moving" (a list about to be built from a table) may find its
# list gone: the checks of what the user sees below decide then.
step() {
    local row=$1 file=$2 expr=$3 moving=${4:-}
    [ "${RECIPE_OMIT:-}" = "$row" ] && { echo "(leaving out $row)"; return 0; }
    cp "$S/$file" "$S/$file.before"
    perl -0pi -e "$expr" "$S/$file"
    if cmp -s "$S/$file" "$S/$file.before"; then
        [ "$moving" = moving ] || fail "$row: $file has no place for it (anchor not found)"
        echo "($row: no list left in $file: the table makes it)"
    fi
    rm "$S/$file.before"
}
# new "NAME N" FILE: row N of a recipe, a new file (its text on stdin).
new() {
    local row=$1 file=$2
    if [ "${RECIPE_OMIT:-}" = "$row" ]; then echo "(leaving out $row)"; cat >/dev/null; return 0; fi
    [ ! -e "$S/$file" ] || fail "$row: $file exists already"
    cat >"$S/$file"
}

# ================================================================ Adding a constraint function

# lang 1. dealer/lang/lang_int.h: the keyword in enum lkw, just before KW_SHAPE (KW_HCP ..
# KW_SHAPE is the range starts_expr in dealer/lang/stmt.c takes as "starts an expression").
step "lang 1" dealer/lang/lang_int.h 's/KW_HASCARD, KW_SHAPE,/KW_HASCARD, KW_DEUCES, KW_SHAPE,/'

# lang 2. dealer/lang/lang_int.h: the operation in enum lop, among the leaves (before
# LOP_SHAPEVAR; never after LOP_GE: an op >= LOP_EQ is taken for a comparison).
step "lang 2" dealer/lang/lang_int.h 's|(    LOP_CCCC, [^\n]*\n)|$1    LOP_DEUCES,   /* seat */\n|'

# lang 3. dealer/lang/lex.c: the word in kwtab[].
step "lang 3" dealer/lang/lex.c 's/(\{"cccc", LT_KW, KW_CCCC\},)/$1 {"deuces", LT_KW, KW_DEUCES},/'

# lang 4. dealer/lang/parse.c: parse_primary's keyword dispatch sends it to parse_func.
step "lang 4" dealer/lang/parse.c 's/(        case KW_LOSER: case KW_CCCC: case KW_QUALITY:\n)/$1        case KW_DEUCES:\n/'

# lang 5. dealer/lang/parse.c: parse_func reads its arguments and makes its node.
step "lang 5" dealer/lang/parse.c 's/(    case KW_QUALITY:\n        LTRY\(parse_seat_args\(ps, 2)/    case KW_DEUCES:\n        LTRY(parse_seat_args(ps, 0, &seat, &suit));\n        LTRY(node_at(ps, LOP_DEUCES, -1, -1, -1, t, &n));\n        break;\n$1/'

# lang 6. dealer/lang/eval.c: its value, in leval_node's switch.
step "lang 6" dealer/lang/eval.c 's/(    case LOP_QUALITY:\n        return leval_quality)/    case LOP_DEUCES:\n        return __builtin_popcountll(hand & (card_mask(SUIT_S, 2) | card_mask(SUIT_H, 2) |\n                                            card_mask(SUIT_D, 2) | card_mask(SUIT_C, 2)));\n$1/'

# lang 7. dealer/lang/lazy.c: the seats it reads, in expr_seats (the generator deals only the
# hands a script reads).
step "lang 7" dealer/lang/lazy.c 's/(case LOP_CCCC: case LOP_QUALITY:\n)/$1        case LOP_DEUCES:\n/'

# lang 8. dealer/LANGUAGE.md: the function among the others.
step "lang 8" dealer/LANGUAGE.md 's/`cccc`, `quality`,/`cccc`, `deuces`, `quality`,/'

# lang 9. tests/fuzz/script.dict: the word, for the script fuzzer.
step "lang 9" tests/fuzz/script.dict 's/("cccc"\n)/$1"deuces"\n/'

# lang 10. tests/check_lang.c: a case in test_lang_accept (deal number 0: each hand one suit,
# so each holds one two).
step "lang 10" tests/check_lang.c 's/(    ck_assert_int_eq\(lang_compile_mem\("t", "predeal north HA")/    ck_assert_int_eq(lang_compile_mem("t", "condition deuces(north) == 1 \&\& deuces(west) == 1",\n                                      \&p, \&e), PD_OK);\n    ck_assert_int_eq(lang_accept(p, \&d, 1, \&e), 1);\n    lang_free(p);\n$1/'

# ================================================================ Adding a file format

# format 1. pbn/obl.c: the reader and the writer.
new "format 1" pbn/obl.c <<'EOF'
/* pbn/obl.c - OBL, a toy format (tests/cli/house_recipes.sh): one line a board, "obl " and the
 * seat of each card (1-4: N E S W) in Pavlicek's order (spade ace first), boards 1..N. */
#include <string.h>

#include "pbn/fmt_int.h"

enum { OBL_LINE = 4 + DEAL_NCARDS + 1 };

enum pd_status fmt_obl_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    unsigned char seat[DEAL_NCARDS];

    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        fmt_card_seats(&set->games[i].deal, seat);
        fputs("obl ", out);
        for (int c = 0; c < DEAL_NCARDS; c++)
            fputc('1' + seat[c], out);
        fputc('\n', out);
    }
    return PD_OK;
}

enum pd_status fmt_obl_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    char why[120];

    for (size_t i = 0; i < n; i += OBL_LINE) {
        int board = (int)set->n + 1;
        struct deal d = {{0}};

        if (n - i < OBL_LINE || memcmp(p + i, "obl ", 4) != 0 || p[i + OBL_LINE - 1] != '\n')
            return fmt_fail_byte(e, name, board, i, "OBL wants \"obl \", 52 digits and a line end");
        for (int c = 0; c < DEAL_NCARDS; c++) {
            unsigned char ch = p[i + 4 + (size_t)c];

            if (ch < '1' || ch > '4')
                return fmt_fail_byte(e, name, board, i + 4 + (size_t)c,
                                     "OBL wants a digit 1-4, not 0x%02x", ch);
            d.hand[ch - '1'] |= card_mask_from_index(c);
        }
        if (!fmt_deal_ok(&d, why, sizeof why))
            return fmt_fail_byte(e, name, board, i, "%s", why);
        enum pd_status rc = fmt_add_deal(set, board_law2(board), &d, e);

        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}
EOF

# format 2. pbn/fmt_int.h: the two functions declared with the others, at the end.
step "format 2" pbn/fmt_int.h 's/RZD and CDS in pbn\/kops\.c\. \*\//RZD and CDS in pbn\/kops.c; OBL in pbn\/obl.c. *\//; s/(fmt_rzd_read, fmt_cds_read)/$1, fmt_obl_read/; s/(fmt_rzd_write, fmt_cds_write)/$1, fmt_obl_write/'

# format 3. pbn/fmt.c: its row in fmt_table[].
step "format 3" pbn/fmt.c 's/(    \{"cds", "\.cds", [^\n]*\n)/$1    {"obl", ".obl", FMT_POSITIONAL | FMT_LAW2, 0, fmt_obl_read, fmt_obl_write},\n/'

# format 4. pbn/fmt.c: the known formats in unknown_format's message.
step "format 4" pbn/fmt.c 's/("dge, lin, csv, ber, bhg, rzd, cds)/$1, obl/' moving

# format 5. pbn/fmt.c: the extensions in make_plan's message.
step "format 5" pbn/fmt.c 's/\.bhg, \.rzd or \.cds\)/.bhg, .rzd, .cds or .obl)/' moving

# format 6. pbn/fmt.c and pbn/FORMATS.md: how a file is told. With a signature: a test in
# sniff(), and the format in not_a_set's message. Without one (OBL): named with RZD and CDS,
# the formats told by their extension, in the comments of by_content and pbn_read_any.
step "format 6" pbn/fmt.c 's/\(RZD, CDS and DGE/(RZD, CDS, OBL and DGE/; s/signature: RZD, CDS, DGE/signature: RZD, CDS, OBL, DGE/'

# format 7. pbn/pbn.h: the names in the file-formats section.
step "format 7" pbn/pbn.h 's/(bhg, rzd, cds)\. \*\//$1, obl. *\//'

# format 8. pbn/cmd/cmd_convert.c: predup convert --help (moving: to the format table).
step "format 8" pbn/cmd/cmd_convert.c 's/bhg, rzd, cds\. With several --to/bhg, rzd, cds, obl. With several --to/' moving

# format 9. pbn/cmd/cmd_deal.c: predup deal --help (its list comes from the format table).
step "format 9" pbn/cmd/cmd_deal.c 's/dge lin csv ber bhg rzd cds \(pbn/dge lin csv ber bhg rzd cds obl (pbn/' moving

# format 10. predup.c: predup help formats (moving: to the format table).
step "format 10" predup.c 's/bhg rzd cds\.\\n/bhg rzd cds obl.\\n/' moving

# format 11. config/predup.bash-completion: _predup_formats, and the set files' extensions in
# _predup_sets (both cases). (moving: to the format table)
step "format 11" config/predup.bash-completion 's/(_predup_formats="[^"]*rzd cds)"/$1 obl"/; s/\|rzd\|cds\|PBN/|rzd|cds|obl|PBN/; s/\|RZD\|CDS"/|RZD|CDS|OBL"/' moving

# format 12. config/predup.1: the man page's FORMATS.
step "format 12" config/predup.1 's/(bhg, rzd, cds)\.\n/$1, obl.\n/'

# format 13. config/events/demo.conf: the formats an event may write.
step "format 13" config/events/demo.conf 's/(ber bhg rzd cds) \(pbn is/$1 obl (pbn is/'

# format 14. README.md: the convert row of the command table.
step "format 14" README.md 's/(bhg, rzd, cds) \|/$1, obl |/'

# format 15. pbn/FORMATS.md: its row in the table, its section (layout and source), and
# "Which file is which" (a format without a signature: told by its extension).
step "format 15" pbn/FORMATS.md 's/(\| cds \| \.cds \|[^\n]*\n)/$1| obl | .obl | 1..N in order | Law 2 | one line a board | pbn\/obl.c |\n/; s/(\n## PBN\n)/\n## OBL\n\nA toy: "obl ", the seat (1-4) of each card in Pavlicek'"'"'s order, a line end.\n$1/; s/\(RZD, CDS have no signature\)/(RZD, CDS, OBL have no signature)/'

# format 16. pbn/fuzz_obl.c like its neighbours, and its name in tests/fuzz_formats.sh.
new "format 16" pbn/fuzz_obl.c <<'EOF'
/* pbn/fuzz_obl.c - libFuzzer target for the obl reader (and its writer, by round trip). */
#define FUZZ_FORMAT "obl"
#include "pbn/fuzz_common.h"
EOF
step "format 16" tests/fuzz_formats.sh 's/(targets=\$\{FUZZ_TARGETS:-"[^"]*rzd cds)"/$1 obl"/'

# format 17. tests/data/formats/mkref.py: ref.obl written straight from the layout in
# pbn/FORMATS.md (not from pbn/*.c), by running it in its folder.
step "format 17" tests/data/formats/mkref.py 's/("rzd", "cds", "bri78")/"rzd", "cds", "obl", "bri78"/; s/(\n        files\["ber"\] \+= [^\n]*\n)/$1        files["obl"] += b"obl " + "".join(str(owner[c] + 1) for c in range(52)).encode() + b"\\n"\n/'
if [ "${RECIPE_OMIT:-}" != "format 17" ]; then
    (cd "$S/tests/data/formats" && python3 mkref.py) || fail "format 17: mkref.py"
fi

# format 18. tests/check_formats.c: the reference file in refs[] (written byte for byte, read
# back), the round trip of random sets in trips[], the fuzz crashes' formats in fmts[].
step "format 18" tests/check_formats.c 's/(    \{"rzd", "ref\.rzd", false\},      \{"cds", "ref\.cds", false\},\n)/    {"rzd", "ref.rzd", false},      {"cds", "ref.cds", false},      {"obl", "ref.obl", false},\n/; s/(                                       "csv", "ber", "bhg", "rzd", "cds")/$1, "obl"/; s/(    \{"cds", 60, true\},\n)/$1    {"obl", 60, false},\n/'

# ================================================================ build and run

cd "$S"
make -j2 predup OPT=-O0 >build.log 2>&1 || { tail -20 build.log; fail "the copy does not build"; }
P=$S/build/predup
# The changed tests compile (the Check suites are not run here: make check runs them).
if pkg-config --exists check; then
    make -j2 OPT=-O0 build/tests/check_lang.o build/tests/check_formats.o >>build.log 2>&1 ||
        { tail -20 build.log; fail "the changed tests do not compile"; }
fi
cc -fsyntax-only -std=c11 -I. -D_GNU_SOURCE pbn/fuzz_obl.c || fail "pbn/fuzz_obl.c"
cd ..

# The constraint function: a condition on it, its value in a bare printes list (starts_expr)
# and in average; north holds the four twos in every deal produced.
cat >deuces.dl <<'EOF'
generate 2000000
produce 3
condition deuces(north) == 4
action printes "d ", deuces(north), " ", deuces(south), \n, average "avg" deuces(north)
EOF
"$P" dealer -s 7 deuces.dl >deuces.out 2>&1 || { cat deuces.out; fail "deuces.dl does not run"; }
[ "$(grep -c '^d 4 0$' deuces.out)" = 3 ] || { cat deuces.out; fail "deuces: want three 'd 4 0' lines"; }
grep -q '^avg' deuces.out || { cat deuces.out; fail "deuces: no average line"; }
grep -q "^avg: 4$" deuces.out || { cat deuces.out; fail "deuces: the average is not 4"; }
echo 'condition deuces(north) + deuces(east) + deuces(south) + deuces(west) != 4' >sum.dl
printf 'generate 3000\nproduce 1\n' >>sum.dl
"$P" dealer -s 3 sum.dl >sum.out 2>&1 || true
grep -q 'Generated 3000 hands' sum.out || { cat sum.out; fail "deuces: four hands hold other than four twos"; }
grep -q 'Produced 0 hands' sum.out || { cat sum.out; fail "deuces: four hands hold other than four twos"; }
grep -q '`deuces`' "$S/dealer/LANGUAGE.md" || fail "lang: dealer/LANGUAGE.md does not name deuces"
grep -qx '"deuces"' "$S/tests/fuzz/script.dict" || fail "lang: tests/fuzz/script.dict lacks deuces"
grep -q 'deuces' "$S/tests/check_lang.c" || fail "lang: tests/check_lang.c has no deuces case"

# The format: written by its extension, read back by its extension, the same deals.
R=$S/tests/data/formats/ref.pbn
"$P" convert "$R" set.obl >/dev/null || fail "convert to .obl"
[ "$(wc -l <set.obl)" = "$(grep -c '^\[Deal ' "$R")" ] || fail "set.obl: not one line a board"
grep -qvE '^obl [1-4]{52}$' set.obl && fail "set.obl: a line not obl and 52 digits"
"$P" convert set.obl back.pbn >/dev/null || fail "convert from .obl"
"$P" convert --to ber back.pbn back.ber >/dev/null
"$P" convert --to ber "$R" ref.ber >/dev/null
cmp back.ber ref.ber || fail "obl: the deals do not come back"
cmp set.obl "$S/tests/data/formats/ref.obl" || fail "set.obl differs from mkref.py's ref.obl"
"$P" convert --to obl "$R" named.txt >/dev/null && cmp named.txt set.obl || fail "--to obl"
# Every place a user learns the formats names it.
"$P" convert --help | grep -qw obl || fail "predup convert --help does not name obl"
"$P" deal --help | grep -qw obl || fail "predup deal --help does not name obl"
"$P" help formats | grep -qw obl || fail "predup help formats does not name obl"
"$P" convert --to nosuch "$R" x.pbn 2>err.txt && fail "--to nosuch"
grep -qw obl err.txt || fail "the unknown-format message does not name obl: $(cat err.txt)"
"$P" convert "$R" x.nosuch 2>err.txt && fail "x.nosuch"
grep -q '\.obl' err.txt || fail "the extension message does not name .obl: $(cat err.txt)"
# Completion offers it after --to and completes its files (COMP_WORDS[0]: the predup built).
(
    shopt -s extglob
    source "$S/config/predup.bash-completion"
    comp() {
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMPREPLY=()
        _predup "$P" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
    }
    mkdir comp && cd comp && touch a.obl B.OBL c.txt
    [ "$(comp "$P" convert --to ob)" = obl ] || fail "completion: --to ob gives [$(comp "$P" convert --to ob)]"
    [ "$(comp "$P" convert "")" = "B.OBL a.obl" ] || fail "completion: convert gives [$(comp "$P" convert "")]"
)
grep -q '^| obl | \.obl |' "$S/pbn/FORMATS.md" || fail "pbn/FORMATS.md has no obl row"
grep -q '^## OBL' "$S/pbn/FORMATS.md" || fail "pbn/FORMATS.md has no OBL section"
[ -f "$S/pbn/fuzz_obl.c" ] || fail "no pbn/fuzz_obl.c"
# Every list of the formats (a line naming rzd and cds; RZD and CDS but not their file) in the
# tree, tests' data and CLI scripts aside (they compare with files of their own) and HACKING.md
# (the recipe itself), names obl.
stale=$(cd "$S" && git -C "$TOP" ls-files | grep -v -e '^tests/data/' -e '^tests/fuzz/' -e '^tests/cli/' -e '^HACKING.md$' |
    while read -r f; do
        [ -f "$f" ] || continue
        grep -n -w -e 'rzd' "$f" /dev/null | grep -w 'cds' | grep -vw 'obl'
        grep -n -w -e 'RZD' "$f" /dev/null | grep -w 'CDS' | grep -v -e 'OBL' -e 'kops'
    done || true)
[ -z "$stale" ] || fail "lists of the formats without obl (a row missing from the recipe):
$stale"
echo "house_recipes: both recipes build and run"
