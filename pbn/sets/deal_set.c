/* pbn/sets/deal_set.c - the engine of `predup deal`: a set of boards from a key, optionally
 * constrained by a dealer script, streamed as PBN or gathered for the machine formats. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "pbn/sets/sets.h"

enum { CHUNK = 8192 /* boards generated at a time */ };

/* The Generator tag of every game: what verify --key reads back to re-deal the set (the key's
 * commitment, the boards, an override, the script's hash and dealing version, the label). */
static void make_generator(char *buf, size_t n, const struct deal_set_opts *o,
                           const struct dealing *dl)
{
    struct pbn_generator g = {.dealer = o->dealer, .vul = o->vul};
    size_t k = 0;

    snprintf(g.commitment, sizeof g.commitment, "%s", dl->commit);
    for (const char *p = o->boards; *p && k + 1 < sizeof g.boards; p++)
        if (*p != ' ')
            g.boards[k++] = *p;
    snprintf(g.script, sizeof g.script, "%s", dl->prog ? dl->script_hash : "");
    g.dealing = dl->prog ? dl->version : 0;
    snprintf(g.label, sizeof g.label, "%s", o->label);
    pbn_generator_format(buf, n, &g);
}

static void show_progress(bool on, int done, int total)
{
    if (on) /* \033[K: the rest of a longer line (slow_board_tick's) erased */
        fprintf(stderr, "\rdealt %d of %d board%s\033[K", done, total, total == 1 ? "" : "s");
}

/* ---------------------------------------------------------------- a board that takes long */

/* After this many tries of one board without a deal, the terminal says the condition may be
 * impossible (4194304: a condition met once in a million deals is found first 98 times in 100). */
enum { NOTE_TRIES = 16 * DEAL_WATCH_SPAN };

/* What a terminal shows while a board of a script takes long (an impossible condition runs to
 * --max-tries, a minute or more): the board's tries, at its first tick and then every second,
 * and once that the condition may be impossible. The ticks come from the dealing threads every
 * DEAL_WATCH_SPAN tries of a board (dealer/run/sets.c): the clock is read then, never per deal. */
struct slow_board_watch {
    pthread_mutex_t mu;
    struct timespec last; /* when the last line was shown */
    bool shown, noted;
    unsigned long long max_tries;
};

static void slow_board_tick(void *ctx, int board, uint64_t tries)
{
    struct slow_board_watch *w = ctx;
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&w->mu);
    if (!w->noted && tries >= NOTE_TRIES) {
        fprintf(stderr, "\r\033[Kboard %d: no deal in %llu tries: the condition may be "
                "impossible (--max-tries %llu ends the search)\n", board,
                (unsigned long long)tries, w->max_tries);
        w->noted = true;
        w->shown = false;
    }
    if (!w->shown || (now.tv_sec - w->last.tv_sec) * 1000000000L + now.tv_nsec -
                         w->last.tv_nsec >= 1000000000L) {
        fprintf(stderr, "\r\033[Kboard %d: %llu deals tried, none satisfies the condition yet",
                board, (unsigned long long)tries);
        w->last = now;
        w->shown = true;
    }
    pthread_mutex_unlock(&w->mu);
}

/* Generates the boards chunk by chunk and streams them as PBN: memory does not grow with the
 * range, and each chunk is spread over the threads. */
