/* machine/camera/calibrate.c - the engines of `predup machine calibrate` and `predup machine
 * recognize` (config/commands/cmd_machine.c reads their options and prints): a calibration
 * learned from the labelled frames a TSV names, and one image file read with a calibration.
 * Here, inside the camera's module, so that predup reaches them through its table (camera.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine/camera/cam_int.h"

/* ---------------------------------------------------------------- the labels' TSV */

struct labels {
    const char *tsv;
    char *text;
    char dir[1024]; /* the TSV's folder, with a final slash, or "" */
};

/* The column named name in the header line (tab-separated), or -1. */
static int column_of(const char *header, const char *name)
{
    int col = 0;
    size_t n = strlen(name);
    for (const char *p = header;; col++) {
        size_t len = strcspn(p, "\t\r\n");
        if (len == n && strncmp(p, name, n) == 0)
            return col;
        if (p[len] != '\t')
            return -1;
        p += len + 1;
    }
}

/* Field col of line (ending at \n or NUL) into out; false when the line has fewer fields. */
static bool field_of(const char *line, int col, char *out, size_t cap, int *at)
{
    const char *p = line;
    for (int i = 0; i < col; i++) {
        p += strcspn(p, "\t\r\n");
        if (*p != '\t')
            return false;
        p++;
    }
    size_t len = strcspn(p, "\t\r\n");
    if (len >= cap)
        len = cap - 1;
    memcpy(out, p, len);
    out[len] = 0;
    *at = (int)(p - line) + 1;
    return true;
}

/* The image file at path loaded, then taught to learn as card (learn not NULL) or read with cal
 * into out; freed. The one place both engines open an image. */
static enum pd_status use_image(const char *path, struct vis_cal *learn, int card,
                                const struct vis_cal *cal, const struct vis_rect *region,
                                struct vis_reading *out, struct pd_err *e)
{
    struct vis_image img;
    enum pd_status st = vis_image_load(path, &img, e);
    if (st == PD_OK)
        st = learn ? vis_cal_learn(learn, &img, region, card, e)
                   : vis_read_card(cal, &img, region, out, e);
    vis_image_free(&img);
    return st;
}

/* One row: loads the image (relative to the TSV) and teaches it. */
static enum pd_status learn_row(struct vis_cal *cal, const struct labels *l, const char *file,
                                int card, const struct vis_rect *region, struct pd_err *e)
{
    char path[2048];
    snprintf(path, sizeof path, "%s%s", file[0] == '/' ? "" : l->dir, file);
    return use_image(path, cal, card, NULL, region, NULL, e);
}

static enum pd_status learn_rows(struct vis_cal *cal, struct labels *l,
                                 const struct vis_rect *region, struct pd_err *e)
{
    char *nl = strchr(l->text, '\n');
    int fcol = column_of(l->text, "file"), ccol = column_of(l->text, "card");
    if (fcol < 0 || ccol < 0)
        return pd_fail_at(e, PD_ERR_SYNTAX, l->tsv, 1, 1, l->text,
                          "the header line names no `file` and `card` columns");
    int lineno = 1;
    for (char *line = nl ? nl + 1 : NULL; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        lineno++;
        char file[1024], label[16];
        int fat, cat;
        if (line[0] == '\n' || line[0] == '\r')
            continue;
        if (!field_of(line, fcol, file, sizeof file, &fat) ||
            !field_of(line, ccol, label, sizeof label, &cat))
            return pd_fail_at(e, PD_ERR_SYNTAX, l->tsv, lineno, 1, line,
                              "a row with fewer columns than the header");
        int card = vis_card_from_label(label);
        if (strcmp(label, "NONE") == 0)
            continue;
        if (card < 0)
            return pd_fail_at(e, PD_ERR_SYNTAX, l->tsv, lineno, cat, line,
                              "not a card: SA, H10, CJ ... or NONE");
        enum pd_status st = learn_row(cal, l, file, card, region, e);
        if (st != PD_OK)
            return st;
    }
    return PD_OK;
}

/* ---------------------------------------------------------------- the engines */

/* The deck whole (unless partial), the thresholds fixed, the file saved, the report. */
static enum pd_status finish(struct vis_cal *cal, const struct cam_calibrate_opts *o,
                             struct cam_calibrate_report *out, struct pd_err *e)
{
    int missing = vis_cal_missing(cal);
    char lab[4];
    enum pd_status st = PD_OK;

    if (missing >= 0 && !o->partial)
        st = pd_fail(e, PD_ERR_RANGE, "%s: no image of %s: every card of the deck must be "
                     "learned", o->images, vis_card_label(missing, lab));
    if (st == PD_OK)
        st = vis_cal_finish(cal, e);
    if (st == PD_OK)
        st = vis_cal_save_ex(cal, o->out, o->force, e);
    *out = (struct cam_calibrate_report){0};
    for (int c = 0; st == PD_OK && c < DEAL_NCARDS; c++)
        out->frames += vis_cal_frames(cal, c), out->cards += vis_cal_frames(cal, c) > 0;
    out->threshold = vis_cal_threshold(cal);
    return st;
}

enum pd_status cam_calibrate(const struct cam_calibrate_opts *o,
                             struct cam_calibrate_report *out, struct pd_err *e)
{
    struct labels l = {o->images, NULL, ""};
    size_t len;
    enum pd_status st = pd_read_input(o->images, "a labels TSV", &l.text, &len, e);
    if (st != PD_OK)
        return st;
    const char *slash = strrchr(o->images, '/');
    if (slash && (size_t)(slash - o->images) + 2 < sizeof l.dir)
        snprintf(l.dir, sizeof l.dir, "%.*s/", (int)(slash - o->images), o->images);
    struct vis_cal *cal = vis_cal_new();
    st = cal ? learn_rows(cal, &l, o->region, e)
             : pd_fail(e, PD_ERR_NOMEM, "no memory for a calibration");
    free(l.text);
    if (st == PD_OK)
        st = finish(cal, o, out, e);
    vis_cal_free(cal);
    return st;
}

enum pd_status cam_read_file(const struct vis_cal *cal, const char *path,
                             const struct vis_rect *region, struct vis_reading *out,
                             struct pd_err *e)
{
    return use_image(path, NULL, -1, cal, region, out, e);
}
