/* dealer/lang/lex.c - the lexer of dealer's input language (scan.l of Debian dealer 20211121).
 *
 * Words are classified as flex would: the longest match wins, and among matches of the same
 * length the earlier rule of scan.l wins: keyword, holding (SAKQ2), card (AS), contract (x3N),
 * shape (4333, 5xxx), number, identifier. Comments: '#' (dealer: only at a line start),
 * '//' to the end of the line, and C comments. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dealer/lang/lang_int.h"

static const struct {
    const char *word;
    enum ltok type;
    int val;
} kwtab[] = {
    {"generate", LT_KW, KW_GENERATE}, {"produce", LT_KW, KW_PRODUCE},
    {"dealer", LT_KW, KW_DEALER}, {"vulnerable", LT_KW, KW_VULNERABLE},
    {"predeal", LT_KW, KW_PREDEAL}, {"pointcount", LT_KW, KW_POINTCOUNT},
    {"altcount", LT_KW, KW_ALTCOUNT}, {"condition", LT_KW, KW_CONDITION},
    {"action", LT_KW, KW_ACTION}, {"print", LT_KW, KW_PRINT},
    {"printall", LT_KW, KW_PRINTALL}, {"printpbn", LT_KW, KW_PRINTPBN},
    {"printew", LT_KW, KW_PRINTEW}, {"printcompact", LT_KW, KW_PRINTCOMPACT},
    {"printoneline", LT_KW, KW_PRINTONELINE}, {"printes", LT_KW, KW_PRINTES},
    {"evalcontract", LT_KW, KW_EVALCONTRACT}, {"average", LT_KW, KW_AVERAGE},
    {"frequency", LT_KW, KW_FREQUENCY}, {"nv", LT_VULN, 0}, {"vul", LT_VULN, 1},
    {"ns", LT_VULSIDE, VUL_NS}, {"NS", LT_VULSIDE, VUL_NS}, {"ew", LT_VULSIDE, VUL_EW},
    {"EW", LT_VULSIDE, VUL_EW}, {"all", LT_VULSIDE, VUL_ALL}, {"none", LT_VULSIDE, VUL_NONE},
    {"north", LT_SEAT, SEAT_N}, {"east", LT_SEAT, SEAT_E}, {"south", LT_SEAT, SEAT_S},
    {"west", LT_SEAT, SEAT_W}, {"club", LT_SUIT, SUIT_C}, {"clubs", LT_SUIT, SUIT_C},
    {"diamond", LT_SUIT, SUIT_D}, {"diamonds", LT_SUIT, SUIT_D}, {"heart", LT_SUIT, SUIT_H},
    {"hearts", LT_SUIT, SUIT_H}, {"spade", LT_SUIT, SUIT_S}, {"spades", LT_SUIT, SUIT_S},
    {"notrump", LT_KW, KW_NOTRUMP}, {"notrumps", LT_KW, KW_NOTRUMP}, {"hcp", LT_KW, KW_HCP},
    {"hcps", LT_KW, KW_HCP}, {"pt0", LT_KW, KW_PT0}, {"ten", LT_KW, KW_PT0},
    {"tens", LT_KW, KW_PT0}, {"pt1", LT_KW, KW_PT1}, {"jack", LT_KW, KW_PT1},
    {"jacks", LT_KW, KW_PT1}, {"pt2", LT_KW, KW_PT2}, {"queen", LT_KW, KW_PT2},
    {"queens", LT_KW, KW_PT2}, {"pt3", LT_KW, KW_PT3}, {"king", LT_KW, KW_PT3},
    {"kings", LT_KW, KW_PT3}, {"pt4", LT_KW, KW_PT4}, {"ace", LT_KW, KW_PT4},
    {"aces", LT_KW, KW_PT4}, {"pt5", LT_KW, KW_PT5}, {"top2", LT_KW, KW_PT5},
    {"pt6", LT_KW, KW_PT6}, {"top3", LT_KW, KW_PT6}, {"pt7", LT_KW, KW_PT7},
    {"top4", LT_KW, KW_PT7}, {"pt8", LT_KW, KW_PT8}, {"top5", LT_KW, KW_PT8},
    {"pt9", LT_KW, KW_PT9}, {"c13", LT_KW, KW_PT9}, {"loser", LT_KW, KW_LOSER},
    {"losers", LT_KW, KW_LOSER}, {"control", LT_KW, KW_CONTROL},
    {"controls", LT_KW, KW_CONTROL}, {"quality", LT_KW, KW_QUALITY},
    {"cccc", LT_KW, KW_CCCC}, {"trick", LT_KW, KW_TRICKS}, {"tricks", LT_KW, KW_TRICKS},
    {"score", LT_KW, KW_SCORE}, {"imp", LT_KW, KW_IMPS}, {"imps", LT_KW, KW_IMPS},
    {"hascard", LT_KW, KW_HASCARD}, {"shape", LT_KW, KW_SHAPE}, {"any", LT_KW, KW_ANY},
    {"rnd", LT_KW, KW_RND}, {"and", LT_KW, KW_AND}, {"or", LT_KW, KW_OR},
    {"not", LT_KW, KW_NOT},
};

static bool is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

void llex_init(struct llexer *lx, const char *name, const char *src)
{
    memset(lx, 0, sizeof *lx);
    lx->name = name;
    lx->src = src;
    lx->p = src;
    lx->line = 1;
    lx->line_start = src;
}

enum pd_status llex_fail(const struct llexer *lx, const struct ltoken *t, struct pd_err *e,
                         const char *fmt, ...)
{
    char msg[200];
    va_list ap;

    if (!t)
        t = &lx->tok;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* The source line of the token: walk back from the token to the line start. */
    const char *ls = t->text;

    while (ls > lx->src && ls[-1] != '\n')
        ls--;
    return pd_fail_at(e, PD_ERR_SYNTAX, lx->name, t->line, t->col, ls, "%s", msg);
}

