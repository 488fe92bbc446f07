/* printing/diagram.c - the pieces of a hand-record board, each drawn at a place the layout
 * (hand_record.c) gives in its local frame (x right, y down): the four hands, the compass box with
 * HCP and the vulnerable sides in red, the double-dummy grid, the makeable contracts and the
 * par line. Par and makeable contracts share one notation (printing/README.md): contract as the
 * tricks taken, result, then declarer ("3♠= N", "4♥x-1 EW"). */
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

/* Local frame: x right, y down from the cell's top-left; PDF wants y up. */
#define Y(v) (-(v))

static const float HAND_SIZE = 10.5f, HAND_LEAD = 12.5f;

void pr_diag_hand(struct pdoc *d, uint64_t hand, float x, float y, float maxw)
{
    for (int s = 0; s < 4; s++)
        pdoc_suit_line(d, HAND_SIZE, x, Y(y + (float)s * HAND_LEAD), maxw, (enum suit)s,
                       hand_suit(hand, (enum suit)s), false);
}

static void rect(struct pdoc *d, float x, float y, float w, float h)
{
    pr_hpdf.Page_Rectangle(d->page, x, Y(y + h), w, h);
}

static void compass_bands(struct pdoc *d, bool ns, bool ew, float x, float y, float w, float h)
{
    const float band = 9;

    pdoc_red(d);
    if (ns) {
        rect(d, x, y, w, band);
        rect(d, x, y + h - band, w, band);
    }
    if (ew) {
        rect(d, x, y, band, h);
        rect(d, x + w - band, y, band, h);
    }
    if (ns || ew)
        pr_hpdf.Page_Fill(d->page);
    pr_hpdf.Page_SetGrayStroke(d->page, 0);
    pr_hpdf.Page_SetLineWidth(d->page, 0.8f);
    rect(d, x, y, w, h);
    pr_hpdf.Page_Stroke(d->page);
}

/* The compass box (w wide, 54 high): seat letters, the HCP of the seats in shown, red bands on
 * the vulnerable sides, the dealer's letter in bold. */
void pr_diag_compass(struct pdoc *d, const struct pr_board *b, unsigned shown, float x, float y,
                     float w)
{
    const float h = 54, band = 9;
    bool ns = b->vul == VUL_NS || b->vul == VUL_ALL, ew = b->vul == VUL_EW || b->vul == VUL_ALL;
    const float lx[4] = {x + w / 2, x + w - band / 2, x + w / 2, x + band / 2};
    const float ly[4] = {y + 7, y + h / 2 + 2.5f, y + h - 2, y + h / 2 + 2.5f};
    const bool vul[4] = {ns, ew, ns, ew};
    const float hx[4] = {x + w / 2, x + w - band - 8, x + w / 2, x + band + 8};
    const float hy[4] = {y + band + 9, y + h / 2 + 3, y + h - band - 3, y + h / 2 + 3};
    char num[8];

    compass_bands(d, ns, ew, x, y, w, h);
    for (int s = 0; s < 4; s++) {
        HPDF_Font f = (enum seat)s == b->dealer ? d->bold : d->reg;

        if (vul[s])
            pr_hpdf.Page_SetRGBFill(d->page, 1, 1, 1);
        else
            pdoc_black(d);
        pdoc_text_centre(d, f, 7, lx[s], Y(ly[s]), band, pr_term_seat(d->terms, (enum seat)s));
        pdoc_black(d);
        if (!(shown & (1u << s)))
            continue;
        snprintf(num, sizeof num, "%d", hand_hcp(b->deal.hand[s]));
        pdoc_text_centre(d, d->reg, 8, hx[s], Y(hy[s]), 15, num);
    }
}

static const enum seat GRID_SEATS[4] = {SEAT_N, SEAT_S, SEAT_E, SEAT_W};
static const enum strain GRID_STRAINS[5] = {STRAIN_NT, STRAIN_S, STRAIN_H, STRAIN_D, STRAIN_C};

static const char *strain_text(const struct pr_terms *t, enum strain st)
{
    return st == STRAIN_NT ? pr_term(t, "nt") : PR_SUIT_SYMBOL[st];
}

static void grid_lines(struct pdoc *d, float x, float y, float lw, float cw, float rh)
{
    pdoc_grey(d, 0.9f);
    rect(d, x, y, lw + 5 * cw, rh);
    rect(d, x, y, lw, 5 * rh);
    pr_hpdf.Page_Fill(d->page);
    pr_hpdf.Page_SetGrayStroke(d->page, 0.55f);
    pr_hpdf.Page_SetLineWidth(d->page, 0.4f);
    for (int r = 0; r <= 5; r++) {
        pr_hpdf.Page_MoveTo(d->page, x, Y(y + (float)r * rh));
        pr_hpdf.Page_LineTo(d->page, x + lw + 5 * cw, Y(y + (float)r * rh));
    }
    for (int c = 0; c <= 6; c++) {
        float cx = c == 0 ? x : x + lw + (float)(c - 1) * cw;

        pr_hpdf.Page_MoveTo(d->page, cx, Y(y));
        pr_hpdf.Page_LineTo(d->page, cx, Y(y + 5 * rh));
    }
    pr_hpdf.Page_Stroke(d->page);
    pdoc_black(d);
}

