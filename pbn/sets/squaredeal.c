/* pbn/sets/squaredeal.c - the engines of `predup deal --squaredeal` and `predup verify
 * --squaredeal`: re-deal a session of a SquareDeal event (the deals Big Deal gave it) and check
 * published sets against them, board by board. The derivation is in dealer/event/squaredeal.c
 * and dealer/event/bigdeal.c (dealer/BIGDEAL.md); the front-end is config/commands/cmd_squaredeal.c. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/sets/sets.h"

/* Big Deal writes every board's dealer and vulnerability by Law 2, with no override. */
static const struct board_rule big_deal_rule = {-1, -1, -1, -1};

/* The session's deals, decoded from Big Deal's numbers: deals[i] is board first + i. */
static enum pd_status session_deals(const struct sqd_session *ss, struct deal **out,
                                    struct pd_err *e)
{
    size_t n = (size_t)(ss->last - ss->first + 1);
    deal_num *num = calloc(n, sizeof *num);
    struct deal *deals = calloc(n, sizeof *deals);
    enum pd_status rc = num && deals ? bigdeal_run(&ss->seed, n, num, e)
                                     : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    for (size_t i = 0; rc == PD_OK && i < n; i++)
        rc = godel_to_deal(num[i], &deals[i], e);
    free(num);
    if (rc != PD_OK) {
        free(deals);
        return rc;
    }
    *out = deals;
    return PD_OK;
}

static void note_lf(FILE *out, bool lf, const char *sqd)
{
    if (lf)
        fprintf(out, "%s: note: the .sqk has LF line ends; it matches KH in the CRLF form "
                "SquareDeal hashes\n", sqd);
}

static enum pd_status build_set(const struct sqd_event *ev, const struct sqd_session *ss,
                                const struct deal *deals, struct pbn_set *set, struct pd_err *e)
{
    char generator[256];
    struct pbn_event pe = {ev->name, NULL, NULL, generator};
    enum pd_status rc = PD_OK;

    snprintf(generator, sizeof generator, "predup %s squaredeal session=%d,%d %s (Big Deal's "
             "deals)", PREDUP_VERSION, ss->phase, ss->session,
             ss->reserve ? "reserve" : "original");
    for (int b = ss->first; rc == PD_OK && b <= ss->last; b++) {
        struct pbn_game *g;

        rc = pbn_game_add(set, &g, e);
        if (rc == PD_OK)
            rc = pbn_game_from_board(g, &pe, board_conditions(&big_deal_rule, b),
                                     &deals[b - ss->first], NULL, e);
    }
    return rc;
}

enum pd_status sqd_deal_session(const struct sqd_set_opts *o, struct pd_err *e)
{
    struct sqd_event ev;
    struct sqd_session ss;
    struct deal *deals = NULL;
    struct pbn_set *set = NULL;
    enum pd_status rc = sqd_load(o->sqd, &ev, e);

    if (rc != PD_OK)
        return rc;
    rc = sqd_session_open(&ev, o->span.phase, o->span.lo, o->span.reserve, o->boards, &ss, e);
    if (rc == PD_OK)
        rc = session_deals(&ss, &deals, e);
    if (rc == PD_OK)
        rc = pbn_set_new(&set, e);
    if (rc == PD_OK)
        rc = build_set(&ev, &ss, deals, set, e);
    if (rc == PD_OK)
        rc = pbn_write_formats_ex(o->out, o->formats, o->out_flags, set, e);
    if (rc == PD_OK) /* stderr: the set may be going to stdout */
        note_lf(stderr, ss.sqk_lf, o->sqd);
    pbn_set_free(set);
    free(deals);
    pd_wipe(&ss, sizeof ss);
    sqd_free(&ev);
    return rc;
}

/* What a set must hold: boards first..last with their deals, from sessions of one phase. */
struct expect {
    int first, last;
    struct deal *deals; /* deals[b - first] */
    bool sqk_lf;
    char what[1200];    /* "phase 1 session 2 (original, boards 11-20) of EVENT.sqd" */
};

/* The decimal number at *p (up to nine digits), which is moved past it; 0 when none. */
static int name_number(const char **p)
{
    int v = 0, digits = 0;

    while (**p >= '0' && **p <= '9' && digits++ < 9)
        v = v * 10 + (*(*p)++ - '0');
    return v;
}

/* The sessions of phase ph that base[0..len) names, if any: the number after the prefix's
 * part before its run of '#' is read, then the name is made again from it and compared (one
 * try per phase: a phase of 9999 sessions is not searched pair by pair). */
static bool span_in_phase(const struct sqd_phase *ph, const char *base, size_t len,
                          bool combined, struct sqd_span *sp)
{
    const char *run = strchr(ph->prefix, '#'), *p = base + (run ? run - ph->prefix : 0);
    int lo = 1, hi = 1;
    char name[160];

    if (run && (len < (size_t)(run - ph->prefix) || strncmp(base, ph->prefix, p - base) != 0))
        return false;
    if (run) {
        lo = hi = name_number(&p);
        if (combined && *p == '-') {
            p++;
            hi = name_number(&p);
        }
    }
    if (lo < 1 || hi < lo || hi > ph->sessions)
        return false;
    for (int r = 0; r < 2; r++) {
        sqd_file_name(ph, lo, hi, r, name, sizeof name);
        if (strlen(name) == len && strncmp(name, base, len) == 0) {
            *sp = (struct sqd_span){0, lo, hi, r};
            return true;
        }
    }
    return false;
}