/* Skips blanks and comments; counts lines. Fails on an unterminated C comment. */
static enum pd_status skip_space(struct llexer *lx, struct pd_err *e)
{
    for (;;) {
        const char *p = lx->p;

        if (*p == '\n') {
            lx->p = p + 1;
            lx->line++;
            lx->line_start = lx->p;
        } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
            lx->p = p + 1;
        } else if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
            while (*lx->p && *lx->p != '\n')
                lx->p++;
        } else if (p[0] == '/' && p[1] == '*') {
            int line = lx->line, col = (int)(p - lx->line_start) + 1;
            const char *start = p;

            lx->p = p + 2;
            while (*lx->p && !(lx->p[0] == '*' && lx->p[1] == '/')) {
                if (*lx->p == '\n') {
                    lx->line++;
                    lx->line_start = lx->p + 1;
                }
                lx->p++;
            }
            if (!*lx->p) {
                struct ltoken t = {.line = line, .col = col, .text = start};

                return llex_fail(lx, &t, e, "end of file inside a comment");
            }
            lx->p += 2;
        } else {
            return PD_OK;
        }
    }
}

static int holding_len(const char *p)
{
    static const char order[] = "AKQJT98765432";
    int n = 1;
    const char *o = order;

    if (!strchr("CDHS", *p) || !*p)
        return 0;
    while (p[n]) {
        const char *f = strchr(o, p[n]);

        if (!f || !*f)
            break;
        o = f + 1;
        n++;
    }
    return n;
}

static int suit_of_letter(int c)
{
    switch (c) {
    case 'S':
        return SUIT_S;
    case 'H':
        return SUIT_H;
    case 'D':
        return SUIT_D;
    case 'C':
        return SUIT_C;
    }
    return -1;
}

