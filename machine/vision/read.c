/* machine/vision/read.c - reading one frame: a barcode first (zbar), then the corner index by
 * normalised correlation with every learned template, each slid over the region (a coarse grid,
 * then every pixel around the best point). A card's score is its best template's; the
 * confidence is the best card's score minus the second best's, times VIS_CONF_MAX. The
 * acceptance rules (cal.c fixes their values from the calibration frames): enough ink under
 * the best match (else the feeder is empty), a correlation not below min_score, a margin not
 * below threshold. Anything less is card -1: a reject costs a redo, a wrong card a board. */
#include "machine/vision/vis_int.h"

#include <stdlib.h>
#include <string.h>
#include <zbar.h>

/* The search: every template on a grid of COARSE_STEP pixels, sampling every COARSE_SAMPLE-th
 * pixel (2 is four times faster and misses the thin strokes more often: measured worse); then
 * the templates of the FINE_CARDS best cards at every pixel within FINE_REACH of their coarse
 * best point. A card's score is its best template's (fine when it was refined). */
enum { COARSE_STEP = 3, COARSE_SAMPLE = 1, FINE_REACH = 2, FINE_CARDS = DEAL_NCARDS };

struct hit {
    float score, energy;
    int x, y;
};

static struct hit coarse_point(const struct vis_feat *f, const struct vis_tmpl *t)
{
    struct hit h = {-2, 0, 0, 0};
    for (int y = 0; y + VIS_TH <= f->h; y += COARSE_STEP)
        for (int x = 0; x + VIS_TW <= f->w; x += COARSE_STEP) {
            float s = vis_ncc_at(f, t, x, y, COARSE_SAMPLE, NULL);
            if (s > h.score)
                h = (struct hit){s, 0, x, y};
        }
    return h;
}

static struct hit fine_point(const struct vis_feat *f, const struct vis_tmpl *t, struct hit c)
{
    struct hit h = {-2, 0, c.x, c.y};
    for (int y = c.y - FINE_REACH; y <= c.y + FINE_REACH; y++)
        for (int x = c.x - FINE_REACH; x <= c.x + FINE_REACH; x++) {
            if (x < 0 || y < 0 || x + VIS_TW > f->w || y + VIS_TH > f->h)
                continue;
            float en, s = vis_ncc_at(f, t, x, y, 1, &en);
            if (s > h.score)
                h = (struct hit){s, en, x, y};
        }
    return h;
}

/* The best and second-best cards of score[] (-1 when none). */
static void best_two(const float *score, int *b, int *s2)
{
    *b = *s2 = -1;
    for (int c = 0; c < DEAL_NCARDS; c++) {
        if (score[c] < -1)
            continue;
        if (*b < 0 || score[c] > score[*b])
            *s2 = *b, *b = c;
        else if (*s2 < 0 || score[c] > score[*s2])
            *s2 = c;
    }
}

/* Each card's score in score[], energy[]: coarse for all, fine for the best few. */
static void score_cards(const struct vis_cal *cal, const struct vis_feat *f, int skip,
                        struct hit *coarse, float *score, float *energy)
{
    for (int c = 0; c < DEAL_NCARDS; c++)
        score[c] = -2, energy[c] = 0;
    for (int i = 0; i < cal->n; i++) {
        coarse[i] = i == skip ? (struct hit){-2, 0, 0, 0} : coarse_point(f, &cal->t[i]);
        int c = cal->t[i].card;
        score[c] = coarse[i].score > score[c] ? coarse[i].score : score[c];
    }
    bool fine[DEAL_NCARDS] = {false};
    for (int k = 0; k < FINE_CARDS; k++) {
        int b = -1;
        for (int c = 0; c < DEAL_NCARDS; c++)
            if (!fine[c] && score[c] >= -1 && (b < 0 || score[c] > score[b]))
                b = c;
        if (b >= 0)
            fine[b] = true, score[b] = -2;
    }
    for (int i = 0; i < cal->n; i++) {
        int c = cal->t[i].card;
        if (!fine[c] || i == skip)
            continue;
        struct hit h = fine_point(f, &cal->t[i], coarse[i]);
        if (h.score > score[c])
            score[c] = h.score, energy[c] = h.energy;
    }
}

