/* dealer/lang/lang_int.h - internal header of the constraint language (for the files of
 * dealer/lang/ only).
 *
 * A script is lexed (lex.c), parsed into a node array (parse.c and stmt.c, shapes in
 * shape.c), evaluated per deal (eval.c), its actions print dealer's layouts (act.c), and
 * dealer/run/run.c drives the generation for `predup dealer` (config/commands/cmd_dealer.c). */
#ifndef PREDUP_LANG_INT_H
#define PREDUP_LANG_INT_H

#include <stdint.h>

#include "dealer/lang/lang.h"

#include "dealer/deal/hot.h"

#define LANG_HOT PD_HOT /* built with and without POPCNT (dealer/deal/hot.h) */

/* ---------------------------------------------------------------- lexer */

enum ltok {
    LT_EOF, LT_NUM, LT_DISTR, LT_IDENT, LT_STRING, LT_HOLDING, LT_CARD, LT_CONTRACT,
    LT_SEAT, LT_SUIT, LT_VULSIDE, LT_VULN, LT_KW, LT_PUNCT,
};
/* Keywords (LT_KW), in the order of lex.c's table. */
enum lkw {
    KW_GENERATE, KW_PRODUCE, KW_DEALER, KW_VULNERABLE, KW_PREDEAL, KW_POINTCOUNT, KW_ALTCOUNT,
    KW_CONDITION, KW_ACTION, KW_PRINT, KW_PRINTALL, KW_PRINTPBN, KW_PRINTEW, KW_PRINTCOMPACT,
    KW_PRINTONELINE, KW_PRINTES, KW_EVALCONTRACT, KW_AVERAGE, KW_FREQUENCY, KW_NOTRUMP, KW_HCP,
    KW_PT0, KW_PT1, KW_PT2, KW_PT3, KW_PT4, KW_PT5, KW_PT6, KW_PT7, KW_PT8, KW_PT9, KW_LOSER,
    KW_CONTROL, KW_QUALITY, KW_CCCC, KW_TRICKS, KW_SCORE, KW_IMPS, KW_HASCARD, KW_SHAPE,
    KW_ANY, KW_RND, KW_AND, KW_OR, KW_NOT,
};
/* Punctuation (LT_PUNCT): single characters, and these for two-character operators. */
enum { P_EQ = 256, P_NE, P_LE, P_GE, P_AND, P_OR };

struct ltoken {
    enum ltok type;
    int val;          /* number, keyword, seat, suit (enum suit), card bit, contract, char */
    int line, col;    /* 1-based */
    const char *text; /* into the source */
    int len;
    int space_before; /* whitespace (or comment) directly before the token */
};

struct llexer {
    const char *name; /* file name for messages, or "(stdin)" */
    const char *src;
    const char *p;
    int line;
    const char *line_start;
    struct ltoken tok; /* current token */
};

