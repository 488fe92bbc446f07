/* dealer/lang/shape.c - shape lists: dealer's shape(seat, any 4333 + 5xxx - ...) and the
 * shape{seat, ...} syntax of dealer.dpp (Dist.pm), compiled to one bit per suit-length cell
 * (S,H,D,C) so that a shape test is one lookup.
 *
 * shape{}: atoms joined by " + " or " - " (blanks around the sign, as dealer.dpp splits).
 * An atom is length specs, each a digit, x, or [ranges] with an optional + (at least) or -
 * (at most), optionally named with a suit letter s h d c or M (a major) / m (a minor); then a
 * group in parentheses that the remaining suits take in any order; then ":cond,cond" on the
 * lengths s h d c (',' is and). Unlike dealer.dpp, lengths of 10 or more are not cut off. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"

static void set_cell(uint8_t *bits, int cell, bool on)
{
    if (on)
        bits[cell >> 3] |= (uint8_t)(1u << (cell & 7));
    else
        bits[cell >> 3] &= (uint8_t)~(1u << (cell & 7));
}

/* Calls fn for each of the 560 shapes (lengths S,H,D,C summing to 13). */
#define FOR_SHAPES(L)                                                                         \
    for (L[0] = 0; L[0] <= 13; L[0]++)                                                        \
        for (L[1] = 0; L[0] + L[1] <= 13; L[1]++)                                             \
            for (L[2] = 0; L[0] + L[1] + L[2] <= 13 && ((L[3] = 13 - L[0] - L[1] - L[2]), 1); \
                 L[2]++)

