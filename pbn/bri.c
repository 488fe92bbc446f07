/* pbn/bri.c - Jannersten's BRI file: the card numbers (01-52) of North, East and South, 78 digits
 * a board; West holds the rest. Big Deal's 128-byte records, or one board a line. DUP's first
 * part is a BRI record (pbn/dup.c uses fmt_bri_put / fmt_bri_get). Layout and sources:
 * pbn/FORMATS.md section BRI. */
#include <string.h>

#include "pbn/fmt_int.h"

void fmt_bri_put(FILE *out, const struct deal *d)
{
    for (int s = SEAT_N; s <= SEAT_S; s++)
        for (int c = 0; c < DEAL_NCARDS; c++)
            if (d->hand[s] & card_mask_from_index(c))
                fprintf(out, "%02d", c + 1);
}

enum pd_status fmt_bri_get(const char *name, int board, const unsigned char *p, size_t base,
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
        fmt_bri_put(out, &set->games[i].deal);
        /* Big Deal's 128-byte record: 32 spaces then 18 NULs after the digits. */
        for (int k = 0; k < 32; k++)
            fputc(' ', out);
        for (int k = 0; k < 18; k++)
            fputc(0, out);
    }
    return PD_OK;
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
        if (len != FMT_BRI_LEN)
            return fmt_fail_line(e, name, line, 0, NULL,
                                 "board %d: a BRI line has 78 digits, this one %zu characters",
                                 (int)set->n + 1, len);
        rc = fmt_bri_get(name, (int)set->n + 1, p + pos, pos, &d, e);
        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2((int)set->n + 1), &d, e);
        if (rc != PD_OK)
            return rc;
        pos = end + 1;
    }
    return PD_OK;
}

static const struct fmt_records bri_records = {
    "BRI", FMT_REC_LEN, FMT_BRI_LEN, fmt_bri_get,
    "bytes 78-127 of a BRI record are blanks or NULs"};

enum pd_status fmt_bri_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    if (n > FMT_BRI_LEN && (p[FMT_BRI_LEN] == '\r' || p[FMT_BRI_LEN] == '\n'))
        return bri_read_lines(name, p, n, set, e);
    return fmt_read_records(name, p, n, &bri_records, set, e);
}
