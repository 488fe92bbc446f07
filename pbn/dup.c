/* pbn/dup.c - Jannersten's Duplimate DUP file: per board a BRI record's 78 digits (pbn/bri.c), a
 * DGE record's 68 bytes (pbn/dge.c) and 10 control bytes, 156 bytes a board; and its blind
 * variant (board 1's screen part blank). Layout and sources: pbn/FORMATS.md section DUP. */
#include <string.h>

#include "pbn/fmt_int.h"

enum {
    CTL_LEN = 10, /* DUP control bytes */
    DUP_LEN = FMT_BRI_LEN + FMT_DGE_LEN + CTL_LEN,
};

static bool all_blank(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ')
            return false;
    return true;
}

void fmt_dup_write(FILE *out, const struct pbn_set *set, bool blind)
{
    size_t n = set->n;

    for (size_t i = 0; i < n; i++) {
        fmt_bri_put(out, &set->games[i].deal);
        if (blind && i == 0) /* "no cards on screen": board 1's DGE part blank */
            fprintf(out, "%68s", "");
        else
            fmt_dge_put(out, &set->games[i].deal);
        /* Random hands Y, reverse order N, start board "1 ", a space, copies "0", a space,
         * board count in two digits, a space. */
        fprintf(out, "YN1  0 %zu%zu ", n / 10 % 10, n % 10);
    }
}

/* Control bytes 153-154 hold the number of boards in the file (Big Deal's layout): when they
 * are two digits and disagree, whole boards are missing or extra (a file cut at a record
 * boundary). Other DUP variants put something else there: anything but two digits passes. */
static enum pd_status dup_count_matches(const char *name, int board, const unsigned char *rec,
                                        size_t pos, size_t records, struct pd_err *e)
{
    const unsigned char *c = rec + FMT_BRI_LEN + FMT_DGE_LEN + 7;
    size_t count;

    if (c[0] < '0' || c[0] > '9' || c[1] < '0' || c[1] > '9')
        return PD_OK;
    count = (size_t)(c[0] - '0') * 10 + (size_t)(c[1] - '0');
    if (count == records)
        return PD_OK;
    return fmt_fail_byte(e, name, board, pos + FMT_BRI_LEN + FMT_DGE_LEN + 7,
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
        rc = fmt_bri_get(name, board, p + pos, pos, &d, e);
        if (rc != PD_OK)
            return rc;
        /* The DGE part repeats the deal for the screen; blanks when hidden (dupblind). */
        if (!all_blank(p + pos + FMT_BRI_LEN, FMT_DGE_LEN)) {
            rc = fmt_dge_get(name, board, p + pos + FMT_BRI_LEN, pos + FMT_BRI_LEN, &shown, e);
            if (rc != PD_OK)
                return rc;
            if (memcmp(&shown, &d, sizeof d) != 0)
                return fmt_fail_byte(e, name, board, pos + FMT_BRI_LEN,
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