static enum pd_status write_pbn_stream(FILE *out, const struct deal_set_opts *o,
                                       const struct dealing *dl, const struct board_range *range,
                                       const char *generator, struct pd_err *e)
{
    struct pbn_event ev = {o->event, o->site, o->date, generator};
    struct board_rule rule = dealing_rule(dl, o->dealer, o->vul);
    struct board_deal *bd = malloc(CHUNK * sizeof *bd);
    struct pbn_dealt_writer *w = NULL;
    bool progress = pd_progress_wanted(o->quiet) && (range->n >= 10000 || dl->prog);
    enum pd_status rc = bd ? pbn_dealt_writer_new(&w, &ev, true, e)
                           : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    /* The encoding rule (pbn/FORMATS.md, "Encoding"): ISO 8859-1, unless an event, site or
     * label holds a character beyond it; then the whole set is UTF-8, without "% EXPORT"
     * (export is ISO 8859-1), and deal says so. */
    const char *where = "";
    unsigned beyond = pbn_event_beyond_latin1(&ev, &where);

    if (beyond)
        pbn_note_utf8(o->out, beyond, where);
    pbn_write_header(out, beyond == 0);
    /* A script can make each board slow (version 1, or tricks() in the condition): smaller
     * chunks keep the progress line moving; version 2 boards are fast enough for 64 a thread
     * (a chunk starts its threads and streams anew). */
    int per = dl->prog ? (dl->version == DEALING_V1 ? 1 : 64) : CHUNK;
    int chunk = per * (dl->prog && o->threads > 1 ? o->threads : 1);

    for (int at = 0; rc == PD_OK && at < range->n; at += chunk) {
        struct board_range sub = {range->n - at < chunk ? range->n - at : chunk,
                                  range->boards + at};

        rc = dealing_generate(dl, &sub, o->threads, bd, e);
        for (int i = 0; rc == PD_OK && i < sub.n; i++)
            rc = pbn_dealt_add(w, board_conditions(&rule, bd[i].board), &bd[i].deal,
                               &bd[i].number, (size_t)(at + i), e);
        if (rc == PD_OK)
            rc = pbn_dealt_flush(w, out, e);
        show_progress(progress && rc == PD_OK, at + sub.n, range->n);
    }
    if (progress)
        fputc('\n', stderr);
    pbn_dealt_writer_free(w);
    free(bd);
    return rc;
}

static enum pd_status write_pbn_file(const struct deal_set_opts *o, const struct dealing *dl,
                                     const struct board_range *range, const char *generator,
                                     struct pd_err *e)
{
    struct pd_outfile out;
    const char *files[] = {o->out};
    /* ev.pbn alone after a set ev.pbn, ev.dup, ev.dlm whose write a kill cut short: complete
     * that write first, or refuse (one file cannot redo the set). */
    enum pd_status rc = pd_outset_recover(o->out, files, 1, o->out_flags, e);

    if (rc == PD_OK)
        rc = pd_outfile_open_ex(&out, o->out, o->out_flags, e);

    if (rc != PD_OK)
        return rc;
    setvbuf(out.f, NULL, _IOFBF, 1 << 20);
    rc = write_pbn_stream(out.f, o, dl, range, generator, e);
    if (rc == PD_ERR_IO) /* name the file: the writer only knows its stream */
        pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", o->out, strerror(errno));
    if (rc == PD_OK)
        return pd_outfile_commit(&out, e);
    pd_outfile_abort(&out);
    return rc;
}

/* Machine formats need the whole set at once (they check limits before writing anything). */
static enum pd_status write_formats(const struct deal_set_opts *o, const struct dealing *dl,
                                    const struct board_range *range, const char *generator,
                                    struct pd_err *e)
{
    struct pbn_event ev = {o->event, o->site, o->date, generator};
    struct board_rule rule = dealing_rule(dl, o->dealer, o->vul);
    struct pbn_set *set = NULL;
    enum pd_status rc = pbn_set_new(&set, e);

    if (rc == PD_OK)
        rc = dealing_to_set(dl, range, o->threads, &ev, &rule, set, e);
    if (rc == PD_OK)
        rc = pbn_write_formats_ex(o->out, o->formats, o->out_flags, set, e);
    pbn_set_free(set);
    return rc;
}

/* -o naming the --key file itself (a link to it, another name for it): refused even with
 * --force, whatever the key file holds, for no output replaces a key file. */
static enum pd_status refuse_key_as_output(const struct deal_set_opts *o, struct pd_err *e)
{
    struct stat key, out;

    if (strcmp(o->out, "-") != 0 && stat(o->key_path, &key) == 0 && stat(o->out, &out) == 0 &&
        key.st_dev == out.st_dev && key.st_ino == out.st_ino)
        return pd_fail(e, PD_ERR_EXISTS, "-o %s is the key file (--key %s), and no output "
                       "replaces a key file: choose another output name", o->out, o->key_path);
    return PD_OK;
}

