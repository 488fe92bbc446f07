/* pbn/dge.c - Jannersten's DGE file: the four hands in DOS suit glyphs (CP437 spade, heart,
 * diamond, club, each followed by its ranks), 68 bytes a board, in Big Deal's 128-byte records or
 * bare. DUP's screen part is a DGE record (pbn/dup.c uses fmt_dge_put / fmt_dge_get). Layout and
 * sources: pbn/FORMATS.md section DGE. */
#include <string.h>

#include "pbn/fmt_int.h"

static const unsigned char dge_glyph[4] = {6, 3, 4, 5}; /* CP437 spade, heart, diamond, club */
static const char rank_order[] = "AKQJT98765432";

void fmt_dge_put(FILE *out, const struct deal *d)
{
    for (int s = 0; s < 4; s++)
        for (int su = 0; su < 4; su++) {
            fputc(dge_glyph[su], out);
            for (int r = RANK_A; r >= RANK_2; r--)
                if (d->hand[s] & card_mask((enum suit)su, r))
                    fputc(RANK_CHAR[r], out);
        }
}

enum pd_status fmt_dge_get(const char *name, int board, const unsigned char *p, size_t base,
                           struct deal *d, struct pd_err *e)
{
    char why[120];

    memset(d, 0, sizeof *d);
    for (int s = 0; s < 4; s++) {
        size_t at = 17 * (size_t)s, end = at + 17;
        int su = -1;

        for (; at < end; at++) {
            unsigned char c = p[at];
            const char *r;

            if (su < 3 && c == dge_glyph[su + 1]) {
                su++;
                continue;
            }
            r = c ? strchr(rank_order, c) : NULL;
            if (su < 0 || !r)
                return fmt_fail_byte(e, name, board, base + at,
                                     "%s's hand: 0x%02x is neither the next suit glyph nor a "
                                     "rank",
                                     SEAT_NAME[s], c);
            uint64_t m = card_mask((enum suit)su, RANK_A - (int)(r - rank_order));

            if (d->hand[s] & m)
                return fmt_fail_byte(e, name, board, base + at, "a card appears twice");
            d->hand[s] |= m;
        }
        if (su != 3)
            return fmt_fail_byte(e, name, board, base + 17 * (size_t)s,
                                 "%s's hand does not hold the four suit glyphs", SEAT_NAME[s]);
    }
    if (!fmt_deal_ok(d, why, sizeof why))
        return fmt_fail_byte(e, name, board, base, "%s", why);
    return PD_OK;
}

enum pd_status fmt_dge_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        fmt_dge_put(out, &set->games[i].deal);
        for (int k = 0; k < FMT_REC_LEN - FMT_DGE_LEN; k++) /* Big Deal: 60 NULs */
            fputc(0, out);
    }
    return PD_OK;
}

enum pd_status fmt_dge_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    /* 128-byte records (Big Deal); bare 68-byte records when the size says so. */
    size_t rec = n % FMT_REC_LEN != 0 && n % FMT_DGE_LEN == 0 ? FMT_DGE_LEN : FMT_REC_LEN;
    struct fmt_records dge = {"DGE", rec, FMT_DGE_LEN, fmt_dge_get,
                              "bytes 68-127 of a DGE record are NULs or blanks"};

    return fmt_read_records(name, p, n, &dge, set, e);
}
