/* machine/cmd/cmd_fill.c - `predup fill`: fill the boards of a set on a machine, with progress and
 * operator prompts, journal beside the set. The options are read here (for `predup sim` too,
 * machine/cmd/cmd_sim.c, which adds the simulator's); the run is the engine's (machine/fill.c). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/cmd/cmd.h"
#include "config/config.h"
#include "machine/cmd/cmd_int.h"
#include "machine/operator/operator.h"

static const char fill_usage[] =
    "usage: predup fill SET.pbn [--boards 1-36] [--machine FILE.conf|sim] [--resume] [--yes]\n"
    "                   [--copies N] [--journal FILE] [--quiet] [--status]\n"
    "                   [--web [ADDR:]PORT]\n"
    "  Fills the boards of SET.pbn in order on the machine of the profile (default: a USB\n"
    "  machine with the default ids; --machine sim or config/machines/sim.conf is the\n"
    "  built-in simulator).\n"
    "  Every placement goes to SET.pbn.journal first; after any stop, --resume continues\n"
    "  from the first unfinished board. --yes answers the operator prompts (scripts).\n"
    "  --copies N fills N copies of each board (copy 1 of every board, then copy 2 ...);\n"
    "  a later run with other --boards or more --copies continues the same journal.\n"
    "  --status shows what the journal says is done, per copy.\n"
    "  --web serves the operator page (progress, prompts with buttons, bad boards; never a\n"
    "  card) for a phone or tablet, on 127.0.0.1 unless ADDR is given (then the URL printed\n"
    "  carries a token); prompts are answered there or at the terminal, whichever is first.\n"
    "  Exit 0 when every board is good, 1 when some are bad (each named).\n";

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
    if (pd_opts_begin(&p, "b boards  m machine  J journal  S seed  f fault  R rate  c copies  "
                      "w web",
                      "r resume  y yes  Q quiet  h help  s status", "b:m:hq", argc, argv,
                      e) != PD_OK)
        return PD_ERR_INTERNAL;
    while ((c = pd_opts_next(&p)) != -1) {
        if (pd_opt_text(c, "bmJw", (const char **const[]){&o->boards, &o->machine, &o->journal,
                                                           &o->web}))
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
        rc = cfg_load_profile(o.machine, &prof, e);
    if (rc == PD_OK && !o.machine)
        prof.kind = MACH_USB; /* a real machine unless a profile says otherwise */
    return rc == PD_OK ? fill_run_web(&o, &prof, false, e) : rc;
}

enum pd_status fill_run_web(struct fill_opts *o, struct mach_profile *prof, bool is_sim_cmd,
                            struct pd_err *e)
{
    struct op_server *page = NULL;
    enum pd_status rc;

    if (!o->web)
        return fill_run(o, prof, is_sim_cmd, e);
    if (o->status)
        return pd_fail(e, PD_ERR_USAGE, "--web shows a fill on a page: it does not go with "
                                        "--status");
    rc = op_start(o->web, stderr, &page, e); /* a port in use stops before the fill starts */
    if (rc != PD_OK)
        return rc;
    o->watch = op_watch(page);
    rc = fill_run(o, prof, is_sim_cmd, e);
    op_stop(page);
    return rc;
}

