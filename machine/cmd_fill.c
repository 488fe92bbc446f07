/* machine/cmd_fill.c - `predup fill` (fill the boards of a set on a machine, with progress and
 * operator prompts, journal beside the set) and `predup sim` (the same on the built-in
 * simulated machine, with fault options, then a card-by-card audit of the physical boards). */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/machine.h"
#include "machine/transport.h"

static const char fill_usage[] =
    "usage: predup fill SET.pbn [--boards 1-36] [--machine FILE.conf] [--resume] [--yes]\n"
    "                   [--journal FILE] [--quiet]\n"
    "  Fills the boards of SET.pbn in order on the machine of the profile (default: a USB\n"
    "  machine with the default ids; config/machines/sim.conf is the built-in simulator).\n"
    "  Every placement goes to SET.pbn.journal first; after any stop, --resume continues\n"
    "  from the first unfinished board. --yes answers the operator prompts (scripts).\n"
    "  Exit 0 when every board is good, 1 when some are bad (each named).\n";

static const char sim_usage[] =
    "usage: predup sim SET.pbn [--boards 1-36] [--machine FILE.conf] [--seed N]\n"
    "                  [--fault KIND@BOARD:CARD]... [--rate KIND=PPM]... [--resume] [--quiet]\n"
    "  Fills SET.pbn on the simulated machine (its settings from FILE.conf when given, which\n"
    "  must say transport = sim), answering the prompts as a model operator, then checks\n"
    "  every board reported good against the deal card by card in the simulator's pockets.\n"
    "  Faults: misread unreadable double-feed jam short-deck extra-card other-deck\n"
    "  duplicate-card unplug reset cover-open no-board (no-board takes card 0).\n";

struct fill_opts {
    const char *set_path, *boards, *machine, *journal;
    bool resume, yes, quiet, help;
};

struct ui_state {
    bool yes, quiet, drawing, sim;
    int nprompts;
};

/* ---------------------------------------------------------------- operator interface */

static void end_line(struct ui_state *u)
{
    if (u->drawing)
        fputs("\r\033[K", stderr);
    u->drawing = false;
}

static enum pd_status ui_prompt(void *ctx, enum mach_action act, int board, const char *text,
                                struct pd_err *e)
{
    struct ui_state *u = ctx;
    char line[64];

    u->nprompts++;
    end_line(u);
    if (u->yes) {
        if (!u->quiet && act != MA_START)
            fprintf(stderr, "operator (board %d): %s\n", board, text);
        return PD_OK;
    }
    fprintf(stderr, "board %d: %s\n  [Enter when done, q to stop] ", board, text);
    fflush(stderr);
    if (!fgets(line, sizeof line, stdin) || line[0] == 'q')
        return pd_fail(e, PD_ERR_USAGE, "stopped by the operator at board %d; nothing is "
                                        "lost: predup fill --resume continues", board);
    return PD_OK;
}

static void ui_progress(void *ctx, const struct mach_progress *p)
{
    struct ui_state *u = ctx;
    double rate = p->elapsed_s > 0 ? (double)p->cards_total / p->elapsed_s * 60 : 0;
    char left[32] = "?";

    if (!pd_progress_wanted(u->quiet))
        return;
    if (p->left_s >= 0)
        snprintf(left, sizeof left, "%d:%02d", (int)p->left_s / 60, (int)p->left_s % 60);
    fprintf(stderr, "\r\033[Kboard %d (%d of %d)  card %2d of 52  %.0f cards/min  left %s",
            p->board, p->index, p->nboards, p->card, rate, left);
    u->drawing = true;
}

static void ui_note(void *ctx, int board, const char *text)
{
    struct ui_state *u = ctx;

    (void)board;
    if (u->quiet)
        return;
    end_line(u);
    fprintf(stderr, "%s\n", text);
}

/* ---------------------------------------------------------------- connectors */

static enum pd_status sim_open(void *ctx, int wait_ms, struct mach_transport *out,
                               struct pd_err *e)
{
    enum pd_status rc = PD_ERR_DEVICE;

    (void)wait_ms; /* simulated time: each attempt is one poll of the bus */
    for (int i = 0; i < 1000 && rc != PD_OK; i++)
        rc = mach_fake_open(ctx, out, e);
    return rc;
}

static enum pd_status usb_open(void *ctx, int wait_ms, struct mach_transport *out,
                               struct pd_err *e)
{
    return mach_usb_open(ctx, wait_ms, out, e);
}

/* ---------------------------------------------------------------- options */

enum { OPT_RESUME = 256, OPT_YES, OPT_JOURNAL, OPT_SEED, OPT_FAULT, OPT_RATE, OPT_QUIET };

static enum pd_status parse_rate(const char *arg, struct mach_sim_opts *s, struct pd_err *e)
{
    char name[32];
    const char *eq = strchr(arg, '=');
    char *end;
    long ppm;
    int kind;

