/* dealer/lang_parse.c - recursive-descent parser of dealer's language into a lang_prog.
 *
 * Follows the grammar of Debian dealer's defs.y with
 * C's operator levels (Debian patched dealer's grammar so; Descr.test_operator_order checks
 * them). Unary minus only directly before a number. Where dealer is broken (printes without parentheses, altcount's table,
 * predeal of suit lengths) this follows dealer's manual instead. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang_int.h"

struct lparser {
    struct llexer lx;
    struct lang_prog *p;
    struct pd_err *e;
};

#define TRY(x)                                                                                \
    do {                                                                                      \
        enum pd_status rc_ = (x);                                                             \
        if (rc_ != PD_OK)                                                                     \
            return rc_;                                                                       \
    } while (0)

static const struct ltoken *cur(struct lparser *ps)
{
    return &ps->lx.tok;
}
static enum pd_status next(struct lparser *ps)
{
    return llex_next(&ps->lx, ps->e);
}
static bool is_punct(const struct ltoken *t, int c)
{
    return t->type == LT_PUNCT && t->val == c;
}
static bool is_kw(const struct ltoken *t, enum lkw k)
{
    return t->type == LT_KW && t->val == (int)k;
}
static enum pd_status fail_here(struct lparser *ps, const char *what)
{
    const struct ltoken *t = cur(ps);

    if (t->type == LT_EOF)
        return llex_fail(&ps->lx, t, ps->e, "%s, found the end of the file", what);
    return llex_fail(&ps->lx, t, ps->e, "%s, found '%.*s'", what, t->len > 40 ? 40 : t->len,
                     t->text);
}
static enum pd_status expect(struct lparser *ps, int c)
{
    char what[32];

    if (!is_punct(cur(ps), c)) {
        snprintf(what, sizeof what, "expected '%c'", c);
        return fail_here(ps, what);
    }
    return next(ps);
}

int lprog_node(struct lang_prog *p, enum lop op, int a, int b, int c, struct pd_err *e)
{
    if (p->nnodes == p->capnodes) {
        int cap = p->capnodes ? 2 * p->capnodes : 64;
        struct lnode *n;

        if (cap > 1000000 || !(n = realloc(p->nodes, (size_t)cap * sizeof *n))) {
            pd_fail(e, PD_ERR_NOMEM, "script too large");
            return -1;
        }
        p->nodes = n;
        p->capnodes = cap;
    }
    struct lnode *n = &p->nodes[p->nnodes];

    memset(n, 0, sizeof *n);
    n->op = (uint8_t)op;
    n->a = a;
    n->b = b;
    n->c = c;
    n->suit = -1;
    return p->nnodes++;
}

static enum pd_status node_at(struct lparser *ps, enum lop op, int a, int b, int c,
                              const struct ltoken *where, int *out)
{
    int n = lprog_node(ps->p, op, a, b, c, ps->e);

    if (n < 0)
        return PD_ERR_NOMEM;
    ps->p->nodes[n].line = where->line;
    ps->p->nodes[n].col = where->col;
    *out = n;
    return PD_OK;
}

/* number: NUM | '-' NUM | a shape token of four digits. */
static enum pd_status parse_number(struct lparser *ps, int *out)
{
    int sign = 1;

    if (is_punct(cur(ps), '-')) {
        TRY(next(ps));
        if (cur(ps)->type != LT_NUM)
            return fail_here(ps, "expected a number after '-'");
        sign = -1;
    }
    if (cur(ps)->type == LT_NUM || (cur(ps)->type == LT_DISTR && cur(ps)->val >= 0 && sign > 0)) {
        if (cur(ps)->val < 0)
            return fail_here(ps, "number too large");
        *out = sign * cur(ps)->val;
        return next(ps);
    }
    return fail_here(ps, "expected a number");
}

static enum pd_status parse_seat(struct lparser *ps, int *seat)
{
    if (cur(ps)->type != LT_SEAT)
        return fail_here(ps, "expected north, east, south or west");
    *seat = cur(ps)->val;
    return next(ps);
}

static enum pd_status parse_suit(struct lparser *ps, int *suit)
{
    if (cur(ps)->type != LT_SUIT)
        return fail_here(ps, "expected a suit (spades, hearts, diamonds, clubs)");
    *suit = cur(ps)->val;
    return next(ps);
}

static enum pd_status parse_ternary(struct lparser *ps, bool sv, int *out);

/* f '(' seat [',' suit] ')' for the counting functions; suit_mode 0 none, 1 optional,
 * 2 required. */
