/* dealer/lang/stmt.c - the statements of dealer's language (generate, produce, dealer,
 * vulnerable, predeal, pointcount, altcount, condition, definitions, action and its actions),
 * and the entry points lang_compile_mem/lang_compile_file/lang_free. Expressions are parsed
 * by dealer/lang/parse.c. Where dealer is broken (printes without parentheses, altcount's table,
 * predeal of suit lengths) this follows dealer's manual. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"

static enum pd_status copy_string(struct lparser *ps, char **out)
{
    const struct ltoken *t = lp_cur(ps);
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
    return lp_next(ps);
}

static enum pd_status predeal_holding(struct lparser *ps, int seat)
{
    struct lang_prog *p = ps->p;
    const struct ltoken *t = lp_cur(ps);
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
    return lp_next(ps);
}

static enum pd_status predeal_length(struct lparser *ps)
{
    struct lang_prog *p = ps->p;
    struct ltoken t = *lp_cur(ps);
    int suit = t.val, seat = 0, len, sum_seat = 0, sum_suit = 0;

    LTRY(lp_next(ps));
    LTRY(lp_expect(ps, '('));
    LTRY(lp_seat(ps, &seat));
    LTRY(lp_expect(ps, ')'));
    LTRY(lp_expect(ps, P_EQ));
    if (lp_cur(ps)->type != LT_NUM || lp_cur(ps)->val > 13)
        return lp_fail_here(ps, "expected a suit length 0 to 13");
    len = lp_cur(ps)->val;
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
    return lp_next(ps);
}

static enum pd_status parse_predeal(struct lparser *ps)
{
    bool any = false;

    for (;;) {
        if (lp_cur(ps)->type == LT_SEAT) {
            int seat = lp_cur(ps)->val;

            LTRY(lp_next(ps));
            if (lp_cur(ps)->type != LT_HOLDING)
                return lp_fail_here(ps, "expected a holding such as SAQ52");
            LTRY(predeal_holding(ps, seat));
            while (lp_punct(lp_cur(ps), ',')) {
                LTRY(lp_next(ps));
                if (lp_cur(ps)->type != LT_HOLDING)
                    return lp_fail_here(ps, "expected a holding such as HKJ4");
                LTRY(predeal_holding(ps, seat));
            }
        } else if (lp_cur(ps)->type == LT_SUIT) {
            LTRY(predeal_length(ps));
        } else {
            break;
        }
        any = true;
    }
    return any ? PD_OK : lp_fail_here(ps, "expected a seat or a suit length after predeal");
}

/* pointcount v_A v_K ...: values from the ace down; the table is cleared first. */
static enum pd_status parse_pointcount(struct lparser *ps, int table)
{
    int r = RANK_A, v;

