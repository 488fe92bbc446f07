/* config/commands/cmd_event.c - `predup event commit|public|deal|reveal NAME.conf`: reads the
 * step and its options and calls the ceremony (config/ceremony.c), which does the work; every
 * step answers --help. */
#include <stddef.h>
#include <string.h>

#include "config/commands/commands.h"
#include "config/config.h"
#include "machine/operator/operator.h"

static const char event_summary[] =
    "  The record NAME.record may be published at every stage; `predup verify NAME.record\n"
    "  FILE...` checks it and the files. dealer/EVENTS.md describes the ceremony.\n"
    MACH_PROMPTS_HELP;

static void print_event_usage(void);
static enum pd_status expected_step(const char *step, struct pd_err *e);

/* event deal's options: the ceremony's, and the front-end's own (--web: it starts the page). */
struct event_deal_args {
    struct ceremony_deal_opts o;
    const char *web;
    bool help;
};

#define DEAL_AT(member) PD_OPT_AT(struct event_deal_args, member)
static const struct pd_opt event_deal_rows[] = {
    {0, "set", PD_OPT_VALUE, DEAL_AT(o.set), .arg = "NAME",
     .help = "deal this set of the event only (all of them)"},
    {'o', "output", PD_OPT_VALUE, DEAL_AT(o.dir), .arg = "DIR", .words = "/",
     .help = "where the sets, their analysis and PDFs go (NAME/, beside the event file)"},
    {0, "fill", PD_OPT_FLAG, DEAL_AT(o.fill),
     .help = "then fill the boards on each set's machine (its machine line)"},
    {0, "web", PD_OPT_VALUE, DEAL_AT(web), .arg = "[ADDR:]PORT",
     .help = "with --fill: the operator page (see predup fill --help)"},
    {0, "yes", PD_OPT_FLAG, DEAL_AT(o.yes),
     .help = "with --fill: take each operator prompt as done without asking"},
    {'h', "help", PD_OPT_STOP, DEAL_AT(help)},
    {0},
};
static const struct pd_opt_table event_deal_table = {"predup event", event_deal_rows, NULL, 25};

static enum pd_status parse_deal(int argc, char **argv, struct event_deal_args *a,
                                 struct pd_err *e)
{
    int first;
    enum pd_status rc = pd_opts_parse(&event_deal_table, a, argc, argv, &first, e);

    if (rc != PD_OK || a->help)
        return rc;
    a->o.conf = first < argc ? argv[first] : NULL;
    if (a->web && !a->o.fill)
        return pd_fail(e, PD_ERR_USAGE, "--web shows the fill on a page: it goes with --fill");
    if (a->o.yes && !a->o.fill)
        return pd_fail(e, PD_ERR_USAGE, "--yes answers the fill's prompts: it goes with --fill");
    return first == argc - 1 ? PD_OK : expected_step("deal", e);
}

static enum pd_status event_deal(int argc, char **argv, struct pd_err *e)
{
    struct event_deal_args a = {0};
    enum pd_status rc = parse_deal(argc, argv, &a, e);
    struct op_server *page = NULL;

    if (rc == PD_OK && a.help)
        print_event_usage();
    if (rc != PD_OK || a.help)
        return rc;
    if (a.web) { /* the page is up (its port bound) before anything is dealt */
        rc = op_start(a.web, stderr, &page, e);
        a.o.watch = rc == PD_OK ? op_watch(page) : NULL;
    }
    if (rc == PD_OK)
        rc = ceremony_deal(&a.o, e);
    op_stop(page);
    return rc;
}

/* commit's and reveal's own option each: a flag, read through the one option reader; the
 * step's usage line names it. */
struct event_step_args {
    bool flag, help;
};
enum { EVENT_USAGE_STEP = 1 };
static const struct pd_opt event_commit_rows[] = {
    {0, "reuse-key", PD_OPT_FLAG, PD_OPT_AT(struct event_step_args, flag), .whole = true,
     .usage = EVENT_USAGE_STEP,
     .help = "event commit: adopt an existing NAME.key that has no record (never a key "
             "revealed or committed to before)"},
    {'h', "help", PD_OPT_STOP, PD_OPT_AT(struct event_step_args, help)},
    {0},
};
static const struct pd_opt event_reveal_rows[] = {
    {0, "yes", PD_OPT_FLAG, PD_OPT_AT(struct event_step_args, flag), .whole = true,
     .usage = EVENT_USAGE_STEP,
     .help = "event reveal: play is over, before the event's date or at a terminal"},
    {'h', "help", PD_OPT_STOP, PD_OPT_AT(struct event_step_args, help)},
    {0},
};
static const struct pd_opt_table event_commit_table = {"predup event", event_commit_rows, NULL,
                                                       25};