static enum pd_status parse_seat_args(struct lparser *ps, int suit_mode, int *seat, int *suit)
{
    TRY(next(ps));
    TRY(expect(ps, '('));
    TRY(parse_seat(ps, seat));
    *suit = -1;
    if (suit_mode && (suit_mode == 2 || is_punct(cur(ps), ','))) {
        TRY(expect(ps, ','));
        TRY(parse_suit(ps, suit));
    }
    return expect(ps, ')');
}

static enum pd_status parse_func(struct lparser *ps, const struct ltoken *t, int *out)
{
    struct lang_prog *p = ps->p;
    int seat = 0, suit = -1, n;
    enum lkw kw = (enum lkw)t->val;

    switch (kw) {
    case KW_HCP: case KW_PT0: case KW_PT1: case KW_PT2: case KW_PT3: case KW_PT4:
    case KW_PT5: case KW_PT6: case KW_PT7: case KW_PT8: case KW_PT9: case KW_CONTROL:
        TRY(parse_seat_args(ps, 1, &seat, &suit));
        TRY(node_at(ps, LOP_PTS, -1, -1, -1, t, &n));
        p->nodes[n].table = kw == KW_HCP ? LPT_HCP : kw == KW_CONTROL
                                                         ? LPT_CONTROL
                                                         : (uint8_t)(LPT_PT0 + kw - KW_PT0);
        break;
    case KW_LOSER:
        TRY(parse_seat_args(ps, 1, &seat, &suit));
        TRY(node_at(ps, LOP_LOSER, -1, -1, -1, t, &n));
        break;
    case KW_CCCC:
        TRY(parse_seat_args(ps, 0, &seat, &suit));
        TRY(node_at(ps, LOP_CCCC, -1, -1, -1, t, &n));
        break;
    case KW_QUALITY:
        TRY(parse_seat_args(ps, 2, &seat, &suit));
        TRY(node_at(ps, LOP_QUALITY, -1, -1, -1, t, &n));
        break;
    default:
        return fail_here(ps, "internal: not a counting function");
    }
    p->nodes[n].seat = (int8_t)seat;
    p->nodes[n].suit = (int8_t)suit;
    p->seats_used |= 1u << seat;
    *out = n;
    return PD_OK;
}

static enum pd_status parse_shape(struct lparser *ps, const struct ltoken *t, int *out)
{
    struct lang_prog *p = ps->p;
    int seat = 0, n;
    bool dpp;

    TRY(next(ps));
    dpp = is_punct(cur(ps), '{');
    if (!dpp && !is_punct(cur(ps), '('))
        return fail_here(ps, "expected '(' or '{' after shape");
    TRY(next(ps));
    TRY(parse_seat(ps, &seat));
    TRY(expect(ps, ','));
    if (p->nshapes >= 4096)
        return llex_fail(&ps->lx, t, ps->e, "too many shape() calls (4096)");
    uint8_t *bits = realloc(p->shapes, (size_t)(p->nshapes + 1) * (SHAPE_CELLS / 8 + 1));

    if (!bits)
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    p->shapes = bits;
    bits += (size_t)p->nshapes * (SHAPE_CELLS / 8 + 1);
    memset(bits, 0, SHAPE_CELLS / 8 + 1);
    TRY(node_at(ps, LOP_SHAPE, -1, -1, -1, t, &n));
    p->nodes[n].seat = (int8_t)seat;
    p->nodes[n].val = p->nshapes++;
    p->seats_used |= 1u << seat;
    if (dpp) {
        TRY(lshape_parse_dpp(&ps->lx, p, bits, ps->e));
        TRY(expect(ps, '}'));
    } else {
        TRY(lshape_parse_list(&ps->lx, p, bits, ps->e));
        TRY(expect(ps, ')'));
    }
    *out = n;
    return PD_OK;
}

static enum pd_status parse_special(struct lparser *ps, const struct ltoken *t, int *out)
{
    struct lang_prog *p = ps->p;
    int seat = 0, n, a;