void vis_match(const struct vis_cal *cal, const struct vis_feat *f, int skip, bool raw,
               struct vis_reading *out, float *best_score, float *best_energy)
{
    float score[DEAL_NCARDS], energy[DEAL_NCARDS];
    struct hit *coarse = malloc(sizeof *coarse * (cal->n ? cal->n : 1));
    int b = -1, s2 = -1;
    memset(out, 0, sizeof *out);
    if (coarse) {
        score_cards(cal, f, skip, coarse, score, energy);
        best_two(score, &b, &s2);
    }
    free(coarse);
    out->card = b;
    out->second = s2;
    out->method = b >= 0 ? VIS_INDEX : VIS_NONE;
    float margin = b >= 0 && s2 >= 0 ? score[b] - score[s2] : b >= 0 ? 1 : 0;
    out->confidence = (int)(margin * VIS_CONF_MAX + 0.5f);
    if (out->confidence > VIS_CONF_MAX)
        out->confidence = VIS_CONF_MAX;
    *best_score = b >= 0 ? score[b] : 0;
    *best_energy = b >= 0 ? energy[b] : 0;
    if (!raw && (b < 0 || *best_energy < cal->min_energy || *best_score < cal->min_score ||
                 out->confidence < cal->threshold)) {
        out->card = -1;
        out->method = VIS_NONE;
    }
}

/* ---------------------------------------------------------------- barcodes */

/* The frame as 8-bit grey (Y800) for zbar: the mean of R, G, B. */
static unsigned char *grey_of(const struct vis_image *frame)
{
    unsigned char *g = malloc((size_t)frame->width * frame->height);
    if (!g)
        return NULL;
    for (int y = 0; y < frame->height; y++) {
        const unsigned char *row = frame->pixels + (size_t)y * frame->stride;
        for (int x = 0; x < frame->width; x++)
            g[(size_t)y * frame->width + x] =
                frame->channels == 1
                    ? row[x]
                    : (unsigned char)((row[3 * x] + row[3 * x + 1] + row[3 * x + 2]) / 3);
    }
    return g;
}

int vis_barcode(const struct vis_cal *cal, const struct vis_image *frame, char *data,
                size_t cap)
{
    if (data && cap)
        data[0] = 0;
    unsigned char *g = grey_of(frame);
    zbar_image_scanner_t *sc = g ? zbar_image_scanner_create() : NULL;
    zbar_image_t *img = sc ? zbar_image_create() : NULL;
    int card = -1;
    if (img) {
        zbar_image_scanner_set_config(sc, 0, ZBAR_CFG_ENABLE, 1);
        zbar_image_set_format(img, zbar_fourcc('Y', '8', '0', '0'));
        zbar_image_set_size(img, (unsigned)frame->width, (unsigned)frame->height);
        zbar_image_set_data(img, g, (unsigned long)frame->width * frame->height, NULL);
        if (zbar_scan_image(sc, img) > 0) {
            const zbar_symbol_t *sym = zbar_image_first_symbol(img);
            const char *text = zbar_symbol_get_data(sym);
            if (data && cap)
                snprintf(data, cap, "%s", text);
            for (int i = 0; cal && i < cal->nbar; i++)
                if (strcmp(cal->bar[i].data, text) == 0)
                    card = cal->bar[i].card;
        }
        zbar_image_destroy(img);
    }
    if (sc)
        zbar_image_scanner_destroy(sc);
    free(g);
    return card;
}

enum pd_status vis_read_card(const struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, struct vis_reading *out,
                             struct pd_err *e)
{
    memset(out, 0, sizeof *out);
    out->card = out->second = -1;
    struct vis_feat f;
    enum pd_status st = vis_feat_of(frame, region, &f, e);
    if (st != PD_OK)
        return st;
    int bar = cal->nbar ? vis_barcode(cal, frame, NULL, 0) : -1;
    if (bar >= 0) {
        *out = (struct vis_reading){bar, VIS_CONF_MAX, -1, VIS_BARCODE};
    } else {
        float score, energy;
        vis_match(cal, &f, -1, false, out, &score, &energy);
    }
    vis_feat_free(&f);
    return PD_OK;
}