/* Classifies a word or number starting at p into t (flex's longest match, then rule order). */
static void lex_word(const char *p, struct ltoken *t)
{
    int ident = 0, number = 0, distr = 0, card = 0, contract = 0, holding = holding_len(p);

    if (is_alpha(*p))
        for (ident = 1; is_alpha(p[ident]) || is_digit(p[ident]) || p[ident] == '_'; ident++)
            ;
    while (is_digit(p[number]))
        number++;
    while (distr < 4 && (is_digit(p[distr]) || p[distr] == 'x'))
        distr++;
    if (distr < 4)
        distr = 0;
    if (p[0] && strchr("23456789TJQKA", p[0]) && p[1] && strchr("CDHS", p[1]))
        card = 2;
    if (p[0] == 'x' && p[1] >= '1' && p[1] <= '7' && p[2] && strchr("CDHSN", p[2]))
        contract = 3;
    int best = ident;

    if (holding > best)
        best = holding;
    if (card > best)
        best = card;
    if (contract > best)
        best = contract;
    if (distr > best)
        best = distr;
    if (number > best)
        best = number;
    t->len = best;
    if (best == ident && ident > 0) {
        for (size_t i = 0; i < sizeof kwtab / sizeof kwtab[0]; i++)
            if ((int)strlen(kwtab[i].word) == ident && !strncmp(kwtab[i].word, p, ident)) {
                t->type = kwtab[i].type;
                t->val = kwtab[i].val;
                return;
            }
    }
    if (best == holding) {
        t->type = LT_HOLDING;
    } else if (best == card) {
        t->type = LT_CARD;
        t->val = 16 * suit_of_letter(p[1]) + rank_from_char(p[0]) - RANK_2;
    } else if (best == contract) {
        int s = p[2] == 'N' ? STRAIN_NT : suit_of_letter(p[2]);

        t->type = LT_CONTRACT;
        t->val = (p[1] - '0') * 5 + s;
    } else if (best == distr) {
        t->type = LT_DISTR;
        t->val = memchr(p, 'x', 4) ? -1 : (p[0] - '0') * 1000 + (p[1] - '0') * 100 +
                                             (p[2] - '0') * 10 + (p[3] - '0');
    } else if (best == number) {
        long long v = 0;

        for (int i = 0; i < number; i++)
            v = v > 1000000000LL ? v : v * 10 + (p[i] - '0');
        t->type = LT_NUM;
        t->val = v > 2147483647LL ? -1 : (int)v; /* -1 flags an overflow for the parser */
    } else {
        t->type = LT_IDENT;
    }
}

/* The operators of two characters, and their token values. */
static const struct {
    char first, second;
    int op;
} two_char_ops[] = {
    {'=', '=', P_EQ}, {'!', '=', P_NE}, {'<', '=', P_LE},
    {'>', '=', P_GE}, {'&', '&', P_AND}, {'|', '|', P_OR},
};

static int two_char_op(const char *p)
{
    for (size_t i = 0; i < sizeof two_char_ops / sizeof two_char_ops[0]; i++)
        if (p[0] == two_char_ops[i].first && p[1] == two_char_ops[i].second)
            return two_char_ops[i].op;
    return 0;
}

enum pd_status llex_next(struct llexer *lx, struct pd_err *e)
{
    const char *before = lx->p;
    enum pd_status rc = skip_space(lx, e);
    struct ltoken *t = &lx->tok;

    if (rc != PD_OK)
        return rc;
    memset(t, 0, sizeof *t);
    t->space_before = lx->p != before || lx->p == lx->src;
    t->text = lx->p;
    t->line = lx->line;
    t->col = (int)(lx->p - lx->line_start) + 1;
    const char *p = lx->p;

    if (!*p) {
        t->type = LT_EOF;
        return PD_OK;
    }
    if (is_alpha(*p) || is_digit(*p)) {
        lex_word(p, t);
    } else if (*p == '"') {
        const char *q = p + 1;

        while (*q && *q != '"')
            q++;
        if (!*q)
            return llex_fail(lx, t, e, "string not closed before the end of the file");
        t->type = LT_STRING;
        t->len = (int)(q - p) + 1;
        for (const char *c = p; c < q; c++)
            if (*c == '\n') {
                lx->line++;
                lx->line_start = c + 1;
            }
    } else if (p[0] == '\\' && p[1] == 'n') {
        t->type = LT_STRING;
        t->len = 2;
    } else if (two_char_op(p)) {
        t->type = LT_PUNCT;
        t->val = two_char_op(p);
        t->len = 2;
    } else {
        t->type = LT_PUNCT;
        t->val = (unsigned char)*p;
        t->len = 1;
    }
    lx->p = p + t->len;
    return PD_OK;
}
