/* machine/vision/cal.c - a calibration: the templates of one deck as one camera sees it, the
 * barcodes bound to cards, and the acceptance thresholds, which vis_cal_finish fixes from the
 * calibration frames alone (each frame read against the templates of the others), so that no
 * test frame ever tunes them. Its file: calfile.c. */
#include "machine/vision/vis_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The thresholds' safety factors: a margin accepted is at least THRESHOLD_FACTOR times the
 * largest margin any wrong leave-one-out reading had, and never below THRESHOLD_FLOOR; an
 * index's contrast at least ENERGY_FACTOR of the faintest calibration frame's; the rank's
 * and the suit's correlations at least SCORE_FACTOR of the least a right leave-one-out
 * reading had. */
#define THRESHOLD_FACTOR 1.5
enum { THRESHOLD_FLOOR = 100 };
#define ENERGY_FACTOR 0.35f
#define SCORE_FACTOR 0.6f

struct vis_cal *vis_cal_new(void)
{
    struct vis_cal *cal = calloc(1, sizeof(struct vis_cal));
    if (cal)
        cal->learning = true;
    return cal;
}

void vis_cal_free(struct vis_cal *cal)
{
    if (!cal)
        return;
    free(cal->t);
    free(cal->bar);
    free(cal);
}

int vis_cal_frames(const struct vis_cal *cal, int card)
{
    int n = 0;
    for (int i = 0; i < cal->n; i++)
        n += cal->t[i].card == card;
    return n;
}

static enum pd_status grow(struct vis_cal *cal, struct pd_err *e)
{
    if (cal->n < cal->cap)
        return PD_OK;
    int cap = cal->cap ? 2 * cal->cap : 64;
    struct vis_tmpl *t = realloc(cal->t, sizeof *t * cap);
    if (!t)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for %d calibration frames", cap);
    cal->t = t;
    cal->cap = cap;
    return PD_OK;
}

static enum pd_status bind_barcode(struct vis_cal *cal, const char *data, int card,
                                   struct pd_err *e)
{
    for (int i = 0; i < cal->nbar; i++)
        if (strcmp(cal->bar[i].data, data) == 0) {
            if (cal->bar[i].card == card)
                return PD_OK;
            char a[4], b[4];
            return pd_fail(e, PD_ERR_RANGE, "one barcode on two cards, %s and %s",
                           vis_card_label(cal->bar[i].card, a), vis_card_label(card, b));
        }
    if (cal->nbar == cal->capbar) {
        int cap = cal->capbar ? 2 * cal->capbar : 64;
        struct vis_bar *b = realloc(cal->bar, sizeof *b * cap);
        if (!b)
            return pd_fail(e, PD_ERR_NOMEM, "no memory for the barcodes");
        cal->bar = b;
        cal->capbar = cap;
    }
    cal->bar[cal->nbar].card = card;
    snprintf(cal->bar[cal->nbar].data, VIS_BAR_MAX, "%s", data);
    cal->nbar++;
    return PD_OK;
}

enum pd_status vis_cal_learn(struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, int card, struct pd_err *e)
{
    if (card < 0 || card >= DEAL_NCARDS)
        return pd_fail(e, PD_ERR_RANGE, "card %d: 0 to 51", card);
    if (!cal->learning)
        return pd_fail(e, PD_ERR_RANGE, "a loaded calibration learns no more frames");
    enum pd_status st = grow(cal, e);
    struct vis_feat f;
    if (st == PD_OK)
        st = vis_feat_of(frame, region, &f, e);
    if (st != PD_OK)
        return st;
    char data[VIS_BAR_MAX];
    vis_barcode(NULL, frame, data, sizeof data);
    if (data[0] && (st = bind_barcode(cal, data, card, e)) != PD_OK) {
        vis_feat_free(&f);
        return st;
    }
    struct vis_index idx;
    bool found = vis_index_find(&f, &idx);
    if (found) {
        vis_tmpl_cut(&f, &idx, &cal->t[cal->n]);
        cal->t[cal->n++].card = card;
    }
    vis_feat_free(&f);
    if (!found && !data[0]) { /* a frame with a barcode teaches the code alone */
        char lab[4];
        return pd_fail(e, PD_ERR_RANGE,
                       "no corner index (a rank over a pip) found in the frame of %s",
                       vis_card_label(card, lab));
    }
    return PD_OK;
}

/* Every learned frame read against the others' templates: the largest margin of a wrong
 * reading, the faintest ink and the least score of a right one. */
static void leave_one_out(const struct vis_cal *cal, int *wrong_margin, float *min_energy,
                          float *min_score)
{
    *wrong_margin = 0;
    *min_energy = INFINITY;
    *min_score = 1;
    for (int i = 0; i < cal->n; i++) {
        if (vis_cal_frames(cal, cal->t[i].card) < 2)
            continue; /* no other view of its card: any reading would be wrong */
        struct vis_reading r;
        float score;
        vis_match(cal, &cal->t[i], i, true, &r, &score);
        if (r.card != cal->t[i].card) {
            if (r.confidence > *wrong_margin)
                *wrong_margin = r.confidence;
            continue;
        }
        *min_energy = fminf(*min_energy, cal->t[i].energy);
        *min_score = fminf(*min_score, score);
    }
    for (int i = 0; i < cal->n; i++) /* a card seen once: its own template's ink */
        *min_energy = fminf(*min_energy, cal->t[i].energy);
}

int vis_cal_missing(const struct vis_cal *cal)
{
    for (int c = 0; c < DEAL_NCARDS; c++)
        if (vis_cal_frames(cal, c) == 0)
            return c;
    return -1;
}

enum pd_status vis_cal_finish(struct vis_cal *cal, struct pd_err *e)
{
    if (cal->n == 0)
        return pd_fail(e, PD_ERR_RANGE, "the calibration has learned no frame");
    int wrong;
    float energy, score;
    leave_one_out(cal, &wrong, &energy, &score);
    cal->threshold = (int)ceil(wrong * THRESHOLD_FACTOR);
    if (cal->threshold < THRESHOLD_FLOOR)
        cal->threshold = THRESHOLD_FLOOR;
    if (cal->threshold > VIS_CONF_MAX)
        cal->threshold = VIS_CONF_MAX;
    cal->min_energy = ENERGY_FACTOR * energy;
    cal->min_score = SCORE_FACTOR * score;
    return PD_OK;
}

int vis_cal_threshold(const struct vis_cal *cal)
{
    return cal->threshold;
}
