#!/bin/bash
# tests/cli/hacking_recipes.sh - HACKING.md's four recipes, followed to the letter in a scratch
# copy of the tree: "Adding a constraint function" (a toy deuces(seat): the twos a hand holds),
# "Adding a file format" (a toy OBL: "obl " and 52 digits 1-4, one line a board), "Adding a
# print layout" (a toy index: a line a board, its dealer and vulnerability) and "Adding a
# machine driver" (a toy machine that reads every card right, filled on and audited). Each step
# below is one row of the recipe's table in HACKING.md, in its order, as one block; then the
# copy is built (make -j2 predup OPT=-O0, over a copy of the tree's own build) and the toys are
# run. A step left out fails the test (RECIPE_OMIT="lang 4" leaves that row out, to see it
# fail). Every place that lists all the formats (a line naming rzd and cds) must name the toy
# too, and every place that lists the print kinds (a line naming curtain and minibridge) the toy
# kind: a list the recipe forgets fails.
# cli: slow - builds a copy of the tree
# cli: plain only - it builds and runs its own copy of the tree (over the plain build), not $PREDUP
set -eu
fail() { echo "FAIL: $*"; exit 1; }
for tool in cc make git perl pkg-config python3; do
    command -v "$tool" >/dev/null || { echo "skip: no $tool to build a copy of the tree"; exit 0; }
done

