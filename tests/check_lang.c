/* tests/check_lang.c - the constraint language: lexing as flex would, operator levels, errors
 * with positions, shape{} against dealer.dpp's own expansions, hand functions on a known
 * deal, exact class counts of the conditional generator, lang_accept with predeal, runs that
 * fail part-way. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/gen.h"
#include "dealer/lang/lang_int.h"
#include "dealer/run/run.h"
#include "tests/check_suites.h"

/* Tokens as scan.l makes them: longest match, then the earlier rule. */
START_TEST(test_lang_lex_classifies_like_flex)
{
    static const struct {
        const char *text;
        enum ltok type;
        int len;
    } cases[] = {
        {"SAKQ2", LT_HOLDING, 5}, {"S", LT_HOLDING, 1},  {"S2A", LT_IDENT, 3},
        {"AS", LT_CARD, 2},       {"TC", LT_CARD, 2},    {"x3N", LT_CONTRACT, 3},
        {"4333", LT_DISTR, 4},    {"5xxx", LT_DISTR, 4}, {"xxxx", LT_DISTR, 4},
        {"12345", LT_NUM, 5},     {"12", LT_NUM, 2},     {"north", LT_SEAT, 5},
        {"spade", LT_SUIT, 5},    {"notrumps", LT_KW, 8}, {"hcps", LT_KW, 4},
        {"northx", LT_IDENT, 6},  {"NS", LT_VULSIDE, 2}, {"\\n", LT_STRING, 2},
        {"\"a b\"", LT_STRING, 5}, {"&&", LT_PUNCT, 2},  {"2S", LT_CARD, 2},
    };
    struct llexer lx;
    struct pd_err e;

    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        llex_init(&lx, "t", cases[i].text);
        ck_assert_int_eq(llex_next(&lx, &e), PD_OK);
        ck_assert_msg(lx.tok.type == cases[i].type && lx.tok.len == cases[i].len,
                      "%s: type %d len %d", cases[i].text, lx.tok.type, lx.tok.len);
    }
}
END_TEST

static int eval_const(const char *expr)
{
    char text[200];
    struct lang_prog *p = NULL;
    struct pd_err e;
    struct deal d = {{0}};
    struct leval ev = {.d = &d, .dd_thread = -1, .e = &e};
    int v;

    snprintf(text, sizeof text, "condition %s", expr);
    ck_assert_msg(lang_compile_mem("t", text, &p, &e) == PD_OK, "%s: %s", expr, e.msg);
    ev.p = p;
    v = leval_node(&ev, p->cond);
    lang_free(p);
    return v;
}

/* C's levels, as Debian's dealer runs Descr.test_operator_order. */
START_TEST(test_lang_operator_levels)
{
    static const struct {
        const char *expr;
        int want;
    } cases[] = {
        {"1 ? 3 : 1 ? 2 : 1", 3}, {"1 ? 0 ? 3 : 2 : 1", 2}, {"2 == 2 != 0", 1},
        {"-2 < -1 <= 0", 0},      {"3 * 3 % 2", 1},         {"4 / 4 % 3", 1},
        {"1 - 1 + 1", 1},         {"!0 * 2", 2},            {"2 - -1", 3},
        {"1 || 0 && 0", 1},       {"0 and 1 or 1", 1},      {"not 1", 0},
        {"7 / 2", 3},             {"-7 / 2", -3},           {"-7 % 3", -1},
        {"2147483647 + 1", -2147483647 - 1},
    };

    for (size_t i = 0; i < ARRAY_LEN(cases); i++)
        ck_assert_msg(eval_const(cases[i].expr) == cases[i].want, "%s", cases[i].expr);
}
END_TEST