    if (!eq || (size_t)(eq - arg) >= sizeof name)
        return pd_fail(e, PD_ERR_USAGE, "--rate wants KIND=PPM, e.g. jam=200");
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    kind = mach_fault_from_name(name);
    ppm = strtol(eq + 1, &end, 10);
    if (kind < 0 || *end || end == eq + 1 || ppm < 0 || ppm > 1000000)
        return pd_fail(e, PD_ERR_USAGE, "--rate %s: a fault name and parts per million "
                                        "(0..1000000)", arg);
    s->rate_ppm[kind] = (uint32_t)ppm;
    return PD_OK;
}

static enum pd_status parse_sim_opt(int c, const char *arg, struct mach_sim_opts *s,
                                    struct pd_err *e)
{
    char *end;
    unsigned long long seed;

    if (c == OPT_SEED) {
        seed = strtoull(arg, &end, 10);
        if (*end || end == arg)
            return pd_fail(e, PD_ERR_USAGE, "--seed wants a number, not \"%s\"", arg);
        s->seed = seed;
        return PD_OK;
    }
    if (c == OPT_RATE)
        return parse_rate(arg, s, e);
    if (s->nat >= MACH_SIM_MAX_AT)
        return pd_fail(e, PD_ERR_USAGE, "at most %d --fault options", (int)MACH_SIM_MAX_AT);
    return mach_fault_parse(arg, &s->at[s->nat++], e) == PD_OK
               ? PD_OK
               : pd_fail(e, PD_ERR_USAGE, "%s", e->msg);
}

/* Options of both commands; sim_extra is where --seed/--fault/--rate go (NULL for fill). */
static enum pd_status parse_opts(int argc, char **argv, struct fill_opts *o,
                                 struct mach_sim_opts *sim_extra, struct pd_err *e)
{
    static const struct option longs[] = {
        {"boards", required_argument, NULL, 'b'}, {"machine", required_argument, NULL, 'm'},
        {"resume", no_argument, NULL, OPT_RESUME}, {"yes", no_argument, NULL, OPT_YES},
        {"journal", required_argument, NULL, OPT_JOURNAL},
        {"quiet", no_argument, NULL, OPT_QUIET},  {"seed", required_argument, NULL, OPT_SEED},
        {"fault", required_argument, NULL, OPT_FAULT},
        {"rate", required_argument, NULL, OPT_RATE}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;

    memset(o, 0, sizeof *o);
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "b:m:hq", longs, NULL)) != -1) {
        switch (c) {
        case 'b': o->boards = optarg; break;
        case 'm': o->machine = optarg; break;
        case OPT_RESUME: o->resume = true; break;
        case OPT_YES: o->yes = true; break;
        case OPT_JOURNAL: o->journal = optarg; break;
        case 'q':
        case OPT_QUIET: o->quiet = true; break;
        case 'h': o->help = true; return PD_OK;
        case OPT_SEED:
        case OPT_FAULT:
        case OPT_RATE:
            if (sim_extra) {
                if (parse_sim_opt(c, optarg, sim_extra, e) != PD_OK)
                    return PD_ERR_USAGE;
                break;
            }
            return pd_fail(e, PD_ERR_USAGE, "fill has no simulator options (%s): see predup sim",
                           argv[optind - 1]);
        default:
            return pd_fail(e, PD_ERR_USAGE, "%s: unknown or incomplete option %s", argv[0],
                           argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        return pd_fail(e, PD_ERR_USAGE, "%s wants one SET.pbn (see predup %s --help)", argv[0],
                       argv[0]);
    o->set_path = argv[optind];
    return PD_OK;
}

/* ---------------------------------------------------------------- the run */

static enum pd_status board_list(const struct pbn_set *set, const char *spec,
                                 struct board_range *r, struct pd_err *e)
{
    int max = 0;

    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].board > max)
            max = set->games[i].board;
    if (max == 0)
        return pd_fail(e, PD_ERR_RANGE, "the set has no numbered boards");
    if (spec)
        return board_range_parse(spec, max, r, e);
    r->boards = malloc(set->n * sizeof *r->boards);
    if (!r->boards)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the board list");
    r->n = 0;
    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].board > 0)
            r->boards[r->n++] = set->games[i].board;
    return PD_OK;
}

static bool is_bad(const struct mach_result *res, int board)
{
    for (int i = 0; i < res->bad && i < 64; i++)
        if (res->bad_boards[i] == board)
            return true;
    return false;
}

/* The simulator's ground truth for every board reported good in this run. */
static void audit(const struct mach_sim *sim, const struct mach_job *job,
                  const struct pbn_set *set, const struct mach_result *res, int *checked,
                  int *wrong)
{
    char why[200];

    *checked = *wrong = 0;
    for (int i = 0; i < job->nboards; i++)
        for (size_t g = 0; g < set->n; g++) {
            if (set->games[g].board != job->boards[i] || is_bad(res, job->boards[i]))
                continue;
            if (mach_sim_board_matches(sim, job->boards[i], &set->games[g].deal, why,
                                       sizeof why))
                ++*checked;
            else if (strstr(why, "holds 0 cards") == NULL) {
                ++*wrong; /* empty pockets: a board finished in an earlier run */
                fprintf(stderr, "simulator audit: %s\n", why);
            }
            break;
        }
}