# The tracked files of $TOP (as they are in its worktree), without build/ or .git.
S=$PWD/tree
mkdir "$S"
git -C "$TOP" ls-files -z | (cd "$TOP" && xargs -0 cp -p --parents -t "$S" 2>/dev/null) ||
    git -C "$TOP" ls-files -z | (cd "$TOP" && xargs -0 sh -c 'for f; do
        [ -e "$f" ] && cp -p --parents "$f" "$0"; done' "$S")
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
/* pbn/obl.c - OBL, a toy format (tests/cli/hacking_recipes.sh): one line a board, "obl " and the
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

# format 8. config/commands/cmd_convert.c: predup convert --help (moving: to the format table).
step "format 8" config/commands/cmd_convert.c 's/bhg, rzd, cds\. With several --to/bhg, rzd, cds, obl. With several --to/' moving

# format 9. config/commands/cmd_deal.c: predup deal --help (its list comes from the format table).
step "format 9" config/commands/cmd_deal.c 's/dge lin csv ber bhg rzd cds \(pbn/dge lin csv ber bhg rzd cds obl (pbn/' moving

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

# ================================================================ Adding a print layout

# layout 1. printing/index.c: pr_draw_index, the toy kind: a line a board under the title.
new "layout 1" printing/index.c <<'EOF'
/* printing/index.c - the board index, a toy kind (tests/cli/hacking_recipes.sh): under the set's
 * title, a line a board with its number, dealer and vulnerability. */
#include "printing/pr_int.h"

enum { INDEX_MARGIN = 40, INDEX_LINE = 16 };

enum pd_status pr_draw_index(struct pdoc *d, const struct pbn_set *set,
                             const struct pr_options *o, struct pd_err *e)
{
    struct pr_title t;
    char txt[400], who[200];
    float y = 0;

    pr_title_from_set(set, o->title, d, &t);
    for (size_t i = 0; i < set->n; i++) {
        struct pr_board b;
        enum pd_status rc = pr_board_from_game(&set->games[i], i, &b, e);

        if (rc != PD_OK)
            return rc;
        if (i == 0 || y < INDEX_MARGIN + INDEX_LINE) {
            pdoc_add_page(d, o->paper);
            y = d->height - INDEX_MARGIN;
            pdoc_text_fit(d, d->bold, 12, INDEX_MARGIN, y, d->width - 2 * INDEX_MARGIN,
                          PR_TERMF(d->terms, "index.title", txt, sizeof txt, t.event));
            y -= 2 * INDEX_LINE;
        }
        pr_board_title(d, b.number, txt, sizeof txt);
        pr_dealer_vul(d, &b, who, sizeof who);
        pdoc_text_fit(d, d->reg, 10, INDEX_MARGIN, y, 120, txt);
        pdoc_text_fit(d, d->reg, 10, INDEX_MARGIN + 130, y, d->width - 2 * INDEX_MARGIN - 130,
                      who);
        y -= INDEX_LINE;
    }
    return PD_OK;
}
EOF

# layout 2. printing/pr_int.h: its function after pr_draw_sheet's.
step "layout 2" printing/pr_int.h 's/(enum pd_status pr_draw_sheet\(struct pdoc \*d, const struct pbn_set \*set,\n[^\n]*\n)/$1enum pd_status pr_draw_index(struct pdoc *d, const struct pbn_set *set,\n                             const struct pr_options *o, struct pd_err *e);\n/'

# layout 3. printing/kind.c: its row, after minibridge's.
step "layout 3" printing/kind.c 's/(     "  --stage 1\|2 [^\n]*\},\n)/$1    {"index", "board index: a line a board, its dealer and vulnerability", pr_draw_index,\n     NULL, ".pdf", PR_ANALYSIS_NONE, 0, NULL},\n/'

# layout 4. printing/terms/*.ini: its word in every language's table.
for w in "en:board index" "de:Boardliste" "fr:index des donnes" "nl:spellenlijst" "pl:spis rozdań" "sv:givlista"; do
    step "layout 4" "printing/terms/${w%%:*}.ini" "s/(\nmini\\.title = [^\n]*\n)/\$1index.title = {1} — ${w#*:}\n/"
done

# layout 5. config/predup.1: the kind in print's heading, and what it prints.
step "layout 5" config/predup.1 's/(\.SS predup print [a-z|]*)( SET\.pbn)/$1|index$2/; s/a student handout or a Minibridge sheet,/a student handout, a Minibridge sheet or a board index,/'

# layout 6. README.md: the kind in the print row of the command table.
step "layout 6" README.md 's/(\| `predup print [a-z\\|]*)( SET\.pbn)/$1\\|index$2/'

# layout 7. config/events/demo.conf: the kind in the print comment.
step "layout 7" config/events/demo.conf 's/(no key commitment\), minibridge)/$1, index (board index)/'

# layout 8. printing/README.md: the kind in print's heading, and what it prints.
step "layout 8" printing/README.md 's/(## `predup print [a-z|]*)( SET\.pbn)/$1|index$2/; s/(student handout, Minibridge sheet),/$1, board index,/'

# layout 9. tests/cli/print_index.sh: its test.
new "layout 9" tests/cli/print_index.sh <<'EOF'
#!/bin/bash
# tests/cli/print_index.sh - print index: a line a board, in the set's order, in the language.
set -eu
command -v pdftotext >/dev/null || { echo "skip: no pdftotext"; exit 0; }
"$PREDUP" print index "$TOP/tests/data/formats/ref.pbn" -o idx.pdf >/dev/null
pdftotext -raw idx.pdf idx.txt
grep -q "board index" idx.txt || { cat idx.txt; exit 1; }
[ "$(grep -c '^Board [0-9]' idx.txt)" = "$(grep -c '^\[Board ' "$TOP/tests/data/formats/ref.pbn")" ]
"$PREDUP" print index "$TOP/tests/data/formats/ref.pbn" -o de.pdf --lang de >/dev/null
pdftotext -raw de.pdf - | grep -q Boardliste
echo "print_index: ok"
EOF

# ================================================================ Adding a machine driver

# driver 1. machine/machine.h: a value in enum mach_kind, before MACH_KINDS.
step "driver 1" machine/machine.h 's/(enum mach_kind \{[^}]*?), MACH_KINDS \}/$1, MACH_TOY, MACH_KINDS }/'

# driver 2. machine/toy.c: a toy machine that reads every card right, in-process: its
# primitives answer in the protocol's words, its world is audited after each board.
new "driver 2" machine/toy.c <<'EOF'
/* machine/toy.c - a toy machine driver (tests/cli/hacking_recipes.sh): reads every card right. */
#include <stdlib.h>
#include <string.h>

#include "machine/driver.h"

struct toy {
    int feeder[52], nfeed, pocket[4][52], n[4], seq, board;
};

static enum pd_status toy_hello(void *dev, struct mach_hello *h, bool *lost, struct pd_err *e)
{
    (void)dev, (void)e;
    *lost = false;
    h->methods = MACH_OCR;
    snprintf(h->machine, sizeof h->machine, "toy");
    return PD_OK;
}

static enum pd_status toy_begin(void *dev, int board, struct mp_msg *r, struct pd_err *e)
{
    (void)dev, (void)board, (void)e;
    *r = (struct mp_msg){.type = MP_BOARD_READY, .len = 2};
    return PD_OK;
}

static enum pd_status toy_feed(void *dev, struct mp_msg *r, struct pd_err *e)
{
    struct toy *t = dev;

    (void)e;
    if (t->nfeed == 0) {
        *r = (struct mp_msg){.type = MP_FAULT, .len = 3, .payload = {MPF_FEEDER_EMPTY}};
        return PD_OK;
    }
    *r = (struct mp_msg){.type = MP_CARD, .len = 6};
    mp_put_u16(r->payload, ++t->seq);
    r->payload[2] = 1, r->payload[3] = MACH_OCR;
    r->payload[4] = (uint8_t)t->feeder[t->nfeed - 1], r->payload[5] = 100;
    return PD_OK;
}

static enum pd_status toy_place(void *dev, int seq, int pocket, bool then_feed,
                                struct mp_msg *r, struct pd_err *e)
{
    struct toy *t = dev;

    (void)then_feed, (void)e;
    t->pocket[pocket][t->n[pocket]++] = t->feeder[--t->nfeed];
    *r = (struct mp_msg){.type = MP_PLACED, .len = 4};
    mp_put_u16(r->payload, seq);
    r->payload[2] = (uint8_t)pocket, r->payload[3] = (uint8_t)t->n[pocket];
    return PD_OK;
}

static enum pd_status toy_counts(void *dev, struct mp_msg *r, struct pd_err *e)
{
    struct toy *t = dev;

    (void)e;
    *r = (struct mp_msg){.type = MP_COUNTS, .len = 6};
    for (int i = 0; i < 4; i++)
        r->payload[i] = (uint8_t)t->n[i];
    return PD_OK;
}

static enum pd_status toy_resume(void *dev, enum mach_action act, int board, struct mp_msg *r,
                                 struct pd_err *e)
{
    struct toy *t = dev;

    (void)e;
    if (act == MA_START || act == MA_REDO) {
        memset(t, 0, sizeof *t);
        for (int i = 0; i < 52; i++)
            t->feeder[i] = (i * 7 + board) % 52;
        t->nfeed = 52, t->board = board;
    }
    *r = (struct mp_msg){.type = MP_ACK};
    return PD_OK;
}

static const struct mach_ops toy_ops = {toy_hello, toy_begin, toy_feed, toy_place, toy_counts,
                                        toy_resume, NULL};

static enum pd_status toy_open(void *ctx, int wait_ms, const struct mach_ops **ops, void **dev,
                               struct pd_err *e)
{
    (void)wait_ms, (void)e;
    *ops = &toy_ops;
    *dev = ctx;
    return PD_OK;
}

bool mach_toy_rehearsal(const struct mach_profile *p)
{
    (void)p;
    return true;
}

enum pd_status mach_toy_start(const struct mach_profile *p, void **run,
                              struct mach_connector *conn, struct pd_err *e)
{
    (void)p;
    *run = calloc(1, sizeof(struct toy));
    *conn = (struct mach_connector){*run, NULL, toy_open};
    return *run ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "no memory");
}