/* Errors name the line and column of the offending token and keep its line for the caret. */
START_TEST(test_lang_errors_have_positions)
{
    static const struct {
        const char *text;
        int line, col;
        const char *msg;
    } cases[] = {
        {"condition hcp(north) > 1 &&\n  hcp(nrth) > 2", 2, 7, "expected north"},
        {"x = 1\nx = 2", 2, 1, "defined twice"},
        {"predeal north SA\npredeal south SA", 2, 15, "predealt twice"},
        {"condition shape(north, 4432 + 4333 + 4442)", 1, 38, "wrong number of cards"},
        {"action frequency (hcp(north), 5, 1)", 1, 35, "low <= high"},
        {"/* never closed", 1, 1, "inside a comment"},
        {"condition y > 1", 1, 11, "unknown variable 'y'"},
        {"action printes(\"x)", 1, 16, "string not closed"},
        {"condition shape{north, 5q(332)}", 1, 24, "cannot read the shape"},
    };
    struct lang_prog *p = NULL;
    struct pd_err e;

    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        ck_assert_int_eq(lang_compile_mem("s.dl", cases[i].text, &p, &e), PD_ERR_SYNTAX);
        ck_assert_msg(e.line == cases[i].line && e.col == cases[i].col &&
                          strstr(e.msg, cases[i].msg),
                      "%s: %d:%d %s", cases[i].text, e.line, e.col, e.msg);
        ck_assert_str_eq(e.file, "s.dl");
        ck_assert(e.src[0] || cases[i].line == 0);
    }
}
END_TEST

/* shape{...} accepts exactly the shapes of dealer.dpp's expansion (run by hand with
 * /usr/games/dealer.dpp), compared where dealer.dpp is defined: lengths up to 9. */
START_TEST(test_lang_dpp_shapes_match_dealer_dpp)
{
    static const struct {
        const char *dpp, *dealer;
    } cases[] = {
        {"5M(332)", "2533 + 3523 + 3532 + 5233 + 5323 + 5332"},
        {"(4432) + (4333)", "any 4432 + any 4333"},
        {"4+c3+d(2+2+)", "2236 + 2245 + 2254 + 2335 + 2344 + 2434 + 3235 + 3244 + 3334 + 4234"},
        {"5+s5+m(xx)", "5008 + 5080 + 5x5x + 5x6x + 5x7x + 5xx5 + 5xx6 + 5xx7 + 6007 + 6070 + "
                       "6x5x + 6x6x + 6xx5 + 6xx6 + 7006 + 7060 + 7x5x + 7xx5 + 8005 + 8050"},
        {"x[3-5]x[13]", "x3x1 + x3x3 + x4x1 + x4x3 + x5x1 + x5x3"},
        {"2-xxx", "0xxx + 1xxx + 2xxx"},
        {"5+M3+c(31)", "1534 + 1633 + 3514 + 3613 + 5134 + 5314 + 6133 + 6313"},
        {"4+s4+h(xx):d>c,h+s==10", "4621 + 4630 + 5521 + 5530 + 6421 + 6430"},
        {"(3+3+3+2+)", "any 4333 + any 4432 + any 5332"},
        {"5m2s(42)", "2245 + 2254 + 2425 + 2452"},
        {"6m(322)", "2236 + 2263 + 2326 + 2362 + 3226 + 3262"},
        {"5s(431)", "5134 + 5143 + 5314 + 5341 + 5413 + 5431"},
    };
    char text[400];
    struct lang_prog *p = NULL;
    struct pd_err e;

    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        snprintf(text, sizeof text, "a = shape{north, %s}\nb = shape(north, %s)",
                 cases[i].dpp, cases[i].dealer);
        ck_assert_msg(lang_compile_mem("t", text, &p, &e) == PD_OK, "%s: %s", cases[i].dpp,
                      e.msg);
        ck_assert_int_eq(p->nshapes, 2);
        int L[4], ndiff = 0, nset = 0;

        for (L[0] = 0; L[0] <= 9; L[0]++)
            for (L[1] = 0; L[1] <= 9 && L[0] + L[1] <= 13; L[1]++)
                for (L[2] = 0; L[2] <= 9 && L[0] + L[1] + L[2] <= 13; L[2]++) {
                    L[3] = 13 - L[0] - L[1] - L[2];
                    if (L[3] > 9)
                        continue;
                    int c = shape_cell(L[0], L[1], L[2], L[3]);
                    const uint8_t *a = p->shapes, *b = p->shapes + (SHAPE_CELLS / 8 + 1);
                    int x = a[c >> 3] >> (c & 7) & 1, y = b[c >> 3] >> (c & 7) & 1;

                    ndiff += x != y;
                    nset += x;
                }
        ck_assert_msg(ndiff == 0 && nset > 0, "%s: %d shapes differ", cases[i].dpp, ndiff);
        lang_free(p);
    }
}
END_TEST