    TRY(next(ps));
    TRY(expect(ps, '('));
    switch ((enum lkw)t->val) {
    case KW_HASCARD:
        TRY(parse_seat(ps, &seat));
        TRY(expect(ps, ','));
        if (cur(ps)->type != LT_CARD)
            return fail_here(ps, "expected a card such as AS or TC");
        TRY(node_at(ps, LOP_HASCARD, -1, -1, -1, t, &n));
        p->nodes[n].val = cur(ps)->val;
        p->nodes[n].seat = (int8_t)seat;
        p->seats_used |= 1u << seat;
        TRY(next(ps));
        break;
    case KW_TRICKS:
        TRY(parse_seat(ps, &seat));
        TRY(expect(ps, ','));
        if (cur(ps)->type != LT_SUIT && !is_kw(cur(ps), KW_NOTRUMP))
            return fail_here(ps, "expected a suit or notrump");
        TRY(node_at(ps, LOP_TRICKS, -1, -1, -1, t, &n));
        p->nodes[n].seat = (int8_t)seat;
        p->nodes[n].suit = (int8_t)(cur(ps)->type == LT_SUIT ? cur(ps)->val : STRAIN_NT);
        p->uses_dd = true;
        p->seats_used = 0xF;
        TRY(next(ps));
        break;
    case KW_SCORE: {
        int vul, contract;

        if (cur(ps)->type != LT_VULN)
            return fail_here(ps, "expected vul or nv");
        vul = cur(ps)->val;
        TRY(next(ps));
        TRY(expect(ps, ','));
        if (cur(ps)->type != LT_CONTRACT)
            return fail_here(ps, "expected a contract such as x3N or x4S");
        contract = cur(ps)->val;
        TRY(next(ps));
        TRY(expect(ps, ','));
        TRY(parse_ternary(ps, false, &a));
        TRY(node_at(ps, LOP_SCORE, a, -1, -1, t, &n));
        p->nodes[n].seat = (int8_t)vul;
        p->nodes[n].val = contract;
        break;
    }
    case KW_IMPS:
    case KW_RND:
        TRY(parse_ternary(ps, false, &a));
        TRY(node_at(ps, t->val == KW_IMPS ? LOP_IMPS : LOP_RND, a, -1, -1, t, &n));
        if (t->val == KW_RND)
            p->uses_rnd = true;
        break;
    default:
        return fail_here(ps, "internal: not a function");
    }
    *out = n;
    return expect(ps, ')');
}

static int find_var(const struct lang_prog *p, const char *name, int len)
{
    for (int i = 0; i < p->nvars; i++)
        if ((int)strlen(p->vars[i].name) == len && !strncmp(p->vars[i].name, name, len))
            return p->vars[i].node;
    return -1;
}

static enum pd_status parse_primary(struct lparser *ps, bool sv, int *out)
{
    struct ltoken t = *cur(ps);
    int v;

    if (t.type == LT_NUM || t.type == LT_DISTR || is_punct(&t, '-')) {
        TRY(parse_number(ps, &v));
        TRY(node_at(ps, LOP_NUM, -1, -1, -1, &t, out));
        ps->p->nodes[*out].val = v;
        return PD_OK;
    }
    if (is_punct(&t, '(')) {
        TRY(next(ps));
        TRY(parse_ternary(ps, sv, out));
        return expect(ps, ')');
    }
    if (is_punct(&t, '!') || is_kw(&t, KW_NOT)) {
        int a;

        TRY(next(ps));
        TRY(parse_primary(ps, sv, &a));
        return node_at(ps, LOP_NOT, a, -1, -1, &t, out);
    }
    if (t.type == LT_IDENT) {
        if (sv && t.len == 1 && strchr("shdc", t.text[0])) {
            TRY(node_at(ps, LOP_SHAPEVAR, -1, -1, -1, &t, out));
            ps->p->nodes[*out].suit = (int8_t)(strchr("shdc", t.text[0]) - "shdc");
            return next(ps);
        }
        *out = find_var(ps->p, t.text, t.len);
        if (*out < 0)
            return llex_fail(&ps->lx, &t, ps->e, "unknown variable '%.*s'",
                             t.len > 60 ? 60 : t.len, t.text);
        return next(ps);
    }
    if (t.type == LT_SUIT) {
        int seat = 0;

        TRY(next(ps));
        TRY(expect(ps, '('));
        TRY(parse_seat(ps, &seat));
        TRY(expect(ps, ')'));
        TRY(node_at(ps, LOP_LEN, -1, -1, -1, &t, out));
        ps->p->nodes[*out].seat = (int8_t)seat;
        ps->p->nodes[*out].suit = (int8_t)t.val;
        ps->p->seats_used |= 1u << seat;
        return PD_OK;
    }
    if (t.type == LT_KW) {
        switch ((enum lkw)t.val) {
        case KW_HCP: case KW_PT0: case KW_PT1: case KW_PT2: case KW_PT3: case KW_PT4:
        case KW_PT5: case KW_PT6: case KW_PT7: case KW_PT8: case KW_PT9: case KW_CONTROL:
        case KW_LOSER: case KW_CCCC: case KW_QUALITY:
            return parse_func(ps, &t, out);
        case KW_SHAPE:
            return parse_shape(ps, &t, out);
        case KW_HASCARD: case KW_TRICKS: case KW_SCORE: case KW_IMPS: case KW_RND:
            return parse_special(ps, &t, out);
        default:
            break;
        }
    }
    return fail_here(ps, "expected an expression");
}