bool mach_toy_audit(void *run, int board, const struct deal *d, char *why, size_t n)
{
    struct toy *t = run;

    for (int s = 0; s < 4; s++)
        for (int k = 0; k < t->n[s]; k++)
            if (t->n[s] != 13 || !(d->hand[s] & card_mask_from_index(t->pocket[s][k]))) {
                snprintf(why, n, "board %d: pocket %d is not its deal", board, s);
                return false;
            }
    return true;
}

void mach_toy_stop(void *run)
{
    free(run);
}
EOF

# driver 3. machine/driver.h: its row's functions, with the others at the end.
step "driver 3" machine/driver.h 's/(\n#endif\s*)$/\nbool mach_toy_rehearsal(const struct mach_profile *p);\nenum pd_status mach_toy_start(const struct mach_profile *p, void **run,\n                              struct mach_connector *conn, struct pd_err *e);\nbool mach_toy_audit(void *run, int board, const struct deal *d, char *why, size_t n);\nvoid mach_toy_stop(void *run);\n$1/'

# driver 4. machine/drivers.c: its row in drivers[].
step "driver 4" machine/drivers.c 's/(static const struct mach_driver drivers\[MACH_KINDS\] = \{\n)/$1    [MACH_TOY] = {MACH_TOY, "toy", "a toy that reads every card right", "toy", mach_toy_rehearsal,\n                  mach_toy_start, mach_toy_audit, NULL, mach_toy_stop},\n/'

# driver 5 and 6: nothing (transport = NAME, --machine NAME, fill --list, the completion read
# the table): checked below.

# driver 7. config/machines/toy.conf: a profile that shows its keys.
new "driver 7" config/machines/toy.conf <<'EOF'
# config/machines/toy.conf - the toy machine of tests/cli/hacking_recipes.sh.
[machine]
name = toy machine
transport = toy
EOF

# driver 8. machine/README.md: how to use it.
step "driver 8" machine/README.md 's/(## Build your own machine\n)/## A toy machine\n\n`predup fill SET.pbn --machine toy --yes` fills on a toy that reads every card right.\n\n$1/'

# ================================================================ build and run

# The tree's own plain build (the one $PREDUP is in), copied with its times as the sources
# were: make rebuilds, at -O0, what the recipes changed and what includes it, not the whole
# tree again (make check's time); without it (another PREDUP), the whole copy is built.
B=$(dirname "$PREDUP")
if [ -f "$B/predup.o" ] && [ "$(cd "$B/.." && pwd)" = "$(cd "$TOP" && pwd)" ]; then
    cp -a "$B" "$S/build"
