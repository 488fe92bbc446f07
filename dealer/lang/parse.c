/* dealer/lang/parse.c - recursive-descent parser of dealer's expressions into lang_prog
 * nodes, and the token helpers dealer/lang/stmt.c shares. The grammar is Debian dealer's defs.y
 * with C's operator levels (Debian's grammar patch; Descr.test_operator_order shows them).
 * Unary minus only directly before a number. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"

const struct ltoken *lp_cur(struct lparser *ps)
{
    return &ps->lx.tok;
}
enum pd_status lp_next(struct lparser *ps)
{
    return llex_next(&ps->lx, ps->e);
}
bool lp_punct(const struct ltoken *t, int c)
{
    return t->type == LT_PUNCT && t->val == c;
}
static bool lp_kw(const struct ltoken *t, enum lkw k)
{
    return t->type == LT_KW && t->val == (int)k;
}
enum pd_status lp_fail_here(struct lparser *ps, const char *what)
{
    const struct ltoken *t = lp_cur(ps);

    if (t->type == LT_EOF)
        return llex_fail(&ps->lx, t, ps->e, "%s, found the end of the file", what);
    return llex_fail(&ps->lx, t, ps->e, "%s, found '%.*s'", what, t->len > 40 ? 40 : t->len,
                     t->text);
}
enum pd_status lp_expect(struct lparser *ps, int c)
{
    char what[32];

    if (!lp_punct(lp_cur(ps), c)) {
        snprintf(what, sizeof what, "expected '%c'", c);
        return lp_fail_here(ps, what);
    }
    return lp_next(ps);
}

/* Frames leval_node needs for n: one per level, except that the right operand of && and ||
 * and the branches of ?: are evaluated in the same frame (dealer/lang/eval.c loops on them). */
static int lprog_depth(const struct lang_prog *p, int n)
{
    const struct lnode *x = &p->nodes[n];
    int da = x->a >= 0 ? p->nodes[x->a].depth : 0, db = x->b >= 0 ? p->nodes[x->b].depth : 0;
    int dc = x->c >= 0 ? p->nodes[x->c].depth : 0, d = da + 1;

    switch (x->op) {
    case LOP_AND:
    case LOP_OR: {
        int bop = p->nodes[x->b].op;

        db += bop == LOP_AND || bop == LOP_OR ? 0 : 1;
        return d > db ? d : db;
    }
    case LOP_IF:
        d = d > db ? d : db;
        return d > dc ? d : dc;
    default:
        d = da > db ? da : db;
        return (d > dc ? d : dc) + 1;
    }
}

/* Room for one more node (and its expand count); false when the script is too large. */
static bool room_for_node(struct lang_prog *p)
{
    int cap = p->capnodes ? 2 * p->capnodes : 64;
    struct lnode *n;
    uint32_t *x;

    if (p->nnodes < p->capnodes)
        return true;
    if (cap > 1 << 24 || !(n = realloc(p->nodes, (size_t)cap * sizeof *n)))
        return false;
    p->nodes = n;
    if (!(x = realloc(p->expand, (size_t)cap * sizeof *x)))
        return false;
    p->expand = x;
    p->capnodes = cap;
    return true;
}

/* What child k of a new node adds to its flags and to its expand count: a variable evaluated
 * once per deal (LN_MEMO) is one term wherever it is used, anything else all of its own. */
static uint64_t child_terms(const struct lang_prog *p, int k, uint8_t *flags)
{
    if (k < 0)
        return 0;
    *flags |= p->nodes[k].flags & LN_RND;
    return p->nodes[k].flags & LN_MEMO ? 1 : p->expand[k];
}

static int lprog_node(struct lang_prog *p, enum lop op, int a, int b, int c, struct pd_err *e)
{
    uint8_t flags = op == LOP_RND ? LN_RND : 0;
    uint64_t terms;

    if (!room_for_node(p)) {
        pd_fail(e, PD_ERR_NOMEM, "script too large");
        return -1;
    }
    struct lnode *n = &p->nodes[p->nnodes];

    terms = 1 + child_terms(p, a, &flags) + child_terms(p, b, &flags) + child_terms(p, c, &flags);
    memset(n, 0, sizeof *n);
    n->op = (uint8_t)op;
    n->a = a;
    n->b = b;
    n->c = c;
    n->suit = -1;
    n->flags = flags;
    n->depth = (int16_t)lprog_depth(p, p->nnodes);
    p->expand[p->nnodes] = terms > UINT32_MAX ? UINT32_MAX : (uint32_t)terms;
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
    if (ps->p->nodes[n].depth > LANG_MAX_DEPTH)
        return llex_fail(&ps->lx, where, ps->e,
                         "expression nested too deeply (more than %d levels)", LANG_MAX_DEPTH);
    /* Past LANG_VAR_TERMS per edge of the script, only the uses of variables that call
     * rnd() (evaluated at each use) can have made it this large. */
    if (ps->p->nodes[n].flags & LN_RND &&
        ps->p->expand[n] > 3 * LANG_VAR_TERMS * (uint64_t)ps->p->nnodes + LANG_MAX_EXPAND)
        return llex_fail(&ps->lx, where, ps->e,
                         "expression too costly: it evaluates more than %d terms per deal. A "
                         "variable that calls rnd() is evaluated again at each use (each use "
                         "draws anew): use such variables fewer times, or keep rnd() out of "
                         "them", LANG_MAX_EXPAND);
    *out = n;
    return PD_OK;
}

