/* machine/cmd/cmd_fill.c - `predup fill`: fill the boards of a set on a machine, with progress and
 * operator prompts, journal beside the set. `predup sim` (machine/cmd/cmd_sim.c) runs the same on
 * the built-in simulated machine with its fault options: the options and the run are here. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/cmd/cmd.h"
#include "config/config.h"
#include "machine/mach_int.h"
#include "machine/transport.h"

static const char fill_usage[] =
    "usage: predup fill SET.pbn [--boards 1-36] [--machine FILE.conf|sim] [--resume] [--yes]\n"
    "                   [--copies N] [--journal FILE] [--quiet] [--status]\n"
    "  Fills the boards of SET.pbn in order on the machine of the profile (default: a USB\n"
    "  machine with the default ids; --machine sim or config/machines/sim.conf is the\n"
    "  built-in simulator).\n"
    "  Every placement goes to SET.pbn.journal first; after any stop, --resume continues\n"
    "  from the first unfinished board. --yes answers the operator prompts (scripts).\n"
    "  --copies N fills N copies of each board (copy 1 of every board, then copy 2 ...);\n"
    "  a later run with other --boards or more --copies continues the same journal.\n"
    "  --status shows what the journal says is done, per copy.\n"
    "  Exit 0 when every board is good, 1 when some are bad (each named).\n";

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

/* The letters pd_opts_next returns for the options without a short form. */
enum { OPT_RESUME = 'r', OPT_YES = 'y', OPT_JOURNAL = 'J', OPT_QUIET = 'Q', OPT_COPIES = 'c',
       OPT_STATUS = 's' };

static enum pd_status parse_copies(const char *arg, struct fill_opts *o, struct pd_err *e)
{
    unsigned long long n;

    if (pd_parse_number(arg, 1, MACH_MAX_COPIES, "--copies", &n, e) != PD_OK)
        return e->code;
    o->copies = (int)n;
    o->copies_arg = arg;
    return PD_OK;
}

enum pd_status fill_parse_opts(int argc, char **argv, struct fill_opts *o, fill_sim_opt_fn sim_opt,
                               struct mach_sim_opts *sim_extra, struct pd_err *e)
{
    struct pd_opts p;
    int c;

    memset(o, 0, sizeof *o);
    o->copies = 1;
    if (pd_opts_begin(&p, "b boards  m machine  J journal  S seed  f fault  R rate  c copies",
                      "r resume  y yes  Q quiet  h help  s status", "b:m:hq", argc, argv,
                      e) != PD_OK)
        return PD_ERR_INTERNAL;
    while ((c = pd_opts_next(&p)) != -1) {
        if (pd_opt_text(c, "bmJ", (const char **const[]){&o->boards, &o->machine, &o->journal}))
            continue;
        switch (c) {
        case OPT_RESUME: o->resume = true; break;
        case OPT_YES: o->yes = true; break;
        case OPT_STATUS: o->status = true; break;
        case OPT_COPIES:
            if (parse_copies(optarg, o, e) != PD_OK)
                return PD_ERR_USAGE;
            break;
        case 'q':
        case OPT_QUIET: o->quiet = true; break;
        case 'h': o->help = true; return PD_OK;
        case FILL_OPT_SEED:
        case FILL_OPT_FAULT:
        case FILL_OPT_RATE:
            if (sim_opt) {
                if (sim_opt(c, optarg, o, sim_extra, e) != PD_OK)
                    return PD_ERR_USAGE;
                break;
            }
            return pd_fail(e, PD_ERR_USAGE, "fill takes no --seed, --fault or --rate: they are "
                                            "the simulator's (see predup sim --help)");
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

/* A fault at a board this run does not fill would silently never happen. */
static enum pd_status check_faults(const struct mach_sim_opts *sim, const struct board_range *r,
                                   struct pd_err *e)
{
    for (int i = 0; i < sim->nat; i++) {
        bool in = false;

        for (int k = 0; k < r->n && !in; k++)
            in = r->boards[k] == sim->at[i].board;
        if (!in)
            return pd_fail(e, PD_ERR_USAGE, "fault %s@%d:%d: board %d is not filled in this "
                                            "run (see --boards)",
                           MACH_FAULT_NAME[sim->at[i].kind], sim->at[i].board,
                           sim->at[i].card, sim->at[i].board);
    }
    return PD_OK;
}

/* The command that resumes this run, with its own arguments. */
static void resume_cmd(struct fill_ui *u, const struct fill_opts *o, bool is_sim_cmd)
{
    const char *args[16];
    int n = 0;

    args[n++] = o->set_path;
    if (o->boards)
        args[n++] = "--boards", args[n++] = o->boards;
    if (o->machine)
        args[n++] = "--machine", args[n++] = o->machine;
    if (o->journal)
        args[n++] = "--journal", args[n++] = o->journal;
    if (o->copies_arg)
        args[n++] = "--copies", args[n++] = o->copies_arg;
    if (o->yes && !is_sim_cmd)
        args[n++] = "--yes";
    args[n++] = "--resume";
    args[n] = NULL;
    fill_ui_resume_cmd(u, is_sim_cmd ? "sim" : "fill", args);
}

static int max_board_of(const struct pbn_set *set)
{
    int max = 1;

    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].board > max)
            max = set->games[i].board;
    return max;
}

/* The connector of the profile's machine: the simulator in-process, or libusb. */
static enum pd_status connect_to(struct mach_profile *prof, struct mach_sim **sim,
                                 struct mach_usb **usb, struct mach_connector *conn,
                                 struct pd_err *e)
{
    enum pd_status rc;