/* Binary operators and their levels, lowest first: the levels of C, which is how Debian's
 * dealer (its grammar patch) evaluates Descr.test_operator_order. */
static const struct {
    int punct;   /* LT_PUNCT value, or 0 */
    int kw;      /* keyword alias, or -1 */
    enum lop op;
    int level;
} binops[] = {
    {P_OR, KW_OR, LOP_OR, 0},   {P_AND, KW_AND, LOP_AND, 1}, {P_EQ, -1, LOP_EQ, 2},
    {P_NE, -1, LOP_NE, 2},      {'<', -1, LOP_LT, 3},        {P_LE, -1, LOP_LE, 3},
    {'>', -1, LOP_GT, 3},       {P_GE, -1, LOP_GE, 3},       {'+', -1, LOP_ADD, 4},
    {'-', -1, LOP_SUB, 4},      {'*', -1, LOP_MUL, 5},       {'/', -1, LOP_DIV, 5},
    {'%', -1, LOP_MOD, 5},
};
enum { NBINOPS = sizeof binops / sizeof binops[0] };

/* The index in binops of the operator t, or -1. */
static int binop_find(const struct ltoken *t)
{
    for (int i = 0; i < NBINOPS; i++)
        if ((t->type == LT_PUNCT && t->val == binops[i].punct) ||
            (binops[i].kw >= 0 && is_kw(t, (enum lkw)binops[i].kw)))
            return i;
    return -1;
}

/* Precedence climbing: operands bind to operators of level >= min; left-associative. */
static enum pd_status parse_binary(struct lparser *ps, bool sv, int min, int *out, int depth)
{
    int lhs, rhs, i;

    if (depth > 200)
        return fail_here(ps, "expression nested too deeply");
    TRY(parse_primary(ps, sv, &lhs));
    while ((i = binop_find(cur(ps))) >= 0 && binops[i].level >= min) {
        struct ltoken t = *cur(ps);

        TRY(next(ps));
        TRY(parse_binary(ps, sv, binops[i].level + 1, &rhs, depth + 1));
        TRY(node_at(ps, binops[i].op, lhs, rhs, -1, &t, &lhs));
    }
    *out = lhs;
    return PD_OK;
}

/* ?: binds loosest and associates to the right, as in C and in dealer. */
static enum pd_status parse_ternary(struct lparser *ps, bool sv, int *out)
{
    int cond, yes, no;
    static _Thread_local int depth;
    enum pd_status rc;

    if (depth > 200)
        return fail_here(ps, "expression nested too deeply");
    depth++;
    rc = parse_binary(ps, sv, 0, &cond, depth);
    if (rc == PD_OK && is_punct(cur(ps), '?')) {
        struct ltoken t = *cur(ps);

        rc = next(ps);
        if (rc == PD_OK)
            rc = parse_ternary(ps, sv, &yes);
        if (rc == PD_OK)
            rc = expect(ps, ':');
        if (rc == PD_OK)
            rc = parse_ternary(ps, sv, &no);
        if (rc == PD_OK)
            rc = node_at(ps, LOP_IF, cond, yes, no, &t, &cond);
    }
    depth--;
    if (rc == PD_OK)
        *out = cond;
    return rc;
}

enum pd_status lparse_expr(struct llexer *lx, struct lang_prog *p, bool shape_vars, int *out,
                           struct pd_err *e)
{
    struct lparser ps = {.lx = *lx, .p = p, .e = e};
    enum pd_status rc = parse_ternary(&ps, shape_vars, out);

    *lx = ps.lx;
    return rc;
}

/* ---------------------------------------------------------------- statements */

static enum pd_status copy_string(struct lparser *ps, char **out)
{
    const struct ltoken *t = cur(ps);
    bool newline = t->text[0] == '\\';
    size_t n = newline ? 1 : (size_t)t->len - 2;
    char *s = malloc(n + 1);

    if (!s)
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    if (newline)
        s[0] = '\n';
    else
        memcpy(s, t->text + 1, n);
    s[n] = '\0';
    *out = s;
    return next(ps);
}

