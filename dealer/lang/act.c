/* dealer/lang/act.c - the actions of a script, in the layouts of Debian dealer 20211121:
 * printall, printew, print(...), printpbn, printcompact, printoneline, printes, average,
 * frequency (1-D and 2-D), evalcontract (which dealer cannot run: here through libdds).
 * A deal's actions format into one buffer (struct lout, reused from deal to deal) that is
 * written with one fwrite: no stdio call, and so no stdio lock, per character. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"

/* ---------------------------------------------------------------- the output buffer */

/* Room for n more bytes; false (and the buffer marked failed) when memory runs out. */
static bool lout_room(struct lout *b, size_t n)
{
    if (b->len + n <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 4096;

    while (cap < b->len + n)
        cap *= 2;
    char *p = realloc(b->p, cap);

    if (!p) {
        b->failed = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

static inline void lout_putc(struct lout *b, char c)
{
    if (b->len < b->cap || lout_room(b, 1))
        b->p[b->len++] = c;
}

static void lout_puts(struct lout *b, const char *s)
{
    size_t n = strlen(s);

    if (n && lout_room(b, n)) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    }
}

static void lout_printf(struct lout *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void lout_printf(struct lout *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (!lout_room(b, 64)) /* a buffer to format into, even the first time */
        return;
    va_start(ap, fmt);
    n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n < b->cap - b->len) {
        b->len += n > 0 ? (size_t)n : 0;
        return;
    }
    if (!lout_room(b, (size_t)n + 1))
        return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* printf's "%d", without printf. */
static void lout_int(struct lout *b, int v)
{
    char digits[12];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

    do
        digits[n++] = (char)('0' + u % 10);
    while (u /= 10);
    if (!lout_room(b, (size_t)n + 1))
        return;
    if (v < 0)
        b->p[b->len++] = '-';
    while (n)
        b->p[b->len++] = digits[--n];
}

/* Writes what the buffer holds with one fwrite and empties it. */
static void lout_flush(struct lout *b, FILE *out)
{
    if (b->len)
        fwrite(b->p, 1, b->len, out);
    b->len = 0;
}

void lout_free(struct lout *b)
{
    free(b->p);
    *b = (struct lout){0};
}

/* ---------------------------------------------------------------- one deal's layouts */

/* One suit of several hands side by side: "A K 5 " per hand, padded to 20 columns except
 * after the last hand; a void is "- "; a suit of more than 10 cards overflows. */
static void suit_row(struct lout *out, const uint64_t *hands, int n, enum suit s)
{
    int cards = 10;

    for (int i = 0; i < n; i++) {
        char ranks[13 + 8]; /* + 8: what hand_suit_text may write beyond */
        int k = (int)(hand_suit_text(hand_suit(hands[i], s), ranks) - ranks);

        for (; cards < 10; cards++)
            lout_puts(out, "  ");
        for (int j = 0; j < k; j++) {
            lout_putc(out, ranks[j]);
            lout_putc(out, ' ');
        }
        cards = k;
        if (cards == 0) {
            lout_puts(out, "- ");
            cards++;
        }
    }
    lout_putc(out, '\n');
}

static void print_hands(struct lout *out, const uint64_t *hands, int n)
{
    for (int s = 0; s < 4; s++)
        suit_row(out, hands, n, (enum suit)s);
    lout_putc(out, '\n');
}

/* "n AKQ.JT9.876.5432 e ..." : printcompact ends each hand with a newline, printoneline with
 * a space. At most 4 * (2 + 13 + 3 + 1) bytes, and 8 the copies may overwrite. */
static void print_compact(struct lout *out, const struct deal *d, bool oneline)
{
    if (!lout_room(out, 96))
        return;
    char *p = out->p + out->len;

    for (int h = 0; h < 4; h++) {
        uint64_t hand = d->hand[h];

        *p++ = "nesw"[h];
        *p++ = ' ';
        p = hand_suit_text(hand_suit(hand, SUIT_S), p);
        *p++ = '.';
        p = hand_suit_text(hand_suit(hand, SUIT_H), p);
        *p++ = '.';
        p = hand_suit_text(hand_suit(hand, SUIT_D), p);
        *p++ = '.';
        p = hand_suit_text(hand_suit(hand, SUIT_C), p);
        *p++ = oneline ? ' ' : '\n';
    }
    out->len = (size_t)(p - out->p);
}

static void print_pbn(struct lout *out, const struct lang_prog *p, const struct lacc *acc,
                      const struct deal *d, long long board)
{
    struct board_info b = board_law2((int)(board % 1000000000));
    int dealer = p->dealer >= 0 ? p->dealer : (int)((board - 1) % 4);
    int vul = p->vul >= 0 ? p->vul : (int)b.vul;
    char deal[DEAL_PBN_LEN];

    deal_to_pbn(d, SEAT_N, 0xF, deal);
    /* Debian's dealer prints "(null)" for stdin (printf of a null pointer): say what it is. */
    lout_printf(out, "[Event \"Hand simulated by predup dealer with file %s, seed %llu\"]\n",
                acc->input_name && strcmp(acc->input_name, "-") != 0 ? acc->input_name
                                                                     : "standard input",
                acc->seed);
    lout_printf(out, "[Site \"-\"]\n[Date \"%s\"]\n[Board \"%lld\"]\n", acc->date, board);
    lout_puts(out, "[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n");
    lout_printf(out, "[Dealer \"%c\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n",
                SEAT_LETTER[dealer], VUL_PBN[vul], deal);
    lout_puts(out, "[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n");
}

static void count_freq(const struct laction *a, long long *cells, int v, int v2)
{
    if (a->type == LA_FREQUENCY) {
        /* cells: [0] low, [1..n] values, [n+1] high */
        int n = a->hi - a->lo + 1;

        cells[v < a->lo ? 0 : v > a->hi ? n + 1 : v - a->lo + 1]++;
        return;
    }
    int w2 = a->hi2 - a->lo2 + 3;
    long long i = v < a->lo ? 0 : v > a->hi ? a->hi - a->lo + 2 : (long long)v - a->lo + 1;
    long long j = v2 < a->lo2 ? 0 : v2 > a->hi2 ? a->hi2 - a->lo2 + 2 : (long long)v2 - a->lo2 + 1;

    cells[i * w2 + j]++;
}

static int eval(struct leval *ev, int node)
{
    return leval_node(ev, node);
}

/* Counts one deal's value(s) into statistic i (average, frequency or 2-D frequency). */
static void count_stat(const struct laction *a, struct lacc *acc, int i, int v, int v2)
{
    if (a->type == LA_AVERAGE) {
        acc->sum[i] += v;
        acc->sumsq[i] += (double)v * v;
    } else
        count_freq(a, acc->freq[i], v, v2);
}

int lact_tally_width(const struct lang_prog *p)
{
    int n = 0;

    if (p->default_action || p->uses_dd)
        return 0;
    for (int i = 0; i < p->nacts; i++) {
        enum lact_type t = p->acts[i].type;

        if (t != LA_AVERAGE && t != LA_FREQUENCY && t != LA_FREQUENCY2D)
            return 0;
        n += t == LA_FREQUENCY2D ? 2 : 1;
    }
    return n;
}

/* leval_node, with the commonest statistic (a point count of one hand: hcp(north) ...) done
 * here, without the call. */
static inline int eval_stat(struct leval *ev, int node)
{
    const struct lnode *x = &ev->p->nodes[node];

    if (x->op == LOP_PTS && x->suit < 0)
        return leval_points(ev->p, ev->d->hand[x->seat], x->table, -1);
    return leval_node(ev, node);
}

LANG_HOT bool lact_tally_eval(struct leval *ev, int *vals)
{
    const struct lang_prog *p = ev->p;

    for (int i = 0; i < p->nacts && !ev->failed; i++) {
        const struct laction *a = &p->acts[i];

        *vals++ = eval_stat(ev, a->expr);
        if (a->type == LA_FREQUENCY2D)
            *vals++ = eval_stat(ev, a->expr2);
    }
    return !ev->failed;
}

/* Action by action (each has its own sums: the order of deals within each is kept). */
void lact_tally_rows(const struct lang_prog *p, struct lacc *acc, const int *rows, int n,
                     int stride)
{
    for (int i = 0, col = 1; i < p->nacts; i++) {
        const struct laction *a = &p->acts[i];
        const int *v = rows + col;

        if (a->type == LA_AVERAGE) {
            long long sum = 0;
            double sumsq = acc->sumsq[i];

            for (int k = 0; k < n; k++, v += stride) {
                sum += *v;
                sumsq += (double)*v * *v;
            }
            acc->sum[i] += sum;
            acc->sumsq[i] = sumsq;
        } else
            for (int k = 0; k < n; k++, v += stride)
                count_freq(a, acc->freq[i], v[0], a->type == LA_FREQUENCY2D ? v[1] : 0);
        col += a->type == LA_FREQUENCY2D ? 2 : 1;
    }
}

static size_t freq_cells(const struct laction *a)
{
    if (a->type == LA_FREQUENCY)
        return (size_t)(a->hi - a->lo + 3);
    return (size_t)(a->hi - a->lo + 3) * (size_t)(a->hi2 - a->lo2 + 3);
}

enum pd_status lacc_init(struct lacc *a, const struct lang_prog *p, struct pd_err *e)
{
    memset(a, 0, sizeof *a);
    hand_text_init(); /* print_compact's tables, filled before any run */
    a->sum = calloc((size_t)p->nacts + 1, sizeof *a->sum);
    a->sumsq = calloc((size_t)p->nacts + 1, sizeof *a->sumsq);
    a->freq = calloc((size_t)p->nacts + 1, sizeof *a->freq);
    a->ec = calloc((size_t)p->nacts + 1, sizeof *a->ec);
    if (!a->sum || !a->sumsq || !a->freq || !a->ec)
        goto nomem;
    for (int i = 0; i < p->nacts; i++) {
        const struct laction *x = &p->acts[i];

        if (x->type == LA_FREQUENCY || x->type == LA_FREQUENCY2D)
            if (!(a->freq[i] = calloc(freq_cells(x), sizeof **a->freq)))
                goto nomem;
    }
    return PD_OK;
nomem:
    lacc_free(a, p);
    return pd_fail(e, PD_ERR_NOMEM, "out of memory for the statistics");
}

void lacc_free(struct lacc *a, const struct lang_prog *p)
{
    if (a->freq)
        for (int i = 0; i < p->nacts; i++)
            free(a->freq[i]);
    free(a->freq);
    free(a->sum);
    free(a->sumsq);
    a->sumsq = NULL;
    free(a->ec);
    lout_free(&a->out);
    a->freq = NULL;
    a->sum = NULL;
    a->ec = NULL;
}

enum pd_status lact_run(struct leval *ev, struct lacc *acc, FILE *file, long long nprod,
                        struct pd_err *e)
{
    const struct lang_prog *p = ev->p;
    const struct deal *d = ev->d;
    struct lout *out = &acc->out;

    if (p->default_action) {
        lout_printf(out, "%4lld.\n", nprod + 1);
        print_hands(out, d->hand, 4);
        lout_flush(out, file);
        return out->failed ? pd_fail(e, PD_ERR_NOMEM, "out of memory for the output") : PD_OK;
    }
    for (int i = 0; i < p->nacts && !ev->failed; i++) {
        const struct laction *a = &p->acts[i];

        switch (a->type) {
        case LA_PRINTALL:
            lout_printf(out, "%4lld.\n", nprod + 1);
            print_hands(out, d->hand, 4);
            break;
        case LA_PRINTEW: {
            uint64_t we[2] = {d->hand[SEAT_W], d->hand[SEAT_E]};

            print_hands(out, we, 2);
            break;
        }
        case LA_PRINT:
            break; /* the runner keeps the deal; printed at the end */
        case LA_PRINTPBN:
            if (!acc->quiet)
                print_pbn(out, p, acc, d, nprod + 1);
            break;
        case LA_PRINTCOMPACT:
            print_compact(out, d, false);
            if (a->expr >= 0)
                {
                lout_int(out, eval(ev, a->expr));
                lout_putc(out, '\n');
            }
            break;
        case LA_PRINTONELINE:
            print_compact(out, d, true);
            if (a->expr >= 0)
                lout_int(out, eval(ev, a->expr));
            lout_putc(out, '\n');
            break;
        case LA_PRINTES:
            for (int k = 0; k < a->nitems; k++) {
                if (a->items[k].expr >= 0)
                    lout_int(out, eval(ev, a->items[k].expr));
                if (a->items[k].str)
                    lout_puts(out, a->items[k].str);
            }
            break;
        case LA_AVERAGE:
        case LA_FREQUENCY:
        case LA_FREQUENCY2D: {
            int v = eval(ev, a->expr);

            count_stat(a, acc, i, v, a->type == LA_FREQUENCY2D ? eval(ev, a->expr2) : 0);
            break;
        }
        case LA_EVALCONTRACT:
            for (int st = 0; st < 5 && !ev->failed; st++)
                for (int side = 0; side < 2; side++)
                    acc->ec[i][side][st][leval_tricks(ev, side ? SEAT_S : SEAT_N, st)]++;
            break;
        }
    }
    lout_flush(out, file); /* what came before a failure is printed, as it was unbuffered */
    if (out->failed)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory for the output");
    return ev->failed ? (e && e->code ? e->code : PD_ERR_RANGE) : PD_OK;
}

/* What lact_run evaluates for one deal, in the same order (rnd() draws in sequence), printing
 * and counting nothing: a worker thread calls it so that the tricks() the actions ask for are
 * solved into ev->memo in parallel, and the commit in deal order finds them solved. */
void lact_prefetch(struct leval *ev)
{
    const struct lang_prog *p = ev->p;

    for (int i = 0; i < p->nacts && !p->default_action && !ev->failed; i++) {
        const struct laction *a = &p->acts[i];

        switch (a->type) {
        case LA_PRINTES:
            for (int k = 0; k < a->nitems && !ev->failed; k++)
                if (a->items[k].expr >= 0)
                    eval(ev, a->items[k].expr);
            break;
        case LA_EVALCONTRACT:
            for (int st = 0; st < 5 && !ev->failed; st++)
                for (int side = 0; side < 2; side++)
                    leval_tricks(ev, side ? SEAT_S : SEAT_N, st);
            break;
        case LA_FREQUENCY2D:
            eval(ev, a->expr);
            eval(ev, a->expr2);
            break;
        default:
            if (a->expr >= 0 && a->type != LA_PRINT && a->type != LA_PRINTPBN)
                eval(ev, a->expr);
            break;
        }
    }
}

static void print_freq(struct lout *out, const struct laction *a, const long long *c)
{
    int n = a->hi - a->lo + 1;

    lout_printf(out, "Frequency %s:\n", a->label ? a->label : "");
    if (c[0])
        lout_printf(out, "Low\t%8lld\n", c[0]);
    for (int i = 0; i < n; i++)
        lout_printf(out, "%5d\t%8lld\n", a->lo + i, c[i + 1]);
    if (c[n + 1])
        lout_printf(out, "High\t%8lld\n", c[n + 1]);
}

static void print_freq2d(struct lout *out, const struct laction *a, const long long *c)
{
    int rows = a->hi - a->lo + 3, cols = a->hi2 - a->lo2 + 3;
    long long total = 0;

    lout_printf(out, "Frequency %s:\n", a->label ? a->label : "");
    lout_puts(out, "        Low");
    for (int j = 1; j < cols - 1; j++)
        lout_printf(out, " %6d", a->lo2 + j - 1);
    lout_puts(out, "   High    Sum\n");
    for (int i = 0; i < rows; i++) {
        long long row = 0;

        if (i == 0)
            lout_puts(out, "Low ");
        else if (i == rows - 1)
            lout_puts(out, "High");
        else
            lout_printf(out, "%4d", a->lo + i - 1);
        for (int j = 0; j < cols; j++) {
            row += c[i * cols + j];
            lout_printf(out, " %6lld", c[i * cols + j]);
        }
        lout_printf(out, " %6lld\n", row);
        total += row;
    }
    lout_puts(out, "Sum ");
    for (int j = 0; j < cols; j++) {
        long long col = 0;

        for (int i = 0; i < rows; i++)
            col += c[i * cols + j];
        lout_printf(out, " %6lld", col);
    }
    lout_printf(out, " %6lld\n\n", total);
}

/* Average score per level and strain, North then South declaring, as dealer's manual. */
static void print_evalcontract(struct lout *out, long long (*ec)[5][14], long long nprod)
{
    static const int strain_of_row[5] = {STRAIN_C, STRAIN_D, STRAIN_H, STRAIN_S, STRAIN_NT};

    for (int v = 0; v < 2; v++) {
        lout_printf(out, "%sVulnerable\n   ", v ? "" : "Not ");
        for (int l = 1; l < 8; l++)
            lout_printf(out, "  %d       ", l);
        lout_putc(out, '\n');
        for (int row = 0; row < 5; row++) {
            int st = strain_of_row[row];

            lout_printf(out, "%c: ", "cdhsn"[row]);
            for (int l = 1; l < 8; l++) {
                long long t = 0, tn = 0;

                for (int k = 0; k < 14; k++) {
                    t += ec[0][st][k] * lscore(v, st, l, k);
                    tn += ec[1][st][k] * lscore(v, st, l, k);
                }
                lout_printf(out, "%4lld/%4lld ", nprod ? t / nprod : 0, nprod ? tn / nprod : 0);
            }
            lout_putc(out, '\n');
        }
        lout_putc(out, '\n');
    }
}

static void print_pages(struct lout *out, FILE *file, const struct laction *a,
                        const struct deal *kept, long long nprod)
{
    for (int seat = 0; seat < 4; seat++) {
        if (!(a->seats >> seat & 1))
            continue;
        lout_printf(out, "\n\n%s hands:\n\n\n\n", SEAT_NAME[seat]);
        for (long long i = 0; i < nprod; i += 4) {
            int n = nprod - i > 4 ? 4 : (int)(nprod - i);
            uint64_t hands[4];

            for (int k = 0; k < n; k++) {
                lout_printf(out, "%4lld.%15c", i + k + 1, ' ');
                hands[k] = kept[i + k].hand[seat];
            }
            lout_putc(out, '\n');
            print_hands(out, hands, n);
            lout_flush(out, file); /* a row of four deals at a time: print() keeps them all */
        }
        lout_putc(out, '\f');
    }
}

void lact_finish(const struct lang_prog *p, const struct lacc *acc, const struct deal *kept,
                 long long nprod, FILE *file)
{
    struct lout buf = {0}, *out = &buf;

    for (int i = 0; i < p->nacts; i++, lout_flush(out, file)) {
        const struct laction *a = &p->acts[i];

        switch (a->type) {
        case LA_PRINT:
            print_pages(out, file, a, kept, nprod);
            break;
        case LA_AVERAGE:
            if (a->label)
                lout_printf(out, "%s: ", a->label);
            if (acc->sd && nprod) {
                double m = (double)acc->sum[i] / (double)nprod;
                double var = acc->sumsq[i] / (double)nprod - m * m;

                lout_printf(out, "%.9g %.9g %lld\n", m, var > 0 ? sqrt(var) : 0.0, nprod);
                break;
            }
            lout_printf(out, "%g\n", nprod ? (double)acc->sum[i] / (double)nprod : 0.0);
            break;
        case LA_FREQUENCY:
            print_freq(out, a, acc->freq[i]);
            break;
        case LA_FREQUENCY2D:
            print_freq2d(out, a, acc->freq[i]);
            break;
        case LA_EVALCONTRACT:
            print_evalcontract(out, acc->ec[i], nprod);
            break;
        default:
            break;
        }
    }
    lout_free(out);
}
