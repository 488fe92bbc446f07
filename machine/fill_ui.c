/* machine/fill_ui.c - the operator's side of `predup fill` and `predup sim`: prompts at the
 * terminal (or answered by --yes), the progress line, notes, the list of finished boards, the
 * closing summary, the simulator's card-by-card audit, and the command that resumes a fill
 * (every hint names a command that works, with the run's own file arguments). */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
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

void mach_ui_end_line(struct fill_ui *u)
{
    end_line(u);
}

/* ---------------------------------------------------------------- the operator's answer */

/* Type-ahead (a second Enter pressed early) must not answer a prompt not yet shown: what the
 * terminal holds is thrown away before each prompt. */
static void flush_type_ahead(void)
{
    if (isatty(STDIN_FILENO))
        tcflush(STDIN_FILENO, TCIFLUSH);
}

/* One line at the terminal (canonical mode: a read is a line): Enter, y or j (ja) is done; q, n
 * or s (nein, stop) stops; anything else (NONE) is asked again. End of input stops. */
static enum mach_answer read_answer(void)
{
    static const char *const done[] = {"", "y", "yes", "j", "ja"};
    static const char *const stop[] = {"q", "quit", "n", "no", "nein", "s", "stop"};
    char line[64];
    ssize_t n = read(STDIN_FILENO, line, sizeof line - 1);
    size_t a = 0, b;

    if (n <= 0)
        return MACH_ANSWER_STOP;
    b = (size_t)n;
    while (a < b && (line[a] == ' ' || line[a] == '\t'))
        a++;
    while (b > a && strchr(" \t\r\n", line[b - 1]))
        b--;
    line[b] = '\0';
    for (size_t i = a; i < b; i++)
        line[i] = (char)tolower((unsigned char)line[i]);
    for (size_t i = 0; i < sizeof done / sizeof *done; i++)
        if (strcmp(line + a, done[i]) == 0)
            return MACH_ANSWER_CONTINUE;
    for (size_t i = 0; i < sizeof stop / sizeof *stop; i++)
        if (strcmp(line + a, stop[i]) == 0)
            return MACH_ANSWER_STOP;
    flush_type_ahead();
    fputs("  [Enter or y when done, q or n to stop] ", stderr);
    fflush(stderr);
    return MACH_ANSWER_NONE;
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