static enum pd_status predeal_holding(struct lparser *ps, int seat)
{
    struct lang_prog *p = ps->p;
    const struct ltoken *t = cur(ps);
    int suit = t->text[0] == 'S' ? SUIT_S : t->text[0] == 'H' ? SUIT_H
                                           : t->text[0] == 'D' ? SUIT_D : SUIT_C;

    for (int i = 1; i < t->len; i++) {
        uint64_t m = card_mask((enum suit)suit, rank_from_char(t->text[i]));

        for (int h = 0; h < 4; h++)
            if (p->predeal.hand[h] & m)
                return llex_fail(&ps->lx, t, ps->e, "card %c%c predealt twice", t->text[0],
                                 t->text[i]);
        if (hand_ncards(p->predeal.hand[seat]) >= HAND_NCARDS)
            return llex_fail(&ps->lx, t, ps->e, "more than 13 cards for %s", SEAT_NAME[seat]);
        p->predeal.hand[seat] |= m;
    }
    return next(ps);
}

static enum pd_status predeal_length(struct lparser *ps)
{
    struct lang_prog *p = ps->p;
    struct ltoken t = *cur(ps);
    int suit = t.val, seat = 0, len, sum_seat = 0, sum_suit = 0;

    TRY(next(ps));
    TRY(expect(ps, '('));
    TRY(parse_seat(ps, &seat));
    TRY(expect(ps, ')'));
    TRY(expect(ps, P_EQ));
    if (cur(ps)->type != LT_NUM || cur(ps)->val > 13)
        return fail_here(ps, "expected a suit length 0 to 13");
    len = cur(ps)->val;
    if (p->predeal_len[seat][suit] >= 0)
        return llex_fail(&ps->lx, &t, ps->e, "%s's suit length is already set",
                         SEAT_NAME[seat]);
    p->predeal_len[seat][suit] = (int8_t)len;
    for (int i = 0; i < 4; i++) {
        sum_seat += p->predeal_len[seat][i] > 0 ? p->predeal_len[seat][i] : 0;
        sum_suit += p->predeal_len[i][suit] > 0 ? p->predeal_len[i][suit] : 0;
    }
    if (sum_seat > 13)
        return llex_fail(&ps->lx, &t, ps->e, "suit lengths too long for %s", SEAT_NAME[seat]);
    if (sum_suit > 13)
        return llex_fail(&ps->lx, &t, ps->e, "more than 13 cards of one suit predealt");
    return next(ps);
}

static enum pd_status parse_predeal(struct lparser *ps)
{
    bool any = false;

    for (;;) {
        if (cur(ps)->type == LT_SEAT) {
            int seat = cur(ps)->val;

            TRY(next(ps));
            if (cur(ps)->type != LT_HOLDING)
                return fail_here(ps, "expected a holding such as SAQ52");
            TRY(predeal_holding(ps, seat));
            while (is_punct(cur(ps), ',')) {
                TRY(next(ps));
                if (cur(ps)->type != LT_HOLDING)
                    return fail_here(ps, "expected a holding such as HKJ4");
                TRY(predeal_holding(ps, seat));
            }
        } else if (cur(ps)->type == LT_SUIT) {
            TRY(predeal_length(ps));
        } else {
            break;
        }
        any = true;
    }
    return any ? PD_OK : fail_here(ps, "expected a seat or a suit length after predeal");
}

/* pointcount v_A v_K ...: values from the ace down; the table is cleared first. */
static enum pd_status parse_pointcount(struct lparser *ps, int table)
{
    int r = RANK_A, v;

    memset(ps->p->ptval[table], 0, sizeof ps->p->ptval[table]);
    while (ps->lx.tok.type == LT_NUM || ps->lx.tok.type == LT_DISTR ||
           is_punct(cur(ps), '-')) {
        if (cur(ps)->type == LT_DISTR && cur(ps)->val < 0)
            break;
        if (r < RANK_2)
            return fail_here(ps, "too many pointcount values (13 at most)");
        TRY(parse_number(ps, &v));
        ps->p->ptval[table][r--] = v;
    }
    return PD_OK;
}

static bool starts_action(const struct ltoken *t)
{
    if (t->type != LT_KW)
        return false;
    switch ((enum lkw)t->val) {
    case KW_PRINTALL: case KW_PRINTEW: case KW_PRINT: case KW_PRINTPBN: case KW_PRINTCOMPACT:
    case KW_PRINTONELINE: case KW_PRINTES: case KW_EVALCONTRACT: case KW_AVERAGE:
    case KW_FREQUENCY:
        return true;
    default:
        return false;
    }
}

static void free_action(struct laction *a)
{
    free(a->label);
    for (int i = 0; i < a->nitems; i++)
        free(a->items[i].str);
    free(a->items);
    memset(a, 0, sizeof *a);
}

