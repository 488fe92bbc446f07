/* dealer/lang/eval.c - evaluation of a compiled script on one deal, straight from the hand
 * masks: lengths and point counts are popcounts, shapes one bit lookup, tricks() through
 * dd_memo (each declarer/strain solved at most once per deal, only when asked), rnd() from a
 * stream of its own so that it never changes the deals. Integers wrap as 32-bit C ints;
 * a division by zero is an error naming the script position. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"

/* Plain losing-trick count of one suit, as dealer: no corrections. */
static int suit_losers(unsigned h)
{
    int len = __builtin_popcount(h);
    bool A = h >> 12 & 1, K = h >> 11 & 1, Q = h >> 10 & 1;

    switch (len) {
    case 0:
        return 0;
    case 1:
        return A ? 0 : 1;
    case 2:
        return A && K ? 0 : (A || K) ? 1 : 2;
    default:
        return 3 - A - K - Q;
    }
}

static int leval_losers(uint64_t hand, int suit)
{
    int sum = 0;

    if (suit >= 0)
        return suit_losers(hand_suit(hand, (enum suit)suit));
    for (int s = 0; s < 4; s++)
        sum += suit_losers(hand_suit(hand, (enum suit)s));
    return sum;
}

/* Kaplan-Rubens suit quality (The Bridge World, October 1982), times 100. */
static int leval_quality(uint64_t hand, int suit)
{
    unsigned h = hand_suit(hand, (enum suit)suit);
    int len = __builtin_popcount(h), f = len * 10, q = 0, higher = 0;
    bool A = h >> 12 & 1, K = h >> 11 & 1, Q = h >> 10 & 1, J = h >> 9 & 1, T = h >> 8 & 1,
         N = h >> 7 & 1, E = h >> 6 & 1;

    q += A * 4 * f + K * 3 * f + Q * 2 * f + J * f;
    higher = A + K + Q + J;
    if (len > 6) {
        int replace = 3 - 2 * Q - J;

        if (replace > len - 6)
            replace = len - 6;
        q += replace * f;
    } else {
        if (T)
            q += (higher > 1 || J) ? f : f / 2;
        if (N && (higher == 2 || T || E))
            q += f / 2;
    }
    return q;
}

/* Kaplan-Rubens hand evaluation (The Bridge World, October 1982), times 100. */
static int leval_cccc(uint64_t hand)
{
    int eval = 0, shape = 0;

    for (int s = 0; s < 4; s++) {
        unsigned h = hand_suit(hand, (enum suit)s);
        int len = __builtin_popcount(h), higher = 0;
        bool A = h >> 12 & 1, K = h >> 11 & 1, Q = h >> 10 & 1, J = h >> 9 & 1,
             T = h >> 8 & 1, N = h >> 7 & 1;

        if (len < 3)
            shape += (3 - len) * 100;
        if (A) {
            eval += 300;
            higher++;
        }
        if (K) {
            eval += len == 1 ? 50 : 200;
            higher++;
        }
        if (Q) {
            eval += 100 - (len == 1 ? 75 : 0) - (len == 2 ? 25 : 0) - (higher == 0 ? 25 : 0);
            higher++;
        }
        if (J) {
            eval += higher == 2 ? 50 : higher == 1 ? 25 : 0;
            higher++;
        }
        if (T && (higher == 2 || (higher == 1 && N)))
            eval += 25;
        eval += leval_quality(hand, s);
    }
    return eval + (shape == 0 ? -50 : shape - 100);
}

/* Duplicate score for declarer; strain S,H,D,C,NT as enum strain. */
int lscore(int vul, int strain, int level, int tricks)
{
    int total;
    bool major = strain == STRAIN_S || strain == STRAIN_H, nt = strain == STRAIN_NT;

    if (tricks < 6 + level)
        return -50 * (1 + vul) * (6 + level - tricks);
    total = (major || nt ? 30 : 20) * (tricks - 6) + (nt ? 10 : 0) + 50;
    if ((nt && level >= 3) || (major && level >= 4) || (!nt && !major && level >= 5))
        total += 250 + 200 * vul;
    if (level == 6)
        total += 500 + 250 * vul;
    if (level == 7)
        total += 1000 + 500 * vul;
    return total;
}

