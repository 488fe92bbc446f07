/* machine/vision/stub.c - STUB (issue 31, first commit): the calibration, the reading and the
 * rendering are not written yet. Every function here refuses (PD_ERR_INTERNAL "not yet
 * implemented") so that the driver can be built against vision.h; cal.c, read.c and render.c
 * replace this file. */
#include "machine/vision/vision.h"

#include <stdlib.h>
#include <string.h>

struct vis_cal {
    int unused;
};

struct vis_cal *vis_cal_new(void)
{
    return calloc(1, sizeof(struct vis_cal));
}

enum pd_status vis_cal_learn(struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, int card, struct pd_err *e)
{
    (void)cal, (void)frame, (void)region, (void)card;
    return pd_fail(e, PD_ERR_INTERNAL, "vis_cal_learn: not yet implemented (stub)");
}

enum pd_status vis_cal_finish(struct vis_cal *cal, struct pd_err *e)
{
    (void)cal;
    return pd_fail(e, PD_ERR_INTERNAL, "vis_cal_finish: not yet implemented (stub)");
}

enum pd_status vis_cal_save(const struct vis_cal *cal, const char *path, struct pd_err *e)
{
    (void)cal, (void)path;
    return pd_fail(e, PD_ERR_INTERNAL, "vis_cal_save: not yet implemented (stub)");
}

enum pd_status vis_cal_load(const char *path, struct vis_cal **cal, struct pd_err *e)
{
    (void)path;
    *cal = NULL;
    return pd_fail(e, PD_ERR_INTERNAL, "vis_cal_load: not yet implemented (stub)");
}

int vis_cal_frames(const struct vis_cal *cal, int card)
{
    (void)cal, (void)card;
    return 0;
}

void vis_cal_free(struct vis_cal *cal)
{
    free(cal);
}

enum pd_status vis_read_card(const struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, struct vis_reading *out,
                             struct pd_err *e)
{
    (void)cal, (void)frame, (void)region;
    memset(out, 0, sizeof *out);
    out->card = out->second = -1;
    return pd_fail(e, PD_ERR_INTERNAL, "vis_read_card: not yet implemented (stub)");
}

void vis_render_defaults(struct vis_render_opts *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->second_card = -1;
}

enum pd_status vis_render_card(int card, const struct vis_render_opts *opts,
                               struct vis_image *img, struct pd_err *e)
{
    (void)card, (void)opts;
    memset(img, 0, sizeof *img);
    return pd_fail(e, PD_ERR_INTERNAL, "vis_render_card: not yet implemented (stub)");
}

struct vis_rect vis_render_corner(const struct vis_render_opts *opts)
{
    (void)opts;
    return (struct vis_rect){0, 0, 0, 0};
}