static enum pd_status printes_item(struct lparser *ps, struct laction *a)
{
    struct lprint_item *it = realloc(a->items, (size_t)(a->nitems + 1) * sizeof *it);

    if (!it)
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    a->items = it;
    it = &a->items[a->nitems++];
    it->expr = -1;
    it->str = NULL;
    if (cur(ps)->type == LT_STRING)
        return copy_string(ps, &it->str);
    return parse_ternary(ps, false, &it->expr);
}

static bool starts_expr(const struct ltoken *t)
{
    switch (t->type) {
    case LT_NUM: case LT_DISTR: case LT_IDENT: case LT_SUIT: case LT_STRING:
        return true;
    case LT_PUNCT:
        return t->val == '(' || t->val == '-' || t->val == '!';
    case LT_KW:
        return (t->val >= KW_HCP && t->val <= KW_SHAPE) || t->val == KW_RND ||
               t->val == KW_NOT;
    default:
        return false;
    }
}

/* After a ',' in a printes list: does another item follow (not an action, not `x = ...`)? */
static enum pd_status item_follows(struct lparser *ps, bool *more)
{
    struct llexer save = ps->lx;

    TRY(next(ps)); /* the ',' */
    *more = starts_expr(cur(ps));
    if (*more && cur(ps)->type == LT_IDENT) {
        TRY(next(ps));
        *more = !is_punct(cur(ps), '=');
    }
    ps->lx = save;
    return PD_OK;
}

/* printes (list) as dealer accepts it, or printes list as its manual writes it. The list
 * without parentheses ends before a ',' that is not followed by another item. */
static enum pd_status parse_printes(struct lparser *ps, struct laction *a)
{
    bool more = false;

    if (is_punct(cur(ps), '(')) {
        struct llexer save = ps->lx;
        int nnodes = ps->p->nnodes;
        enum pd_status rc = next(ps);

        while (rc == PD_OK) {
            rc = printes_item(ps, a);
            if (rc != PD_OK || !is_punct(cur(ps), ','))
                break;
            rc = next(ps);
        }
        if (rc == PD_OK)
            rc = expect(ps, ')');
        if (rc == PD_OK && is_punct(cur(ps), ','))
            rc = item_follows(ps, &more);
        if (rc == PD_OK && !more)
            return PD_OK;
        /* Not a parenthesised list, e.g. printes (a+b), "x": read it again as a bare list. */
        free_action(a);
        a->type = LA_PRINTES;
        a->expr = a->expr2 = -1;
        ps->lx = save;
        ps->p->nnodes = nnodes;
    }
    for (;;) {
        TRY(printes_item(ps, a));
        if (!is_punct(cur(ps), ','))
            return PD_OK;
        TRY(item_follows(ps, &more));
        if (!more)
            return PD_OK;
        TRY(next(ps));
    }
}

static enum pd_status parse_frequency(struct lparser *ps, struct laction *a)
{
    if (cur(ps)->type == LT_STRING)
        TRY(copy_string(ps, &a->label));
    TRY(expect(ps, '('));
    TRY(parse_ternary(ps, false, &a->expr));
    TRY(expect(ps, ','));
    TRY(parse_number(ps, &a->lo));
    TRY(expect(ps, ','));
    TRY(parse_number(ps, &a->hi));
    a->type = LA_FREQUENCY;
    if (is_punct(cur(ps), ',')) {
        TRY(next(ps));
        TRY(parse_ternary(ps, false, &a->expr2));
        TRY(expect(ps, ','));
        TRY(parse_number(ps, &a->lo2));
        TRY(expect(ps, ','));
        TRY(parse_number(ps, &a->hi2));
        a->type = LA_FREQUENCY2D;
        if (a->hi2 < a->lo2 || (long long)a->hi2 - a->lo2 > 10000)
            return fail_here(ps, "frequency: second range must be low <= high, 10000 wide at most");
    }
    if (a->hi < a->lo || (long long)a->hi - a->lo > 100000)
        return fail_here(ps, "frequency: range must be low <= high, 100000 wide at most");
    if (a->type == LA_FREQUENCY2D &&
        ((long long)a->hi - a->lo + 3) * ((long long)a->hi2 - a->lo2 + 3) > 4000000)
        return fail_here(ps, "frequency: a 2-D table of 4,000,000 cells at most");
    return expect(ps, ')');
}

