/* machine/fill_ui.c - the operator's side of `predup fill` and `predup sim`: prompts at the
 * terminal (or answered by --yes), the progress line, notes, the list of finished boards, the
 * closing summary, the simulator's card-by-card audit, and the command that resumes a fill
 * (every hint names a command that works, with the run's own file arguments). */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/mach_int.h"

static const char *s_(long n)
{
    return n == 1 ? "" : "s";
}

static void end_line(struct fill_ui *u)
{
    if (u->drawing)
        fputs("\r\033[K", stderr);
    u->drawing = false;
}

void fill_ui_end_line(struct fill_ui *u)
{
    end_line(u);
}

/* The prompt at the terminal (when stdin is one) and on the operator page at once: whichever
 * answers first answers it, once (the watch settles it under its lock); the other is told. */
static enum mach_answer watched_prompt(struct fill_ui *u, enum mach_action act, int board,
                                       const char *text)
{
    const struct mach_watch *w = u->watch;
    int fd = w->ask(w->ctx, act, board, text);
    bool tty = isatty(STDIN_FILENO), by_page = false;
    enum mach_answer a = MACH_ANSWER_NONE;

    fprintf(stderr, "board %d: %s\n  [%s] ", board, text,
            tty ? "Enter when done, q to stop" : "answer on the operator page");
    fflush(stderr);
    while (a == MACH_ANSWER_NONE) {
        struct pollfd pf[2] = {{fd, POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        enum mach_answer mine = MACH_ANSWER_NONE;
        char line[64];

        if (poll(pf, tty ? 2 : 1, -1) < 0 && errno != EINTR)
            mine = MACH_ANSWER_STOP;
        else if (tty && pf[1].revents) /* a whole line: the terminal is in canonical mode */
            mine = read(STDIN_FILENO, line, sizeof line) <= 0 || line[0] == 'q'
                       ? MACH_ANSWER_STOP : MACH_ANSWER_CONTINUE;
        a = w->settle(w->ctx, mine, &by_page);
    }
    if (by_page)
        fprintf(stderr, "answered on the operator page: %s\n",
                a == MACH_ANSWER_STOP ? "stop" : "done");
    return a;
}

static enum pd_status ui_prompt(void *ctx, enum mach_action act, int board, const char *text,
                                struct pd_err *e)
{
    struct fill_ui *u = ctx;
    char line[64];

    end_line(u);
    if (u->yes) {
        if (!u->quiet && act != MA_START)
            fprintf(stderr, "operator (board %d): %s\n", board, text);
        return PD_OK;
    }
    if (u->watch && u->watch->ask && u->watch->settle) {
        if (watched_prompt(u, act, board, text) == MACH_ANSWER_CONTINUE)
            return PD_OK;
        return pd_fail(e, PD_ERR_USAGE, "stopped by the operator at board %d; nothing is "
                                        "lost: %s continues", board, u->resume_cmd);
    }
    fprintf(stderr, "board %d: %s\n  [Enter when done, q to stop] ", board, text);
    fflush(stderr);
    if (!fgets(line, sizeof line, stdin) || line[0] == 'q')
        return pd_fail(e, PD_ERR_USAGE, "stopped by the operator at board %d; nothing is "
                                        "lost: %s continues", board, u->resume_cmd);
    return PD_OK;
}

static void ui_progress(void *ctx, const struct mach_progress *p)
{
    struct fill_ui *u = ctx;
    char copy[32] = "", rate[64] = "";

    if (u->watch && u->watch->progress)
        u->watch->progress(u->watch->ctx, p);
    if (!pd_progress_wanted(u->quiet))
        return;
    if (p->copies > 1)
        snprintf(copy, sizeof copy, ", copy %d of %d", p->copy, p->copies);
    if (p->estimate && p->elapsed_s > 0)
        snprintf(rate, sizeof rate, "  %.0f cards/min  left %d:%02d",
                 (double)p->cards_total / p->elapsed_s * 60, (int)p->left_s / 60,
                 (int)p->left_s % 60);
    fprintf(stderr, "\r\033[Kboard %d (%d of %d%s)  card %2d of 52%s", p->board, p->index,
            p->nboards, copy, p->card, rate);
    u->drawing = true;
}

static void ui_note(void *ctx, int board, const char *text)
{
    struct fill_ui *u = ctx;

    if (u->watch && u->watch->note)
        u->watch->note(u->watch->ctx, board, text);
    if (u->quiet)
        return;
    end_line(u);
    fprintf(stderr, "%s\n", text);
}

/* Bad boards for the summary; for the audit, whether the board's last copy was filled good
 * in this run (only then do the simulator's pockets hold what was reported). */
static void ui_finished(void *ctx, int copy, int board, bool good, bool earlier)
{
    struct fill_ui *u = ctx;

    if (u->watch && u->watch->finished)
        u->watch->finished(u->watch->ctx, copy, board, good, earlier);
    if (board >= 0 && board <= u->max_board)
        u->audit[board] = !earlier && good;
    if (good)
        return;
    if (u->nbad == u->capbad) {
        size_t cap = u->capbad ? 2 * u->capbad : 16;
        struct mach_bad *nb = realloc(u->bad, cap * sizeof *nb);

        if (!nb) {
            u->bad_lost = true;
            return;
        }
        u->bad = nb;
        u->capbad = cap;
    }
    u->bad[u->nbad++] = (struct mach_bad){copy, board};
}

enum pd_status fill_ui_init(struct fill_ui *u, struct mach_ui *ui, int max_board,
                            struct pd_err *e)
{
    u->max_board = max_board;
    u->audit = calloc((size_t)max_board + 1, sizeof *u->audit);
    if (!u->audit)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the board list");
    *ui = (struct mach_ui){u, ui_prompt, ui_progress, ui_note, ui_finished};
    return PD_OK;
}

void fill_ui_free(struct fill_ui *u)
{
    free(u->audit);
    free(u->bad);
    free(u->resume_cmd);
    u->audit = NULL, u->bad = NULL, u->resume_cmd = NULL; /* a second free is harmless */
}

/* ---------------------------------------------------------------- the resume command */

/* arg as the shell reads it back: bare when it is plain, else in single quotes. */
static void append_arg(char **buf, size_t *len, const char *arg)
{
    bool plain = *arg != '\0';
    size_t need = strlen(arg) * 4 + 4;
    char *nb, *p;

    for (const char *c = arg; *c; c++)
        plain = plain && (strchr("_./:=@%+,-", *c) || (*c >= '0' && *c <= '9') ||
                          (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'));
    nb = realloc(*buf, *len + need + 1);
    if (!nb)
        return;
    *buf = nb;
    p = nb + *len;
    *p++ = ' ';
    if (!plain)
        *p++ = '\'';
    for (const char *c = arg; *c; c++) {
        if (*c == '\'') {
            memcpy(p, "'\\''", 4);
            p += 4;
        } else {
            *p++ = *c;
        }
    }
    if (!plain)
        *p++ = '\'';
    *p = '\0';
    *len = (size_t)(p - nb);
}

void fill_ui_resume_cmd(struct fill_ui *u, const char *cmd, const char *const *args)
{
    size_t len = strlen("predup ") + strlen(cmd);
    char *buf = malloc(len + 1);

    if (!buf)
        return;
    snprintf(buf, len + 1, "predup %s", cmd);
    for (int i = 0; args[i]; i++)
        append_arg(&buf, &len, args[i]);
    free(u->resume_cmd);
    u->resume_cmd = buf;
}

/* ---------------------------------------------------------------- the end */

void fill_ui_summary(const struct fill_ui *u, const char *set_path, int copies,
                     const struct mach_result *r)
{
    printf("filled %s: %d good, %d bad", set_path, r->good, r->bad);
    if (copies > 1)
        printf(" (boards x %d copies)", copies);
    if (r->skipped)
        printf(" (%d finished before this run)", r->skipped);
    printf("; %ld card%s placed, %d attempt%s redone\n", r->cards, s_(r->cards), r->redone,
           s_(r->redone));
    if (u->nbad == 0)
        return;
    printf("bad boards:");
    for (size_t i = 0; i < u->nbad; i++) {
        if (copies > 1)
            printf("%s %d (copy %d)", i ? "," : "", u->bad[i].board, u->bad[i].copy);
        else
            printf(" %d", u->bad[i].board);
    }
    printf("%s\n", u->bad_lost ? " and more (no memory to list them)" : "");
}

/* The simulator's ground truth for every board whose last copy was reported good in this
 * run. A board bad in any run, or finished before this run, is not claimed by this run. */
enum pd_status fill_ui_audit(const struct fill_ui *u, const struct mach_sim *sim,
                             const struct mach_job *job, struct pd_err *e)
{
    char why[200];
    int checked = 0, wrong = 0;

    for (int i = 0; i < job->nboards; i++) {
        int b = job->boards[i];

        for (size_t g = 0; g < job->set->n && u->audit[b]; g++) {
            if (job->set->games[g].board != b || job->set->games[g].known != 0xF)
                continue;
            if (mach_sim_board_matches(sim, b, &job->set->games[g].deal, why, sizeof why)) {
                checked++;
            } else {
                wrong++;
                fprintf(stderr, "simulator audit: %s\n", why);
            }
            break;
        }
    }
    printf("simulator audit: %d board%s filled in this run hold%s %s deal%s, card by card%s\n",
           checked, s_(checked), checked == 1 ? "s" : "", checked == 1 ? "its" : "their",
           s_(checked), wrong ? "; SOME DO NOT" : "");
    if (wrong)
        return pd_fail(e, PD_ERR_INTERNAL, "%d board%s reported good %s wrong", wrong,
                       s_(wrong), wrong == 1 ? "is" : "are");
    return PD_OK;
}
