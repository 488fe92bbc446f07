/* pbn/sets/verify.c - the engine of `predup verify`: re-deal a set and check a file against it
 * completely. Two sources: a key (the label and options read from the file's Generator tag) or
 * an event record (dealer/EVENTS.md). Every fault is listed on stdout as "file[:line]: board N:
 * what", and any fault is PD_ERR_MISMATCH: a missing, duplicated or extra board, a Board, Deal,
 * Dealer, Vulnerable or DealId that differs, a game with a second Deal, a file with no board, a
 * commitment that is not the key's. A set dealt with a script is re-dealt by the dealing version
 * its Generator tag (or record) names, and the script's dealer and vulnerable lines fix every
 * board's (board_conditions, dealer/deal/board.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/sets/sets.h"

/* What the boards of one file are checked against. */
struct expect {
    struct dealing dl;
    struct board_range range; /* empty when not known */
    int dealer, vul;          /* -1: Law 2 */
    char what[PD_LABEL_MAX + 128]; /* "key and label \"original\"", for the summary */
    const char *source;            /* "the key" or "the record": what fixes the boards */
};

struct tally {
    const char *path;
    int faults;
    int conditions; /* of them, a Dealer or Vulnerable that differs */
    size_t ngames;  /* in the file: for the estimate of a rare script's tries */
    bool estimated;
    /* For the analysis check, per game of the set: its deal is right (solve), the deal and
     * its board's dealer and vulnerability; then how many boards' analysis was checked. */
    const struct pbn_game *games;
    bool *solve;
    struct deal *deals;
    struct board_info *bi;
    size_t analysed;
};