static const int perms[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

/* One shape of dealer's list: 4 characters of digits and x, any = every suit order. */
static enum pd_status insert_shape(struct llexer *lx, uint8_t *bits, const struct ltoken *t,
                                   bool any, bool neg, struct pd_err *e)
{
    int known = 0, xs = 0, L[4];

    for (int i = 0; i < 4; i++) {
        if (t->text[i] == 'x')
            xs++;
        else
            known += t->text[i] - '0';
    }
    if (xs == 0 && known != 13)
        return llex_fail(lx, t, e, "wrong number of cards in shape %.4s", t->text);
    if (known > 13)
        return llex_fail(lx, t, e, "too many cards in shape %.4s", t->text);
    FOR_SHAPES(L) {
        for (int p = 0; p < (any ? 24 : 1); p++) {
            bool ok = true;

            for (int i = 0; i < 4 && ok; i++) {
                char c = t->text[perms[p][i]];

                ok = c == 'x' || c - '0' == L[i];
            }
            if (ok)
                set_cell(bits, shape_cell(L[0], L[1], L[2], L[3]), !neg);
        }
    }
    return PD_OK;
}

enum pd_status lshape_parse_list(struct llexer *lx, struct lang_prog *p, uint8_t *bits,
                                 struct pd_err *e)
{
    bool first = true;

    (void)p;
    for (;;) {
        const struct ltoken *t = &lx->tok;
        bool neg = false, any = false;
        enum pd_status rc;

        if (t->type == LT_PUNCT && (t->val == ',' || t->val == '+' || t->val == '-')) {
            neg = t->val == '-';
            if ((rc = llex_next(lx, e)) != PD_OK)
                return rc;
        } else if (!first && t->type == LT_PUNCT && t->val == ')') {
            return PD_OK;
        }
        if (t->type == LT_KW && t->val == KW_ANY) {
            any = true;
            if ((rc = llex_next(lx, e)) != PD_OK)
                return rc;
        }
        if (t->type != LT_DISTR)
            return llex_fail(lx, NULL, e, "expected a shape such as 4333 or 5xxx");
        if ((rc = insert_shape(lx, bits, t, any, neg, e)) != PD_OK)
            return rc;
        if ((rc = llex_next(lx, e)) != PD_OK)
            return rc;
        first = false;
    }
}

/* ---------------------------------------------------------------- shape{} (dealer.dpp) */

struct dspec {
    unsigned allowed; /* bit n: length n allowed */
    int suit;         /* 0..3 S,H,D,C; -1 positional; 4 = M, 5 = m */
};
struct datom {
    struct dspec left[4], group[4];
    int nleft, ngroup;
    bool has_group;
};

static int suit_letter(char c)
{
    const char *l = "shdcMm";
    const char *f = c ? strchr(l, c) : NULL;

    return f ? (int)(f - l) : -1;
}

/* One length spec at s (blanks already removed); returns chars used, 0 on error. */
static int parse_spec(const char *s, struct dspec *sp)
{
    int n = 0;

    sp->suit = -1;
    if (s[0] == 'x') {
        sp->allowed = 0x3FFF;
        n = 1;
    } else if (s[0] >= '0' && s[0] <= '9') {
        int d = s[0] - '0';

        n = 1;
        sp->allowed = 1u << d;
        if (s[1] == '+') {
            sp->allowed = 0x3FFFu & ~((1u << d) - 1);
            n = 2;
        } else if (s[1] == '-') {
            sp->allowed = (2u << d) - 1;
            n = 2;
        }
    } else if (s[0] == '[') {
        sp->allowed = 0;
        n = 1;
        while (s[n] >= '0' && s[n] <= '9') {
            int lo = s[n] - '0', hi = lo;

            n++;
            if (s[n] == '-' && s[n + 1] >= '0' && s[n + 1] <= '9') {
                hi = s[n + 1] - '0';
                n += 2;
            }
            for (int v = lo; v <= hi; v++)
                sp->allowed |= 1u << v;
        }
        if (s[n] != ']' || !sp->allowed)
            return 0;
        n++;
    } else {
        return 0;
    }
    return n;
}

/* Parses an atom's shape part (no blanks, no condition). */
static bool parse_atom(const char *s, struct datom *a)
{
    memset(a, 0, sizeof *a);
    while (*s && *s != '(') {
        int n;

        if (a->nleft == 4 || !(n = parse_spec(s, &a->left[a->nleft])))
            return false;
        s += n;
        if (suit_letter(*s) >= 0)
            a->left[a->nleft].suit = suit_letter(*s++);
        a->nleft++;
    }
    if (*s == '(') {
        s++;
        a->has_group = true;
        while (*s && *s != ')') {
            int n;

            if (a->ngroup == 4 || !(n = parse_spec(s, &a->group[a->ngroup])))
                return false;
            s += n;
            a->ngroup++;
        }
        if (*s != ')' || s[1])
            return false;
    }
    return a->nleft + a->ngroup == 4;
}

/* Does shape L match atom a with the M and m choices given (0 = spades/diamonds)? */
static bool atom_matches_with(const struct datom *a, const int L[4], int major, int minor)
{
    int owner[4] = {-1, -1, -1, -1}, rest[4], nrest = 0, k = 0;

    for (int i = 0; i < a->nleft; i++) {
        int s = a->left[i].suit;

        if (s == 4)
            s = major;
        else if (s == 5)
            s = minor;
        if (s < 0)
            continue;
        if (owner[s] >= 0)
            return false;
        owner[s] = i;
    }
    for (int i = 0; i < a->nleft; i++) /* unnamed specs take the free suits in order */
        if (a->left[i].suit < 0) {
            while (k < 4 && owner[k] >= 0)
                k++;
            if (k == 4)
                return false;
            owner[k] = i;
        }
    for (int s = 0; s < 4; s++) {
        if (owner[s] < 0)
            rest[nrest++] = s;
        else if (!(a->left[owner[s]].allowed >> L[s] & 1))
            return false;
    }
    if (nrest != a->ngroup)
        return false;
    for (int p = 0; p < 24; p++) {
        bool ok = true;
        int used = 0, j = 0;

        /* perms restricted to nrest elements: take those whose first nrest entries < nrest */
        for (int i = 0; i < nrest; i++) {
            if (perms[p][i] >= nrest || (used >> perms[p][i] & 1)) {
                ok = false;
                break;
            }
            used |= 1 << perms[p][i];
        }
        for (j = 0; ok && j < nrest; j++)
            ok = a->group[perms[p][j]].allowed >> L[rest[j]] & 1;
        if (ok)
            return true;
    }
    return false;
}

static bool atom_matches(const struct datom *a, const int L[4])
{
    for (int M = 0; M < 2; M++)
        for (int m = 2; m < 4; m++)
            if (atom_matches_with(a, L, M, m))
                return true;
    return false;
}

/* The atoms of text[0..len): split at blanks-sign-blanks; each atom applied in order. */
static enum pd_status apply_atom(struct llexer *lx, struct lang_prog *p, uint8_t *bits,
                                 const char *text, size_t len, bool neg, lshape_cond_fn cond_fn,
                                 const struct ltoken *where, struct pd_err *e)
{
    char shape[128], *cond;
    size_t n = 0;
    struct datom a;
    int conds[16], nconds = 0, L[4];
    int saved_nodes = p->nnodes;
    const char *colon = memchr(text, ':', len);
    size_t shape_len = colon ? (size_t)(colon - text) : len;

    for (size_t i = 0; i < shape_len; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') {
            if (n + 1 >= sizeof shape)
                return llex_fail(lx, where, e, "shape{} atom too long");
            shape[n++] = text[i];
        }
    shape[n] = '\0';
    if (!parse_atom(shape, &a))
        return llex_fail(lx, where, e, "cannot read the shape '%s'", shape);
    if (colon) {
        size_t cl = len - shape_len - 1;
        struct llexer sub;
        enum pd_status rc;

        if (!(cond = strndup(colon + 1, cl)))
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        llex_init(&sub, lx->name, cond);
        sub.line = where->line;
        rc = llex_next(&sub, e);
        while (rc == PD_OK) {
            if (nconds == 16) {
                rc = llex_fail(&sub, NULL, e, "too many conditions in one shape");
                break;
            }
            rc = cond_fn(&sub, p, &conds[nconds++], e);
            if (rc != PD_OK || sub.tok.type == LT_EOF)
                break;
            if (sub.tok.type != LT_PUNCT || sub.tok.val != ',')
                rc = llex_fail(&sub, NULL, e, "expected ',' between shape conditions");
            else
                rc = llex_next(&sub, e);
        }
        if (rc != PD_OK) {
            /* the message points into the condition text: keep it, drop the copy */
            if (e)
                e->src[0] = '\0';
            free(cond);
            return rc;
        }
        free(cond);
    }
    FOR_SHAPES(L) {
        bool ok = atom_matches(&a, L);

        if (ok && nconds) {
            struct leval ev = {.p = p, .dd_thread = -1, .e = e};

            memcpy(ev.shape_len, L, sizeof ev.shape_len);
            for (int i = 0; i < nconds && ok; i++)
                ok = leval_node(&ev, conds[i]) != 0;
            if (ev.failed)
                return PD_ERR_RANGE;
        }
        if (ok)
            set_cell(bits, shape_cell(L[0], L[1], L[2], L[3]), !neg);
    }
    p->nnodes = saved_nodes; /* the conditions are done with */
    return PD_OK;
}

enum pd_status lshape_parse_dpp(struct llexer *lx, struct lang_prog *p, uint8_t *bits,
                                lshape_cond_fn cond_fn, struct pd_err *e)
{
    const char *start = lx->tok.text, *end = start;
    struct ltoken where = lx->tok;
    bool neg = false;
    enum pd_status rc;

    while (*end && *end != '}')
        end++;
    if (!*end)
        return llex_fail(lx, NULL, e, "shape{ without its closing '}'");
    /* Split at blank-sign-blank. */
    const char *a = start;

    for (const char *q = start; q <= end; q++) {
        bool sep = q < end && (*q == '+' || *q == '-') && q > start &&
                   (q[-1] == ' ' || q[-1] == '\t') && (q[1] == ' ' || q[1] == '\t');

        if (sep || q == end) {
            rc = apply_atom(lx, p, bits, a, (size_t)(q - a), neg, cond_fn, &where, e);
            if (rc != PD_OK)
                return rc;
            neg = sep && *q == '-';
            a = q + 1;
        }
    }
    /* Move the lexer to the '}', counting the lines on the way. */
    for (const char *q = lx->tok.text; q < end; q++)
        if (*q == '\n') {
            lx->line++;
            lx->line_start = q + 1;
        }
    lx->p = end;
    if ((rc = llex_next(lx, e)) != PD_OK)
        return rc;
    return PD_OK;
}
