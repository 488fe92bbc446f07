/* machine/cmd/cmd_sim.c - `predup sim`: fill a set on the built-in simulated machine, with its
 * faults chosen on the command line (--seed, --fault, --rate) on top of a simulator profile's,
 * then audit the physical boards card by card. The run is the fill engine's (machine/fill.c). */
#include <limits.h>
#include <string.h>

#include "machine/cmd/cmd.h"
#include "config/config.h"
#include "machine/cmd/cmd_int.h"

static const char sim_usage[] =
    "usage: predup sim SET.pbn [--boards 1-36] [--machine NAME|FILE.conf] [--seed N]\n"
    "                  [--fault KIND@BOARD:CARD]... [--rate KIND=PPM]... [--deck INDEX]\n"
    "                  [--resume] [--quiet] [--web [ADDR:]PORT]\n"
    "  Fills SET.pbn on the simulated machine (its settings from the profile when given,\n"
    "  which must say transport = sim), answering the prompts as a model operator, then\n"
    "  checks every board reported good against the deal card by card in the simulator's\n"
    "  pockets. --web shows the run on the operator page (see predup fill --help).\n";

enum { USAGE_WIDTH = 88 }; /* the longest line of the usage texts */

/* "standard de fr ...": the index sets of the one table (MACH_INDEX_NAME). */
static const char *index_list(void)
{
    static char names[80];

    pd_join_words(MACH_INDEX_NAME, MI_COUNT, " ", " ", names, sizeof names);
    return names;
}

/* sim's usage, then its fault names from the one table (MACH_FAULT_NAME), wrapped. */
static void print_sim_usage(FILE *out)
{
    int col;

    fputs(sim_usage, out);
    fprintf(out, "  --deck: the indices printed on the decks (the profile's card_index is what\n"
                 "  the machine is told to read): %s.\n", index_list());
    col = fprintf(out, "  Faults:");
    for (int i = 0; i < MF_COUNT; i++) {
        if (col + 1 + (int)strlen(MACH_FAULT_NAME[i]) > USAGE_WIDTH) {
            fputs("\n ", out);
            col = 1;
        }
        col += fprintf(out, " %s", MACH_FAULT_NAME[i]);
    }
    fprintf(out, " (%s takes card 0).\n", MACH_FAULT_NAME[MF_NO_BOARD]);
}

static enum pd_status parse_rate(const char *arg, struct mach_sim_opts *s, struct pd_err *e)
{
    char name[32];
    const char *eq = strchr(arg, '=');
    unsigned long long ppm;
    int kind;

    if (!eq || (size_t)(eq - arg) >= sizeof name)
        return pd_fail(e, PD_ERR_USAGE, "--rate wants KIND=PPM, e.g. jam=200");
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    kind = mach_fault_from_name(name);
    if (kind < 0 || pd_parse_number(eq + 1, 0, 1000000, "--rate", &ppm, NULL) != PD_OK)
        return pd_fail(e, PD_ERR_USAGE, "--rate %s: a fault name and parts per million "
                                        "(0..1000000)", arg);
    s->rate_ppm[kind] = (uint32_t)ppm;
    return PD_OK;
}

/* --seed, --rate and --fault (a fill_sim_opt_fn). */
static enum pd_status parse_sim_opt(int c, const char *arg, struct fill_opts *o,
                                    struct mach_sim_opts *s, struct pd_err *e)
{
    if (c == FILL_OPT_SEED) {
        if (pd_parse_number(arg, 0, ULLONG_MAX, "--seed", &s->seed, e) != PD_OK)
            return e->code;
        o->seed_given = true;
        return PD_OK;
    }
    if (c == FILL_OPT_RATE)
        return parse_rate(arg, s, e);
    if (c == FILL_OPT_DECK) { /* the indices printed on the simulated decks */
        int idx = mach_index_from_name(arg);

        if (idx < 0)
            return pd_fail(e, PD_ERR_USAGE, "--deck %s: an index set (%s)", arg, index_list());
        s->deck = (enum mach_index)idx;
        return PD_OK;
    }
    if (s->nat >= MACH_SIM_MAX_AT)
        return pd_fail(e, PD_ERR_USAGE, "at most %d --fault options", (int)MACH_SIM_MAX_AT);
    return mach_fault_parse(arg, &s->at[s->nat++], e) == PD_OK
               ? PD_OK
               : pd_fail(e, PD_ERR_USAGE, "%s", e->msg);
}

enum pd_status cmd_sim(int argc, char **argv, struct pd_err *e)
{
    struct fill_opts o;
    struct mach_profile prof;
    struct mach_sim_opts extra;
    enum pd_status rc;

    mach_profile_default(&prof);
    extra = prof.sim;
    extra.deck = MI_COUNT; /* not given */
    rc = fill_parse_opts(argc, argv, &o, parse_sim_opt, &extra, e);
    if (rc == PD_OK && o.help) {
        print_sim_usage(stdout);
        return PD_OK;
    }
    if (rc == PD_OK && o.list)
        return pd_fail(e, PD_ERR_USAGE, "sim takes no --list: the simulator is built in (predup "
                                        "fill --list shows the USB devices and the profiles)");
    if (rc == PD_OK)
        rc = cfg_load_profile(o.machine, &prof, e);
    if (rc == PD_OK && !o.machine)
        prof.kind = MACH_SIM;
    if (rc == PD_OK && (!mach_driver_of(prof.kind) ||
                         !mach_driver_of(prof.kind)->rehearsal(&prof)))
        return pd_fail(e, PD_ERR_USAGE, "%s is not a simulator profile (transport = sim, or a "
                       "simulated camera machine)", o.machine);
    if (rc != PD_OK)
        return rc;
    /* command-line faults and rates come on top of the profile's */
    if (o.seed_given)
        prof.sim.seed = extra.seed;
    if (extra.deck != MI_COUNT)
        prof.sim.deck = extra.deck;
    for (int i = 0; i < MF_COUNT; i++)
        if (extra.rate_ppm[i])
            prof.sim.rate_ppm[i] = extra.rate_ppm[i];
    for (int i = 0; i < extra.nat && prof.sim.nat < MACH_SIM_MAX_AT; i++)
        prof.sim.at[prof.sim.nat++] = extra.at[i];
    return fill_run_web(&o, &prof, true, e);
}