static const struct pd_opt_table event_reveal_table = {"predup event", event_reveal_rows, NULL,
                                                       25};
const struct pd_opt_table *const cmd_event_options[] = {&event_deal_table, &event_commit_table,
                                                        &event_reveal_table, NULL};
const struct cmd_form cmd_event_forms[] = {
    {"commit", "NAME.conf", &event_commit_table, .optional = EVENT_USAGE_STEP,
     .summary = "make the key NAME.key and NAME.record"},
    {"public", "NAME.conf VALUE", .summary = "add the delayed public value to the record"},
    {"deal", "NAME.conf", .options = true, .summary = "deal, write, analyse, print (and fill)"},
    {"reveal", "NAME.conf", &event_reveal_table, .optional = EVENT_USAGE_STEP,
     .summary = "add the key to the record, after play (--yes: before the event's date or at "
                "a terminal: play is over)"},
    {0},
};

static enum pd_status wrong_step(int argc, char **argv, struct pd_err *e);

/* commit NAME.conf [--reuse-key] or reveal NAME.conf [--yes]: argv[1] is the step. */
static enum pd_status event_step(const struct pd_opt_table *t, int argc, char **argv,
                                 struct pd_err *e)
{
    struct event_step_args a = {0};
    int first;
    enum pd_status rc = pd_opts_parse(t, &a, argc - 1, argv + 1, &first, e);

    if (rc != PD_OK)
        return rc;
    if (first != argc - 2)
        return wrong_step(argc, argv, e);
    return t == &event_commit_table ? ceremony_commit(argv[first + 1], a.flag, e)
                                    : ceremony_reveal(argv[first + 1], a.flag, e);
}

/* event --help, or commit, public or reveal with --help or -h anywhere after the step: the
 * usage, and nothing else done (deal reads its --help with its options). */
static bool wants_help(int argc, char **argv)
{
    const char *step = argc > 1 ? argv[1] : "";

    if (!strcmp(step, "--help") || !strcmp(step, "-h"))
        return true;
    if (strcmp(step, "commit") && strcmp(step, "public") && strcmp(step, "reveal"))
        return false;
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

/* The refusal of a known step's command line: its form (cmd_event_forms). */
static enum pd_status expected_step(const char *step, struct pd_err *e)
{
    char form[200];
    const struct cmd_form *f = cmd_form_named(cmd_event_forms, step);

    return pd_fail(e, PD_ERR_USAGE, "expected: %s (predup event --help)",
                   cmd_form_text("event", f ? f : cmd_event_forms, form, sizeof form));
}

/* A known step with the wrong arguments is told what that step takes; an unknown one, the
 * step it is closest to and the steps (their forms' words). */
static enum pd_status wrong_step(int argc, char **argv, struct pd_err *e)
{
    const char *step = argc > 1 ? argv[1] : "", *steps[8];
    size_t n = cmd_form_subs(cmd_event_forms, steps, 8);
    char hint[80], list[80];

    if (cmd_form_named(cmd_event_forms, step))
        return expected_step(step, e);
    pd_did_you_mean(step, steps, n, hint, sizeof hint);
    pd_join_words(steps, n, "|", "|", list, sizeof list);
    if (!step[0])
        return pd_fail(e, PD_ERR_USAGE, "expected a step: event %s NAME.conf ... (predup event "
                       "--help)", list);
    return pd_fail(e, PD_ERR_USAGE, "no step \"%s\"%s: expected event %s NAME.conf ... (predup "
                   "event --help)", step, hint, list);
}

/* The forms and the summary, then the options of deal, of commit and of reveal. */
static void print_event_usage(void)
{
    cmd_print_usage(stdout, "event", cmd_event_forms, event_summary, &event_deal_table);
    pd_opts_help(stdout, &event_commit_table);
    pd_opts_help(stdout, &event_reveal_table);
}

enum pd_status cmd_event(int argc, char **argv, struct pd_err *e)
{
    const char *step = argc > 1 ? argv[1] : "";

    if (wants_help(argc, argv)) {
        print_event_usage();
        return PD_OK;
    }
    if (!strcmp(step, "commit"))
        return event_step(&event_commit_table, argc, argv, e);
    if (!strcmp(step, "public") && argc == 4)
        return ceremony_public(argv[2], argv[3], e);
    if (!strcmp(step, "reveal"))
        return event_step(&event_reveal_table, argc, argv, e);
    if (!strcmp(step, "deal"))
        return event_deal(argc - 1, argv + 1, e);
    return wrong_step(argc, argv, e);
}
