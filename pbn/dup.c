/* pbn/dup.c - Jannersten's Duplimate files: BRI (card numbers of N, E, S), DGE (the four hands in
 * DOS suit glyphs) and DUP (BRI + DGE + 10 control bytes per board), with DUP's blind variant.
 * Layouts and sources: pbn/FORMATS.md sections BRI, DGE, DUP. */
#include <string.h>

#include "pbn/fmt_int.h"

enum {
    BRI_LEN = 78,  /* 39 two-digit card numbers: N, E, S; West holds the rest */
    REC_LEN = 128, /* BRI and DGE records as Big Deal pads them */
    DGE_LEN = 68,  /* 4 hands x (4 suit glyphs + 13 ranks) */
    CTL_LEN = 10,  /* DUP control bytes */
    DUP_LEN = BRI_LEN + DGE_LEN + CTL_LEN,
};

static const unsigned char dge_glyph[4] = {6, 3, 4, 5}; /* CP437 spade, heart, diamond, club */
static const char rank_order[] = "AKQJT98765432";

/* ---------------------------------------------------------------- BRI */

static void bri_put(FILE *out, const struct deal *d)
{
    for (int s = SEAT_N; s <= SEAT_S; s++)
        for (int c = 0; c < DEAL_NCARDS; c++)
            if (d->hand[s] & card_mask_from_index(c))
                fprintf(out, "%02d", c + 1);
}

/* Decodes 78 digits at p (byte offset base in the file) into a complete deal. */
static enum pd_status bri_get(const char *name, int board, const unsigned char *p, size_t base,
                              struct deal *d, struct pd_err *e)
{
    uint64_t all = 0;

    memset(d, 0, sizeof *d);
    for (int k = 0; k < 39; k++) {
        const unsigned char *q = p + 2 * k;
        int c;
        uint64_t m;

        if (q[0] < '0' || q[0] > '9' || q[1] < '0' || q[1] > '9')
            return fmt_fail_byte(e, name, board, base + 2 * (size_t)k,
                                 "BRI wants two digits per card, not 0x%02x 0x%02x", q[0], q[1]);
        c = (q[0] - '0') * 10 + (q[1] - '0');
        if (c < 1 || c > 52)
            return fmt_fail_byte(e, name, board, base + 2 * (size_t)k,
                                 "card number %02d is not 01-52", c);
        m = card_mask_from_index(c - 1);
        if (all & m)
            return fmt_fail_byte(e, name, board, base + 2 * (size_t)k,
                                 "card %02d appears twice", c);
        all |= m;
        d->hand[k / 13] |= m;
    }
    d->hand[SEAT_W] = ~all & 0x1FFF1FFF1FFF1FFFULL;
    return PD_OK;
}

enum pd_status fmt_bri_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        bri_put(out, &set->games[i].deal);
        /* Big Deal's 128-byte record: 32 spaces then 18 NULs after the digits. */
        for (int k = 0; k < 32; k++)
            fputc(' ', out);
        for (int k = 0; k < 18; k++)
            fputc(0, out);
    }
    return PD_OK;
}

static bool is_filler(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != 0)
            return false;
    return true;
}

/* The line variant: one board per line of 78 digits (CRLF or LF, trailing blanks allowed). */
static enum pd_status bri_read_lines(const char *name, const unsigned char *p, size_t n,
                                     struct pbn_set *set, struct pd_err *e)
{
    size_t pos = 0;
    int line = 0;

    while (pos < n) {
        size_t end = pos, len;
        struct deal d;
        enum pd_status rc;

        while (end < n && p[end] != '\n')
            end++;
        line++;
        len = end - pos;
        while (len > 0 && (p[pos + len - 1] == '\r' || p[pos + len - 1] == ' '))
            len--;
        if (len == 0 && end >= n - 1)
            break; /* final empty line */
        if (len != BRI_LEN)
            return fmt_fail_line(e, name, line, 0, NULL,
                                 "board %d: a BRI line has 78 digits, this one %zu characters",
                                 (int)set->n + 1, len);
        rc = bri_get(name, (int)set->n + 1, p + pos, pos, &d, e);
        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2((int)set->n + 1), &d, e);
        if (rc != PD_OK)
            return rc;
        pos = end + 1;
    }
    return PD_OK;
}

