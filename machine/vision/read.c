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

/* The search: every template on a grid of COARSE_STEP pixels, then every pixel within
 * FINE_REACH of its best point. A card's score is its best template's. */
enum { COARSE_STEP = 3, FINE_REACH = 2 };

/* The suit is judged on the template's lower rows alone (the pip under the rank): over the
 * whole index, the rank's ink outweighs the pip's, and the near misses are the same rank in
 * another suit. */
enum { PIP_ROW = VIS_TH * 11 / 20 };

struct hit {
    float score, energy;
    int x, y, tmpl;
};

static struct hit best_point(const struct vis_feat *f, const struct vis_tmpl *t, int tmpl)
{
    struct hit h = {-2, 0, 0, 0, tmpl};
    for (int y = 0; y + VIS_TH <= f->h; y += COARSE_STEP)
        for (int x = 0; x + VIS_TW <= f->w; x += COARSE_STEP) {
            float s = vis_ncc_at(f, t, x, y, 1, NULL);
            if (s > h.score)
                h.score = s, h.x = x, h.y = y;
        }
    int cx = h.x, cy = h.y;
    for (int y = cy - FINE_REACH; y <= cy + FINE_REACH; y++)
        for (int x = cx - FINE_REACH; x <= cx + FINE_REACH; x++) {
            if (x < 0 || y < 0 || x + VIS_TW > f->w || y + VIS_TH > f->h)
                continue;
            float s = vis_ncc_at(f, t, x, y, 1, NULL);
            if (s > h.score)
                h.score = s, h.x = x, h.y = y;
        }
    vis_ncc_at(f, t, h.x, h.y, 1, &h.energy);
    return h;
}

/* Each card's best hit (score -2: no template of it). */
static void score_cards(const struct vis_cal *cal, const struct vis_feat *f, int skip,
                        struct hit *card)
{
    for (int c = 0; c < DEAL_NCARDS; c++)
        card[c] = (struct hit){-2, 0, 0, 0, -1};
    for (int i = 0; i < cal->n; i++) {
        if (i == skip)
            continue;
        struct hit h = best_point(f, &cal->t[i], i);
        int c = cal->t[i].card;
        if (h.score > card[c].score)
            card[c] = h;
    }
}

/* The best card of those whose `of` matches, -1 when none; *margin: its score over the best of
 * the others (1 when there is none). */
static int best_of(const float *score, const bool *of, float *margin)
{
    int b = -1, s2 = -1;
    for (int c = 0; c < DEAL_NCARDS; c++) {
        if (!of[c] || score[c] < -1)
            continue;
        if (b < 0 || score[c] > score[b])
            s2 = b, b = c;
        else if (s2 < 0 || score[c] > score[s2])
            s2 = c;
    }
    *margin = b < 0 ? 0 : s2 < 0 ? 1 : score[b] - score[s2];
    return b;
}

/* The rank from the whole index (its margin over the best card of another rank), the suit
 * from the pips of that rank's cards (its margin over the next suit's); the reading's
 * confidence is the lesser margin, its second card the nearer miss. */
static void decide(const struct vis_cal *cal, const struct vis_feat *f, const struct hit *card,
                   struct vis_reading *out)
{
    float score[DEAL_NCARDS], pip[DEAL_NCARDS], rank_margin, suit_margin, m;
    bool all[DEAL_NCARDS], same_rank[DEAL_NCARDS], other_rank[DEAL_NCARDS];
    for (int c = 0; c < DEAL_NCARDS; c++)
        score[c] = card[c].score, all[c] = true;
    int b = best_of(score, all, &m);
    out->card = out->second = -1;
    if (b < 0)
        return;
    for (int c = 0; c < DEAL_NCARDS; c++) {
        same_rank[c] = c % 13 == b % 13;
        other_rank[c] = !same_rank[c] || c == b;
        pip[c] = same_rank[c] && card[c].tmpl >= 0
                     ? vis_ncc_rows(f, &cal->t[card[c].tmpl], card[c].x, card[c].y, PIP_ROW,
                                    VIS_TH)
                     : -2;
    }
    best_of(score, other_rank, &rank_margin);
    int suit = best_of(pip, same_rank, &suit_margin);
    out->card = suit;
    float conf = rank_margin < suit_margin ? rank_margin : suit_margin;
    out->confidence = (int)(conf * VIS_CONF_MAX + 0.5f);
    if (out->confidence > VIS_CONF_MAX)
        out->confidence = VIS_CONF_MAX;
    int s2 = -1;
    for (int c = 0; c < DEAL_NCARDS; c++)
        if (c != suit && (rank_margin < suit_margin ? !same_rank[c] : same_rank[c]) &&
            (s2 < 0 || (rank_margin < suit_margin ? score[c] > score[s2] : pip[c] > pip[s2])))
            s2 = c;
    out->second = s2;
}

void vis_match(const struct vis_cal *cal, const struct vis_feat *f, int skip, bool raw,
               struct vis_reading *out, float *best_score, float *best_energy)
{
    struct hit card[DEAL_NCARDS];
    memset(out, 0, sizeof *out);
    score_cards(cal, f, skip, card);
    decide(cal, f, card, out);
    int b = out->card;
    out->method = b >= 0 ? VIS_INDEX : VIS_NONE;
    *best_score = b >= 0 ? card[b].score : 0;
    *best_energy = b >= 0 ? card[b].energy : 0;
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