/* number: NUM | '-' NUM | a shape token of four digits. */
enum pd_status lp_number(struct lparser *ps, int *out)
{
    int sign = 1;

    if (lp_punct(lp_cur(ps), '-')) {
        LTRY(lp_next(ps));
        if (lp_cur(ps)->type != LT_NUM)
            return lp_fail_here(ps, "expected a number after '-'");
        sign = -1;
    }
    if (lp_cur(ps)->type == LT_NUM || (lp_cur(ps)->type == LT_DISTR && lp_cur(ps)->val >= 0 && sign > 0)) {
        if (lp_cur(ps)->val < 0)
            return lp_fail_here(ps, "number too large");
        *out = sign * lp_cur(ps)->val;
        return lp_next(ps);
    }
    return lp_fail_here(ps, "expected a number");
}

enum pd_status lp_seat(struct lparser *ps, int *seat)
{
    if (lp_cur(ps)->type != LT_SEAT)
        return lp_fail_here(ps, "expected north, east, south or west");
    *seat = lp_cur(ps)->val;
    return lp_next(ps);
}

static enum pd_status parse_suit(struct lparser *ps, int *suit)
{
    if (lp_cur(ps)->type != LT_SUIT)
        return lp_fail_here(ps, "expected a suit (spades, hearts, diamonds, clubs)");
    *suit = lp_cur(ps)->val;
    return lp_next(ps);
}

/* f '(' seat [',' suit] ')' for the counting functions; suit_mode 0 none, 1 optional,
 * 2 required. */
static enum pd_status parse_seat_args(struct lparser *ps, int suit_mode, int *seat, int *suit)
{
    LTRY(lp_next(ps));
    LTRY(lp_expect(ps, '('));
    LTRY(lp_seat(ps, seat));
    *suit = -1;
    if (suit_mode && (suit_mode == 2 || lp_punct(lp_cur(ps), ','))) {
        LTRY(lp_expect(ps, ','));
        LTRY(parse_suit(ps, suit));
    }
    return lp_expect(ps, ')');
}

static enum pd_status parse_func(struct lparser *ps, const struct ltoken *t, int *out)
{
    struct lang_prog *p = ps->p;
    int seat = 0, suit = -1, n;
    enum lkw kw = (enum lkw)t->val;

    switch (kw) {
    case KW_HCP: case KW_PT0: case KW_PT1: case KW_PT2: case KW_PT3: case KW_PT4:
    case KW_PT5: case KW_PT6: case KW_PT7: case KW_PT8: case KW_PT9: case KW_CONTROL:
        LTRY(parse_seat_args(ps, 1, &seat, &suit));
        LTRY(node_at(ps, LOP_PTS, -1, -1, -1, t, &n));
        p->nodes[n].table = kw == KW_HCP ? LPT_HCP : kw == KW_CONTROL
                                                         ? LPT_CONTROL
                                                         : (uint8_t)(LPT_PT0 + kw - KW_PT0);
        break;
    case KW_LOSER:
        LTRY(parse_seat_args(ps, 1, &seat, &suit));
        LTRY(node_at(ps, LOP_LOSER, -1, -1, -1, t, &n));
        break;
    case KW_CCCC:
        LTRY(parse_seat_args(ps, 0, &seat, &suit));
        LTRY(node_at(ps, LOP_CCCC, -1, -1, -1, t, &n));
        break;
    case KW_QUALITY:
        LTRY(parse_seat_args(ps, 2, &seat, &suit));
        LTRY(node_at(ps, LOP_QUALITY, -1, -1, -1, t, &n));
        break;
    default:
        return lp_fail_here(ps, "internal: not a counting function");
    }
    p->nodes[n].seat = (int8_t)seat;
    p->nodes[n].suit = (int8_t)suit;
    *out = n;
    return PD_OK;
}