static void summary(const struct fill_opts *o, const struct mach_result *r)
{
    printf("filled %s: %d good, %d bad", o->set_path, r->good, r->bad);
    if (r->skipped)
        printf(" (%d finished before this run)", r->skipped);
    printf("; %ld cards placed, %d attempts redone\n", r->cards, r->redone);
    if (r->bad) {
        printf("bad boards:");
        for (int i = 0; i < r->bad && i < 64; i++)
            printf(" %d", r->bad_boards[i]);
        printf("\n");
    }
}

static enum pd_status run(const struct fill_opts *o, struct mach_profile *prof, bool is_sim_cmd,
                          struct pd_err *e)
{
    struct pbn_set *set = NULL;
    struct board_range r = {0};
    struct mach_sim *sim = NULL;
    struct mach_job job = {0};
    struct mach_result res;
    struct ui_state u = {.yes = o->yes || is_sim_cmd, .quiet = o->quiet};
    struct mach_ui ui = {&u, ui_prompt, ui_progress, ui_note};
    struct mach_connector conn = {prof, usb_open};
    char journal[1100];
    int checked = 0, wrong = 0;
    enum pd_status rc;

    if (!u.yes && !isatty(STDIN_FILENO))
        return pd_fail(e, PD_ERR_USAGE, "fill asks an operator to act: run it in a terminal, "
                                        "or pass --yes");
    snprintf(journal, sizeof journal, "%s.journal", o->set_path);
    rc = pbn_read_any(o->set_path, NULL, &set, e);
    if (rc == PD_OK)
        rc = board_list(set, o->boards, &r, e);
    if (rc == PD_OK)
        rc = mach_hash_file(o->set_path, job.set_hash, e);
    if (rc == PD_OK && prof->kind == MACH_SIM) {
        rc = mach_sim_new(&prof->sim, prof->pocket, NULL, &sim, e);
        conn = (struct mach_connector){sim, sim_open};
    }
    if (rc == PD_OK) {
        job.set = set;
        job.boards = r.boards;
        job.nboards = r.n;
        job.journal = o->journal ? o->journal : journal;
        job.resume = o->resume;
        job.profile = prof;
        rc = mach_fill(&job, &conn, &ui, &res, e);
        end_line(&u);
    }
    if (rc == PD_OK) {
        summary(o, &res);
        if (sim) {
            audit(sim, &job, set, &res, &checked, &wrong);
            printf("simulator audit: %d boards filled in this run hold their deals, card by "
                   "card%s\n", checked, wrong ? "; SOME DO NOT" : "");
            if (wrong)
                rc = pd_fail(e, PD_ERR_INTERNAL, "%d boards reported good are wrong", wrong);
        }
        if (rc == PD_OK && res.bad)
            rc = pd_fail(e, PD_ERR_MISMATCH, "%d boards are bad (listed above)", res.bad);
    }
    mach_sim_free(sim);
    board_range_free(&r);
    pbn_set_free(set);
    return rc;
}

static enum pd_status load_profile(const char *path, mach_profile_loader load,
                                   struct mach_profile *p, struct pd_err *e)
{
    mach_profile_default(p);
    if (!path)
        return PD_OK;
    return load(path, p, e);
}

enum pd_status mach_cmd_fill(int argc, char **argv, mach_profile_loader load, struct pd_err *e)
{
    struct fill_opts o;
    struct mach_profile prof;
    enum pd_status rc = parse_opts(argc, argv, &o, NULL, e);

    if (rc == PD_OK && o.help) {
        fputs(fill_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK)
        rc = load_profile(o.machine, load, &prof, e);
    if (rc == PD_OK && !o.machine)
        prof.kind = MACH_USB; /* a real machine unless a profile says otherwise */
    return rc == PD_OK ? run(&o, &prof, false, e) : rc;
}

enum pd_status mach_cmd_sim(int argc, char **argv, mach_profile_loader load, struct pd_err *e)
{
    struct fill_opts o;
    struct mach_profile prof;
    struct mach_sim_opts extra;
    enum pd_status rc;

    mach_profile_default(&prof);
    extra = prof.sim;
    extra.seed = ULLONG_MAX; /* "not given": the profile's seed stays */
    rc = parse_opts(argc, argv, &o, &extra, e);
    if (rc == PD_OK && o.help) {
        fputs(sim_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK)
        rc = load_profile(o.machine, load, &prof, e);
    if (rc == PD_OK && prof.kind != MACH_SIM)
        return pd_fail(e, PD_ERR_USAGE, "%s is not a simulator profile (transport = sim)",
                       o.machine);
    if (rc != PD_OK)
        return rc;
    /* command-line faults and rates come on top of the profile's */
    if (extra.seed != ULLONG_MAX)
        prof.sim.seed = extra.seed;
    for (int i = 0; i < MF_COUNT; i++)
        if (extra.rate_ppm[i])
            prof.sim.rate_ppm[i] = extra.rate_ppm[i];
    for (int i = 0; i < extra.nat && prof.sim.nat < MACH_SIM_MAX_AT; i++)
        prof.sim.at[prof.sim.nat++] = extra.at[i];
    return run(&o, &prof, true, e);
}