static int limps(int diff)
{
    static const int steps[24] = {10,   40,   80,   120,  160,  210,  260,  310,
                                  360,  410,  490,  590,  740,  890,  1090, 1190,
                                  1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990};
    long long a = diff < 0 ? -(long long)diff : diff;
    int i = 0;

    while (i < 24 && steps[i] < a)
        i++;
    return diff < 0 ? -i : i;
}

static int eval_fail(struct leval *ev, int n, const char *msg)
{
    const struct lnode *x = &ev->p->nodes[n];

    if (!ev->failed)
        pd_fail_at(ev->e, PD_ERR_RANGE, ev->p->name, x->line, x->col, NULL, "%s", msg);
    ev->failed = true;
    return 0;
}

/* libdds thread slots for callers that did not get one (lang_accept from any thread). */
static pthread_mutex_t slot_lock[8] = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
};

int leval_tricks(struct leval *ev, int seat, int strain)
{
    int tricks = 0;
    enum pd_status rc;

    if (!ev->memo_ready) {
        dd_memo_reset(&ev->memo, ev->d);
        ev->memo_ready = true;
    }
    if (ev->memo.tricks[seat][strain] >= 0)
        return ev->memo.tricks[seat][strain];
    if (ev->dd_thread >= 0) {
        rc = dd_memo_tricks(&ev->memo, (enum seat)seat, (enum strain)strain, ev->dd_thread,
                            &tricks, ev->e);
    } else {
        static _Atomic unsigned next_slot;
        static _Thread_local int slot = -1;
        int max = dd_max_threads() < 8 ? dd_max_threads() : 8;

        if (slot < 0)
            slot = (int)(next_slot++ % (unsigned)max);
        pthread_mutex_lock(&slot_lock[slot]);
        rc = dd_memo_tricks(&ev->memo, (enum seat)seat, (enum strain)strain, slot, &tricks,
                            ev->e);
        pthread_mutex_unlock(&slot_lock[slot]);
    }
    if (rc != PD_OK) {
        ev->failed = true;
        return 0;
    }
    return tricks;
}

