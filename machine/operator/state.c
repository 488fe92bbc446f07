/* machine/operator/state.c - what the operator page shows, as the fill tells it (the watch,
 * called on the fill's thread) and as the page reads it (JSON, on the server's thread), and
 * the one place a prompt is settled: under the lock, by whichever side answers first. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "machine/operator/op_int.h"

enum pd_status op_state_init(struct op_state *st, struct pd_err *e)
{
    memset(st, 0, sizeof *st);
    if (pipe2(st->wake, O_CLOEXEC | O_NONBLOCK) != 0)
        return pd_fail(e, PD_ERR_IO, "cannot make a pipe for the operator page");
    pthread_mutex_init(&st->lock, NULL);
    return PD_OK;
}

void op_state_free(struct op_state *st)
{
    close(st->wake[0]);
    close(st->wake[1]);
    pthread_mutex_destroy(&st->lock);
}

static void copy_text(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

/* ---------------------------------------------------------------- the watch (fill's thread) */

static void w_begin(void *ctx, const char *set_path, const char *event, const char *lang,
                    int nboards, int copies)
{
    struct op_state *st = ctx;
    const char *base = strrchr(set_path, '/');

    pthread_mutex_lock(&st->lock);
    copy_text(st->lang, sizeof st->lang, lang);
    st->ended = st->end_seen = false;
    clock_gettime(CLOCK_MONOTONIC, &st->t_begin);
    copy_text(st->set, sizeof st->set, base ? base + 1 : set_path);
    copy_text(st->event, sizeof st->event, event && strcmp(event, "?") ? event : ""); /* "?": none */
    st->p = (struct mach_progress){0}; /* event deal fills set after set: each starts over */
    st->good = st->bad = 0;
    st->p.nboards = nboards;
    st->p.copies = copies;
    st->p.copy = 1;
    st->begun = true;
    pthread_mutex_unlock(&st->lock);
}

static void w_progress(void *ctx, const struct mach_progress *p)
{
    struct op_state *st = ctx;

    pthread_mutex_lock(&st->lock);
    st->p = *p;
    pthread_mutex_unlock(&st->lock);
}

static void w_note(void *ctx, int board, const char *text)
{
    struct op_state *st = ctx;
    struct op_note *n;

    pthread_mutex_lock(&st->lock);
    n = &st->notes[st->nnotes++ % OP_NOTES];
    n->n = st->nnotes;
    n->board = board;
    copy_text(n->text, sizeof n->text, text);
    pthread_mutex_unlock(&st->lock);
}

static void w_finished(void *ctx, int copy, int board, bool good, bool earlier)
{
    struct op_state *st = ctx;

    (void)earlier;
    pthread_mutex_lock(&st->lock);
    if (good) {
        st->good++;
    } else {
        if (st->bad < OP_BAD_MAX)
            st->badlist[st->bad].copy = copy, st->badlist[st->bad].board = board;
        st->bad++;
    }
    pthread_mutex_unlock(&st->lock);
}

static int w_ask(void *ctx, enum mach_action act, int board, const char *text)
{
    struct op_state *st = ctx;
    char drain[64];

    pthread_mutex_lock(&st->lock);
    if (act == MA_START && board != st->p.board) { /* the next board: before its progress */
        st->p.board = board;
        st->p.card = 0;
        if (st->p.index >= st->p.nboards && st->p.copy < st->p.copies)
            st->p.index = 0, st->p.copy++; /* the next copy starts over */
        st->p.index++;
    }
    while (read(st->wake[0], drain, sizeof drain) > 0) /* an earlier prompt's wake-up */
        continue;
    st->prompt_id++;
    st->prompt_open = true;
    st->prompt_board = board;
    st->prompt_act = act;
    st->prompt_copy = st->p.copy;
    st->prompt_copies = st->p.copies;
    copy_text(st->prompt, sizeof st->prompt, text);
    st->answer = MACH_ANSWER_NONE;
    pthread_mutex_unlock(&st->lock);
    return st->wake[0];
}

/* The open prompt is answered (under the lock): remembered for the page. */
static void settled(struct op_state *st, enum mach_answer a, bool by_page)
{
    st->prompt_open = false;
    st->answer = a;
    st->by_page = by_page;
    st->last_id = st->prompt_id;
    st->last_board = st->prompt_board;
    st->last_answer = a;
    st->last_by_page = by_page;
}

static enum mach_answer w_settle(void *ctx, enum mach_answer mine, bool *by_page)
{
    struct op_state *st = ctx;
    enum mach_answer a;

    pthread_mutex_lock(&st->lock);
    if (st->prompt_open && mine != MACH_ANSWER_NONE) /* the terminal came first */
        settled(st, mine, false);
    a = st->prompt_open ? MACH_ANSWER_NONE : st->answer;
    *by_page = !st->prompt_open && st->by_page;
    pthread_mutex_unlock(&st->lock);
    return a;
}

static void w_end(void *ctx, enum pd_status rc)
{
    struct op_state *st = ctx;
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&st->lock);
    st->ended = true;
    st->end_rc = rc;
    st->end_s = (double)(now.tv_sec - st->t_begin.tv_sec) +
                (double)(now.tv_nsec - st->t_begin.tv_nsec) / 1e9;
    st->prompt_open = false;
    pthread_mutex_unlock(&st->lock);
}

void op_state_watch(struct op_state *st, struct mach_watch *w)
{
    *w = (struct mach_watch){st, w_begin, w_progress, w_note, w_finished, w_ask, w_settle,
                             w_end};
}

/* A page that follows the fill sees how it ended before the server goes: up to wait_ms for
 * its next poll (none when no page ever asked). */