fi
cd "$S"
make -j2 predup OPT=-O0 >build.log 2>&1 || { tail -20 build.log; fail "the copy does not build"; }
P=$S/build/predup
# The changed tests compile (the Check suites are not run here: make check runs them).
if pkg-config --exists check; then
    make -j2 OPT=-O0 build/tests/check_lang.o build/tests/check_formats.o >>build.log 2>&1 ||
        { tail -20 build.log; fail "the changed tests do not compile"; }
fi
cc -fsyntax-only -std=c11 -I. -D_GNU_SOURCE pbn/fuzz_obl.c || fail "pbn/fuzz_obl.c"
# format 12, its second half: make man-page rewrites the man page's option lists from the
# rows (deal's --format line names the formats of the table).
if [ "${RECIPE_OMIT:-}" != "format 12" ]; then
    make man-page OPT=-O0 >>build.log 2>&1 || { tail -5 build.log; fail "format 12: make man-page"; }
fi
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

# The print layout: printed with, in its words, named wherever a user learns the kinds.
"$P" print index "$R" -o idx.pdf >idx.out || fail "print index"
grep -qx "idx.pdf: index of $(grep -c '^\[Board ' "$R") boards" idx.out || fail "print index said: $(cat idx.out)"
(cp "$R" club.pbn && "$P" print index club.pbn >/dev/null && [ -s club-index.pdf ]) || fail "print index beside the set"
if command -v pdftotext >/dev/null; then
    pdftotext -raw idx.pdf - | grep -q "board index" || fail "the index's title word"
    "$P" print index "$R" -o de.pdf --lang de >/dev/null && pdftotext -raw de.pdf - | grep -q Boardliste ||
        fail "the index's German word"
else
    echo "skip: no pdftotext (the index's words)"
fi
"$P" print --help | grep -q '^  index  ' || fail "predup print --help does not name index"
"$P" --complete forms print | grep -qx index || fail "the completion's print forms lack index"
"$P" print indx "$R" 2>err.txt && fail "print indx"
grep -q 'did you mean "index"' err.txt || fail "print's unknown-kind message: $(cat err.txt)"
(cd "$S" && PREDUP=$P TOP=$S bash tests/cli/print_terms_keys.sh >../terms.out 2>&1) ||
    { cat terms.out; fail "layout 4: print_terms_keys.sh fails on the copy"; }
mkdir idx && (cd idx && PREDUP=$P TOP=$S bash "$S/tests/cli/print_index.sh" >../idx-test.out 2>&1) ||
    { cat idx-test.out; fail "layout 9: tests/cli/print_index.sh fails"; }
# Every list of the kinds (a line naming curtain and minibridge) names index.
stale=$(cd "$S" && git -C "$TOP" ls-files | grep -v -e '^tests/' -e '^HACKING.md$' |
    while read -r f; do
        [ -f "$f" ] || continue
        grep -n -w -i 'curtain' "$f" /dev/null | grep -w -i 'minibridge' | grep -vw 'index'
    done || true)
[ -z "$stale" ] || fail "lists of the print kinds without index (a row missing from the recipe):
$stale"
# The driver: a fill on it by name and by profile, audited card by card; every place a user
# learns the machines names it.
"$P" key new toy.key >/dev/null
"$P" deal --key toy.key --boards 1-3 -o toy.pbn --quiet
"$P" fill toy.pbn --machine toy --yes >toy.out 2>&1 || { cat toy.out; fail "fill --machine toy"; }
grep -q '^simulator audit: 3 boards filled in this run hold their deals, card by card$' toy.out ||
    { cat toy.out; fail "toy: no audit of 3 boards"; }
head -1 toy.pbn.sim-journal | grep -q ' machine toy ' || fail "toy: the journal names no toy"
(cd "$S" && "$P" fill "$OLDPWD/toy.pbn" --machine config/machines/toy.conf --yes \
    --journal "$OLDPWD/p.journal") >toyp.out 2>&1 || { cat toyp.out; fail "toy.conf"; }
"$P" --complete machines | grep -qx toy || fail "predup --complete machines does not name toy"
"$P" fill --list 2>/dev/null | grep -q '^  toy  a toy' || fail "fill --list does not name toy"
printf '[machine]\ntransport = nosuch\n' >bad.conf
"$P" fill toy.pbn --machine ./bad.conf --yes 2>err.txt && fail "transport = nosuch"
grep -q 'is not sim, usb, camera or toy' err.txt || fail "the transport message does not name toy: $(cat err.txt)"
grep -q 'machine toy' "$S/machine/README.md" || fail "machine/README.md does not name toy"
echo "hacking_recipes: the four recipes build and run"