    flush_type_ahead();
    fprintf(stderr, "board %d: %s\n  [%s] ", board, text,
            tty ? "Enter when done, q to stop" : "answer on the operator page");
    fflush(stderr);
    while (a == MACH_ANSWER_NONE) {
        struct pollfd pf[2] = {{fd, POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        enum mach_answer mine = MACH_ANSWER_NONE;

        if (poll(pf, tty ? 2 : 1, -1) < 0 && errno != EINTR)
            mine = MACH_ANSWER_STOP;
        else if (tty && pf[1].revents) /* a whole line: the terminal is in canonical mode */
            mine = read_answer();
        a = w->settle(w->ctx, mine, &by_page);
    }
    if (by_page)
        fprintf(stderr, "answered on the operator page: %s\n",
                a == MACH_ANSWER_STOP ? "stop" : "done");
    return a;
}

static double now_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static enum pd_status ask(struct fill_ui *u, enum mach_action act, int board, const char *text,
                          struct pd_err *e);

/* The time an operator takes over a prompt is no machine time: it is kept apart, so that the
 * rate and the time left do not swing with the operator's pauses (ui_progress). */
static enum pd_status ui_prompt(void *ctx, enum mach_action act, int board, const char *text,
                                struct pd_err *e)
{
    struct fill_ui *u = ctx;
    double t0 = now_s();
    enum pd_status rc = ask(u, act, board, text, e);

    u->paused_s += now_s() - t0;
    return rc;
}

static enum pd_status ask(struct fill_ui *u, enum mach_action act, int board, const char *text,
                          struct pd_err *e)
{
    enum mach_answer a = MACH_ANSWER_NONE;

    end_line(u);
    if (u->yes) {
        if (!u->quiet && act != MA_START)
            fprintf(stderr, "operator (board %d): %s\n", board, text);
        return PD_OK;
    }
    if (u->watch && u->watch->ask && u->watch->settle) {
        if (watched_prompt(u, act, board, text) == MACH_ANSWER_CONTINUE)
            return PD_OK;
    } else {
        flush_type_ahead();
        fprintf(stderr, "board %d: %s\n  [Enter when done, q to stop] ", board, text);
        fflush(stderr);
        while (a == MACH_ANSWER_NONE)
            a = read_answer();
        if (a == MACH_ANSWER_CONTINUE)
            return PD_OK;
    }
    /* the page's Stop and the terminal's q alike: stopped before done, no fault (exit 75) */
    return pd_fail(e, PD_STOPPED, "stopped by the operator at board %d; nothing is lost: %s "
                                    "continues", board, u->resume_cmd);
}

static void ui_progress(void *ctx, const struct mach_progress *given)
{
    struct fill_ui *u = ctx;
    char copy[32] = "", rate[64] = "";
    struct mach_progress machine = *given, *p = &machine;

    /* the rate and the time left from the machine's time alone (the left scales with it) */
    if (u->paused_s > 0 && given->elapsed_s > u->paused_s) {
        p->elapsed_s = given->elapsed_s - u->paused_s;
        if (given->left_s > 0)
            p->left_s = given->left_s * p->elapsed_s / given->elapsed_s;
    }
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

/* The simulator's ground truth for a board-copy reported good now: its pockets hold it. */
static void audit_now(struct fill_ui *u, int board)
{
    const struct deal *d = pbn_set_deal_of(u->set, board);
    char why[200];

    if (!d)
        return;
    if (u->audit(u->audit_run, board, d, why, sizeof why)) {
        u->checked++;
    } else {
        u->wrong++;
        end_line(u);
        fprintf(stderr, "simulator audit: %s\n", why);
    }
}

/* Bad boards for the summary; on the simulator, each board-copy good in this run audited. */
static void ui_finished(void *ctx, int copy, int board, bool good, bool earlier)
{
    struct fill_ui *u = ctx;

    if (u->watch && u->watch->finished)
        u->watch->finished(u->watch->ctx, copy, board, good, earlier);
    if (good && !earlier && u->audit)
        audit_now(u, board);
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

void mach_ui_init(struct fill_ui *u, struct mach_ui *ui)
{
    *ui = (struct mach_ui){u, ui_prompt, ui_progress, ui_note, ui_finished};
}

void mach_ui_free(struct fill_ui *u)
{
    free(u->bad);
    free(u->resume_cmd);
    u->bad = NULL, u->resume_cmd = NULL; /* a second free is harmless */
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

void mach_ui_resume_cmd(struct fill_ui *u, const char *cmd, const char *const *args)
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

/* ---------------------------------------------------------------- Ctrl-C */

/* The message a Ctrl-C (or kill) prints: the handler may only write(2) what is ready. */
static char *interrupt_text;
static size_t interrupt_len;
static struct sigaction interrupt_old[2];
static const int interrupt_sig[2] = {SIGINT, SIGTERM};

/* Nothing is lost (every record is fsynced before it counts): say how to go on, then die of
 * the signal as before (the safe-output cleanup, then the default: exit status 128 + sig). */
static void on_interrupt(int sig)
{
    ssize_t w = write(STDERR_FILENO, interrupt_text, interrupt_len);

    (void)w;
    for (int i = 0; i < 2; i++)
        if (interrupt_sig[i] == sig)
            sigaction(sig, &interrupt_old[i], NULL);
    raise(sig); /* delivered when this handler returns, to the handler before it */
}

void mach_ui_catch_interrupt(const struct fill_ui *u)
{
    struct sigaction sa;

    if (!u->resume_cmd || interrupt_text ||
        asprintf(&interrupt_text, "\npredup: interrupted; nothing is lost (the journal has "
                                  "every card placed): %s continues\n", u->resume_cmd) < 0) {
        return;
    }
    interrupt_len = strlen(interrupt_text);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 2; i++) {
        /* a signal ignored by whoever started us (a background job) stays so */
        if (sigaction(interrupt_sig[i], NULL, &interrupt_old[i]) == 0 &&
            interrupt_old[i].sa_handler != SIG_IGN)
            sigaction(interrupt_sig[i], &sa, NULL);
    }
}

void mach_ui_release_interrupt(void)
{
    if (!interrupt_text)
        return;
    for (int i = 0; i < 2; i++)
        if (interrupt_old[i].sa_handler != SIG_IGN)
            sigaction(interrupt_sig[i], &interrupt_old[i], NULL);
    free(interrupt_text);
    interrupt_text = NULL;
}

/* ---------------------------------------------------------------- no machine */

void mach_ui_no_machine(const struct mach_profile *p)
{
    fprintf(stderr,
            "No USB machine %04x:%04x answered. Check:\n"
            "  - the machine is switched on and its USB cable plugged in (into the computer or a\n"
            "    powered hub);\n"
            "  - its ids are the profile's (vid, pid): predup fill --list shows every USB device\n"
            "    predup sees, the profiles it matches, and whether predup may open it;\n"
            "  - permission: a udev rule as config/70-predup.rules (make install puts it in\n"
            "    share/predup) in /etc/udev/rules.d/, then udevadm control --reload and plug the\n"
            "    machine in again.\n",
            p->vid, p->pid);
}

/* ---------------------------------------------------------------- the end */

/* " (8 boards x 3 copies)" when n board-copies are every copy of every board, else "". */
static const char *times(const struct fill_ui *u, long n)
{
    static char text[48];

    text[0] = '\0';
    if (u->copies > 1 && n == (long)u->nboards * u->copies)
        snprintf(text, sizeof text, " (%d board%s x %d copies)", u->nboards, s_(u->nboards),
                 u->copies);
    return text;
}

void mach_ui_summary(const struct fill_ui *u, const char *set_path, const struct mach_result *r)
{
    int copies = u->copies;

    printf("filled %s: %d good, %d bad", set_path, r->good, r->bad);
    if (copies > 1)
        printf(" board-copies%s", times(u, r->good + r->bad));
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

/* The count of the audit made as each board-copy was finished (audit_now). A board bad in
 * any run, or finished before this run, is not claimed by this run. */
enum pd_status mach_ui_audit(const struct fill_ui *u, struct pd_err *e)
{
    int checked = u->checked, wrong = u->wrong;
    const char *what = u->copies > 1 ? "board-copies" : "boards";

    if (checked == 1)
        what = u->copies > 1 ? "board-copy" : "board";
    printf("simulator audit: %d %s%s filled in this run hold%s %s deal%s, card by card%s\n",
           checked, what, times(u, checked), checked == 1 ? "s" : "",
           checked == 1 ? "its" : "their", s_(checked), wrong ? "; SOME DO NOT" : "");
    if (wrong)
        return pd_fail(e, PD_ERR_INTERNAL, "%d board%s reported good %s wrong", wrong,
                       s_(wrong), wrong == 1 ? "is" : "are");
    return PD_OK;
}