void llex_init(struct llexer *lx, const char *name, const char *src);
enum pd_status llex_next(struct llexer *lx, struct pd_err *e);
/* Fails with the position of token t (or the current one when t is NULL). */
enum pd_status llex_fail(const struct llexer *lx, const struct ltoken *t, struct pd_err *e,
                         const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* ---------------------------------------------------------------- program */

enum lop {
    LOP_NUM,      /* val */
    LOP_LEN,      /* seat, suit */
    LOP_PTS,      /* table, seat, suit (-1 = whole hand) */
    LOP_LOSER,    /* seat, suit (-1 = whole hand) */
    LOP_CCCC,     /* seat */
    LOP_QUALITY,  /* seat, suit */
    LOP_SHAPE,    /* seat, val = index of the shape table */
    LOP_HASCARD,  /* seat, val = bit of the card in the hand mask */
    LOP_TRICKS,   /* seat, suit = strain (enum strain) */
    LOP_SCORE,    /* seat = vulnerable 0/1, val = level*5 + strain, a = tricks */
    LOP_IMPS,     /* a */
    LOP_RND,      /* a */
    LOP_SHAPEVAR, /* suit: a suit length inside a shape{} condition */
    LOP_NOT,      /* a */
    LOP_IF,       /* a ? b : c */
    LOP_AND, LOP_OR, LOP_ADD, LOP_SUB, LOP_MUL, LOP_DIV, LOP_MOD,
    LOP_EQ, LOP_NE, LOP_LT, LOP_LE, LOP_GT, LOP_GE,
};

struct lnode {
    uint8_t op;    /* enum lop */
    int8_t seat;
    int8_t suit;
    uint8_t table; /* point-count table for LOP_PTS */
    int32_t val;
    int32_t a, b, c; /* child node indexes, -1 = none */
    int line, col;   /* where it was written, for run-time errors */
    int16_t depth;   /* frames leval_node needs for it (parse.c: lprog_depth), <= 1001 */
    uint8_t flags;   /* LN_MEMO, LN_RND */
};
/* lnode.flags. LN_MEMO: the root of a variable's definition that is evaluated once per deal
 * (eval.c), its value kept for every other use in that deal: one of at least
 * LANG_VAR_TERMS terms (a variable counted as one), cheaper ones costing less to evaluate
 * again than to look up. A variable whose definition calls rnd() (LN_RND: the node or one
 * below it does) is evaluated at each use, as dealer does, so that each use draws anew. */
enum { LN_MEMO = 1, LN_RND = 2, LANG_VAR_TERMS = 24 };

/* Nesting limit of expressions, in the parser and in the evaluation: far above any script a
 * person writes, far below what overflows a thread's stack. && and || chains do not nest
 * (they are built to the right and evaluated in a loop), so long conditions stay legal. */
enum { LANG_MAX_DEPTH = 1000 };
/* Terms an expression that calls rnd() may evaluate per deal beyond what its size allows
 * (parse.c, lprog_node's expand): the uses of a variable that calls rnd() are evaluated
 * at each use, and a script that doubles such a variable level after level is refused instead
 * of running for ever. (Without rnd(), a use of a variable costs less than LANG_VAR_TERMS.) */
enum { LANG_MAX_EXPAND = 1000000 };

/* Point-count tables: 0 hcp, 1 controls, 2..11 pt0..pt9. value[r] for rank r (2..14). */
enum { LPT_HCP = 0, LPT_CONTROL = 1, LPT_PT0 = 2, LPT_NTABLES = 12 };

enum lact_type {
    LA_PRINTALL, LA_PRINTEW, LA_PRINT, LA_PRINTPBN, LA_PRINTCOMPACT, LA_PRINTONELINE,
    LA_PRINTES, LA_EVALCONTRACT, LA_AVERAGE, LA_FREQUENCY, LA_FREQUENCY2D,
};
struct lprint_item {
    int expr;       /* node, or -1 for a string */
    char *str;      /* owned, or NULL */
};
struct laction {
    enum lact_type type;
    char *label;    /* average/frequency label, owned, may be NULL */
    int expr, expr2; /* nodes, -1 if none */
    int lo, hi, lo2, hi2;
    unsigned seats; /* print(): bit per seat */
    struct lprint_item *items; /* printes */
    int nitems;
};

enum { SHAPE_CELLS = 14 * 14 * 14 * 14 };
static inline int shape_cell(int s, int h, int d, int c)
{
    return ((s * 14 + h) * 14 + d) * 14 + c;
}

struct lang_prog {
    char *name;            /* script name for messages ("(stdin)" for stdin) */
    char sha256[65];       /* of the script's bytes (lang_script_sha256) */
    struct lnode *nodes;
    uint32_t *expand;      /* per node: the terms evaluating it takes (LANG_MAX_EXPAND) */
    int nnodes, capnodes;
    int cond;              /* condition node, -1 = always true */
    long long generate;    /* 0 = not given */
    long long produce;     /* 0 = not given */
    int dealer;            /* -1 = rotate by board */
    int vul;               /* -1 = Law 2 cycle */
    struct deal predeal;   /* cards fixed by predeal */
    int8_t predeal_len[4][4]; /* predeal spades(north)==8: [seat][suit], -1 = free */
    int ptval[LPT_NTABLES][15];
    /* ptval grouped for evaluation: table t is sum of ptv[t][i] * popcount(hand & ptmask) */
    int ptn[LPT_NTABLES];
    int ptv[LPT_NTABLES][13];
    uint64_t ptmask[LPT_NTABLES][13];
    uint8_t *shapes;       /* nshapes bitmaps of SHAPE_CELLS bits */
    int nshapes;
    struct laction *acts;
    int nacts;
    bool default_action;   /* no action statement: printall */
    bool will_print;
    bool uses_dd, uses_rnd;
    struct { char *name; int node; } *vars;
    int nvars, capvars;
    int *varhash;          /* open addressing: index+1 into vars, 0 = empty */
    int nvarhash;          /* a power of two, at least twice nvars */
};

/* parse.c: expressions, and the token helpers that stmt.c shares. */
struct lparser {
    struct llexer lx;
    struct lang_prog *p;
    struct pd_err *e;
    int depth;  /* nesting of parse_primary/lp_ternary, bounded by LANG_MAX_DEPTH */
};
#define LTRY(x)                                                                               \
    do {                                                                                      \
        enum pd_status rc_ = (x);                                                             \
        if (rc_ != PD_OK)                                                                     \
            return rc_;                                                                       \
    } while (0)
const struct ltoken *lp_cur(struct lparser *ps);
enum pd_status lp_next(struct lparser *ps);
bool lp_punct(const struct ltoken *t, int c);
/* Fails at the current token: "what, found 'tok'". */
enum pd_status lp_fail_here(struct lparser *ps, const char *what);
enum pd_status lp_expect(struct lparser *ps, int c);
/* number: NUM | '-' NUM | a four-digit shape token */
enum pd_status lp_number(struct lparser *ps, int *out);
enum pd_status lp_seat(struct lparser *ps, int *seat);
/* A whole expression (?: included); sv allows the shape{} lengths s h d c. */
enum pd_status lp_ternary(struct lparser *ps, bool sv, int *out);
/* The node of a definition, or -1 (a hash lookup: scripts of many variables stay linear). */
int lp_find_var(const struct lang_prog *p, const char *name, int len);
/* Defines name[0..len) as node, evaluated once per deal (LN_MEMO) when that saves work and
 * keeps dealer's meaning (LANG_VAR_TERMS, no rnd()); the caller checked that it is new. */
enum pd_status lp_add_var(struct lang_prog *p, const char *name, int len, int node,
                          struct pd_err *e);

/* shape.c: the shape(...) list and the shape{...} (dealer.dpp) list. A shape{} condition
 * ("4333:h>3") is an expression over s h d c: the parser passes its expression reader as cond,
 * so that shape.c never calls back into parse.c (no cycle between the two files). */
typedef enum pd_status (*lshape_cond_fn)(struct llexer *lx, struct lang_prog *p, int *out,
                                         struct pd_err *e);
enum pd_status lshape_parse_list(struct llexer *lx, struct lang_prog *p, uint8_t *bits,
                                 struct pd_err *e);
enum pd_status lshape_parse_dpp(struct llexer *lx, struct lang_prog *p, uint8_t *bits,
                                lshape_cond_fn cond, struct pd_err *e);

/* ---------------------------------------------------------------- evaluation */

/* Per-evaluation state: the deal, and lazily the dd memo and the rnd stream. */
struct leval {
    const struct lang_prog *p;
    const struct deal *d;
    int shape_len[4];      /* for LOP_SHAPEVAR */
    struct dd_memo memo;
    bool memo_ready;
    int dd_thread;         /* libdds thread slot, -1 = pick one under a lock */
    /* rnd(): a stream that never touches the deals */
    struct deal_stream *rnd_stream; /* NULL: a splitmix64 from rnd_seed */
    uint64_t rnd_index;
    bool rnd_ready;
    uint64_t rnd_state;
    uint64_t rnd_seed;
    struct pd_err *e;
    bool failed;
    /* The deal's values of LN_MEMO variables are the cells of this thread tagged var_gen
     * (eval.c); 0: none yet. A caller that reuses an leval for another deal sets it to
     * 0 (with rnd_ready and memo_ready). */
    uint64_t var_gen;
};
int leval_node(struct leval *ev, int n);
int leval_tricks(struct leval *ev, int seat, int strain);
/* Compile-time tables from ptval (parse.c calls it once parsed). */
void leval_prepare(struct lang_prog *p);
int lscore(int vul, int strain, int level, int tricks);
/* Points of hand (or of one suit, suit >= 0) in table t: inline, since conditions and
 * statistics count them for every deal. The first four groups (all of hcp's) are unrolled:
 * leval_prepare zeroes the unused ones. */
static inline int leval_points(const struct lang_prog *p, uint64_t hand, int table, int suit)
{
    const int *v = p->ptv[table], n = p->ptn[table];
    const uint64_t *m = p->ptmask[table];
    int sum;

    if (suit >= 0)
        hand &= 0x1FFFULL << (16 * suit);
    sum = v[0] * __builtin_popcountll(hand & m[0]) + v[1] * __builtin_popcountll(hand & m[1]) +
          v[2] * __builtin_popcountll(hand & m[2]) + v[3] * __builtin_popcountll(hand & m[3]);
    for (int i = 4; i < n; i++)
        sum += v[i] * __builtin_popcountll(hand & m[i]);
    return sum;
}
/* The leaves evaluated without a call (a number, a point count such as hcp(north), a suit
 * length): true and *v set for those, false for every other node. No side effects. */
static inline __attribute__((always_inline)) bool lleaf(const struct lang_prog *p,
                                                        const struct deal *d,
                                                        const struct lnode *x, int *v)
{
    uint64_t hand = x->seat >= 0 && d ? d->hand[x->seat] : 0;

    switch ((enum lop)x->op) {
    case LOP_NUM:
        *v = x->val;
        return true;
    case LOP_PTS:
        *v = leval_points(p, hand, x->table, x->suit);
        return true;
    case LOP_LEN:
        *v = hand_length(hand, (enum suit)x->suit);
        return true;
    default:
        return false;
    }
}
/* op is one of the comparisons LOP_EQ .. LOP_GE. */
static inline int lcompare(enum lop op, long long a, long long b)
{
    switch (op) {
    case LOP_EQ:
        return a == b;
    case LOP_NE:
        return a != b;
    case LOP_LT:
        return a < b;
    case LOP_LE:
        return a <= b;
    case LOP_GT:
        return a > b;
    default:
        return a >= b;
    }
}
/* A comparison of two leaves (hcp(north) >= 15), or -1 for any other node. */
static inline __attribute__((always_inline)) int lleaf_test(const struct lang_prog *p,
                                                            const struct deal *d,
                                                            const struct lnode *x)
{
    int a, b;

    if (x->op < LOP_EQ || !lleaf(p, d, &p->nodes[x->a], &a) || !lleaf(p, d, &p->nodes[x->b], &b))
        return -1;
    return lcompare((enum lop)x->op, a, b);
}

/* ---------------------------------------------------------------- actions */

/* Accumulated results of the actions over a run (the main thread's, in deal order). */
/* A growing output buffer (dealer/lang/act.c): one deal's actions format into it, then one
 * fwrite. failed: memory ran out (what fitted is still written). */
struct lout {
    char *p;
    size_t len, cap;
    bool failed;
};
void lout_free(struct lout *b);

struct lacc {
    long long *sum;    /* per action: average sums (integers: exact, any thread count) */
    double *sumsq;     /* per action: sums of squares, for --sd */
    bool sd;           /* --sd: averages also print their standard deviation and count */
    long long **freq;  /* per action: frequency cells */
    long long (*ec)[2][5][14]; /* per action: evalcontract histograms [N/S][strain][tricks] */
    /* for printpbn */
    bool quiet;
    const char *input_name;
    unsigned long long seed;
    char date[16];
    struct lout out;   /* lact_run's buffer, reused from deal to deal */
};
enum pd_status lacc_init(struct lacc *a, const struct lang_prog *p, struct pd_err *e);
void lacc_free(struct lacc *a, const struct lang_prog *p);
/* Runs the actions for produced deal number nprod (0-based): printing goes to out, in one
 * fwrite, statistics to acc. print() deals are kept by the caller. */
enum pd_status lact_run(struct leval *ev, struct lacc *acc, FILE *out, long long nprod,
                        struct pd_err *e);
/* Scripts whose actions are only statistics (average, frequency, 2-D frequency; no tricks()):
 * a worker evaluates the values of each kept deal (lact_tally_eval, in lact_run's order, false
 * when one failed) and the commit counts them in deal order, as lact_run would: n rows of
 * stride ints, the values from the second int of each (lact_tally_rows). lact_tally_width is
 * the number of values per deal, 0 for other scripts. */
int lact_tally_width(const struct lang_prog *p);
bool lact_tally_eval(struct leval *ev, int *vals);
void lact_tally_rows(const struct lang_prog *p, struct lacc *acc, const int *rows, int n,
                     int stride);
/* Solves ahead what lact_run will ask of one deal (tricks() into ev->memo); no output. */
void lact_prefetch(struct leval *ev);
/* The end-of-run outputs: print() pages, averages, frequencies, evalcontract tables. */
void lact_finish(const struct lang_prog *p, const struct lacc *acc, const struct deal *kept,
                 long long nprod, FILE *out);

#endif
