/* config/commands/cmd_sim.c - `predup sim`: fill a set on the built-in simulated machine, with its
 * faults chosen on the command line (--seed, --fault, --rate) on top of a simulator profile's,
 * then audit the physical boards card by card. The run is the fill engine's (machine/fill.c). */
#include <limits.h>
#include <string.h>

#include "config/commands/commands.h"
#include "config/config.h"

static const struct cmd_form sim_forms[] = {{.words = "SET.pbn", .options = true}, {0}};
static const char sim_summary[] =
    "  Fills SET.pbn on the simulated machine (its settings from the profile when given,\n"
    "  which must say transport = sim), answering the prompts as a model operator, then\n"
    "  checks every board reported good against the deal card by card in the simulator's\n"
    "  pockets.\n";

/* "standard de fr ...": the index sets of the one table (MACH_INDEX_NAME). */
static const char *index_list(void)
{
    static char names[80];

    pd_join_words(MACH_INDEX_NAME, MI_COUNT, " ", " ", names, sizeof names);
    return names;
}

/* --deck's help, with the index sets of their table. */
static const char *deck_help(char *buf, size_t len)
{
    snprintf(buf, len, "the indices printed on the decks: %s (the profile's card_index is what "
             "the machine is told to read)", index_list());
    return buf;
}

/* --fault's help, with the fault names of their table (MACH_FAULT_NAME). */
static const char *fault_help(char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "a fault at one card of one board (repeatable); KIND:");

    for (int i = 0; i < MF_COUNT && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, " %s", MACH_FAULT_NAME[i]);
    if (n < len)
        snprintf(buf + n, len - n, " (%s takes card 0)", MACH_FAULT_NAME[MF_NO_BOARD]);
    return buf;
}

static enum pd_status set_rate(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    struct mach_sim_opts *s = &((struct sim_args *)opts)->extra;
    char name[32];
    const char *eq = strchr(value, '=');
    unsigned long long ppm;
    int kind;

    (void)row;
    if (!eq || (size_t)(eq - value) >= sizeof name)
        return pd_fail(e, PD_ERR_USAGE, "--rate wants KIND=PPM, e.g. jam=200");
    memcpy(name, value, (size_t)(eq - value));
    name[eq - value] = '\0';
    kind = mach_fault_from_name(name);
    if (kind < 0 || pd_parse_number(eq + 1, 0, 1000000, "--rate", &ppm, NULL) != PD_OK)
        return pd_fail(e, PD_ERR_USAGE, "--rate %s: a fault name and parts per million "
                                        "(0..1000000)", value);
    s->rate_ppm[kind] = (uint32_t)ppm;
    return PD_OK;
}

static enum pd_status set_seed(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    struct sim_args *a = opts;

    (void)row;
    a->seed_given = true;
    return pd_parse_number(value, 0, ULLONG_MAX, "--seed", &a->extra.seed, e);
}

/* --deck: the indices printed on the simulated decks. */
static enum pd_status set_deck(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    int idx = mach_index_from_name(value);

    (void)row;
    if (idx < 0)
        return pd_fail(e, PD_ERR_USAGE, "--deck %s: an index set (%s)", value, index_list());
    ((struct sim_args *)opts)->extra.deck = (enum mach_index)idx;
    return PD_OK;
}

static enum pd_status set_fault(void *opts, const struct pd_opt *row, const char *value,
                                struct pd_err *e)
{
    struct mach_sim_opts *s = &((struct sim_args *)opts)->extra;

    (void)row;
    if (s->nat >= MACH_SIM_MAX_AT)
        return pd_fail(e, PD_ERR_USAGE, "at most %d --fault options", (int)MACH_SIM_MAX_AT);
    return mach_fault_parse(value, &s->at[s->nat++], e) == PD_OK
               ? PD_OK
               : pd_fail(e, PD_ERR_USAGE, "%s", e->msg);
}

/* sim's own options, then fill's (but --list: the simulator is built in). */
static const struct pd_opt sim_rows[] = {
    {0, "seed", PD_OPT_VALUE, .set = set_seed, .arg = "N",
     .help = "the simulator's seed (else the profile's)"},
    {0, "fault", PD_OPT_REPEATABLE, .set = set_fault, .arg = "KIND@BOARD:CARD",
     .words = "@faults@", .help_of = fault_help},
    {0, "rate", PD_OPT_REPEATABLE, .set = set_rate, .arg = "KIND=PPM", .words = "@faults=",
     .help = "a fault at random, in parts per million (repeatable)"},
    {0, "deck", PD_OPT_VALUE, .set = set_deck, .arg = "INDEX", .words = "@decks",
     .help_of = deck_help},
    {0, "list", PD_OPT_REFUSED, .help = "sim takes no --list: the simulator is built in "
                                        "(predup fill --list shows the USB devices and the "
                                        "profiles)"},
    {0},
};
static const struct pd_opt_table sim_table = {"predup sim", sim_rows, &cmd_fill_shared_table, 27};
const struct pd_opt_table *const cmd_sim_options[] = {&sim_table, NULL};

enum pd_status cmd_sim(int argc, char **argv, struct pd_err *e)
{
    struct sim_args a = {0};
    struct fill_opts *o = &a.f.o;
    struct mach_profile prof;
    enum pd_status rc;

    mach_profile_default(&prof);
    a.extra = prof.sim;
    a.extra.deck = MI_COUNT; /* not given */
    rc = cmd_fill_parse_opts(&sim_table, &a.f, argc, argv, e);
    if (rc == PD_OK && a.f.help) {
        cmd_print_usage(stdout, "sim", sim_forms, sim_summary, &sim_table);
        return PD_OK;
    }
    if (rc == PD_OK)
        rc = cfg_load_profile(o->machine, &prof, e);
    if (rc == PD_OK && !o->machine)
        prof.kind = MACH_SIM;
    if (rc == PD_OK && (!mach_driver_of(prof.kind) ||
                         !mach_driver_of(prof.kind)->rehearsal(&prof)))
        return pd_fail(e, PD_ERR_USAGE, "%s is not a simulator profile (transport = sim, or a "
                       "simulated camera machine)", o->machine);
    if (rc != PD_OK)
        return rc;
    /* command-line faults and rates come on top of the profile's */
    if (a.seed_given)
        prof.sim.seed = a.extra.seed;
    if (a.extra.deck != MI_COUNT)
        prof.sim.deck = a.extra.deck;
    for (int i = 0; i < MF_COUNT; i++)
        if (a.extra.rate_ppm[i])
            prof.sim.rate_ppm[i] = a.extra.rate_ppm[i];
    for (int i = 0; i < a.extra.nat && prof.sim.nat < MACH_SIM_MAX_AT; i++)
        prof.sim.at[prof.sim.nat++] = a.extra.at[i];
    o->yes = true;      /* the simulator's model operator answers every prompt */
    o->command = "sim"; /* the resume hint names sim */
    return cmd_fill_run_web(&a.f, &prof, e);
}