/* The span a set's file name stands for: SquareDeal names a set by its phase's file prefix
 * with the session number ("reserve" after it for a reserve set), and a file of consecutive
 * sessions it combined by the range ("SWISS01-03"). */
static bool span_from_name(const struct sqd_event *ev, const char *path, struct sqd_span *sp)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    bool combined = memchr(base, '-', len) != NULL;

    for (int p = 0; p < ev->nphases; p++)
        if (span_in_phase(&ev->phases[p], base, len, combined, sp)) {
            sp->phase = p + 1;
            return true;
        }
    return false;
}

/* Appends one session's deals to x (its boards must continue x's). */
static enum pd_status add_session(const struct sqd_event *ev, const struct sqd_span *sp, int s,
                                  const char *boards, struct expect *x, struct pd_err *e)
{
    struct sqd_session ss;
    struct deal *deals = NULL, *grown;
    enum pd_status rc = sqd_session_open(ev, sp->phase, s, sp->reserve, boards, &ss, e);

    if (rc == PD_OK && s > sp->lo && ss.first != x->last + 1)
        rc = pd_fail(e, PD_ERR_USAGE, "sessions %d and %d of phase %d do not continue each "
                     "other's boards: verify them one by one", s - 1, s, sp->phase);
    if (rc == PD_OK)
        rc = session_deals(&ss, &deals, e);
    if (rc != PD_OK) {
        pd_wipe(&ss, sizeof ss);
        return rc;
    }
    if (s == sp->lo)
        x->first = ss.first;
    x->last = ss.last;
    x->sqk_lf = ss.sqk_lf;
    grown = realloc(x->deals, (size_t)(x->last - x->first + 1) * sizeof *grown);
    if (grown) {
        x->deals = grown;
        memcpy(&grown[ss.first - x->first], deals,
               (size_t)(ss.last - ss.first + 1) * sizeof *deals);
    }
    free(deals);
    pd_wipe(&ss, sizeof ss);
    return grown ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
}

static enum pd_status expect_span(const struct sqd_event *ev, const struct sqd_span *sp,
                                  const char *boards, struct expect *x, struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    char sessions[40];

    memset(x, 0, sizeof *x);
    for (int s = sp->lo; rc == PD_OK && s <= sp->hi; s++)
        rc = add_session(ev, sp, s, boards, x, e);
    if (sp->lo == sp->hi)
        snprintf(sessions, sizeof sessions, "session %d", sp->lo);
    else
        snprintf(sessions, sizeof sessions, "sessions %d-%d", sp->lo, sp->hi);
    snprintf(x->what, sizeof x->what, "phase %d %s (%s, boards %d-%d) of %s", sp->phase,
             sessions, sp->reserve ? "reserve" : "original", x->first, x->last, ev->path);
    return rc;
}

/* A set's faults: all counted, the first MAX_FAULT_LINES printed (a crafted file or session
 * of 100,000 boards would otherwise print a line for each). */
enum { MAX_FAULT_LINES = 100 };
struct tally {
    const char *file;
    int faults;
};