    if (prof->kind == MACH_SIM) {
        rc = mach_sim_new(&prof->sim, prof->pocket, NULL, sim, e);
        *conn = (struct mach_connector){*sim, sim_open};
        return rc;
    }
    if (prof->kind != MACH_USB)
        return pd_fail(e, PD_ERR_INTERNAL, "no machine selected");
    rc = mach_usb_new(prof, usb, e); /* one libusb context for the whole run */
    *conn = (struct mach_connector){*usb, usb_open};
    return rc;
}

static enum pd_status fill_and_report(struct mach_job *job, struct mach_connector *conn,
                                      struct fill_ui *u, struct mach_ui *ui,
                                      const struct mach_sim *sim, const char *set_path,
                                      struct pd_err *e)
{
    struct mach_result res;
    enum pd_status rc = mach_fill(job, conn, ui, &res, e);

    fill_ui_end_line(u);
    if (rc != PD_OK)
        return rc;
    fill_ui_summary(u, set_path, job->copies, &res);
    if (sim)
        rc = fill_ui_audit(u, sim, job, e);
    if (rc == PD_OK && res.bad)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%d board%s bad (listed above)", res.bad,
                     res.bad == 1 ? " is" : "s are");
    return rc;
}

enum pd_status fill_run(const struct fill_opts *o, struct mach_profile *prof, bool is_sim_cmd,
                        struct pd_err *e)
{
    struct pbn_set *set = NULL;
    struct board_range r = {0};
    struct mach_sim *sim = NULL;
    struct mach_usb *usb = NULL;
    struct mach_job job = {0};
    struct fill_ui u = {.yes = o->yes || is_sim_cmd, .quiet = o->quiet};
    struct mach_ui ui;
    struct mach_connector conn = {0};
    char *journal = NULL;
    enum pd_status rc;

    if (!u.yes && !o->status && !isatty(STDIN_FILENO))
        return pd_fail(e, PD_ERR_USAGE, "fill asks an operator to act: run it in a terminal, "
                                        "or pass --yes");
    rc = pd_outset_check(o->set_path, e); /* an interrupted write of the set */
    if (rc == PD_OK)
        rc = pbn_read_any(o->set_path, NULL, &set, e);
    /* a rehearsal on the simulator keeps its own journal: it never touches the real one */
    if (rc == PD_OK && !o->journal &&
        asprintf(&journal, "%s.%s", o->set_path,
                 prof->kind == MACH_SIM ? "sim-journal" : "journal") < 0) {
        journal = NULL;
        rc = pd_fail(e, PD_ERR_NOMEM, "no memory for the journal's name");
    }
    if (rc == PD_OK)
        rc = board_list(set, o->boards, &r, e);
    job = (struct mach_job){set, r.boards, r.n, o->journal ? o->journal : journal, {0},
                            o->resume, prof, o->copies, NULL};
    if (rc == PD_OK)
        rc = mach_hash_deals(set, job.set_hash, e);
    if (rc == PD_OK && o->status) {
        rc = mach_fill_status(&job, stdout, e);
        goto out;
    }
    if (rc == PD_OK && prof->kind == MACH_SIM)
        rc = check_faults(&prof->sim, &r, e);
    if (rc == PD_OK)
        rc = fill_ui_init(&u, &ui, max_board_of(set), e);
    if (rc == PD_OK) {
        resume_cmd(&u, o, is_sim_cmd);
        job.resume_cmd = u.resume_cmd;
        rc = connect_to(prof, &sim, &usb, &conn, e);
    }
    if (rc == PD_OK)
        rc = fill_and_report(&job, &conn, &u, &ui, sim, o->set_path, e);
out:
    fill_ui_free(&u);
    mach_sim_free(sim);
    mach_usb_free(usb);
    free(journal);
    board_range_free(&r);
    pbn_set_free(set);
    return rc;
}

enum pd_status fill_load_profile(const char *path, struct mach_profile *p, struct pd_err *e)
{
    mach_profile_default(p);
    if (!path)
        return PD_OK;
    if (strcmp(path, "sim") == 0) { /* by name: the built-in simulator at its defaults */
        p->kind = MACH_SIM;
        snprintf(p->name, sizeof p->name, "built-in simulator");
        return PD_OK;
    }
    return cfg_load_machine(path, p, e);
}

enum pd_status cmd_fill(int argc, char **argv, struct pd_err *e)
{
    struct fill_opts o;
    struct mach_profile prof;
    enum pd_status rc = fill_parse_opts(argc, argv, &o, NULL, NULL, e);

    if (rc == PD_OK && o.help) {
        fputs(fill_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK)
        rc = fill_load_profile(o.machine, &prof, e);
    if (rc == PD_OK && !o.machine)
        prof.kind = MACH_USB; /* a real machine unless a profile says otherwise */
    return rc == PD_OK ? fill_run(&o, &prof, false, e) : rc;
}