enum pd_status fmt_bri_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    if (n > BRI_LEN && (p[BRI_LEN] == '\r' || p[BRI_LEN] == '\n'))
        return bri_read_lines(name, p, n, set, e);
    for (size_t pos = 0; pos < n; pos += REC_LEN) {
        int board = (int)(pos / REC_LEN) + 1;
        struct deal d;
        enum pd_status rc;

        if (n - pos < REC_LEN)
            return fmt_fail_byte(e, name, board, pos,
                                 "short file: a BRI record has 128 bytes, %zu are left", n - pos);
        rc = bri_get(name, board, p + pos, pos, &d, e);
        if (rc != PD_OK)
            return rc;
        if (!is_filler(p + pos + BRI_LEN, REC_LEN - BRI_LEN))
            return fmt_fail_byte(e, name, board, pos + BRI_LEN,
                                 "bytes 78-127 of a BRI record are blanks or NULs");
        rc = fmt_add_deal(set, board_law2(board), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}

/* ---------------------------------------------------------------- DGE */

static void dge_put(FILE *out, const struct deal *d)
{
    for (int s = 0; s < 4; s++)
        for (int su = 0; su < 4; su++) {
            fputc(dge_glyph[su], out);
            for (int r = RANK_A; r >= RANK_2; r--)
                if (d->hand[s] & card_mask((enum suit)su, r))
                    fputc(RANK_CHAR[r], out);
        }
}

/* Decodes 68 DGE bytes at p (offset base in the file): each hand is 17 bytes, the four glyphs
 * in order each followed by that suit's ranks. */
static enum pd_status dge_get(const char *name, int board, const unsigned char *p, size_t base,
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
        dge_put(out, &set->games[i].deal);
        for (int k = 0; k < REC_LEN - DGE_LEN; k++) /* Big Deal: 60 NULs */
            fputc(0, out);
    }
    return PD_OK;
}

enum pd_status fmt_dge_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    /* 128-byte records (Big Deal); bare 68-byte records when the size says so. */
    size_t rec = n % REC_LEN != 0 && n % DGE_LEN == 0 ? DGE_LEN : REC_LEN;

    for (size_t pos = 0; pos < n; pos += rec) {
        int board = (int)(pos / rec) + 1;
        struct deal d;
        enum pd_status rc;

        if (n - pos < rec)
            return fmt_fail_byte(e, name, board, pos,
                                 "short file: a DGE record has %zu bytes, %zu are left", rec,
                                 n - pos);
        rc = dge_get(name, board, p + pos, pos, &d, e);
        if (rc == PD_OK && !is_filler(p + pos + DGE_LEN, rec - DGE_LEN))
            rc = fmt_fail_byte(e, name, board, pos + DGE_LEN,
                               "bytes 68-127 of a DGE record are NULs or blanks");
        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2(board), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}

/* ---------------------------------------------------------------- DUP */

static bool all_blank(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ')
            return false;
    return true;
}

static enum pd_status dup_write(FILE *out, const struct pbn_set *set, bool blind)
{
    size_t n = set->n;

    for (size_t i = 0; i < n; i++) {
        bri_put(out, &set->games[i].deal);
        if (blind && i == 0) /* "no cards on screen": board 1's DGE part blank */
            fprintf(out, "%68s", "");
        else
            dge_put(out, &set->games[i].deal);
        /* Random hands Y, reverse order N, start board "1 ", a space, copies "0", a space,
         * board count in two digits, a space. */
        fprintf(out, "YN1  0 %zu%zu ", n / 10 % 10, n % 10);
    }
    return PD_OK;
}

enum pd_status fmt_dup_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    return dup_write(out, set, false);
}

enum pd_status fmt_dupblind_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    return dup_write(out, set, true);
}

/* Control bytes 153-154 hold the number of boards in the file (Big Deal's layout): when they
 * are two digits and disagree, whole boards are missing or extra (a file cut at a record
 * boundary). Other DUP variants put something else there: anything but two digits passes. */
static enum pd_status dup_count_matches(const char *name, int board, const unsigned char *rec,
                                        size_t pos, size_t records, struct pd_err *e)
{
    const unsigned char *c = rec + BRI_LEN + DGE_LEN + 7;
    size_t count;

    if (c[0] < '0' || c[0] > '9' || c[1] < '0' || c[1] > '9')
        return PD_OK;
    count = (size_t)(c[0] - '0') * 10 + (size_t)(c[1] - '0');
    if (count == records)
        return PD_OK;
    return fmt_fail_byte(e, name, board, pos + BRI_LEN + DGE_LEN + 7,
                         "the control bytes say %zu board%s, the file holds %zu", count,
                         count == 1 ? "" : "s", records);
}

enum pd_status fmt_dup_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    for (size_t pos = 0; pos < n; pos += DUP_LEN) {
        int board = (int)(pos / DUP_LEN) + 1;
        struct deal d, shown;
        enum pd_status rc;

        if (board > 99)
            return fmt_fail_byte(e, name, board, pos, "DUP holds boards 1-99");
        if (n - pos < DUP_LEN)
            return fmt_fail_byte(e, name, board, pos,
                                 "short file: a DUP record has 156 bytes, %zu are left", n - pos);
        rc = bri_get(name, board, p + pos, pos, &d, e);
        if (rc != PD_OK)
            return rc;
        /* The DGE part repeats the deal for the screen; blanks when hidden (dupblind). */
        if (!all_blank(p + pos + BRI_LEN, DGE_LEN)) {
            rc = dge_get(name, board, p + pos + BRI_LEN, pos + BRI_LEN, &shown, e);
            if (rc != PD_OK)
                return rc;
            if (memcmp(&shown, &d, sizeof d) != 0)
                return fmt_fail_byte(e, name, board, pos + BRI_LEN,
                                     "the DGE part shows another deal than the BRI part");
        }
        rc = dup_count_matches(name, board, p + pos, pos, (n + DUP_LEN - 1) / DUP_LEN, e);
        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2(board), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}