/* The generator's classes count hands exactly. */
START_TEST(test_lang_gen_counts_hands)
{
    static const struct {
        const char *script;
        double p; /* probability of the plan's set */
    } cases[] = {
        /* 4 hands: AKQ of every suit and one jack */
        {"condition hcp(north) == 37", 4.0 / 635013559600.0},
        {"condition spades(south) == 13", 1.0 / 635013559600.0},
        /* C(13,4) C(13,3)^3 hands of shape 4-3-3-3 in this order */
        {"condition shape(east, 4333)", 715.0 * 286 * 286 * 286 / 635013559600.0},
        /* with east's 13 spades predealt, west holds any 13 of the other 39 */
        {"predeal east SAKQJT98765432\ncondition hearts(west) == 13",
         1.0 / 8122425444.0},
    };
    struct lang_prog *p = NULL;
    struct pd_err e;

    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        ck_assert_int_eq(lang_compile_mem("t", cases[i].script, &p, &e), PD_OK);
        struct lgen *g = lgen_plan(p);

        ck_assert_msg(g != NULL, "%s: no plan", cases[i].script);
        double got = lgen_probability(g), want = cases[i].p;

        ck_assert_msg(got > want * (1 - 1e-9) && got < want * (1 + 1e-9), "%s: %g, want %g",
                      cases[i].script, got, want);
        lgen_free(g);
        lang_free(p);
    }
    /* a loose condition gets no plan: plain shuffling is as fast */
    ck_assert_int_eq(lang_compile_mem("t", "condition hcp(north) >= 5", &p, &e), PD_OK);
    ck_assert_ptr_null(lgen_plan(p));
    lang_free(p);
}
END_TEST

/* lang_accept: the condition, and predeal's cards and lengths, on complete deals. */
START_TEST(test_lang_accept)
{
    struct lang_prog *p = NULL;
    struct pd_err e;
    struct deal d;
    deal_num n = 0;

    /* deal number 0: North all spades, East hearts, South diamonds, West clubs */
    ck_assert_int_eq(deal_from_number(n, &d, NULL), PD_OK);
    ck_assert_int_eq(lang_compile_mem("t", "condition spades(north) == 13 && hcp(east) == 10",
                                      &p, &e), PD_OK);
    ck_assert_int_eq(lang_accept(p, &d, 1, &e), 1);
    lang_free(p);
    ck_assert_int_eq(lang_compile_mem("t", "predeal north HA", &p, &e), PD_OK);
    ck_assert_int_eq(lang_accept(p, &d, 1, &e), 0);
    lang_free(p);
    ck_assert_int_eq(lang_compile_mem("t", "predeal spades(north)==13", &p, &e), PD_OK);
    ck_assert_int_eq(lang_accept(p, &d, 1, &e), 1);
    lang_free(p);
    ck_assert_int_eq(lang_compile_mem("t", "condition 1 / (hcp(north) - 10)", &p, &e), PD_OK);
    ck_assert_int_eq(lang_accept(p, &d, 1, &e), -1);
    ck_assert_int_eq(e.line, 1);
    ck_assert_int_eq(e.col, 13);
    lang_free(p);
    /* rnd() in a tournament set is a function of the deal and board */
    ck_assert_int_eq(lang_compile_mem("t", "condition rnd(1000000) > 0", &p, &e), PD_OK);
    int a = lang_accept(p, &d, 3, &e), b = lang_accept(p, &d, 3, &e);

    ck_assert_int_eq(a, b);
    lang_free(p);
}
END_TEST

