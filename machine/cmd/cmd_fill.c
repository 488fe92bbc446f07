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
    "usage: predup fill SET.pbn [--boards 1-36] [--machine NAME|FILE.conf] [--resume] [--yes]\n"
    "                   [--copies N] [--journal FILE] [--descending] [--quiet] [--status]\n"
    "                   [--web [ADDR:]PORT]\n"
    "       predup fill --list\n"
    "  Fills the boards of SET.pbn in order on the machine of the profile (default: usb, a\n"
    "  USB machine with the default ids; sim is the built-in simulator; another NAME is\n"
    "  NAME.conf in config/machines/ or the installed profiles; a path has a / or .conf).\n"
    "  Every placement goes to SET.pbn.journal first; after any stop, --resume continues\n"
    "  from the first unfinished board.\n"
    "  --descending fills from the highest board down (a DUP's \"reverse order\"); a machine\n"
    "  that reads board stickers (protocol 1.1) fills whichever board is inserted.\n"
    "  --copies N fills N copies of each board (copy 1 of every board, then copy 2 ...);\n"
    "  a later run with other --boards or more --copies continues the same journal.\n"
    "  --status shows what the journal says is done, per copy. --list shows the USB devices\n"
    "  predup sees, the profiles they match, whether predup may open them, and the profiles.\n"
    "  --web serves the operator page (progress, prompts with buttons, bad boards; never a\n"
    "  card) for a phone or tablet, on 127.0.0.1 unless ADDR is given (then the URL printed\n"
    "  carries a token).\n"
    MACH_PROMPTS_HELP
    "  Exit 0 when every board is good, 1 when some are bad (each named).\n";

/* ---------------------------------------------------------------- options */

/* The letters pd_opts_next returns for the options without a short form. */
enum { OPT_RESUME = 'r', OPT_YES = 'y', OPT_JOURNAL = 'J', OPT_QUIET = 'Q', OPT_COPIES = 'c',
       OPT_STATUS = 's', OPT_LIST = 'L', OPT_DESCENDING = 'D' };

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
                      "K deck  w web",
                      "r resume  y yes  Q quiet  h help  s status  L list  D descending", "b:m:hq",
                      argc, argv, e) != PD_OK)
        return PD_ERR_INTERNAL;
    while ((c = pd_opts_next(&p)) != -1) {
        if (pd_opt_text(c, "bmJw", (const char **const[]){&o->boards, &o->machine, &o->journal,
                                                           &o->web}))
            continue;
        switch (c) {
        case OPT_RESUME: o->resume = true; break;
        case OPT_YES: o->yes = true; break;
        case OPT_STATUS: o->status = true; break;
        case OPT_LIST: o->list = true; break;
        case OPT_DESCENDING: o->descending = true; break;
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
        case FILL_OPT_DECK:
            if (sim_opt) {
                if (sim_opt(c, optarg, o, sim_extra, e) != PD_OK)
                    return PD_ERR_USAGE;
                break;
            }
            return pd_fail(e, PD_ERR_USAGE, "fill takes no --seed, --fault, --rate or --deck: "
                                            "they are the simulator's (see predup sim --help)");
        default: {
            char cmd[40];

            snprintf(cmd, sizeof cmd, "predup %s", argv[0]); /* fill, or sim */
            return pd_opts_refuse(&p, cmd, e);
        }
        }
    }
    if (o->list && optind == argc)
        return PD_OK;
    if (optind != argc - 1)
        return pd_fail(e, PD_ERR_USAGE, "%s wants one SET.pbn (see predup %s --help)", argv[0],
                       argv[0]);
    o->set_path = argv[optind];
    return PD_OK;
}

/* ---------------------------------------------------------------- --list */

enum { LIST_MAX = 64 };
struct listing {
    char name[LIST_MAX][64], path[LIST_MAX][300];
    struct mach_profile prof[LIST_MAX];
    int n;
};

static void add_profile(void *ctx, const char *path, const struct mach_profile *p)
{
    struct listing *l = ctx;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

    if (l->n == LIST_MAX)
        return;
    snprintf(l->name[l->n], sizeof l->name[0], "%.*s", (int)(strlen(base) - 5), base);
    snprintf(l->path[l->n], sizeof l->path[0], "%s", path);
    l->prof[l->n++] = *p;
}

/* The name the search finds first (an earlier one of the same name, or a built-in, hides it). */
static bool reachable(const struct listing *l, int i)
{
    if (mach_driver_named(l->name[i]))
        return false;
    for (int k = 0; k < i; k++)
        if (!strcmp(l->name[k], l->name[i]))
            return false;
    return true;
}

static void print_device(void *ctx, const struct mach_usb_dev *d)
{
    const struct listing *l = ctx;
    struct mach_profile def;
    int matched = 0;

    mach_profile_default(&def);
    printf("  bus %03d device %03d  %04x:%04x%s%s  ", d->bus, d->addr, d->vid, d->pid,
           d->product[0] ? "  " : "", d->product);
    if (d->serial[0])
        printf("serial %s  ", d->serial);
    printf("usb_path %s  ", d->path);
    if (d->open_err == 0)
        printf("predup may open it");
    else if (d->denied)
        printf("permission denied: a udev rule (config/70-predup.rules) gives access");
    else
        printf("cannot open it: %s", mach_usb_error_name(d->open_err));
    if (d->vid == def.vid && d->pid == def.pid)
        printf("%s usb", matched++ ? "," : "; profiles:");
    for (int i = 0; i < l->n; i++)
        if (l->prof[i].kind == MACH_USB && l->prof[i].vid == d->vid &&
            l->prof[i].pid == d->pid)
            printf("%s %s", matched++ ? "," : "; profiles:",
                   reachable(l, i) ? l->name[i] : l->path[i]);
    printf("%s\n", matched ? "" : "; no profile");
}

/* fill --list: the USB devices libusb sees, then every profile by name. */
static enum pd_status list_machines(struct pd_err *e)
{
    struct listing *l = calloc(1, sizeof *l);
    int n = 0;
    enum pd_status rc;

    if (!l)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the list");
    cfg_list_profiles(NULL, add_profile, l);
    printf("USB devices predup sees:\n");
    rc = mach_usb_list(print_device, l, &n, e);
    if (rc == PD_OK && n == 0)
        printf("  none: is the machine plugged in (cable, powered hub) and switched on?\n");
    printf("machine profiles (--machine NAME, or the path):\n");
    for (int k = 0; k < MACH_KINDS; k++)
        if (mach_driver_of(k))
            printf("  %s  %s\n", mach_driver_of(k)->name, mach_driver_of(k)->what);
    for (int i = 0; i < l->n; i++) {
        printf("  %s  %s", reachable(l, i) ? l->name[i] : l->path[i],
               mach_driver_of(l->prof[i].kind)->name);
        if (l->prof[i].kind == MACH_USB)
            printf(" %04x:%04x", l->prof[i].vid, l->prof[i].pid);
        printf("  %s\n", reachable(l, i) ? l->path[i] : "(by path: the name is taken)");
    }
    free(l);
    return rc;
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
    if (rc == PD_OK && o.list)
        return list_machines(e);
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