    memset(ps->p->ptval[table], 0, sizeof ps->p->ptval[table]);
    while (ps->lx.tok.type == LT_NUM || ps->lx.tok.type == LT_DISTR ||
           lp_punct(lp_cur(ps), '-')) {
        if (lp_cur(ps)->type == LT_DISTR && lp_cur(ps)->val < 0)
            break;
        if (r < RANK_2)
            return lp_fail_here(ps, "too many pointcount values (13 at most)");
        LTRY(lp_number(ps, &v));
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

/* Lists grow by doubling (their capacity is the next power of two): long lists stay linear.
 * arrp is the address of the list's pointer (copied with memcpy: no type punning). */
static bool grow(void *arrp, int n, size_t size)
{
    void *arr, *q;

    if (n & (n - 1))
        return true; /* n is not a power of two: there is room */
    memcpy(&arr, arrp, sizeof arr);
    q = realloc(arr, (size_t)(n ? 2 * n : 1) * size);
    if (q)
        memcpy(arrp, &q, sizeof q);
    return q != NULL;
}

static enum pd_status printes_item(struct lparser *ps, struct laction *a)
{
    struct lprint_item *it;

    if (!grow(&a->items, a->nitems, sizeof *it))
        return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
    it = &a->items[a->nitems++];
    it->expr = -1;
    it->str = NULL;
    if (lp_cur(ps)->type == LT_STRING)
        return copy_string(ps, &it->str);
    return lp_ternary(ps, false, &it->expr);
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

    LTRY(lp_next(ps)); /* the ',' */
    *more = starts_expr(lp_cur(ps));
    if (*more && lp_cur(ps)->type == LT_IDENT) {
        LTRY(lp_next(ps));
        *more = !lp_punct(lp_cur(ps), '=');
    }
    ps->lx = save;
    return PD_OK;
}

/* printes (list) as dealer accepts it, or printes list as its manual writes it. The list
 * without parentheses ends before a ',' that is not followed by another item. */
static enum pd_status parse_printes(struct lparser *ps, struct laction *a)
{
    bool more = false;

    if (lp_punct(lp_cur(ps), '(')) {
        struct llexer save = ps->lx;
        int nnodes = ps->p->nnodes;
        enum pd_status rc = lp_next(ps);

        while (rc == PD_OK) {
            rc = printes_item(ps, a);
            if (rc != PD_OK || !lp_punct(lp_cur(ps), ','))
                break;
            rc = lp_next(ps);
        }
        if (rc == PD_OK)
            rc = lp_expect(ps, ')');
        if (rc == PD_OK && lp_punct(lp_cur(ps), ','))
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
        LTRY(printes_item(ps, a));
        if (!lp_punct(lp_cur(ps), ','))
            return PD_OK;
        LTRY(item_follows(ps, &more));
        if (!more)
            return PD_OK;
        LTRY(lp_next(ps));
    }
}

/* One axis of a frequency table: "expr, low, high". */
static enum pd_status parse_frequency_axis(struct lparser *ps, int *expr, int *lo, int *hi)
{
    LTRY(lp_ternary(ps, false, expr));
    LTRY(lp_expect(ps, ','));
    LTRY(lp_number(ps, lo));
    LTRY(lp_expect(ps, ','));
    return lp_number(ps, hi);
}

static enum pd_status parse_frequency(struct lparser *ps, struct laction *a)
{
    if (lp_cur(ps)->type == LT_STRING)
        LTRY(copy_string(ps, &a->label));
    LTRY(lp_expect(ps, '('));
    LTRY(parse_frequency_axis(ps, &a->expr, &a->lo, &a->hi));
    a->type = LA_FREQUENCY;
    if (lp_punct(lp_cur(ps), ',')) {
        LTRY(lp_next(ps));
        LTRY(parse_frequency_axis(ps, &a->expr2, &a->lo2, &a->hi2));
        a->type = LA_FREQUENCY2D;
        if (a->hi2 < a->lo2 || (long long)a->hi2 - a->lo2 > 10000)
            return lp_fail_here(ps, "frequency: second range must be low <= high, 10000 wide at most");
    }
    if (a->hi < a->lo || (long long)a->hi - a->lo > 100000)
        return lp_fail_here(ps, "frequency: range must be low <= high, 100000 wide at most");
    if (a->type == LA_FREQUENCY2D &&
        ((long long)a->hi - a->lo + 3) * ((long long)a->hi2 - a->lo2 + 3) > 4000000)
        return lp_fail_here(ps, "frequency: a 2-D table of 4,000,000 cells at most");
    return lp_expect(ps, ')');
}

static enum pd_status parse_opt_expr(struct lparser *ps, struct laction *a)
{
    if (!lp_punct(lp_cur(ps), '('))
        return PD_OK;
    LTRY(lp_next(ps));
    LTRY(lp_ternary(ps, false, &a->expr));
    return lp_expect(ps, ')');
}

static enum pd_status parse_action(struct lparser *ps, struct laction *a)
{
    struct lang_prog *p = ps->p;
    enum lkw kw = (enum lkw)lp_cur(ps)->val;

    memset(a, 0, sizeof *a);
    a->expr = a->expr2 = -1;
    LTRY(lp_next(ps));
    switch (kw) {
    case KW_PRINTALL: a->type = LA_PRINTALL; break;
    case KW_PRINTEW: a->type = LA_PRINTEW; break;
    case KW_PRINTPBN: a->type = LA_PRINTPBN; break;
    case KW_EVALCONTRACT: a->type = LA_EVALCONTRACT; p->uses_dd = true; break;
    case KW_PRINTCOMPACT: a->type = LA_PRINTCOMPACT; LTRY(parse_opt_expr(ps, a)); break;
    case KW_PRINTONELINE: a->type = LA_PRINTONELINE; LTRY(parse_opt_expr(ps, a)); break;
    case KW_PRINTES: a->type = LA_PRINTES; LTRY(parse_printes(ps, a)); break;
    case KW_PRINT: {
        int seat = 0;

        a->type = LA_PRINT;
        LTRY(lp_expect(ps, '('));
        LTRY(lp_seat(ps, &seat));
        a->seats = 1u << seat;
        while (lp_punct(lp_cur(ps), ',')) {
            LTRY(lp_next(ps));
            LTRY(lp_seat(ps, &seat));
            a->seats |= 1u << seat;
        }
        LTRY(lp_expect(ps, ')'));
        break;
    }
    case KW_AVERAGE:
        a->type = LA_AVERAGE;
        if (lp_cur(ps)->type == LT_STRING)
            LTRY(copy_string(ps, &a->label));
        return lp_ternary(ps, false, &a->expr);
    case KW_FREQUENCY:
        return parse_frequency(ps, a);
    default:
        return lp_fail_here(ps, "expected an action");
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
    while (starts_action(lp_cur(ps))) {
        if (!grow(&p->acts, p->nacts, sizeof *p->acts))
            return pd_fail(ps->e, PD_ERR_NOMEM, "out of memory");
        memset(&p->acts[p->nacts], 0, sizeof *p->acts);
        p->nacts++;
        LTRY(parse_action(ps, &p->acts[p->nacts - 1]));
        if (!lp_punct(lp_cur(ps), ','))
            break;
        LTRY(lp_next(ps));
    }
    return PD_OK;
}

static enum pd_status parse_define(struct lparser *ps)
{
    struct lang_prog *p = ps->p;
    struct ltoken t = *lp_cur(ps);
    int node;

    if (lp_find_var(p, t.text, t.len) >= 0)
        return llex_fail(&ps->lx, &t, ps->e, "variable '%.*s' defined twice",
                         t.len > 60 ? 60 : t.len, t.text);
    LTRY(lp_next(ps)); /* the name */
    LTRY(lp_next(ps)); /* '=' */
    LTRY(lp_ternary(ps, false, &node));
    return lp_add_var(p, t.text, t.len, node, ps->e);
}

static enum pd_status parse_statement(struct lparser *ps)
{
    struct lang_prog *p = ps->p;
    const struct ltoken *t = lp_cur(ps);
    int v;

    if (t->type == LT_IDENT) {
        struct llexer save = ps->lx;
        bool define;

        LTRY(lp_next(ps));
        define = lp_punct(lp_cur(ps), '=');
        ps->lx = save;
        if (define)
            return parse_define(ps);
    }
    if (t->type == LT_KW) {
        switch ((enum lkw)t->val) {
        case KW_GENERATE:
        case KW_PRODUCE: {
            bool gen = t->val == KW_GENERATE;

            LTRY(lp_next(ps));
            LTRY(lp_number(ps, &v));
            if (v <= 0)
                return llex_fail(&ps->lx, NULL, ps->e, "%s needs a positive number",
                                 gen ? "generate" : "produce");
            *(gen ? &p->generate : &p->produce) = v;
            return PD_OK;
        }
        case KW_DEALER:
            LTRY(lp_next(ps));
            return lp_seat(ps, &p->dealer);
        case KW_VULNERABLE:
            LTRY(lp_next(ps));
            if (lp_cur(ps)->type != LT_VULSIDE)
                return lp_fail_here(ps, "expected none, NS, EW or all");
            p->vul = lp_cur(ps)->val;
            return lp_next(ps);
        case KW_PREDEAL:
            LTRY(lp_next(ps));
            return parse_predeal(ps);
        case KW_POINTCOUNT:
            LTRY(lp_next(ps));
            return parse_pointcount(ps, LPT_HCP);
        case KW_ALTCOUNT:
            LTRY(lp_next(ps));
            if (lp_cur(ps)->type != LT_NUM || lp_cur(ps)->val > 9)
                return lp_fail_here(ps, "expected altcount's table number 0 to 9");
            v = lp_cur(ps)->val;
            LTRY(lp_next(ps));
            /* The manual: altcount N redefines ptN (dealer edits table N-2 by mistake). */
            return parse_pointcount(ps, LPT_PT0 + v);
        case KW_CONDITION:
            LTRY(lp_next(ps));
            return lp_ternary(ps, false, &p->cond);
        case KW_ACTION:
            LTRY(lp_next(ps));
            return parse_actions(ps);
        default:
            break;
        }
    }
    return lp_ternary(ps, false, &p->cond); /* a bare expression is the condition */
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
    free(p->varhash);
    free(p->nodes);
    free(p->expand);
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
    pd_sha256_hex(text, strlen(text), p->sha256);
    p->cond = -1;
    p->dealer = p->vul = -1;
    p->default_action = true;
    memset(p->predeal_len, -1, sizeof p->predeal_len);
    memcpy(p->ptval, default_pt, sizeof p->ptval);
    ps.p = p;
    llex_init(&ps.lx, p->name, text);
    rc = lp_next(&ps);
    while (rc == PD_OK && lp_cur(&ps)->type != LT_EOF)
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

const char *lang_script_sha256(const struct lang_prog *p)
{
    return p->sha256;
}

bool lang_script_uses_dd(const struct lang_prog *p)
{
    return p->uses_dd;
}

enum pd_status lang_compile_file(const char *path, struct lang_prog **out, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = pd_read_input(path, "a dealer script", &text, &len, e);

    if (rc == PD_OK && strlen(text) != len)
        rc = pd_fail_at(e, PD_ERR_SYNTAX, path, 0, 0, NULL, "the script holds a NUL byte");
    if (rc == PD_OK)
        rc = lang_compile_mem(strcmp(path, "-") ? path : "(stdin)", text, out, e);
    free(text);
    return rc;
}
