/* machine/fill.c - the fill engine: fills the boards of a set in order on the machine of a
 * profile (its driver's row, machine/drivers.c), journal beside the set, progress and operator
 * prompts through fill_ui, the audit of a simulated run; mach_fill_journal_status, what a
 * journal says is done. `predup fill` and `predup sim` (their front-ends) parse their options
 * into struct fill_opts and call mach_fill_run or mach_fill_journal_status; the event ceremony
 * (config/ceremony.c) calls mach_fill_run. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/mach_int.h"
#include "machine/transport.h"

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
static void resume_cmd(struct fill_ui *u, const struct fill_opts *o)
{
    const char *args[20];
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
    if (o->descending)
        args[n++] = "--descending";
    for (size_t i = 0; o->resume_also && o->resume_also[i] && n < 17; i++)
        args[n++] = o->resume_also[i];
    args[n++] = "--resume";
    args[n] = NULL;
    mach_ui_resume_cmd(u, o->command ? o->command : "fill", args);
}

static enum pd_status fill_and_report(struct mach_job *job, struct mach_connector *conn,
                                      struct fill_ui *u, struct mach_ui *ui,
                                      const char *set_path, struct pd_err *e)
{
    struct mach_result res;
    enum pd_status rc = mach_fill(job, conn, ui, &res, e);

    mach_ui_end_line(u);
    if (rc != PD_OK)
        return rc;
    mach_ui_summary(u, set_path, &res);
    if (u->audit)
        rc = mach_ui_audit(u, e);
    if (rc == PD_OK && res.bad)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%d board%s bad (listed above)", res.bad,
                     res.bad == 1 ? " is" : "s are");
    return rc;
}

/* Who answers the operator's prompts (MACH_PROMPTS_HELP, the one rule): the page (--web) and
 * the terminal; --yes (and predup sim) nobody, each taken as done; else the terminal; with
 * none of these, the simulator's model operator, and a real machine refuses. */
static enum pd_status prompts_by(struct fill_ui *u, const struct fill_opts *o,
                                 const struct mach_profile *prof, struct pd_err *e)
{
    if (u->yes || o->watch || isatty(STDIN_FILENO))
        return PD_OK;
    if (mach_driver_of(prof->kind)->rehearsal(prof)) {
        u->yes = true; /* the simulated operator acts each prompt out */
        return PD_OK;
    }
    return pd_fail(e, PD_ERR_USAGE, "fill asks an operator to act: run it in a terminal, show "
                                    "its prompts on a page (--web), or pass --yes");
}

/* fill --status: the journal of the profile's machine; without --journal, the rehearsal's
 * too (SET.pbn.sim-journal, which a fill on the simulator keeps), said to be one. */
static enum pd_status status(struct mach_job *job, const struct fill_opts *o,
                             const struct mach_profile *prof, struct pd_err *e)
{
    char *sim = NULL;
    bool real_there = access(job->journal, F_OK) == 0, sim_there;
    enum pd_status rc = PD_OK;

    if (o->journal || mach_driver_of(prof->kind)->rehearsal(prof))
        return mach_fill_status(job, stdout, e);
    if (asprintf(&sim, "%s.sim-journal", o->set_path) < 0)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal's name");
    sim_there = access(sim, F_OK) == 0;
    if (real_there || !sim_there)
        rc = mach_fill_status(job, stdout, e);
    if (rc == PD_OK && sim_there) {
        job->journal = sim;
        printf("%s%s: a rehearsal on the simulator: it filled no real board\n",
               real_there ? "\n" : "", sim);
        rc = mach_fill_status(job, stdout, e);
    }
    free(sim);
    return rc;
}

/* What a fill and its --status share: the set, read; its journal's name; the boards in the
 * order they are filled; the job over them. */
struct fill_prep {
    struct pbn_set *set;
    struct board_range r;
    struct mach_job job;
    char *journal;
};

static enum pd_status prepare(struct fill_prep *p, const struct fill_opts *o,
                              struct mach_profile *prof, struct pd_err *e)
{
    const struct mach_driver *drv = mach_driver_of(prof->kind);
    enum pd_status rc = pd_outset_check(o->set_path, e); /* an interrupted write of the set */