/* PBN unless --format or the output's extension names another format. */
static bool pbn_only(const struct deal_set_opts *o)
{
    const char *ext = pbn_format_from_path(o->out);

    if (o->formats)
        return strcmp(o->formats, "pbn") == 0 && strcmp(o->out, "-") == 0;
    return strcmp(o->out, "-") == 0 || !ext || strcmp(ext, "pbn") == 0;
}

/* --dealer and --vul may repeat the script's dealer and vulnerable lines, not contradict them:
 * verify re-derives Dealer and Vulnerable from the script alone. */
static enum pd_status check_script_lines(const struct deal_set_opts *o, const struct dealing *dl,
                                         struct pd_err *e)
{
    int dealer = dl->prog ? lang_script_dealer(dl->prog) : -1;
    int vul = dl->prog ? lang_script_vul(dl->prog) : -1;

    if (o->dealer >= 0 && dealer >= 0 && o->dealer != dealer)
        return pd_fail(e, PD_ERR_USAGE, "--dealer %c contradicts the script's dealer line (%s): "
                       "drop --dealer or edit the script", SEAT_LETTER[o->dealer],
                       SEAT_NAME[dealer]);
    if (o->vul >= 0 && vul >= 0 && o->vul != vul)
        return pd_fail(e, PD_ERR_USAGE, "--vul %s contradicts the script's vulnerable line (%s): "
                       "drop --vul or edit the script", VUL_PBN[o->vul], VUL_PBN[vul]);
    return PD_OK;
}

/* --event and --site go into the set as UTF-8 (or ISO 8859-1 when they fit): bytes that are no
 * UTF-8 could be written as neither, and the encoding rule could not name them. */
static enum pd_status check_texts_utf8(const struct deal_set_opts *o, struct pd_err *e)
{
    const char *const texts[2] = {o->event, o->site}, *const opts[2] = {"--event", "--site"};

    for (int i = 0; i < 2; i++)
        if (texts[i] && !pd_utf8_valid(texts[i], strlen(texts[i])))
            return pd_fail(e, PD_ERR_USAGE, "%s is not UTF-8: give it in UTF-8 (a terminal set "
                           "to ISO 8859-1 sends other bytes)", opts[i]);
    return PD_OK;
}

enum pd_status deal_set(const struct deal_set_opts *o, struct pd_err *e)
{
    struct dealing dl;
    struct board_range range = {0, NULL};
    char generator[1024];
    enum pd_status rc = PD_OK;

    if (o->formats && strcmp(o->out, "-") == 0 && strcmp(o->formats, "pbn") != 0)
        rc = pd_fail(e, PD_ERR_USAGE, "--format %s needs -o FILE", o->formats);
    if (rc == PD_OK)
        rc = check_texts_utf8(o, e);
    if (rc == PD_OK)
        rc = refuse_key_as_output(o, e);
    if (rc == PD_OK)
        rc = board_range_parse(o->boards, BOARD_MAX, &range, e);
    if (rc != PD_OK)
        return rc;
    rc = dealing_open(o->key_path, o->label, o->script, o->dealing, &dl, e);
    if (rc == PD_OK)
        rc = check_script_lines(o, &dl, e);
    dl.max_tries = o->max_tries;
    struct slow_board_watch slow = {PTHREAD_MUTEX_INITIALIZER, {0, 0}, false, false,
                                    o->max_tries ? o->max_tries : DEAL_MAX_TRIES};
    struct deal_watch watch = {slow_board_tick, &slow};

    if (rc == PD_OK && dl.ld && pd_progress_wanted(o->quiet))
        dl.watch = &watch;
    make_generator(generator, sizeof generator, o, &dl);
    if (rc == PD_OK)
        rc = pbn_only(o) ? write_pbn_file(o, &dl, &range, generator, e)
                         : write_formats(o, &dl, &range, generator, e);
    if (slow.shown) /* the board's line ends before what comes next */
        fputs("\r\033[K", stderr);
    dealing_close(&dl);
    board_range_free(&range);
    return rc;
}
