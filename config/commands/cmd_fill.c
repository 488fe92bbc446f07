/* config/commands/cmd_fill.c - `predup fill`: fill the boards of a set on a machine, with
 * progress and operator prompts, journal beside the set. The options are read here (for `predup
 * sim` too, config/commands/cmd_sim.c, which adds the simulator's); the run is the engine's
 * (machine/fill.c). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/commands/commands.h"
#include "config/config.h"
#include "machine/operator/operator.h"

static const char fill_summary[] =
    "  Fills the boards of SET.pbn in order on the machine of the profile. Every placement\n"
    "  goes to the journal first; after any stop, --resume continues from the first\n"
    "  unfinished board.\n"
    MACH_PROMPTS_HELP
    "  Exit 0 when every board is good, 1 when some are bad (each named).\n";

/* ---------------------------------------------------------------- options */

static enum pd_status set_copies(void *opts, const struct pd_opt *row, const char *value,
                                 struct pd_err *e)
{
    struct fill_opts *o = &((struct fill_args *)opts)->o;
    unsigned long long n;
    enum pd_status rc = pd_parse_number(value, 1, MACH_MAX_COPIES, "--copies", &n, e);

    (void)row;
    o->copies = rc == PD_OK ? (int)n : o->copies;
    o->copies_arg = value; /* as given, for the resume hint */
    return rc;
}

enum { FILL_USAGE_LIST = 1 }; /* the usage bit of --list: the second form names it */

#define FILL_AT(member) PD_OPT_AT(struct fill_args, member)
static const struct pd_opt fill_shared_rows[] = {
    {'b', "boards", PD_OPT_VALUE, FILL_AT(o.boards), .arg = "1-36",
     .help = "the boards to fill (the set's)"},
    {'m', "machine", PD_OPT_VALUE, FILL_AT(o.machine), .arg = "NAME|FILE.conf",
     .words = "@machines *.conf",
     .help = "the machine's profile: usb (the default: a USB machine with the default ids), "
             "sim (the built-in simulator), another NAME.conf in config/machines/ or the "
             "installed profiles, or a path (with a / or .conf)"},
    {0, "journal", PD_OPT_VALUE, FILL_AT(o.journal), .arg = "FILE", .words = "*.journal",
     .help = "the journal (SET.pbn.journal; SET.pbn.sim-journal on the simulator)"},
    {0, "copies", PD_OPT_VALUE, .set = set_copies, .arg = "N",
     .help = "N copies of each board (copy 1 of every board, then copy 2 ...); a later run "
             "with other --boards or more --copies continues the same journal"},
    {0, "resume", PD_OPT_FLAG, FILL_AT(o.resume),
     .help = "continue from the first unfinished board after a stop"},
    {0, "yes", PD_OPT_FLAG, FILL_AT(o.yes),
     .help = "take each operator prompt as done without asking (scripts)"},
    {'q', "quiet", PD_OPT_FLAG, FILL_AT(o.quiet), .help = "no progress"},
    {0, "descending", PD_OPT_FLAG, FILL_AT(o.descending),
     .help = "from the highest board down (a DUP's \"reverse order\"); a machine that reads "
             "board stickers (protocol 1.1) fills whichever board is inserted"},
    {0, "status", PD_OPT_FLAG, FILL_AT(status),
     .help = "show what the journal says is done, per copy"},
    {0, "web", PD_OPT_VALUE, FILL_AT(web), .arg = "[ADDR:]PORT",
     .help = "serve the operator page (progress, prompts with buttons, bad boards; never a "
             "card) for a phone or tablet, on 127.0.0.1 unless ADDR is given (then the URL "
             "printed carries a token)"},
    {'h', "help", PD_OPT_STOP, FILL_AT(help)},
    {0},
};
const struct pd_opt_table cmd_fill_shared_table = {"predup fill", fill_shared_rows, NULL};

static const char sim_only[] = "fill takes no --seed, --fault, --rate or --deck: they are the "
                               "simulator's (see predup sim --help)";
static const struct pd_opt fill_rows[] = {
    {0, "list", PD_OPT_FLAG, FILL_AT(list), .usage = FILL_USAGE_LIST,
     .help = "show the USB devices predup sees, the profiles they match, whether predup may "
             "open them, and the profiles"},
    {0, "seed", PD_OPT_REFUSED, .arg = "N", .help = sim_only},
    {0, "fault", PD_OPT_REFUSED, .arg = "KIND@BOARD:CARD", .help = sim_only},
    {0, "rate", PD_OPT_REFUSED, .arg = "KIND=PPM", .help = sim_only},
    {0, "deck", PD_OPT_REFUSED, .arg = "INDEX", .help = sim_only},
    {0},
};
static const struct pd_opt_table fill_table = {"predup fill", fill_rows, &cmd_fill_shared_table,
                                               27};
const struct pd_opt_table *const cmd_fill_options[] = {&fill_table, NULL};
static const struct cmd_form fill_forms[] = {
    {.words = "SET.pbn", .options = true},
    {.t = &fill_table, .required = FILL_USAGE_LIST},
    {0},
};

enum pd_status cmd_fill_parse_opts(const struct pd_opt_table *t, struct fill_args *a, int argc,
                               char **argv, struct pd_err *e)
{
    int first;
    enum pd_status rc;

    a->o.copies = 1;
    rc = pd_opts_parse(t, a, argc, argv, &first, e);
    if (rc != PD_OK || a->help || (a->list && first == argc))
        return rc;
    if (first != argc - 1)
        return pd_fail(e, PD_ERR_USAGE, "%s wants one SET.pbn (see predup %s --help)", argv[0],
                       argv[0]);
    a->o.set_path = argv[first];
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
    struct fill_args a = {0};
    struct mach_profile prof;
    enum pd_status rc = cmd_fill_parse_opts(&fill_table, &a, argc, argv, e);

    if (rc == PD_OK && a.help) {
        cmd_print_usage(stdout, "fill", fill_forms, fill_summary, &fill_table);
        return PD_OK;
    }
    if (rc == PD_OK && a.list)
        return list_machines(e);
    if (rc == PD_OK)
        rc = cfg_load_profile(a.o.machine, &prof, e);
    if (rc == PD_OK && !a.o.machine)
        prof.kind = MACH_USB; /* a real machine unless a profile says otherwise */
    if (a.o.yes)
        a.resume_also[0] = "--yes"; /* the resume hint repeats it */
    return rc == PD_OK ? cmd_fill_run_web(&a, &prof, e) : rc;
}

enum pd_status cmd_fill_run_web(struct fill_args *a, struct mach_profile *prof, struct pd_err *e)
{
    struct op_server *page = NULL;
    size_t n = a->resume_also[0] ? 1 : 0;
    enum pd_status rc;

    if (a->status && a->web)
        return pd_fail(e, PD_ERR_USAGE, "--web shows a fill on a page: it does not go with "
                                        "--status");
    if (a->status)
        return mach_fill_journal_status(&a->o, prof, e);
    if (a->web) { /* the same page on resume: the operator's tablet has its URL */
        a->resume_also[n++] = "--web";
        a->resume_also[n++] = a->web;
    }
    a->o.resume_also = a->resume_also;
    if (!a->web)
        return mach_fill_run(&a->o, prof, e);
    rc = op_start(a->web, stderr, &page, e); /* a port in use stops before the fill starts */
    if (rc != PD_OK)
        return rc;
    a->o.watch = op_watch(page);
    rc = mach_fill_run(&a->o, prof, e);
    op_stop(page);
    return rc;
}