static void fault(struct tally *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fault(struct tally *t, const char *fmt, ...)
{
    va_list ap;

    if (++t->faults > MAX_FAULT_LINES)
        return;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

/* True when game g's board belongs to the span and was not seen before (and marks it seen);
 * a fault otherwise. */
static bool placed_once(const struct pbn_game *g, struct tally *t, const char *where,
                        const struct expect *x, int *seen_line)
{
    if (g->board < 1)
        fault(t, "%s:%d: game has no board number\n", t->file, g->line);
    else if (g->board < x->first || g->board > x->last)
        fault(t, "%s: not in the session (boards %d-%d)\n", where, x->first, x->last);
    else if (seen_line[g->board - x->first])
        fault(t, "%s: appears again (first at line %d)\n", where,
              seen_line[g->board - x->first]);
    else {
        seen_line[g->board - x->first] = g->line > 0 ? g->line : -1;
        return true;
    }
    return false;
}

/* One game: a board of the span, placed once, with the derived deal and Law 2's dealer and
 * vulnerability (as Big Deal writes them). */
static void check_game(const struct pbn_game *g, struct tally *t, const struct expect *x,
                       int *seen_line)
{
    char where[200], want[DEAL_PBN_LEN], have[DEAL_PBN_LEN];

    snprintf(where, sizeof where, "%s:%d: board %d", t->file, g->line, g->board);
    if (!placed_once(g, t, where, x, seen_line))
        return;
    const struct deal *d = &x->deals[g->board - x->first]; /* the board is in the span */
    struct board_info bi = board_conditions(&big_deal_rule, g->board);

    if (g->known != 0xF || memcmp(&g->deal, d, sizeof g->deal) != 0) {
        deal_to_pbn(d, SEAT_N, 0xF, want);
        deal_to_pbn(&g->deal, SEAT_N, g->known, have);
        fault(t, "%s: Deal differs\n  file: %s\n  sqd:  %s\n", where, have, want);
    }
    if (g->has_dealer && g->dealer != bi.dealer)
        fault(t, "%s: Dealer is %c, Big Deal's is %c\n", where, SEAT_LETTER[g->dealer],
              SEAT_LETTER[bi.dealer]);
    if (g->has_vul && g->vul != bi.vul)
        fault(t, "%s: Vulnerable is %s, Big Deal's is %s\n", where, VUL_PBN[g->vul],
              VUL_PBN[bi.vul]);
}

/* A second Board, Deal, Dealer, Vulnerable or DealId in a game, as import reads it (the same
 * rule as predup verify's): a verifier must see every copy, not only the first. */
static void repeated_tag(void *ctx, const struct pbn_game *g, const struct pbn_tag *again,
                         const struct pbn_tag *first)
{
    struct tally *t = ctx;

    fault(t, "%s:%d: board %d: a second %s tag in one game (first on line %d)\n", t->file,
          again->line, g->board, again->name, first->line);
}

/* Returns the number of faults found (only the first MAX_FAULT_LINES are printed). */
static int check_set(const struct pbn_set *set, const char *file, const struct expect *x,
                     int *seen_line)
{
    struct tally t = {file, 0};

    if (set->n == 0) {
        printf("%s: holds no board\n", file);
        return 1;
    }
    for (size_t i = 0; i < set->n; i++) {
        pbn_game_repeats(&set->games[i], repeated_tag, &t);
        check_game(&set->games[i], &t, x, seen_line);
    }
    for (int b = x->first; b <= x->last; b++)
        if (!seen_line[b - x->first])
            fault(&t, "%s: board %d is missing\n", file, b);
    if (t.faults > MAX_FAULT_LINES)
        printf("%s: %d more fault%s not listed\n", file, t.faults - MAX_FAULT_LINES,
               t.faults - MAX_FAULT_LINES == 1 ? "" : "s");
    return t.faults;
}

static void note_set(const struct expect *x, const char *sqd, const char *path,
                     const struct pbn_set *set, int faults)
{
    note_lf(stdout, x->sqk_lf, sqd);
    if (faults == 0)
        printf("%s: %s%zu %s %s\n", path, set->n == 1 ? "" : "all ", set->n,
               set->n == 1 ? "board matches" : "boards match", x->what);
    else
        printf("%s: %d fault%s against %s\n", path, faults, faults == 1 ? "" : "s", x->what);
}

/* Verifies one file; *faults gets what was found (0 = it matches). */
static enum pd_status verify_one(const struct sqd_event *ev, const struct sqd_set_opts *o,
                                 const char *path, int *faults, struct pd_err *e)
{
    struct sqd_span sp = o->span;
    struct expect x = {0};
    struct pbn_set *set = NULL;
    int *seen = NULL;
    enum pd_status rc = PD_OK;

    if (!sp.phase && !span_from_name(ev, path, &sp))
        return pd_fail(e, PD_ERR_USAGE, "cannot tell the session of %s from its name: add "
                       "--session PHASE,SESSION", path);
    sp.reserve = sp.reserve || o->span.reserve;
    rc = expect_span(ev, &sp, o->boards, &x, e);
    if (rc == PD_OK)
        rc = pbn_read_any(path, NULL, &set, e);
    seen = rc == PD_OK ? calloc((size_t)(x.last - x.first + 1), sizeof *seen) : NULL;
    if (rc == PD_OK && !seen)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK) {
        *faults = check_set(set, path, &x, seen);
        note_set(&x, ev->path, path, set, *faults);
    }
    free(seen);
    free(x.deals);
    pbn_set_free(set);
    return rc;
}

enum pd_status sqd_verify_sets(const struct sqd_set_opts *o, int nfiles, char **files,
                               struct pd_err *e)
{
    struct sqd_event ev;
    int bad_files = 0;
    enum pd_status rc = sqd_load(o->sqd, &ev, e);

    if (rc != PD_OK)
        return rc;
    for (int i = 0; rc == PD_OK && i < nfiles; i++) {
        int faults = 0;

        rc = verify_one(&ev, o, files[i], &faults, e);
        bad_files += faults > 0;
    }
    if (rc == PD_OK)
        printf("note: %s's DI line (\"%s\", what the delayed value is) is not covered by KH: "
               "compare it with the description published before the event (dealer/BIGDEAL.md)\n",
               o->sqd, ev.di ? ev.di : "");
    if (rc == PD_OK && bad_files)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%d of %d set%s differ%s from %s", bad_files, nfiles,
                     nfiles == 1 ? "" : "s", bad_files == 1 ? "s" : "", o->sqd);
    sqd_free(&ev);
    return rc;
}