void leval_prepare(struct lang_prog *p)
{
    for (int t = 0; t < LPT_NTABLES; t++) {
        p->ptn[t] = 0;
        memset(p->ptv[t], 0, sizeof p->ptv[t]);
        memset(p->ptmask[t], 0, sizeof p->ptmask[t]);
        for (int r = RANK_A; r >= RANK_2; r--) {
            int v = p->ptval[t][r], i;

            if (!v)
                continue;
            for (i = 0; i < p->ptn[t] && p->ptv[t][i] != v; i++)
                ;
            if (i == p->ptn[t]) {
                p->ptv[t][i] = v;
                p->ptmask[t][i] = 0;
                p->ptn[t]++;
            }
            p->ptmask[t][i] |= 0x0001000100010001ULL << (r - RANK_2);
        }
    }
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int eval_rnd(struct leval *ev, int limit)
{
    if (limit <= 0)
        return 0;
    if (ev->rnd_stream) {
        if (!ev->rnd_ready) {
            if (deal_stream_seek(ev->rnd_stream, STREAM_RND, ev->rnd_index, ev->e) != PD_OK) {
                ev->failed = true;
                return 0;
            }
            ev->rnd_ready = true;
        }
        return (int)deal_stream_below(ev->rnd_stream, (uint32_t)limit);
    }
    if (!ev->rnd_ready) {
        ev->rnd_state = ev->rnd_seed;
        ev->rnd_ready = true;
    }
    for (;;) { /* rejection: no modulo bias */
        uint32_t r = (uint32_t)(splitmix(&ev->rnd_state) >> 32);
        uint32_t lim = (uint32_t)limit, bound = -lim % lim;

        if (r >= bound)
            return (int)(r % lim);
    }
}

static int wrap(long long v)
{
    return (int)(int32_t)(uint32_t)(uint64_t)v;
}

static bool is_andor(const struct lang_prog *p, int n)
{
    return p->nodes[n].op == LOP_AND || p->nodes[n].op == LOP_OR;
}

static inline __attribute__((always_inline)) int operand(struct leval *ev, int n)
{
    int v;

    return lleaf(ev->p, ev->d, &ev->p->nodes[n], &v) ? v : leval_node(ev, n);
}

/* An operand of && or ||: a comparison of two leaves (hcp(north) >= 15) done here. */
static inline __attribute__((always_inline)) int test(struct leval *ev, int n)
{
    int t = lleaf_test(ev->p, ev->d, &ev->p->nodes[n]);

    return t >= 0 ? t : leval_node(ev, n);
}

/* The operations of two operands (arithmetic and comparisons), both evaluated first. */
static inline __attribute__((always_inline)) int eval_binary(struct leval *ev, int n,
                                                             const struct lnode *x)
{
    long long a = operand(ev, x->a), b = operand(ev, x->b);

    switch ((enum lop)x->op) {
    case LOP_ADD:
        return wrap(a + b);
    case LOP_SUB:
        return wrap(a - b);
    case LOP_MUL:
        return wrap(a * b);
    case LOP_DIV:
        return b == 0 ? eval_fail(ev, n, "division by zero") : wrap(a / b);
    case LOP_MOD:
        return b == 0 ? eval_fail(ev, n, "remainder of a division by zero") : wrap(a % b);
    case LOP_EQ: case LOP_NE: case LOP_LT: case LOP_LE: case LOP_GT: case LOP_GE:
        return lcompare((enum lop)x->op, a, b);
    default:
        return eval_fail(ev, n, "internal: unknown operation");
    }
}

static int eval_var(struct leval *ev, int n);

/* Recursive on the operands, except that the right operand of && and || and the branch of ?:
 * are evaluated in this frame (the loop): the parser builds && and || chains to the right, so
 * the stack depth is the node's depth field, at most LANG_MAX_DEPTH. A variable evaluated
 * once per deal (LN_MEMO) goes through eval_var, which comes back here with var set to its
 * node: that one node is evaluated, the variables below it go through eval_var again. */
static inline __attribute__((always_inline)) int eval_node(struct leval *ev, int n, int var)
{
    const struct lnode *x;
    uint64_t hand;

again:
    x = &ev->p->nodes[n];
    if (__builtin_expect(x->flags & LN_MEMO, 0) && n != var)
        return eval_var(ev, n);
    hand = x->seat >= 0 && ev->d ? ev->d->hand[x->seat] : 0;
    switch ((enum lop)x->op) {
    case LOP_NUM:
        return x->val;
    case LOP_LEN:
        return hand_length(hand, (enum suit)x->suit);
    case LOP_PTS:
        return leval_points(ev->p, hand, x->table, x->suit);
    case LOP_LOSER:
        return leval_losers(hand, x->suit);
    case LOP_CCCC:
        return leval_cccc(hand);
    case LOP_QUALITY:
        return leval_quality(hand, x->suit);
    case LOP_SHAPE: {
        int cell = shape_cell(hand_length(hand, SUIT_S), hand_length(hand, SUIT_H),
                              hand_length(hand, SUIT_D), hand_length(hand, SUIT_C));
        const uint8_t *bits = ev->p->shapes + (size_t)x->val * (SHAPE_CELLS / 8 + 1);

        return bits[cell >> 3] >> (cell & 7) & 1;
    }
    case LOP_HASCARD:
        return (int)(hand >> x->val & 1);
    case LOP_TRICKS:
        return leval_tricks(ev, x->seat, x->suit);
    case LOP_SCORE:
        return lscore(x->seat, x->val % 5, x->val / 5, leval_node(ev, x->a));
    case LOP_IMPS:
        return limps(leval_node(ev, x->a));
    case LOP_RND:
        return eval_rnd(ev, leval_node(ev, x->a));
    case LOP_SHAPEVAR:
        return ev->shape_len[x->suit];
    case LOP_NOT:
        return !leval_node(ev, x->a);
    case LOP_IF:
        n = leval_node(ev, x->a) ? x->b : x->c;
        goto again;
    case LOP_AND:
    case LOP_OR:
        if ((test(ev, x->a) != 0) != (x->op == LOP_AND))
            return x->op == LOP_OR;
        n = x->b;
        if (is_andor(ev->p, n))
            goto again;
        return test(ev, n) != 0;
    default:
        return eval_binary(ev, n, x);
    }
}

LANG_HOT int leval_node(struct leval *ev, int n)
{
    return eval_node(ev, n, -1);
}

/* ---- variables evaluated once per deal: a cell per node in each thread, valid for the
 * evaluation (deal) whose generation it carries, so that a new deal clears nothing. Threads
 * free theirs when they end (var_key); the main thread's lives to the exit. */
struct var_cell {
    uint64_t gen;
    int val;
};
static _Thread_local struct var_cell *var_cells;
static _Thread_local int var_ncells;
static _Thread_local uint64_t var_last_gen;
static pthread_key_t var_key;
static pthread_once_t var_once = PTHREAD_ONCE_INIT;

static void var_key_make(void)
{
    pthread_key_create(&var_key, free);
}

/* Cells for every node of the script in this thread; false when out of memory. */
static bool var_room(int nnodes)
{
    struct var_cell *c;

    if (nnodes <= var_ncells)
        return true;
    if (!(c = realloc(var_cells, (size_t)nnodes * sizeof *c)))
        return false;
    memset(c + var_ncells, 0, (size_t)(nnodes - var_ncells) * sizeof *c);
    var_cells = c;
    var_ncells = nnodes;
    pthread_once(&var_once, var_key_make);
    pthread_setspecific(var_key, c);
    return true;
}

/* Variable n: its value of this deal, evaluated at its first use. Out of memory, it is
 * evaluated at each use (the same value, only slower). */
static __attribute__((noinline)) int eval_var(struct leval *ev, int n)
{
    int v;

    if (!var_room(ev->p->nnodes))
        return eval_node(ev, n, n);
    if (!ev->var_gen)
        ev->var_gen = ++var_last_gen;
    if (var_cells[n].gen == ev->var_gen)
        return var_cells[n].val;
    v = eval_node(ev, n, n);
    var_cells[n].gen = ev->var_gen; /* the cells did not move: var_room grew them to nnodes */
    var_cells[n].val = v;
    return v;
}

/* True when the deal has the predealt cards and suit lengths of the script. */
static bool predeal_holds(const struct lang_prog *p, const struct deal *d)
{
    for (int s = 0; s < 4; s++) {
        if ((d->hand[s] & p->predeal.hand[s]) != p->predeal.hand[s])
            return false;
        for (int su = 0; su < 4; su++)
            if (p->predeal_len[s][su] >= 0 &&
                hand_length(d->hand[s], (enum suit)su) != p->predeal_len[s][su])
                return false;
    }
    return true;
}

int lang_accept(void *prog, const struct deal *d, int board, struct pd_err *e)
{
    const struct lang_prog *p = prog;
    struct leval ev = {.p = p, .d = d, .dd_thread = -1, .e = e};
    int ok;

    if (!predeal_holds(p, d))
        return 0;
    if (p->cond < 0)
        return 1;
    /* rnd() in a tournament set: a function of the deal and board, so outsiders can verify */
    ev.rnd_seed = (uint64_t)board * 0x9E3779B97F4A7C15ULL;
    for (int s = 0; s < 4; s++)
        ev.rnd_seed = (ev.rnd_seed ^ d->hand[s]) * 0xBF58476D1CE4E5B9ULL;
    ok = leval_node(&ev, p->cond);
    if (ev.failed)
        return -1;
    return ok != 0;
}
