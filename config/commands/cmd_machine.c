/* config/commands/cmd_machine.c - `predup machine calibrate` and `predup machine recognize`: teach
 * predup one deck as one camera sees it, from labelled images, and read cards from images with
 * that calibration. The engines are the camera module's (machine/camera/camera.h: loaded on
 * first use, as predup links no image library); this file reads the options and prints. */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config/commands/commands.h"
#include "machine/camera/camera.h"

static const char machine_summary[] =
    "  calibrate learns a deck's corner indices (and any barcodes) from labelled images, every\n"
    "  card of it, and prints the thresholds it fixed. recognize prints one line per image:\n"
    "  the path as given, a tab, the card or `none` (a reject), a tab, the confidence (0-1000:\n"
    "  the margin of the best card over the second). calibrate's options, then recognize's.\n";

static void print_machine_usage(void);
static enum pd_status expected_form(size_t i, struct pd_err *e);

/* --region WxH+X+Y, read and checked as it is given (set_region). */
struct region_opt {
    struct vis_rect rect;
    bool given;
};

/* The setter of --region: "WxH+X+Y" into the struct region_opt at row->at. */
static enum pd_status set_region(void *opts, const struct pd_opt *row, const char *value,
                                 struct pd_err *e)
{
    struct region_opt *o = (struct region_opt *)(void *)((char *)opts + row->at);
    struct vis_rect *r = &o->rect;
    char tail;

    if (sscanf(value, "%dx%d+%d+%d%c", &r->width, &r->height, &r->x, &r->y, &tail) != 4 ||
        r->width < 1 || r->height < 1 || r->x < 0 || r->y < 0)
        return pd_fail(e, PD_ERR_USAGE, "--region wants WxH+X+Y, e.g. 170x224+0+0");
    o->given = true;
    return PD_OK;
}

/* ---------------------------------------------------------------- calibrate */

struct cal_opts {
    const char *images, *out;
    struct region_opt region;
    bool partial, force, quiet;
};

static enum pd_status calibrate_run(const struct cal_opts *o, struct pd_err *e)
{
    struct cam_calibrate_opts co = {o->images, o->out, o->region.given ? &o->region.rect : NULL,
                                    o->partial, o->force};
    struct cam_calibrate_report rep;
    const struct cam_module *cam = mach_camera_module(e);
    enum pd_status st;

    if (!cam)
        return PD_ERR_INTERNAL;
    st = cam->calibrate(&co, &rep, e);
    if (st == PD_OK && !o->quiet)
        printf("%s: %d frames of %d cards; accepts a confidence of %d or more\n", o->out,
               rep.frames, rep.cards, rep.threshold);
    return st;
}

enum { MACHINE_USAGE_NAMED = 1 }; /* the usage bit of the options a form names */

struct calibrate_args {
    struct cal_opts o;
    bool help;
};

#define CAL_AT(member) PD_OPT_AT(struct calibrate_args, member)
static const struct pd_opt calibrate_rows[] = {
    {0, "images", PD_OPT_VALUE, CAL_AT(o.images), .arg = "LABELS.tsv", .words = "*.tsv",
     .usage = MACHINE_USAGE_NAMED,
     .help = "the labelled frames: a TSV whose header line names the columns `file` and "
             "`card` (SA, H10, CJ; NONE rows are skipped), paths relative to the TSV, any "
             "other column ignored"},
    {'o', "output", PD_OPT_VALUE, CAL_AT(o.out), .arg = "CAL", .words = "*",
     .usage = MACHINE_USAGE_NAMED,
     .help = "the calibration file to write"},
    {0, "region", PD_OPT_VALUE, CAL_AT(o.region), .set = set_region, .arg = "WxH+X+Y",
     .help = "where the corner index is in every frame (the whole frame); the calibration "
             "and the reading must use the same one"},
    {0, "partial", PD_OPT_FLAG, CAL_AT(o.partial),
     .help = "accept a deck with cards missing (for tests only: a card never learned is read "
             "as another)"},
    {0, "force", PD_OPT_FLAG, CAL_AT(o.force),
     .help = "replace a calibration file with other contents"},
    {'q', "quiet", PD_OPT_FLAG, CAL_AT(o.quiet), .help = "no progress"},
    {'h', "help", PD_OPT_STOP, CAL_AT(help)},
    {0},
};
static const struct pd_opt_table calibrate_table = {"predup machine", calibrate_rows, NULL, 25};

static enum pd_status cmd_calibrate(int argc, char **argv, struct pd_err *e)
{
    struct calibrate_args a = {0};
    int first;
    enum pd_status rc = pd_opts_parse(&calibrate_table, &a, argc, argv, &first, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        print_machine_usage();
        return PD_OK;
    }
    if (!a.o.images || !a.o.out || first != argc)
        return expected_form(0, e);
    return calibrate_run(&a.o, e);
}