/* The 4x5 trick table at k times its natural size (94 x 52 points). */
void pr_diag_grid(struct pdoc *d, const struct dd_table *t, float x, float y, float k)
{
    const float lw = 14 * k, cw = 16 * k, rh = 10.4f * k, size = 7.5f * k, lift = 2.6f * k;
    char txt[8];

    grid_lines(d, x, y, lw, cw, rh);
    for (int c = 0; c < 5; c++)
        pdoc_text_centre(d, d->bold, size, x + lw + ((float)c + 0.5f) * cw, Y(y + rh - lift),
                         cw - 2, strain_text(d->terms, GRID_STRAINS[c]));
    for (int r = 0; r < 4; r++) {
        enum seat s = GRID_SEATS[r];
        float by = y + (float)(r + 2) * rh - lift;

        pdoc_text_centre(d, d->bold, size, x + lw / 2, Y(by), lw - 2, pr_term_seat(d->terms, s));
        for (int c = 0; c < 5; c++) {
            snprintf(txt, sizeof txt, "%d", t->tricks[s][GRID_STRAINS[c]]);
            pdoc_text_centre(d, d->reg, size, x + lw + ((float)c + 0.5f) * cw, Y(by), cw - 2,
                             txt);
        }
    }
}

/* pr_makeable_text in the language of terms (NULL: English). */
static void pr_makeable_text_in(const struct pr_terms *terms, const struct dd_table *t, int side,
                                char *line, size_t n)
{
    static const enum seat pair[2][2] = {{SEAT_N, SEAT_S}, {SEAT_E, SEAT_W}};
    size_t o = (size_t)snprintf(line, n, "%s:", pr_term_side(terms, side));
    bool any = false;

    for (int c = 0; c < 5 && o < n; c++) {
        enum strain st = GRID_STRAINS[c];
        int a = t->tricks[pair[side][0]][st], b = t->tricks[pair[side][1]][st];
        int best = a > b ? a : b;

        if (best < 7)
            continue;
        o += (size_t)snprintf(line + o, n - o, "%s %d%s", any ? "," : "", best - 6,
                              strain_text(terms, st));
        if (a != b && o < n)
            o += (size_t)snprintf(line + o, n - o, " %s",
                                  pr_term_seat(terms, a > b ? pair[side][0] : pair[side][1]));
        any = true;
    }
    if (!any && o < n)
        snprintf(line + o, n - o, " \u2014");
}

void pr_makeable_text(const struct dd_table *t, int side, char *line, size_t n)
{
    pr_makeable_text_in(NULL, t, side, line, n);
}

/* Makeable contracts, one line per side, in at most w points. */
void pr_diag_makeable(struct pdoc *d, const struct dd_table *t, float x, float y, float w,
                      float k)
{
    for (int side = 0; side < 2; side++) {
        char line[400];

        pr_makeable_text_in(d->terms, t, side, line, sizeof line);
        pdoc_text_fit(d, d->reg, 8 * k, x, Y(y + (10 + (float)side * 12) * k), w, line);
    }
}

/* The declarer of a ParContract item in the language: "NS" "EW" or a seat letter; anything
 * else as it is. */
static const char *par_side(const struct pr_terms *t, const char *side)
{
    const char *at = strchr("NESW", side[0]);

    if (!strcmp(side, "NS") || !strcmp(side, "EW"))
        return pr_term_side(t, side[0] == 'E');
    if (at && side[0] && !side[1])
        return pr_term_seat(t, (enum seat)(at - "NESW"));
    return side;
}

/* One ParContract item as directors write it: "NS 1S+2" -> "3♠= NS", "EW 4Hx-1" -> "4♥x-1 EW",
 * "S 3NT" -> "3NT= S", sides, seats and NT in the language. "Pass" is the language's word;
 * anything else is copied as it is. */
static void par_item(const struct pr_terms *t, const char *item, char *out, size_t n)
{
    char side[8], contract[24], dbl[4] = "", result[8] = "=";
    const char *p = contract + 1, *strain;
    int level;

    if (sscanf(item, "%7s %23s", side, contract) != 2 || contract[0] < '1' ||
        contract[0] > '7' || (strncmp(p, "NT", 2) != 0 && (!*p || !strchr("SHDC", *p)))) {
        snprintf(out, n, "%s", strcmp(item, "Pass") ? item : pr_term(t, "pass"));
        return;
    }
    level = contract[0] - '0';
    if (strncmp(p, "NT", 2) == 0) {
        strain = pr_term(t, "nt");
        p += 2;
    } else {
        strain = PR_SUIT_SYMBOL[strchr("SHDC", *p) - "SHDC"];
        p++;
    }
    for (size_t k = 0; (*p == 'x' || *p == 'X') && k < 2; p++)
        dbl[k++] = 'x';
    if (*p == '+')
        level += atoi(p + 1); /* libdds names the lowest contract: 1♠+2 is the 3♠ directors write */
    else if (*p == '-')
        snprintf(result, sizeof result, "-%d", atoi(p + 1));
    snprintf(out, n, "%d%s%s%s %s", level, strain, dbl, result, par_side(t, side));
}

void pr_par_text(const struct dd_par *par, char *out, size_t n)
{
    pr_par_text_in(NULL, par, out, n);
}

void pr_par_text_in(const struct pr_terms *t, const struct dd_par *par, char *out, size_t n)
{
    const char *p = par->contracts;
    size_t o = (size_t)snprintf(out, n, "%s", pr_term(t, "par")), head = o;

    while (*p && o < n) {
        char item[32], shown[400];
        size_t len = strcspn(p, ",");

        snprintf(item, sizeof item, "%.*s", (int)(len < 31 ? len : 31), p);
        p += len + (p[len] == ',');
        par_item(t, item, shown, sizeof shown);
        o += (size_t)snprintf(out + o, n - o, "%s %s", o > head ? "," : "", shown);
    }
    if (o < n)
        snprintf(out + o, n - o, par->score_ns ? " %+d" : " 0", par->score_ns);
}