static enum pd_status parse_shape_cond(struct llexer *lx, struct lang_prog *p, int *out,
                                       struct pd_err *e);

static enum pd_status parse_shape(struct lparser *ps, const struct ltoken *t, int *out)
{
    struct lang_prog *p = ps->p;
    int seat = 0, n;
    bool dpp;

    LTRY(lp_next(ps));
    dpp = lp_punct(lp_cur(ps), '{');
    if (!dpp && !lp_punct(lp_cur(ps), '('))
        return lp_fail_here(ps, "expected '(' or '{' after shape");
    LTRY(lp_next(ps));
    LTRY(lp_seat(ps, &seat));
    LTRY(lp_expect(ps, ','));
    if (p->nshapes >= 4096)
        return llex_fail(&ps->lx, t, ps->e, "too many shape() calls (4096)");
    uint8_t *bits = realloc(p->shapes, (size_t)(p->nshapes + 1) * (SHAPE_CELLS / 8 + 1));

    if (!bits)
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    p->shapes = bits;
    bits += (size_t)p->nshapes * (SHAPE_CELLS / 8 + 1);
    memset(bits, 0, SHAPE_CELLS / 8 + 1);
    LTRY(node_at(ps, LOP_SHAPE, -1, -1, -1, t, &n));
    p->nodes[n].seat = (int8_t)seat;
    p->nodes[n].val = p->nshapes++;
    if (dpp) {
        LTRY(lshape_parse_dpp(&ps->lx, p, bits, parse_shape_cond, ps->e));
        LTRY(lp_expect(ps, '}'));
    } else {
        LTRY(lshape_parse_list(&ps->lx, p, bits, ps->e));
        LTRY(lp_expect(ps, ')'));
    }
    *out = n;
    return PD_OK;
}

static enum pd_status parse_special(struct lparser *ps, const struct ltoken *t, int *out)
{
    struct lang_prog *p = ps->p;
    int seat = 0, n, a;

    LTRY(lp_next(ps));
    LTRY(lp_expect(ps, '('));
    switch ((enum lkw)t->val) {
    case KW_HASCARD:
        LTRY(lp_seat(ps, &seat));
        LTRY(lp_expect(ps, ','));
        if (lp_cur(ps)->type != LT_CARD)
            return lp_fail_here(ps, "expected a card such as AS or TC");
        LTRY(node_at(ps, LOP_HASCARD, -1, -1, -1, t, &n));
        p->nodes[n].val = lp_cur(ps)->val;
        p->nodes[n].seat = (int8_t)seat;
        LTRY(lp_next(ps));
        break;
    case KW_TRICKS:
        LTRY(lp_seat(ps, &seat));
        LTRY(lp_expect(ps, ','));
        if (lp_cur(ps)->type != LT_SUIT && !lp_kw(lp_cur(ps), KW_NOTRUMP))
            return lp_fail_here(ps, "expected a suit or notrump");
        LTRY(node_at(ps, LOP_TRICKS, -1, -1, -1, t, &n));
        p->nodes[n].seat = (int8_t)seat;
        p->nodes[n].suit = (int8_t)(lp_cur(ps)->type == LT_SUIT ? lp_cur(ps)->val : STRAIN_NT);
        p->uses_dd = true;
        LTRY(lp_next(ps));
        break;
    case KW_SCORE: {
        int vul, contract;

        if (lp_cur(ps)->type != LT_VULN)
            return lp_fail_here(ps, "expected vul or nv");
        vul = lp_cur(ps)->val;
        LTRY(lp_next(ps));
        LTRY(lp_expect(ps, ','));
        if (lp_cur(ps)->type != LT_CONTRACT)
            return lp_fail_here(ps, "expected a contract such as x3N or x4S");
        contract = lp_cur(ps)->val;
        LTRY(lp_next(ps));
        LTRY(lp_expect(ps, ','));
        LTRY(lp_ternary(ps, false, &a));
        LTRY(node_at(ps, LOP_SCORE, a, -1, -1, t, &n));
        p->nodes[n].seat = (int8_t)vul;
        p->nodes[n].val = contract;
        break;
    }
    case KW_IMPS:
    case KW_RND:
        LTRY(lp_ternary(ps, false, &a));
        LTRY(node_at(ps, t->val == KW_IMPS ? LOP_IMPS : LOP_RND, a, -1, -1, t, &n));
        if (t->val == KW_RND)
            p->uses_rnd = true;
        break;
    default:
        return lp_fail_here(ps, "internal: not a function");
    }
    *out = n;
    return lp_expect(ps, ')');
}