/* The practice shuffle (deal_stream_shuffle, with and without predealt cards) deals exactly
 * what it dealt when dealer/lang/gen.c kept its own faster copy (lshuffle): the SHA-256 of 20000 deals
 * of one stream, recorded from that copy, so that a change to the stream or the shuffle shows. */
START_TEST(test_lang_shuffle_matches_foundation)
{
    struct pd_key key;
    struct set_key sk;
    struct deal_stream a;
    struct deal fixed = {{card_mask(SUIT_S, RANK_A) | card_mask(SUIT_H, 7), 0,
                          card_mask(SUIT_C, 2), 0}};
    enum { N = 20000 };
    static uint8_t hands[N][4][8]; /* big-endian: the digest is the same on any machine */
    char hex[65];

    key_from_seed(42, &key);
    ck_assert_int_eq(set_key_derive(&key, "dealer", &sk, NULL), PD_OK);
    ck_assert_int_eq(deal_stream_open(&a, &sk, STREAM_PRACTICE, 3, NULL), PD_OK);
    for (int i = 0; i < N; i++) {
        struct deal x;

        deal_stream_shuffle(&a, i % 3 == 0 ? &fixed : NULL, &x);
        ck_assert(deal_is_complete(&x, NULL, 0));
        for (int h = 0; h < 4; h++)
            for (int b = 0; b < 8; b++)
                hands[i][h][b] = (uint8_t)(x.hand[h] >> (56 - 8 * b));
    }
    deal_stream_close(&a);
    pd_sha256_hex(hands, sizeof hands, hex);
    ck_assert_str_eq(hex, "f945f0ad05866ff2d1262bf30df238c04a5f9426813ee9f7064c182de2164ffe");
}
END_TEST

/* Builds "prefix" + n copies of unit + "suffix" in a new string. */
static char *repeat(const char *prefix, const char *unit, int n, const char *suffix)
{
    size_t lp = strlen(prefix), lu = strlen(unit), ls = strlen(suffix);
    char *s = malloc(lp + lu * (size_t)n + ls + 1), *q = s;

    ck_assert_ptr_nonnull(s);
    memcpy(q, prefix, lp);
    q += lp;
    for (int i = 0; i < n; i++, q += lu)
        memcpy(q, unit, lu);
    memcpy(q, suffix, ls + 1);
    return s;
}

/* Compiles text; returns its status, and the condition's value on deal 123456789 when it
 * compiled. */
static enum pd_status compile_eval(const char *text, struct pd_err *e, int *value)
{
    struct lang_prog *p = NULL;
    struct deal d;
    enum pd_status rc = lang_compile_mem("t.dl", text, &p, e);

    if (rc != PD_OK)
        return rc;
    ck_assert_int_eq(deal_from_number(123456789, &d, NULL), PD_OK);
    struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .e = e};

    *value = p->cond >= 0 ? leval_node(&ev, p->cond) : 1;
    lang_free(p);
    return PD_OK;
}

/* Issue 11 item 8: 70,000 '!' or '(' overflowed the stack (SIGSEGV). Every level of the
 * parser and of the evaluation is bounded: a positioned error past LANG_MAX_DEPTH. */