void op_state_linger(struct op_state *st, int wait_ms)
{
    for (int waited = 0; waited < wait_ms; waited += 20) {
        struct timespec nap = {0, 20 * 1000000L};
        bool done;

        pthread_mutex_lock(&st->lock);
        done = !st->ended || !st->polled || st->end_seen;
        pthread_mutex_unlock(&st->lock);
        if (done)
            return;
        nanosleep(&nap, NULL);
    }
}

/* How the fill ended, for the page's summary. */
static const char *outcome(enum pd_status rc)
{
    return rc == PD_OK || rc == PD_ERR_MISMATCH            ? "done"
           : rc == PD_STOPPED || rc == PD_ERR_LIMIT ? "stopped"
                                                    : "failed";
}

/* ---------------------------------------------------------------- the page (server's thread) */

bool op_claim(struct op_state *st, long id, enum mach_answer a)
{
    bool won;

    pthread_mutex_lock(&st->lock);
    won = st->prompt_open && st->prompt_id == id && a != MACH_ANSWER_NONE;
    if (won)
        settled(st, a, true);
    pthread_mutex_unlock(&st->lock);
    return won;
}

void op_wake(struct op_state *st)
{
    if (write(st->wake[1], "!", 1) != 1) {
        /* a full pipe (never drained) is readable already: the fill wakes all the same */
    }
}

bool op_answer(struct op_server *srv, long id, enum mach_answer a)
{
    bool won = op_claim(&srv->st, id, a);

    if (won)
        op_wake(&srv->st);
    return won;
}

/* s as a JSON string: quotes, backslashes and control bytes escaped; UTF-8 passes. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf(f, "\\u%04x", *c);
        else if (*c == '<') /* never "</script>" or markup, wherever it lands */
            fputs("\\u003c", f);
        else
            fputc(*c, f);
    }
    fputc('"', f);
}

static void json_progress(FILE *f, const struct op_state *st)
{
    const struct mach_progress *p = &st->p;
    bool rate = p->estimate && p->elapsed_s > 0;

    fprintf(f, "\"board\":%d,\"index\":%d,\"nboards\":%d,\"card\":%d,\"cards\":%ld,"
               "\"copy\":%d,\"copies\":%d,\"rate\":%ld,\"left\":%ld,",
            p->board, p->index, p->nboards, p->card, p->cards_total, p->copy, p->copies,
            rate ? (long)((double)p->cards_total / p->elapsed_s * 60) : -1L,
            rate && p->left_s >= 0 ? (long)p->left_s : -1L);
    fprintf(f, "\"good\":%d,\"bad\":%d,\"badlist\":[", st->good, st->bad);
    for (int i = 0; i < st->bad && i < OP_BAD_MAX; i++)
        fprintf(f, "%s{\"board\":%d,\"copy\":%d}", i ? "," : "", st->badlist[i].board,
                st->badlist[i].copy);
    fputs("],", f);
}

/* The prompt's kind as the page knows it (its templates in page.html's table T): a stable
 * name per enum mach_action; "" for one it does not know, which the page shows in English. */
static const char *action_name(enum mach_action act)
{
    static const char *const NAME[] = {
        [MA_START] = "start",           [MA_REFEED] = "refeed", [MA_CLEAR_JAM] = "clear_jam",
        [MA_CLOSE_COVER] = "close_cover", [MA_INSERT] = "insert", [MA_REDO] = "redo",
        [MA_STOP_CARD] = "stop_card",
    };

    return (unsigned)act < sizeof NAME / sizeof *NAME && NAME[act] ? NAME[act] : "";
}

static void json_prompt_notes(FILE *f, const struct op_state *st)
{
    fprintf(f, "\"prompt\":{\"id\":%ld,\"open\":%s,\"board\":%d,\"kind\":\"%s\","
               "\"copy\":%d,\"copies\":%d,\"text\":",
            st->prompt_id, st->prompt_open ? "true" : "false", st->prompt_board,
            action_name(st->prompt_act), st->prompt_copy, st->prompt_copies);
    json_string(f, st->prompt);
    fprintf(f, "},\"last\":{\"id\":%ld,\"board\":%d,\"answer\":\"%s\",\"by\":\"%s\"},"
               "\"notes\":[",
            st->last_id, st->last_board, st->last_answer == MACH_ANSWER_STOP ? "stop" : "continue",
            !st->last_id ? "" : st->last_by_page ? "page" : "terminal");
    for (long n = st->nnotes > OP_NOTES ? st->nnotes - OP_NOTES + 1 : 1; n <= st->nnotes; n++) {
        const struct op_note *note = &st->notes[(n - 1) % OP_NOTES];

        fprintf(f, "%s{\"n\":%ld,\"board\":%d,\"text\":",
                n > 1 && n > st->nnotes - OP_NOTES + 1 ? "," : "", note->n, note->board);
        json_string(f, note->text);
        fputc('}', f);
    }
    fputs("]}", f);
}

char *op_state_json(struct op_server *srv)
{
    struct op_state *st = &srv->st;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    if (!f)
        return NULL;
    pthread_mutex_lock(&st->lock);
    fputs("{\"event\":", f);
    json_string(f, st->event);
    fputs(",\"set\":", f);
    json_string(f, st->set);
    fprintf(f, ",\"begun\":%s,\"lang\":", st->begun ? "true" : "false");
    json_string(f, st->lang);
    if (st->ended)
        fprintf(f, ",\"ended\":{\"outcome\":\"%s\",\"seconds\":%ld},", outcome(st->end_rc),
                (long)(st->end_s + 0.5));
    else
        fputs(",\"ended\":null,", f);
    st->polled = true;
    st->end_seen = st->ended;
    json_progress(f, st);
    json_prompt_notes(f, st);
    pthread_mutex_unlock(&st->lock);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}