static uint32_t name_hash(const char *name, int len)
{
    uint32_t h = 2166136261u; /* FNV-1a */

    for (int i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h;
}

int lp_find_var(const struct lang_prog *p, const char *name, int len)
{
    if (!p->nvarhash)
        return -1;
    for (uint32_t i = name_hash(name, len);; i++) {
        int v = p->varhash[i & (uint32_t)(p->nvarhash - 1)] - 1;

        if (v < 0)
            return -1;
        if (!strncmp(p->vars[v].name, name, (size_t)len) && p->vars[v].name[len] == '\0')
            return p->vars[v].node;
    }
}

static void hash_insert(struct lang_prog *p, int v)
{
    const char *name = p->vars[v].name;
    uint32_t i = name_hash(name, (int)strlen(name));

    while (p->varhash[i & (uint32_t)(p->nvarhash - 1)])
        i++;
    p->varhash[i & (uint32_t)(p->nvarhash - 1)] = v + 1;
}

/* Whether a variable defined as node is worth evaluating once per deal: not when looking its
 * value up costs about as much as evaluating it again (fewer than LANG_VAR_TERMS terms: its
 * first use pays the lookup too), nor when it calls rnd() (each use draws anew). */
static bool lp_var_memo(const struct lang_prog *p, int node)
{
    return !(p->nodes[node].flags & LN_RND) && p->expand[node] >= LANG_VAR_TERMS;
}

enum pd_status lp_add_var(struct lang_prog *p, const char *name, int len, int node,
                          struct pd_err *e)
{
    if (p->nvars == p->capvars) {
        int cap = p->capvars ? 2 * p->capvars : 16;
        void *v = realloc(p->vars, (size_t)cap * sizeof *p->vars);

        if (!v)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        p->vars = v;
        p->capvars = cap;
    }
    if (2 * (p->nvars + 1) > p->nvarhash) {
        int n = p->nvarhash ? 2 * p->nvarhash : 64;
        int *h = calloc((size_t)n, sizeof *h);

        if (!h)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        free(p->varhash);
        p->varhash = h;
        p->nvarhash = n;
        for (int i = 0; i < p->nvars; i++)
            hash_insert(p, i);
    }
    p->vars[p->nvars].name = strndup(name, (size_t)len);
    if (!p->vars[p->nvars].name)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    p->vars[p->nvars].node = node;
    hash_insert(p, p->nvars++);
    if (lp_var_memo(p, node))
        p->nodes[node].flags |= LN_MEMO;
    return PD_OK;
}

/* One level deeper in the parser: an error past LANG_MAX_DEPTH (a script of 70,000 '!' or
 * '(' must not exhaust the stack). */
static enum pd_status enter(struct lparser *ps)
{
    if (++ps->depth > LANG_MAX_DEPTH)
        return lp_fail_here(ps, "expression nested too deeply (more than 1000 levels)");
    return PD_OK;
}

static enum pd_status parse_primary(struct lparser *ps, bool sv, int *out)
{
    struct ltoken t = *lp_cur(ps);
    int v;

    if (t.type == LT_NUM || t.type == LT_DISTR || lp_punct(&t, '-')) {
        LTRY(lp_number(ps, &v));
        LTRY(node_at(ps, LOP_NUM, -1, -1, -1, &t, out));
        ps->p->nodes[*out].val = v;
        return PD_OK;
    }
    if (lp_punct(&t, '(')) { /* lp_ternary counts the level */
        LTRY(lp_next(ps));
        LTRY(lp_ternary(ps, sv, out));
        return lp_expect(ps, ')');
    }
    if (lp_punct(&t, '!') || lp_kw(&t, KW_NOT)) {
        int a;

        LTRY(enter(ps));
        LTRY(lp_next(ps));
        LTRY(parse_primary(ps, sv, &a));
        ps->depth--;
        return node_at(ps, LOP_NOT, a, -1, -1, &t, out);
    }
    if (t.type == LT_IDENT) {
        if (sv && t.len == 1 && strchr("shdc", t.text[0])) {
            LTRY(node_at(ps, LOP_SHAPEVAR, -1, -1, -1, &t, out));
            ps->p->nodes[*out].suit = (int8_t)(strchr("shdc", t.text[0]) - "shdc");
            return lp_next(ps);
        }
        *out = lp_find_var(ps->p, t.text, t.len);
        if (*out < 0)
            return llex_fail(&ps->lx, &t, ps->e, "unknown variable '%.*s'",
                             t.len > 60 ? 60 : t.len, t.text);
        return lp_next(ps);
    }
    if (t.type == LT_SUIT) {
        int seat = 0;

        LTRY(lp_next(ps));
        LTRY(lp_expect(ps, '('));
        LTRY(lp_seat(ps, &seat));
        LTRY(lp_expect(ps, ')'));
        LTRY(node_at(ps, LOP_LEN, -1, -1, -1, &t, out));
        ps->p->nodes[*out].seat = (int8_t)seat;
        ps->p->nodes[*out].suit = (int8_t)t.val;
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
    return lp_fail_here(ps, "expected an expression");
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
            (binops[i].kw >= 0 && lp_kw(t, (enum lkw)binops[i].kw)))
            return i;
    return -1;
}

static enum pd_status parse_binary(struct lparser *ps, bool sv, int min, int *out);

/* A chain a && b && c (or ||), built to the right: a && (b && c). The same value and the same
 * order of evaluation, since && and || are associative, but the evaluator runs the right
 * operand in a loop: a condition of 100,000 terms needs no deeper stack than one of two. */
static enum pd_status parse_chain(struct lparser *ps, bool sv, int i, int *lhs)
{
    int *opnd = NULL, n = 0, cap = 0;
    struct ltoken *tok = NULL;
    enum pd_status rc = PD_OK;

    while (rc == PD_OK && binop_find(lp_cur(ps)) == i) {
        if (n + 2 > cap) {
            cap = cap ? 2 * cap : 16;
            int *o = realloc(opnd, (size_t)cap * sizeof *o);
            struct ltoken *t = o ? realloc(tok, (size_t)cap * sizeof *t) : NULL;

            opnd = o ? o : opnd;
            tok = t ? t : tok;
            if (!o || !t) {
                rc = pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
                break;
            }
        }
        if (n == 0)
            opnd[0] = *lhs;
        tok[n] = *lp_cur(ps);
        rc = lp_next(ps);
        if (rc == PD_OK)
            rc = parse_binary(ps, sv, binops[i].level + 1, &opnd[n + 1]);
        n++;
    }
    for (int k = n - 1; rc == PD_OK && k >= 0; k--)
        rc = node_at(ps, binops[i].op, opnd[k], opnd[k + 1], -1, &tok[k], &opnd[k]);
    if (rc == PD_OK && n)
        *lhs = opnd[0];
    free(opnd);
    free(tok);
    return rc;
}

/* Precedence climbing: operands bind to operators of level >= min; left-associative (&& and
 * || to the right, which gives the same results). */
static enum pd_status parse_binary(struct lparser *ps, bool sv, int min, int *out)
{
    int lhs, rhs, i;

    LTRY(parse_primary(ps, sv, &lhs));
    while ((i = binop_find(lp_cur(ps))) >= 0 && binops[i].level >= min) {
        struct ltoken t = *lp_cur(ps);

        if (binops[i].op == LOP_AND || binops[i].op == LOP_OR) {
            LTRY(parse_chain(ps, sv, i, &lhs));
            continue;
        }
        LTRY(lp_next(ps));
        LTRY(parse_binary(ps, sv, binops[i].level + 1, &rhs));
        LTRY(node_at(ps, binops[i].op, lhs, rhs, -1, &t, &lhs));
    }
    *out = lhs;
    return PD_OK;
}

/* ?: binds loosest and associates to the right, as in C and in dealer. */
enum pd_status lp_ternary(struct lparser *ps, bool sv, int *out)
{
    int cond, yes, no;

    LTRY(enter(ps));
    LTRY(parse_binary(ps, sv, 0, &cond));
    if (lp_punct(lp_cur(ps), '?')) {
        struct ltoken t = *lp_cur(ps);

        LTRY(lp_next(ps));
        LTRY(lp_ternary(ps, sv, &yes));
        LTRY(lp_expect(ps, ':'));
        LTRY(lp_ternary(ps, sv, &no));
        LTRY(node_at(ps, LOP_IF, cond, yes, no, &t, &cond));
    }
    ps->depth--;
    *out = cond;
    return PD_OK;
}

/* A shape{} condition: an expression at the lexer with s h d c allowed (lshape_cond_fn). */
static enum pd_status parse_shape_cond(struct llexer *lx, struct lang_prog *p, int *out,
                                       struct pd_err *e)
{
    struct lparser ps = {.lx = *lx, .p = p, .e = e};
    enum pd_status rc = lp_ternary(&ps, true, out);

    *lx = ps.lx;
    return rc;
}