START_TEST(test_lang_depth_limits)
{
    static const struct {
        const char *prefix, *unit, *suffix;
        int n, col;
    } deep[] = {
        {"", "!", "1", 70000, 1000},       /* the 1000th '!' is one level too many */
        {"", "(", "1", 70000, 1001},      /* the token after the 1000th '(' */
        {"", "not ", "1", 70000, 3997},
        {"condition 0", " + 1", "", 5000, 4009}, /* the 1000th '+' */
    };
    struct pd_err e;
    int v = -1;

    for (size_t i = 0; i < ARRAY_LEN(deep); i++) {
        char *t = repeat(deep[i].prefix, deep[i].unit, deep[i].n, deep[i].suffix);

        ck_assert_int_eq(compile_eval(t, &e, &v), PD_ERR_SYNTAX);
        ck_assert_msg(strstr(e.msg, "nested too deeply (more than 1000 levels)"), "%s", e.msg);
        ck_assert_int_eq(e.line, 1);
        ck_assert_int_eq(e.col, deep[i].col);
        free(t);
    }
    /* Just under the limit compiles and evaluates: 998 '!' then 1 (inside the condition's
     * own level) is 1. */
    char *t = repeat("", "!", 998, "1");

    ck_assert_int_eq(compile_eval(t, &e, &v), PD_OK);
    ck_assert_int_eq(v, 1);
    free(t);
}
END_TEST

/* Depth through variables: v1 = v0 + 1 ... each one level deeper, refused at the line that
 * passes the limit. */
START_TEST(test_lang_depth_through_variables)
{
    size_t cap = 1100 * 24, n = 0;
    char *t = malloc(cap);
    struct pd_err e;
    int v = -1;

    n += (size_t)snprintf(t + n, cap - n, "v0 = hcp(north)\n");
    for (int i = 1; i <= 1000; i++)
        n += (size_t)snprintf(t + n, cap - n, "v%d = v%d + 1\n", i, i - 1);
    ck_assert_int_eq(compile_eval(t, &e, &v), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, 1001);
    ck_assert_msg(strstr(e.msg, "nested too deeply"), "%s", e.msg);
    free(t);
}
END_TEST

/* Long && and || chains are not nesting: 50,000 terms compile and evaluate, with C's values
 * (0 or 1) and short-circuit order. */
START_TEST(test_lang_long_chains)
{
    static const struct {
        const char *prefix, *unit, *suffix;
        int want;
    } chains[] = {
        {"condition hcp(north) >= 0", " && hcp(south) < 41", "", 1},
        {"condition hcp(north) >= 0", " && hcp(south) < 41", " && 0", 0},
        {"condition 0", " || 0", " || 7", 1},
        {"condition 0", " || 0", "", 0},
        {"condition 3", " && 5", " || 0", 1},
        {"condition 1", " && 1 || 0", " ? 9 : 8", 9},
        {"condition 0", " || 1 && 0", "", 0},
    };
    struct pd_err e;

    for (size_t i = 0; i < ARRAY_LEN(chains); i++) {
        char *t = repeat(chains[i].prefix, chains[i].unit, 50000, chains[i].suffix);
        int v = -1;

        ck_assert_msg(compile_eval(t, &e, &v) == PD_OK, "%zu: %s", i, e.msg);
        ck_assert_msg(v == chains[i].want, "chain %zu: %d", i, v);
        free(t);
    }
    ck_assert_int_eq(eval_const("2 && 3"), 1);
    ck_assert_int_eq(eval_const("0 || 4"), 1);
    ck_assert_int_eq(eval_const("1 && 0 || 0 && 1"), 0);
    ck_assert_int_eq(eval_const("0 ? 1 : 2 ? 3 : 4"), 3);
}
END_TEST

/* 100,000 variables (35.7 s with a linear search, issue 14): each name finds its own node,
 * and a second definition is refused at its line. */