static enum pd_status parse_opt_expr(struct lparser *ps, struct laction *a)
{
    if (!is_punct(cur(ps), '('))
        return PD_OK;
    TRY(next(ps));
    TRY(parse_ternary(ps, false, &a->expr));
    return expect(ps, ')');
}

static enum pd_status parse_action(struct lparser *ps, struct laction *a)
{
    struct lang_prog *p = ps->p;
    enum lkw kw = (enum lkw)cur(ps)->val;

    memset(a, 0, sizeof *a);
    a->expr = a->expr2 = -1;
    TRY(next(ps));
    switch (kw) {
    case KW_PRINTALL: a->type = LA_PRINTALL; break;
    case KW_PRINTEW: a->type = LA_PRINTEW; break;
    case KW_PRINTPBN: a->type = LA_PRINTPBN; break;
    case KW_EVALCONTRACT: a->type = LA_EVALCONTRACT; p->uses_dd = true; break;
    case KW_PRINTCOMPACT: a->type = LA_PRINTCOMPACT; TRY(parse_opt_expr(ps, a)); break;
    case KW_PRINTONELINE: a->type = LA_PRINTONELINE; TRY(parse_opt_expr(ps, a)); break;
    case KW_PRINTES: a->type = LA_PRINTES; TRY(parse_printes(ps, a)); break;
    case KW_PRINT: {
        int seat = 0;

        a->type = LA_PRINT;
        TRY(expect(ps, '('));
        TRY(parse_seat(ps, &seat));
        a->seats = 1u << seat;
        while (is_punct(cur(ps), ',')) {
            TRY(next(ps));
            TRY(parse_seat(ps, &seat));
            a->seats |= 1u << seat;
        }
        TRY(expect(ps, ')'));
        break;
    }
    case KW_AVERAGE:
        a->type = LA_AVERAGE;
        if (cur(ps)->type == LT_STRING)
            TRY(copy_string(ps, &a->label));
        return parse_ternary(ps, false, &a->expr);
    case KW_FREQUENCY:
        return parse_frequency(ps, a);
    default:
        return fail_here(ps, "expected an action");
    }
    if (a->type != LA_AVERAGE && a->type != LA_FREQUENCY && a->type != LA_FREQUENCY2D)
        p->will_print = true;
    return PD_OK;
}

static void free_actions(struct lang_prog *p)
{
    for (int i = 0; i < p->nacts; i++)
        free_action(&p->acts[i]);
    free(p->acts);
    p->acts = NULL;
    p->nacts = 0;
}

/* action a1, a2, ...: the last action statement wins, as in dealer. */
static enum pd_status parse_actions(struct lparser *ps)
{
    struct lang_prog *p = ps->p;

    free_actions(p);
    p->default_action = false;
    p->will_print = false;
    while (starts_action(cur(ps))) {
        struct laction *a = realloc(p->acts, (size_t)(p->nacts + 1) * sizeof *a);

        if (!a)
            return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
        p->acts = a;
        memset(&p->acts[p->nacts], 0, sizeof *a);
        p->nacts++;
        TRY(parse_action(ps, &p->acts[p->nacts - 1]));
        if (!is_punct(cur(ps), ','))
            break;
        TRY(next(ps));
    }
    return PD_OK;
}

static enum pd_status parse_define(struct lparser *ps)
{
    struct lang_prog *p = ps->p;
    struct ltoken t = *cur(ps);
    int node;

    if (find_var(p, t.text, t.len) >= 0)
        return llex_fail(&ps->lx, &t, ps->e, "variable '%.*s' defined twice",
                         t.len > 60 ? 60 : t.len, t.text);
    TRY(next(ps)); /* the name */
    TRY(next(ps)); /* '=' */
    TRY(parse_ternary(ps, false, &node));
    void *v = realloc(p->vars, (size_t)(p->nvars + 1) * sizeof *p->vars);

    if (!v)
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    p->vars = v;
    p->vars[p->nvars].name = strndup(t.text, (size_t)t.len);
    if (!p->vars[p->nvars].name)
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    p->vars[p->nvars++].node = node;
    return PD_OK;
}

static enum pd_status parse_statement(struct lparser *ps)
{
    struct lang_prog *p = ps->p;
    const struct ltoken *t = cur(ps);
    int v;

