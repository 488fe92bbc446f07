/* pbn/kops.c - the two small binary files Big Deal also writes: KOPS (.rzd: a count, then 13
 * bytes a board, each byte the seats of one rank in the four suits) and CDS (.cds: the same
 * with a board-number byte first and the seats rotated by one). Layouts: pbn/FORMATS.md. */
#include <string.h>

#include "pbn/fmt_int.h"

enum { RZD_HEAD = 13, RANKS = 13 };

/* Byte r (r = 0 for aces .. 12 for twos): seat of the spade in bits 7-6, heart 5-4, diamond
 * 3-2, club 1-0; seats numbered (seat + rot) % 4. */
static void put_ranks(FILE *out, const struct deal *d, int rot)
{
    unsigned char seat[DEAL_NCARDS];

    fmt_card_seats(d, seat);
    for (int r = 0; r < RANKS; r++) {
        int byte = 0;

        for (int su = 0; su < 4; su++)
            byte |= ((seat[13 * su + r] + rot) % 4) << (2 * (3 - su));
        fputc(byte, out);
    }
}

static enum pd_status get_ranks(const char *name, int board, const unsigned char *p, size_t base,
                                int rot, struct deal *d, struct pd_err *e)
{
    char why[120];

    memset(d, 0, sizeof *d);
    for (int r = 0; r < RANKS; r++)
        for (int su = 0; su < 4; su++) {
            int s = ((p[r] >> (2 * (3 - su))) & 3);

            d->hand[(s + 4 - rot) % 4] |= card_mask_from_index(13 * su + r);
        }
    if (!fmt_deal_ok(d, why, sizeof why))
        return fmt_fail_byte(e, name, board, base, "%s", why);
    return PD_OK;
}

enum pd_status fmt_rzd_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    fputc((int)(set->n & 0xFF), out);
    fputc((int)(set->n >> 8 & 0xFF), out);
    fprintf(out, "%11s", "");
    for (size_t i = 0; i < set->n; i++)
        put_ranks(out, &set->games[i].deal, 0);
    return PD_OK;
}

enum pd_status fmt_rzd_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    size_t count;

    if (n < RZD_HEAD)
        return fmt_fail_byte(e, name, 0, n, "short file: the KOPS header has 13 bytes");
    count = (size_t)p[0] | (size_t)p[1] << 8;
    if (n != RZD_HEAD + RANKS * count)
        return fmt_fail_byte(e, name, 0, 0,
                             "the header counts %zu board%s (%zu bytes), the file has %zu bytes",
                             count, count == 1 ? "" : "s", RZD_HEAD + RANKS * count, n);
    for (size_t i = 0; i < count; i++) {
        size_t pos = RZD_HEAD + RANKS * i;
        struct deal d;
        enum pd_status rc = get_ranks(name, (int)i + 1, p + pos, pos, 0, &d, e);

        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2((int)i + 1), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}

enum pd_status fmt_cds_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        fputc(fmt_board(set, i), out);
        put_ranks(out, &set->games[i].deal, 1);
    }
    return PD_OK;
}

enum pd_status fmt_cds_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    for (size_t pos = 0; pos < n; pos += 1 + RANKS) {
        int board = p[pos];
        struct deal d;
        enum pd_status rc;

        if (n - pos < 1 + RANKS)
            return fmt_fail_byte(e, name, 0, pos,
                                 "short file: a CDS record has 14 bytes, %zu are left", n - pos);
        if (board == 0)
            return fmt_fail_byte(e, name, 0, pos, "board number 0");
        rc = get_ranks(name, board, p + pos + 1, pos + 1, 1, &d, e);
        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2(board), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}