static void fault(struct tally *t, int line, int board, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Made as every message is (pd_message: file bytes escaped, key-like text withheld). */
static void fault(struct tally *t, int line, int board, const char *fmt, ...)
{
    char raw[1024], text[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    pd_message(text, sizeof text, "%s", raw);
    printf(line > 0 ? "%s:%d: " : "%s: ", t->path, line);
    if (board > 0)
        printf("board %d: ", board);
    printf("%s\n", text);
    t->faults++;
}

/* A hash in a fault line: its first 16 digits and "...", as every message names a public hash
 * (pd_message withholds a longer run of hex digits as key-like text). */
struct hash_shown {
    char text[20];
};
static struct hash_shown hash_shown(const char *hash)
{
    struct hash_shown h;

    snprintf(h.text, sizeof h.text, strlen(hash) > 16 ? "%.16s..." : "%s", hash);
    return h;
}
#define HASH_SHOWN(hash) (hash_shown(hash).text)

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* A second Deal (Board, Dealer, Vulnerable, DealId) in a game, as import found it: on one line
 * with another tag, indented, over lines, after a comment, whatever the file's name. */
static void repeated_tag(void *ctx, const struct pbn_game *g, const struct pbn_tag *again,
                         const struct pbn_tag *first)
{
    fault(ctx, again->line, g->board, "a second %s tag in one game (first on line %d)",
          again->name, first->line);
}

/* The board's Dealer and Vulnerable by the one rule (board_conditions); *dealer_fixed and
 * *vul_fixed say that the script's lines set them, for the fault's wording. */
static struct board_info expected_board(const struct expect *x, int board, bool *dealer_fixed,
                                        bool *vul_fixed)
{
    struct board_rule r = dealing_rule(&x->dl, x->dealer, x->vul);

    *dealer_fixed = r.script_dealer >= 0;
    *vul_fixed = r.script_vul >= 0;
    return board_conditions(&r, board);
}

static void check_conditions(const struct expect *x, const struct pbn_game *g, struct tally *t)
{
    bool dealer_fixed, vul_fixed;
    struct board_info bi = expected_board(x, g->board, &dealer_fixed, &vul_fixed);
    int before = t->faults;

    if (g->has_dealer && g->dealer != bi.dealer && dealer_fixed)
        fault(t, g->line, g->board, "Dealer is %c, the script's dealer line says %c",
              SEAT_LETTER[g->dealer], SEAT_LETTER[bi.dealer]);
    else if (!g->has_dealer || g->dealer != bi.dealer)
        fault(t, g->line, g->board, "Dealer is %s, expected %c",
              g->has_dealer ? (char[2]){SEAT_LETTER[g->dealer], 0} : "missing",
              SEAT_LETTER[bi.dealer]);
    if (g->has_vul && g->vul != bi.vul && vul_fixed)
        fault(t, g->line, g->board, "Vulnerable is %s, the script's vulnerable line says %s",
              VUL_PBN[g->vul], VUL_PBN[bi.vul]);
    else if (!g->has_vul || g->vul != bi.vul)
        fault(t, g->line, g->board, "Vulnerable is %s, expected %s",
              g->has_vul ? VUL_PBN[g->vul] : "missing", VUL_PBN[bi.vul]);
    t->conditions += t->faults > before;
}

static void check_deal_tags(const struct expect *x, const struct pbn_game *g,
                            const struct board_deal *bd, struct tally *t)
{
    char want[DEAL_PBN_LEN], have[DEAL_PBN_LEN], dec[40];
    const char *id = pbn_tag_get(g, "DealId");
    bool deal_ok = g->known == 0xF && memcmp(&bd->deal, &g->deal, sizeof bd->deal) == 0;

    if (!deal_ok) {
        deal_to_pbn(&bd->deal, SEAT_N, 0xF, want);
        deal_to_pbn(&g->deal, SEAT_N, g->known, have);
        fault(t, g->line, g->board, "Deal differs");
        printf("  file: %s\n  key:  %s\n", g->known ? have : "(none)", want); /* ours */
    }
    check_conditions(x, g, t);
    if (deal_ok && t->solve) { /* its analysis, if any, is checked against this deal */
        bool dealer_fixed, vul_fixed;
        size_t i = (size_t)(g - t->games);

        t->solve[i] = true;
        t->deals[i] = bd->deal;
        t->bi[i] = expected_board(x, g->board, &dealer_fixed, &vul_fixed);
    }
    deal_num_to_dec(bd->number, dec);
    if (deal_ok && id && strcmp(id, dec) != 0) /* a wrong Deal has its own fault */
        fault(t, g->line, g->board, "DealId is %s, expected %s", id, dec);
}

/* first_line[b - lo] is the line (or -1 without one) of the first game seen for board b. */
/* A script whose condition is rare can hold a verifier for days: from the first board's tries,
 * once, what the file's boards may need, and the limit each board has (--max-tries). */
static void estimate_tries(const struct expect *x, struct tally *t, int board, uint64_t tries)
{
    enum { RARE_TRIES = 100000 };

    if (t->estimated || tries < RARE_TRIES)
        return;
    t->estimated = true;
    printf("%s: note: board %d needed %llu tries (the script's condition is rare): the file's %zu "
           "%s may need about %llu tries in all; each board stops at %llu (--max-tries N)\n",
           t->path, board, (unsigned long long)tries, t->ngames, plural((int)t->ngames, "board",
           "boards"), (unsigned long long)tries * t->ngames, (unsigned long long)x->dl.max_tries);
    fflush(stdout);
}

static enum pd_status check_game(const struct expect *x, const struct pbn_game *g, int *first,
                                 int lo, int hi, struct tally *t, struct pd_err *e)
{
    struct board_deal bd;
    enum pd_status rc;

    if (g->board < 1) {
        fault(t, g->line, 0, "a game has no Board number");
        return PD_OK;
    }
    if (g->board < lo || g->board > hi || first[g->board - lo] == -2) {
        fault(t, g->line, g->board, "extra: not in the set (boards %s)",
              x->range.n ? "as committed" : "seen");
        return PD_OK;
    }
    if (first[g->board - lo] > 0) {
        fault(t, g->line, g->board, "duplicated (first at line %d)", first[g->board - lo]);
        return PD_OK;
    }
    if (first[g->board - lo] == -1) {
        fault(t, g->line, g->board, "duplicated");
        return PD_OK;
    }
    first[g->board - lo] = g->line > 0 ? g->line : -1;
    if (x->dl.ld)
        rc = board_generate_script(&x->dl.sk, g->board, x->dl.ld, x->dl.max_tries, &bd, e);
    else
        rc = board_generate(&x->dl.sk, g->board, NULL, NULL, x->dl.max_tries, &bd, e);
    if (rc == PD_OK)
        check_deal_tags(x, g, &bd, t);
    if (rc == PD_OK && x->dl.ld)
        estimate_tries(x, t, g->board, bd.tries);
    if (rc == PD_ERR_LIMIT && e) /* nothing found wrong: a higher limit goes on */
        pd_err_hint(e, " (verify --max-tries N allows more; nothing was found wrong)");
    return rc;
}

/* Board bounds: the committed range, or the lowest to highest board in the file. */
static int *board_slots(const struct expect *x, const struct pbn_set *set, int *lo, int *hi)
{
    int *first;

    *lo = x->range.n ? x->range.boards[0] : 1 << 30;
    *hi = x->range.n ? x->range.boards[x->range.n - 1] : 0;
    for (size_t i = 0; !x->range.n && i < set->n; i++)
        if (set->games[i].board > 0) {
            *lo = set->games[i].board < *lo ? set->games[i].board : *lo;
            *hi = set->games[i].board > *hi ? set->games[i].board : *hi;
        }
    if (*hi < *lo)
        *lo = *hi = 1;
    first = calloc((size_t)(*hi - *lo + 1), sizeof *first);
    if (first && x->range.n) { /* a range with holes: the holes are extra boards */
        for (int b = *lo; b <= *hi; b++)
            first[b - *lo] = -2;
        for (int i = 0; i < x->range.n; i++)
            first[x->range.boards[i] - *lo] = 0;
    }
    return first;
}

static void analysis_fault(void *ctx, const struct pbn_game *g, int line, const char *what)
{
    fault(ctx, line, g->board, "%s", what);
}

static void outside_fault(void *ctx, int line)
{
    fault(ctx, line, 0, "text outside any game holds a \"[\": import ignores it, a lenient "
          "reader takes it for another board");
}

/* The analysis tags of the boards whose deal is right, and the text between games. */
static enum pd_status check_beyond_deals(const struct pbn_set *set, struct tally *t,
                                         struct pd_err *e)
{
    struct analysis_job job = {t->solve, t->deals, t->bi};
    enum pd_status rc = verify_analysis(set, &job, analysis_fault, t, &t->analysed, e);

    if (rc == PD_OK && set->src)
        rc = pbn_check_outside(set->src, strlen(set->src), outside_fault, t, e);
    return rc;
}

static enum pd_status check_set(const struct expect *x, const struct pbn_set *set,
                                struct tally *t, struct pd_err *e)
{
    int lo, hi, *first;
    enum pd_status rc = PD_OK;

    if (set->n == 0) {
        fault(t, 0, 0, "holds no board");
        return PD_OK;
    }
    t->ngames = set->n;
    first = board_slots(x, set, &lo, &hi);
    t->games = set->games;
    t->solve = calloc(set->n, sizeof *t->solve);
    t->deals = calloc(set->n, sizeof *t->deals);
    t->bi = calloc(set->n, sizeof *t->bi);
    if (!first || !t->solve || !t->deals || !t->bi)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        pbn_game_repeats(&set->games[i], repeated_tag, t);
        rc = check_game(x, &set->games[i], first, lo, hi, t, e);
    }
    for (int b = lo; rc == PD_OK && b <= hi; b++)
        if (first[b - lo] == 0)
            fault(t, 0, b, "missing");
    if (rc == PD_OK)
        rc = check_beyond_deals(set, t, e);
    free(first);
    free(t->solve);
    free(t->deals);
    free(t->bi);
    t->solve = NULL;
    return rc;
}

/* Checks one file's set completely; the faults are counted in t. */
static enum pd_status verify_file(const struct expect *x, const char *path,
                                  const struct pbn_set *set, struct tally *t, struct pd_err *e)
{
    enum pd_status rc = check_set(x, set, t, e);

    if (rc == PD_OK && t->faults == 0) {
        printf("%s: %s%zu %s %s\n", path, set->n == 1 ? "" : "all ", set->n,
               plural((int)set->n, "board matches", "boards match"), x->what);
        printf("%s: checked: each board's deal, dealer, vulnerability and DealId", path);
        if (t->analysed)
            printf(", and the analysis (double-dummy tricks, par) of %zu %s against a fresh "
                   "solve", t->analysed, plural((int)t->analysed, "board", "boards"));
        printf("\n%s: not checked: Event, Site, Date and the other tags, which %s does not "
               "fix\n", path, x->source);
    }
    return rc;
}

static enum pd_status summary(const struct tally *t, const char *what, struct pd_err *e)
{
    const char *format = t->conditions ? pbn_format_guess(t->path) : NULL;

    if (format && pbn_format_law2(format)) /* a machine file: --drop-conditions, or a swap */
        printf("%s: note: %s carries no dealer or vulnerability, so its boards read as Law 2's: "
               "the set's own differ, and this file cannot pass for it (its PBN carries them)\n",
               t->path, format);
    if (t->faults == 0)
        return PD_OK;
    return pd_fail(e, PD_ERR_MISMATCH, "%s: %d %s against %s", t->path, t->faults,
                   plural(t->faults, "fault", "faults"), what);
}

/* The dealing version of a script set: --dealing, else the Generator tag's (a tag that names a
 * script without a version: 1, sets dealt before versions existed), else the latest, with a
 * note (a file that keeps no Generator tag, such as DUP). */
static enum pd_status dealing_version(const struct verify_opts *o, const char *path,
                                      const struct pbn_generator *g, int *version,
                                      struct pd_err *e)
{
    char num[16] = "?";

    *version = o->dealing ? o->dealing : g->script[0] ? g->dealing : DEALING_LATEST;
    if (g->dealing > 0)
        snprintf(num, sizeof num, "%d", g->dealing);
    if (!o->dealing && g->script[0] && (g->dealing < DEALING_V1 || g->dealing > DEALING_LATEST))
        return pd_fail(e, PD_ERR_RANGE, "%s: dealt by dealing version %s, this predup knows "
                       "versions %d to %d: verify it with a later predup", path, num,
                       DEALING_V1, DEALING_LATEST);
    if (!o->dealing && o->script && !g->script[0])
        printf("%s: note: no Generator tag names the dealing version: verifying as version %d "
               "(add --dealing 1 for a set dealt before version 2)\n", path, *version);
    return PD_OK;
}

static const char *first_generator(const struct pbn_set *set)
{
    return set->n ? pbn_tag_get(&set->games[0], "Generator") : NULL;
}

/* The label, script and commitment the file names, against the key given. */
static enum pd_status key_expectations(const struct verify_opts *o, const char *path,
                                       const struct pbn_generator *g, struct expect *x,
                                       struct tally *t, struct pd_err *e)
{
    const char *label = o->label ? o->label : g->has_label ? g->label : "original";
    const char *boards = o->boards ? o->boards : g->boards[0] ? g->boards : NULL;
    int version = DEALING_LATEST;
    enum pd_status rc;

    if (g->event[0])
        return pd_fail(e, PD_ERR_USAGE, "%s: an event set (record digest %.16s...): verify it "
                       "with its record: predup verify NAME.record %s", path, g->event, path);
    if (g->script[0] && !o->script)
        return pd_fail(e, PD_ERR_USAGE, "%s: the set was dealt with a script (SHA-256 %.16s...): "
                       "give it with --script FILE", path, g->script);
    if (!o->label && !g->has_label)
        printf("%s: note: no Generator tag names the label: checking label \"original\" "
               "(give --label L for another)\n", path);
    rc = o->script ? dealing_version(o, path, g, &version, e) : PD_OK;
    if (rc == PD_OK)
        rc = dealing_open(o->key_path, label, o->script, version, &x->dl, e);
    x->dl.max_tries = o->max_tries ? o->max_tries : DEAL_MAX_TRIES;
    if (rc == PD_OK && g->commitment[0] && strcmp(g->commitment, x->dl.commit) != 0)
        fault(t, 0, 0, "Generator names key commitment %s, this key's is %s",
              HASH_SHOWN(g->commitment), HASH_SHOWN(x->dl.commit));
    if (rc == PD_OK && g->script[0] && strcmp(g->script, x->dl.script_hash) != 0)
        fault(t, 0, 0, "Generator names script SHA-256 %s, this script's is %s",
              HASH_SHOWN(g->script), HASH_SHOWN(x->dl.script_hash));
    if (rc == PD_OK && boards)
        rc = board_range_parse(boards, BOARD_MAX, &x->range, e);
    else if (rc == PD_OK)
        printf("%s: note: the file does not say its board range: give --boards to find boards "
               "missing at either end\n", path);
    x->dealer = o->dealer >= 0 ? o->dealer : g->dealer;
    x->vul = o->vul >= 0 ? o->vul : g->vul;
    x->source = "the key";
    pd_message(x->what, sizeof x->what, "key and label \"%s\"%s", label,
             o->label || g->has_label ? "" : " (assumed: give --label L if the set has another)");
    return rc;
}

static void close_expect(struct expect *x)
{
    dealing_close(&x->dl);
    board_range_free(&x->range);
}

/* The last steps of either verification (key or record): check the file against what was
 * expected, sum up, and free both, whatever rc the setup ended with. */
static enum pd_status check_and_close(enum pd_status rc, struct expect *x, const char *path,
                                      struct pbn_set *set, struct tally *t, struct pd_err *e)
{
    if (rc == PD_OK)
        rc = verify_file(x, path, set, t, e);
    if (rc == PD_OK)
        rc = summary(t, x->what, e);
    close_expect(x);
    pbn_set_free(set);
    return rc;
}

/* Reads the set in path (any format; refused when a write of it was cut short) and the
 * Generator tag of its first game, and empties x for the expectations. */
static enum pd_status read_set(const char *path, struct pbn_set **set, struct pbn_generator *g,
                               struct expect *x, struct pd_err *e)
{
    enum pd_status rc = pd_outset_check(path, e);

    if (rc == PD_OK)
        rc = pbn_read_any(path, NULL, set, e);
    if (rc != PD_OK)
        return rc;
    memset(x, 0, sizeof *x);
    pbn_generator_parse(first_generator(*set), g);
    return PD_OK;
}

enum pd_status verify_with_key(const struct verify_opts *o, const char *path, struct pd_err *e)
{
    struct pbn_set *set = NULL;
    struct pbn_generator g;
    struct expect x;
    struct tally t = {path, 0};
    enum pd_status rc = read_set(path, &set, &g, &x, e);

    if (rc != PD_OK)
        return rc;
    rc = key_expectations(o, path, &g, &x, &t, e);
    return check_and_close(rc, &x, path, set, &t, e);
}

/* ---------------------------------------------------------------- with an event record */

/* Says what the record proves so far and what is still to come. */
static void record_status(const char *path, const struct ev_record *r)
{
    char values[48];

    ev_form_values(r->p.public_form, values, sizeof values);
    printf("%s: event \"%s\", %d %s, digest %s: parameters match the digest\n", path, r->p.name,
           r->p.nsets, plural(r->p.nsets, "set", "sets"), r->digest);
    printf("%s: public form \"%s\": %s possible values\n", path, r->p.public_form, values);
    if (!r->has_public)
        printf("%s: still to come: the public value (predup event public), then the key "
               "(predup event reveal)\n", path);
    else if (!r->revealed)
        printf("%s: public value \"%s\"; still to come: the key (predup event reveal)\n", path,
               r->public_value);
    else
        printf("%s: public value \"%s\"; the key matches the commitment %s\n", path,
               r->public_value, r->commitment);
}

/* Which set of the record a file holds: --set, its Generator tag, or the only one. */
static enum pd_status pick_set(const struct verify_opts *o, const struct ev_record *r,
                               const char *path, const struct pbn_generator *g, int *out,
                               struct pd_err *e)
{
    const char *name = o->set ? o->set : g->has_label ? g->label : NULL;

    *out = name ? ev_find_set(&r->p, name) : r->p.nsets == 1 ? 0 : -1;
    if (*out >= 0)
        return PD_OK;
    if (name)
        return pd_fail(e, PD_ERR_USAGE, "%s: the record has no set \"%s\" (its first is \"%s\")",
                       path, name, r->p.sets[0].name);
    return pd_fail(e, PD_ERR_USAGE, "%s: no Generator tag says which set this is: give --set NAME "
                   "(the record's first set is \"%s\")", path, r->p.sets[0].name);
}

/* The record's set si as event deal dealt it: the same set-up (event_set_dealing), from the
 * key the record reveals. */
static enum pd_status record_dealing(const struct ev_record *r, int si, const char *script,
                                     struct dealing *dl, struct pd_err *e)
{
    struct pd_key key;
    enum pd_status rc = ev_record_key(r, &key, e);

    if (rc == PD_OK) /* it refuses a scripted set given no --script */
        rc = event_set_dealing(r, si, &key, script, dl, e);
    pd_wipe(&key, sizeof key);
    return rc;
}

/* Every Generator tag of the file names this record's digest and commitment (dealer/EVENTS.md,
 * "What predup verify checks"): the first game's is compared where the file is read (when its
 * fields parse); here every later game's, and a first one whose event= or commitment= field is
 * missing or not a digest, which was let through before (found by the second verifier,
 * tests/cli/verify_record_differential.sh). */
static void check_every_generator(const struct pbn_set *set, const struct ev_record *r,
                                  struct tally *t)
{
    for (size_t i = 0; i < set->n; i++) {
        const struct pbn_tag *tag = pbn_tag_find(&set->games[i], "Generator");
        struct pbn_generator g;

        if (!tag)
            continue;
        pbn_generator_parse(tag->value, &g);
        if (i == 0 ? !g.event[0] || !g.commitment[0]
                   : strcmp(g.event, r->digest) != 0 || strcmp(g.commitment, r->commitment) != 0)
            fault(t, tag->sourced ? tag->line : 0, set->games[i].board,
                  "its Generator tag does not name this record's event digest and commitment");
    }
}

static enum pd_status verify_event_file(const struct verify_opts *o, const struct ev_record *r,
                                        const char *path, struct pd_err *e)
{
    struct pbn_set *set = NULL;
    struct pbn_generator g;
    struct expect x;
    struct tally t = {path, 0};
    int si = -1;
    enum pd_status rc = read_set(path, &set, &g, &x, e);

    if (rc != PD_OK)
        return rc;
    rc = pick_set(o, r, path, &g, &si, e);
    if (rc == PD_OK)
        rc = record_dealing(r, si, o->script, &x.dl, e);
    x.dl.max_tries = o->max_tries ? o->max_tries : x.dl.max_tries;
    if (rc == PD_OK && g.event[0] && strcmp(g.event, r->digest) != 0)
        fault(&t, 0, 0, "Generator names event digest %s, the record's is %s",
              HASH_SHOWN(g.event), HASH_SHOWN(r->digest));
    if (rc == PD_OK && g.commitment[0] && strcmp(g.commitment, r->commitment) != 0)
        fault(&t, 0, 0, "Generator names key commitment %s, the record's is %s",
              HASH_SHOWN(g.commitment), HASH_SHOWN(r->commitment));
    if (rc == PD_OK)
        check_every_generator(set, r, &t);
    if (rc == PD_OK && g.script[0] && g.dealing != x.dl.version)
        fault(&t, 0, 0, "Generator names dealing version %d, the record's is %d", g.dealing,
              x.dl.version);
    if (rc == PD_OK)
        rc = board_range_parse(r->p.sets[si].boards, EV_MAX_BOARD, &x.range, e);
    x.dealer = si >= 0 ? r->p.sets[si].dealer : -1;
    x.vul = si >= 0 ? r->p.sets[si].vul : -1;
    x.source = "the record";
    pd_message(x.what, sizeof x.what, "the record's set \"%s\"", si >= 0 ? r->p.sets[si].name : "");
    return check_and_close(rc, &x, path, set, &t, e);
}

/* A further file given that is a record: 1 when it is one by every rule (ev_record_load), and
 * then passed over as no set; a fault when any file that begins as a record mentions r's key
 * for another event (dealer/EVENTS.md, "One key, one event": read by ev_read_lenient, as
 * ev_text_mentions_key reads the records beside a step's). A file that only begins
 * "predup-event-record" is read as a set, so that no such first line hides a set's deals. */
static int other_record(const char *self, const struct ev_record *r, const char *path,
                        enum pd_status *rc, struct pd_err *e)
{
    size_t len;
    char *text = ev_read_lenient(path, &len);
    struct ev_record other;
    bool begins = text && strncmp(text, "predup-event-record", 19) == 0, is_record;

    is_record = begins && ev_record_load(path, &other, NULL) == PD_OK;
    if (begins && ev_text_mentions_key(text, r->commitment, r->digest)) {
        *rc = pd_fail(e, PD_ERR_MISMATCH, "%s and %s commit to one key (%.16s...) for two "
                      "events: a key serves one event, and whoever holds either record may know "
                      "the other's boards", self, path, r->commitment);
        is_record = true;
    } else if (is_record && ev_text_mentions_key(text, r->commitment, NULL)) {
        printf("%s: a copy of %s's event (the same digest)\n", path, self);
    } else if (is_record) {
        printf("%s: another event's record: it does not mention %s's key\n", path, self);
    }
    ev_lenient_free(text, len);
    pd_wipe(&other, sizeof other);
    return is_record;
}

enum pd_status verify_with_record(const struct verify_opts *o, int nfiles, char **files,
                                  struct pd_err *e)
{
    struct ev_record r;
    enum pd_status rc = ev_record_load(files[0], &r, e), first_fail = PD_OK;
    struct pd_err first_err = {0};

    if (rc == PD_ERR_SYNTAX || rc == PD_ERR_RANGE) { /* a record that breaks a rule: a fault */
        if (e)
            e->code = PD_ERR_MISMATCH;
        return PD_ERR_MISMATCH;
    }
    if (rc != PD_OK)
        return rc;
    record_status(files[0], &r);
    for (int i = 1; i < nfiles; i++)
        if (other_record(files[0], &r, files[i], &rc, e)) {
            if (rc != PD_OK)
                return rc;
            memmove(files + i, files + i + 1, (size_t)(nfiles - i - 1) * sizeof *files);
            nfiles--, i--;
        }
    /* Before the reveal the boards cannot be checked, and that is no fault: each file is
     * read (a missing or broken one still fails) and said to be not checked yet. */
    for (int i = 1; i < nfiles && !r.revealed; i++) {
        struct pbn_set *set = NULL;

        rc = pd_outset_check(files[i], e);
        if (rc == PD_OK)
            rc = pbn_read_any(files[i], NULL, &set, e);
        pbn_set_free(set);
        if (rc != PD_OK)
            return rc;
        printf("%s: not checked yet: the key is not in %s; verify it again after predup event "
               "reveal\n", files[i], files[0]);
    }
    if (!r.revealed)
        return PD_OK;
    /* Every file is checked and reported; the first failure is the one returned. */
    for (int i = 1; i < nfiles; i++) {
        struct pd_err fe = {0};

        rc = verify_event_file(o, &r, files[i], &fe);
        if (rc != PD_OK && first_fail == PD_OK) {
            first_fail = rc;
            first_err = fe;
        } else if (rc != PD_OK) {
            pd_err_report("predup verify", &fe);
        }
    }
    pd_wipe(r.key_hex, sizeof r.key_hex);
    if (first_fail != PD_OK && e)
        *e = first_err;
    return first_fail;
}