    if (t->type == LT_IDENT) {
        struct llexer save = ps->lx;
        bool define;

        TRY(next(ps));
        define = is_punct(cur(ps), '=');
        ps->lx = save;
        if (define)
            return parse_define(ps);
    }
    if (t->type == LT_KW) {
        switch ((enum lkw)t->val) {
        case KW_GENERATE:
        case KW_PRODUCE: {
            bool gen = t->val == KW_GENERATE;

            TRY(next(ps));
            TRY(parse_number(ps, &v));
            if (v <= 0)
                return llex_fail(&ps->lx, NULL, ps->e, "%s needs a positive number",
                                 gen ? "generate" : "produce");
            *(gen ? &p->generate : &p->produce) = v;
            return PD_OK;
        }
        case KW_DEALER:
            TRY(next(ps));
            return parse_seat(ps, &p->dealer);
        case KW_VULNERABLE:
            TRY(next(ps));
            if (cur(ps)->type != LT_VULSIDE)
                return fail_here(ps, "expected none, NS, EW or all");
            p->vul = cur(ps)->val;
            return next(ps);
        case KW_PREDEAL:
            TRY(next(ps));
            return parse_predeal(ps);
        case KW_POINTCOUNT:
            TRY(next(ps));
            return parse_pointcount(ps, LPT_HCP);
        case KW_ALTCOUNT:
            TRY(next(ps));
            if (cur(ps)->type != LT_NUM || cur(ps)->val > 9)
                return fail_here(ps, "expected altcount's table number 0 to 9");
            v = cur(ps)->val;
            TRY(next(ps));
            /* The manual: altcount N redefines ptN (dealer edits table N-2 by mistake). */
            return parse_pointcount(ps, LPT_PT0 + v);
        case KW_CONDITION:
            TRY(next(ps));
            return parse_ternary(ps, false, &p->cond);
        case KW_ACTION:
            TRY(next(ps));
            return parse_actions(ps);
        default:
            break;
        }
    }
    return parse_ternary(ps, false, &p->cond); /* a bare expression is the condition */
}

static const int default_pt[LPT_NTABLES][15] = {
    [LPT_HCP] = {[14] = 4, [13] = 3, [12] = 2, [11] = 1},
    [LPT_CONTROL] = {[14] = 2, [13] = 1},
    [LPT_PT0 + 0] = {[10] = 1},
    [LPT_PT0 + 1] = {[11] = 1},
    [LPT_PT0 + 2] = {[12] = 1},
    [LPT_PT0 + 3] = {[13] = 1},
    [LPT_PT0 + 4] = {[14] = 1},
    [LPT_PT0 + 5] = {[14] = 1, [13] = 1},
    [LPT_PT0 + 6] = {[14] = 1, [13] = 1, [12] = 1},
    [LPT_PT0 + 7] = {[14] = 1, [13] = 1, [12] = 1, [11] = 1},
    [LPT_PT0 + 8] = {[14] = 1, [13] = 1, [12] = 1, [11] = 1, [10] = 1},
    [LPT_PT0 + 9] = {[14] = 6, [13] = 4, [12] = 2, [11] = 1},
};

void lang_free(struct lang_prog *p)
{
    if (!p)
        return;
    free_actions(p);
    for (int i = 0; i < p->nvars; i++)
        free(p->vars[i].name);
    free(p->vars);
    free(p->nodes);
    free(p->shapes);
    free(p->name);
    free(p);
}

enum pd_status lang_compile_mem(const char *name, const char *text, struct lang_prog **out,
                                struct pd_err *e)
{
    struct lang_prog *p = calloc(1, sizeof *p);
    struct lparser ps = {.e = e};
    enum pd_status rc = PD_OK;

    if (!p || !(p->name = strdup(name ? name : "(stdin)"))) {
        free(p);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    p->cond = -1;
    p->dealer = p->vul = -1;
    p->default_action = true;
    memset(p->predeal_len, -1, sizeof p->predeal_len);
    memcpy(p->ptval, default_pt, sizeof p->ptval);
    ps.p = p;
    llex_init(&ps.lx, p->name, text);
    rc = next(&ps);
    while (rc == PD_OK && cur(&ps)->type != LT_EOF)
        rc = parse_statement(&ps);
    if (rc == PD_OK && p->default_action)
        p->will_print = true;
    if (rc == PD_OK)
        leval_prepare(p);
    if (rc != PD_OK) {
        lang_free(p);
        return rc;
    }
    *out = p;
    return PD_OK;
}

enum pd_status lang_compile_file(const char *path, struct lang_prog **out, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = pd_read_file(path, &text, &len, e);

    if (rc == PD_OK && strlen(text) != len)
        rc = pd_fail_at(e, PD_ERR_SYNTAX, path, 0, 0, NULL, "the script holds a NUL byte");
    if (rc == PD_OK)
        rc = lang_compile_mem(strcmp(path, "-") ? path : "(stdin)", text, out, e);
    free(text);
    return rc;
}