/* ---------------------------------------------------------------- recognize */

/* path with each byte outside printable ASCII as \xHH (a path may hold a tab or a newline). */
static void print_path(const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++)
        if (*p < 0x20 || *p >= 0x7f || *p == '\\')
            printf("\\x%02x", *p);
        else
            putchar(*p);
}

static enum pd_status recognize_one(const struct cam_module *cam, const struct vis_cal *cal,
                                    const char *path, const struct vis_rect *region,
                                    struct pd_err *e)
{
    struct vis_reading r;
    enum pd_status st = cam->read_file(cal, path, region, &r, e);
    if (st != PD_OK)
        return st;
    char lab[4];
    print_path(path);
    printf("\t%s\t%d\n", r.card >= 0 ? cam->card_label(r.card, lab) : "none", r.confidence);
    return PD_OK;
}

struct recognize_args {
    const char *calibration;
    struct region_opt region;
    bool help;
};

static const struct pd_opt recognize_rows[] = {
    {0, "calibration", PD_OPT_VALUE, PD_OPT_AT(struct recognize_args, calibration),
     .arg = "CAL", .words = "*.cal", .usage = MACHINE_USAGE_NAMED,
     .help = "recognize: the calibration calibrate wrote"},
    {0, "region", PD_OPT_VALUE, PD_OPT_AT(struct recognize_args, region), .set = set_region,
     .arg = "WxH+X+Y",
     .help = "recognize: where the corner index is, the calibration's region"},
    {'h', "help", PD_OPT_STOP, PD_OPT_AT(struct recognize_args, help)},
    {0},
};
static const struct pd_opt_table recognize_table = {"predup machine", recognize_rows, NULL, 25};
const struct pd_opt_table *const cmd_machine_options[] = {&calibrate_table, &recognize_table,
                                                          NULL};
const struct cmd_form cmd_machine_forms[] = {
    {"calibrate", .t = &calibrate_table, .required = MACHINE_USAGE_NAMED, .options = true},
    {"recognize", .t = &recognize_table, .required = MACHINE_USAGE_NAMED, .options = true,
     .after = "IMAGE..."},
    {0},
};

static enum pd_status cmd_recognize(int argc, char **argv, struct pd_err *e)
{
    struct recognize_args a = {0};
    int first;
    enum pd_status rc = pd_opts_parse(&recognize_table, &a, argc, argv, &first, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        print_machine_usage();
        return PD_OK;
    }
    if (!a.calibration || first >= argc)
        return expected_form(1, e);
    struct vis_cal *cal;
    const struct cam_module *cam = mach_camera_module(e);
    if (!cam)
        return PD_ERR_INTERNAL;
    if ((rc = cam->cal_load(a.calibration, &cal, e)) != PD_OK)
        return rc;
    for (int i = first; rc == PD_OK && i < argc; i++) {
        rc = recognize_one(cam, cal, argv[i], a.region.given ? &a.region.rect : NULL, e);
        fflush(stdout);
    }
    cam->cal_free(cal);
    return rc;
}

/* The refusal of a calibrate or recognize command line that does not fit its form (the i-th
 * of cmd_machine_forms): the form. */
static enum pd_status expected_form(size_t i, struct pd_err *e)
{
    char form[200];

    return pd_fail(e, PD_ERR_USAGE, "expected: %s (predup machine --help)",
                   cmd_form_text("machine", &cmd_machine_forms[i], form, sizeof form));
}

/* The forms, the summary, then calibrate's options and recognize's. */
static void print_machine_usage(void)
{
    cmd_print_usage(stdout, "machine", cmd_machine_forms, machine_summary, &calibrate_table);
    pd_opts_help(stdout, &recognize_table);
}

enum pd_status cmd_machine(int argc, char **argv, struct pd_err *e)
{
    const char *forms[2];
    size_t n = cmd_form_subs(cmd_machine_forms, forms, 2); /* calibrate, recognize */
    if (argc >= 2 && strcmp(argv[1], forms[0]) == 0)
        return cmd_calibrate(argc - 1, argv + 1, e);
    if (argc >= 2 && strcmp(argv[1], forms[1]) == 0)
        return cmd_recognize(argc - 1, argv + 1, e);
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        print_machine_usage();
        return PD_OK;
    }
    char hint[80] = "";
    if (argc >= 2)
        pd_did_you_mean(argv[1], forms, n, hint, sizeof hint);
    return pd_fail(e, PD_ERR_USAGE, "expected \"machine %s\" or \"machine %s\"%s (predup machine "
                   "--help)", forms[0], forms[1], hint);
}