START_TEST(test_lang_many_variables)
{
    enum { NV = 100000 };
    size_t cap = (size_t)NV * 32 + 64, n = 0;
    char *t = malloc(cap), name[16];
    struct lang_prog *p = NULL;
    struct pd_err e;

    for (int i = 0; i < NV; i++)
        n += (size_t)snprintf(t + n, cap - n, "var%d = %d\n", i, i);
    snprintf(t + n, cap - n, "condition var99999 == 99999 && var0 == 0\n");
    ck_assert_msg(lang_compile_mem("t.dl", t, &p, &e) == PD_OK, "%s", e.msg);
    ck_assert_int_eq(p->nvars, NV);
    for (int i = 0; i < NV; i += 997) {
        int len = snprintf(name, sizeof name, "var%d", i), node = lp_find_var(p, name, len);

        ck_assert_int_ge(node, 0);
        ck_assert_int_eq(p->nodes[node].val, i);
    }
    ck_assert_int_eq(lp_find_var(p, "var100000", 9), -1);
    ck_assert_int_eq(lp_find_var(p, "var1", 3), -1); /* "var": a prefix is not a match */
    struct leval ev = {.p = p, .dd_thread = -1, .e = &e};

    ck_assert_int_eq(leval_node(&ev, p->cond), 1);
    lang_free(p);
    snprintf(t + n, cap - n, "var77 = 1\n");
    ck_assert_int_eq(lang_compile_mem("t.dl", t, &p, &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, NV + 1);
    ck_assert_str_eq(e.msg, "variable 'var77' defined twice");
    free(t);
}
END_TEST

/* Variables evaluated once per deal (issue 21 item 12): 60 levels of v_i = v_{i-1} + v_{i-1}
 * (2^60 evaluations before) give hcp(north) * 2^i in 32 bits at once; only definitions of 24
 * terms or more are kept (LN_MEMO), never one that calls rnd(); an leval reused for another
 * deal (var_gen = 0) has that deal's values; rnd() doubled level after level is refused. */
START_TEST(test_lang_vars_once_per_deal)
{
    size_t cap = 4096, n = 0;
    char *t = malloc(cap);
    struct lang_prog *p = NULL;
    struct pd_err e;
    struct deal d;

    n += (size_t)snprintf(t + n, cap - n, "v0 = hcp(north)\n");
    for (int i = 1; i <= 60; i++)
        n += (size_t)snprintf(t + n, cap - n, "v%d = v%d + v%d\n", i, i - 1, i - 1);
    snprintf(t + n, cap - n, "condition v60 == 0 && v3 == hcp(north) * 8 && "
                             "v31 == (hcp(north) %% 2) * (0 - 2147483647 - 1)\n");
    ck_assert_msg(lang_compile_mem("t.dl", t, &p, &e) == PD_OK, "%s", e.msg);
    ck_assert(!(p->nodes[lp_find_var(p, "v3", 2)].flags & LN_MEMO)); /* 15 terms */
    ck_assert(p->nodes[lp_find_var(p, "v4", 2)].flags & LN_MEMO);    /* 31 terms */
    ck_assert_int_eq(deal_from_number(0, &d, NULL), PD_OK); /* north: 13 spades, 10 hcp */
    ck_assert_int_eq(lang_accept(p, &d, 1, &e), 1);
    struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .e = &e};
    int v10 = lp_find_var(p, "v10", 3);

    ck_assert_int_eq(leval_node(&ev, v10), 10 * 1024);
    d.hand[SEAT_N] &= ~(1ULL << (63 - __builtin_clzll(d.hand[SEAT_N]))); /* the ace out: 6 */
    ev.var_gen = 0; /* another deal */
    ck_assert_int_eq(leval_node(&ev, v10), 6 * 1024);
    lang_free(p);
    /* rnd() in a variable: evaluated at each use, so doubling it is refused at its place */
    n = (size_t)snprintf(t, cap, "r0 = rnd(2) + hcp(north) + hcp(south) + hcp(east) + hcp(west)"
                                 " + hcp(north) + hcp(south) + hcp(east) + hcp(west) + 1 + 2\n");
    for (int i = 1; i <= 40; i++)
        n += (size_t)snprintf(t + n, cap - n, "r%d = r%d + r%d\n", i, i - 1, i - 1);
    ck_assert_int_eq(lang_compile_mem("t.dl", t, &p, &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, 17);
    ck_assert_int_eq(e.col, 11);
    ck_assert_msg(strstr(e.msg, "expression too costly: it evaluates more than 1000000 terms") ==
                  e.msg, "%s", e.msg);
    *strstr(t, "r16 =") = '\0'; /* the first 15 levels alone compile, r0 not kept */
    ck_assert_msg(lang_compile_mem("t.dl", t, &p, &e) == PD_OK, "%s", e.msg);
    ck_assert(!(p->nodes[lp_find_var(p, "r0", 2)].flags & (LN_MEMO)));
    ck_assert(p->nodes[lp_find_var(p, "r15", 3)].flags & LN_RND);
    lang_free(p);
    free(t);
}
END_TEST

/* Lazy dealing gives deal_stream_shuffle's deals: each hand as soon as it is asked for, the
 * rest when finished, and the stream left where deal_stream_shuffle leaves it (the next deals
 * agree too). */
START_TEST(test_lang_lazy_matches_shuffle)
{
    struct pd_key key;
    struct set_key sk;
    struct deal_stream a, b;

    key_from_seed(7, &key);
    ck_assert_int_eq(set_key_derive(&key, "dealer", &sk, NULL), PD_OK);
    for (uint64_t blk = 0; blk < 3; blk++) {
        ck_assert_int_eq(deal_stream_open(&a, &sk, STREAM_PRACTICE, blk, NULL), PD_OK);
        ck_assert_int_eq(deal_stream_open(&b, &sk, STREAM_PRACTICE, blk, NULL), PD_OK);
        for (int i = 0; i < 30000; i++) {
            struct deal want, got;
            struct llazy z;
            int first = i % 5, then = first + (i / 5) % (5 - first);
            int dealt = llazy_start(&z, &b, first, &got);
            uint8_t draws[LLAZY_DRAW_BYTES];
            struct deal later;

            deal_stream_shuffle(&a, NULL, &want);
            if (z.draws) { /* the same deal dealt later from a copy of its draws */
                memcpy(draws, z.draws, sizeof draws);
                llazy_deal_from(draws, then, &later);
                for (int h = 0; h < then && h < 3; h++)
                    ck_assert_msg(later.hand[h] == want.hand[h], "deal %d from draws", i);
                llazy_deal_from(draws, 4, &later);
                ck_assert_msg(!memcmp(&later, &want, sizeof later), "deal %d from draws", i);
            }
            ck_assert(dealt == first || dealt == 4);
            for (int h = 0; h < 4; h++)
                if (h < dealt && (h < 3 || dealt == 4))
                    ck_assert_msg(got.hand[h] == want.hand[h], "deal %d hand %d", i, h);
            llazy_finish(&z, then, &got);
            llazy_finish(&z, 4, &got);
            ck_assert_msg(!memcmp(&got, &want, sizeof got), "deal %d (%d, %d)", i, first, then);
        }
        deal_stream_close(&a);
        deal_stream_close(&b);
    }
}
END_TEST

/* The rejection test and offsets of the 51 draws agree in every implementation this build and
 * CPU have (SSE2, AVX2) with the one that takes a draw at a time, on stream bytes (about 1% of
 * them rejected) and on bytes that reject exactly one draw. */
START_TEST(test_lang_lazy_offsets_agree)
{
    struct pd_key key;
    struct set_key sk;
    struct deal_stream s;
    int rejected = 0, compared = 0;

    key_from_seed(3, &key);
    ck_assert_int_eq(set_key_derive(&key, "dealer", &sk, NULL), PD_OK);
    ck_assert_int_eq(deal_stream_open(&s, &sk, STREAM_PRACTICE, 0, NULL), PD_OK);
    for (int i = 0; i < 60000; i++) {
        uint8_t b[128], want[64], got[64];
        bool want_bad, got_bad;

        deal_stream_bytes(&s, b, sizeof b);
        if (i % 1000 == 999) { /* draw k (n = 52 - k) at 0: rejected when 65536 mod n > 0 */
            int k = i / 1000 % 51;

            b[2 * k] = b[2 * k + 1] = 0;
        }
        ck_assert(llazy_offsets_by(0, b, want, &want_bad));
        rejected += want_bad;
        for (int impl = 1; impl <= 2; impl++) {
            if (!llazy_offsets_by(impl, b, got, &got_bad))
                continue;
            compared++;
            ck_assert_msg(got_bad == want_bad, "buffer %d, implementation %d", i, impl);
            ck_assert_msg(want_bad || !memcmp(got, want, 39), "buffer %d, implementation %d",
                          i, impl);
        }
    }
    deal_stream_close(&s);
    ck_assert_int_gt(rejected, 300);
    ck_assert_int_lt(rejected, 2000);
    ck_assert_int_ge(compared, 60000); /* x86-64: SSE2 at least */
}
END_TEST

/* A run that fails part-way (the condition, or an action, divides by zero) ends through lrun's
 * one cleanup path, on one thread (the tallying run deals in the calling thread) and on three
 * workers: the message has its position and nothing leaks (the ASan build checks that). */
START_TEST(test_lang_run_failure_cleans_up)
{
    static const struct {
        const char *text;
        int col;
    } cases[] = {
        {"generate 50000\ncondition hcp(north) / (hcp(south) - hcp(south)) > 1\n"
         "action average \"x\" hcp(north)\n", 22},
        {"generate 50000\ncondition hcp(north) > 10\n"
         "action average \"x\" hcp(north) / (hcp(north) > 20 ? 0 : 1)\n", 31},
    };

    for (size_t i = 0; i < ARRAY_LEN(cases); i++)
        for (int threads = 1; threads <= 3; threads += 2) {
            struct lang_prog *p = NULL;
            struct lrun_opts o = {.seed = 8, .threads = threads, .fast = false};
            struct lrun_result res;
            struct pd_err e = {0};
            char *text = NULL;
            size_t len = 0;
            FILE *out = open_memstream(&text, &len);

            ck_assert_ptr_nonnull(out);
            ck_assert_int_eq(lang_compile_mem("f.dl", cases[i].text, &p, &e), PD_OK);
            ck_assert_int_eq(lrun(p, &o, out, &res, &e), PD_ERR_RANGE);
            ck_assert_int_eq(e.line, (int)i + 2); /* the condition, then the action line */
            ck_assert_int_eq(e.col, cases[i].col);
            ck_assert_str_eq(e.msg, "division by zero");
            fclose(out);
            ck_assert_uint_eq(len, 0); /* statistics print at the end only */
            free(text);
            lang_free(p);
        }
}
END_TEST

Suite *lang_suite(void);
Suite *lang_suite(void)
{
    Suite *s = suite_create("lang");
    TCase *tc = tcase_create("lang");

    tcase_add_test(tc, test_lang_lex_classifies_like_flex);
    tcase_add_test(tc, test_lang_operator_levels);
    tcase_add_test(tc, test_lang_errors_have_positions);
    tcase_add_test(tc, test_lang_dpp_shapes_match_dealer_dpp);
    tcase_add_test(tc, test_lang_gen_counts_hands);
    tcase_add_test(tc, test_lang_accept);
    tcase_add_test(tc, test_lang_shuffle_matches_foundation);
    tcase_add_test(tc, test_lang_lazy_matches_shuffle);
    tcase_add_test(tc, test_lang_depth_limits);
    tcase_add_test(tc, test_lang_depth_through_variables);
    tcase_add_test(tc, test_lang_long_chains);
    tcase_add_test(tc, test_lang_many_variables);
    tcase_add_test(tc, test_lang_run_failure_cleans_up);
    tcase_add_test(tc, test_lang_lazy_offsets_agree);
    tcase_set_timeout(tc, 60); /* long scripts on a loaded machine; nothing here is timed */
    suite_add_tcase(s, tc);
    tc = tcase_create("variables");
    tcase_add_test(tc, test_lang_vars_once_per_deal);
    tcase_set_timeout(tc, 30); /* 2^60 evaluations, were they made, would never end */
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(lang_suite)