    if (rc == PD_OK)
        rc = pbn_read_any(o->set_path, NULL, &p->set, e);
    /* a rehearsal on the simulator keeps its own journal: it never touches the real one */
    if (rc == PD_OK && !o->journal &&
        asprintf(&p->journal, "%s.%s", o->set_path,
                 drv->rehearsal(prof) ? "sim-journal" : "journal") < 0) {
        p->journal = NULL;
        rc = pd_fail(e, PD_ERR_NOMEM, "no memory for the journal's name");
    }
    if (rc == PD_OK)
        rc = board_list(p->set, o->boards, &p->r, e);
    for (int i = 0; rc == PD_OK && o->descending && i < p->r.n / 2; i++) {
        int t = p->r.boards[i];

        p->r.boards[i] = p->r.boards[p->r.n - 1 - i];
        p->r.boards[p->r.n - 1 - i] = t;
    }
    p->job = (struct mach_job){p->set, p->r.boards, p->r.n, o->journal ? o->journal : p->journal,
                               {0}, o->resume, prof, o->copies, NULL};
    return rc == PD_OK ? mach_hash_deals(p->set, p->job.set_hash, e) : rc;
}

static void prep_free(struct fill_prep *p)
{
    free(p->journal);
    board_range_free(&p->r);
    pbn_set_free(p->set);
}

enum pd_status mach_fill_journal_status(const struct fill_opts *o, struct mach_profile *prof,
                                        struct pd_err *e)
{
    struct fill_prep p = {0};
    enum pd_status rc = mach_driver_of(prof->kind) ? prepare(&p, o, prof, e)
                        : pd_fail(e, PD_ERR_INTERNAL, "no machine driver selected");

    if (rc == PD_OK)
        rc = status(&p.job, o, prof, e);
    prep_free(&p);
    return rc;
}

enum pd_status mach_fill_run(const struct fill_opts *o, struct mach_profile *prof, struct pd_err *e)
{
    struct fill_prep p = {0};
    const struct mach_driver *drv = mach_driver_of(prof->kind);
    void *run = NULL;
    struct fill_ui u = {.yes = o->yes, .quiet = o->quiet, .watch = o->watch};
    struct mach_ui ui;
    struct mach_connector conn = {0};
    bool shown; /* the operator page was told the fill began */
    enum pd_status rc;

    if (!drv) /* the caller picked no row: cfg_find_profile refuses a profile so */
        return pd_fail(e, PD_ERR_INTERNAL, "no machine driver selected");
    rc = prompts_by(&u, o, prof, e);
    if (rc == PD_OK)
        rc = prepare(&p, o, prof, e);
    if (rc == PD_OK && drv->rehearsal(prof))
        rc = check_faults(&prof->sim, &p.r, e);
    shown = rc == PD_OK && o->watch && o->watch->begin;
    if (shown)
        o->watch->begin(o->watch->ctx, o->set_path,
                        p.set->n ? pbn_tag_get(&p.set->games[0], "Event") : NULL, o->lang,
                        p.r.n, o->copies > 1 ? o->copies : 1);
    mach_ui_init(&u, &ui);
    if (rc == PD_OK) {
        resume_cmd(&u, o);
        p.job.resume_cmd = u.resume_cmd;
        mach_ui_catch_interrupt(&u);
        rc = drv->start(prof, &run, &conn, e);
    }
    if (drv->rehearsal(prof))
        u.audit = drv->audit, u.audit_run = run;
    u.set = p.set, u.nboards = p.r.n, u.copies = o->copies > 1 ? o->copies : 1;
    if (rc == PD_OK)
        rc = fill_and_report(&p.job, &conn, &u, &ui, o->set_path, e);
    if (rc == PD_ERR_DEVICE && drv->explain)
        drv->explain(run, prof);
    if (shown && o->watch->end) /* the page shows the summary, not "no connection" */
        o->watch->end(o->watch->ctx, rc);
    mach_ui_release_interrupt();
    mach_ui_free(&u);
    if (run)
        drv->stop(run);
    prep_free(&p);
    return rc;
}
