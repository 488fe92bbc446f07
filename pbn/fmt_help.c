/* pbn/fmt_help.c - what the readers and writers of the file formats share (declared in
 * pbn/fmt_int.h): board numbers and Law 2, card seats, games built from read deals, text in
 * UTF-8 or ISO 8859-1, files of fixed-size records, and the error messages that name a byte or a
 * line. The table that chooses a format is pbn/fmt.c; each format is in its own file. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

int fmt_board(const struct pbn_set *set, size_t i)
{
    return set->games[i].board > 0 ? set->games[i].board : (int)i + 1;
}

struct board_info fmt_board_info(const struct pbn_set *set, size_t i)
{
    const struct pbn_game *g = &set->games[i];
    struct board_info bi = board_law2(fmt_board(set, i));

    if (g->has_dealer)
        bi.dealer = g->dealer;
    if (g->has_vul)
        bi.vul = g->vul;
    return bi;
}

void fmt_card_seats(const struct deal *d, unsigned char seat[DEAL_NCARDS])
{
    for (int c = 0; c < DEAL_NCARDS; c++) {
        uint64_t m = card_mask_from_index(c);

        seat[c] = 0;
        for (int s = 0; s < 4; s++)
            if (d->hand[s] & m)
                seat[c] = (unsigned char)s;
    }
}

/* True when p[0..n) holds blanks and NULs only (a record's padding). */
static bool fmt_is_filler(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != 0)
            return false;
    return true;
}

enum pd_status fmt_read_records(const char *name, const unsigned char *p, size_t n,
                                const struct fmt_records *r, struct pbn_set *set,
                                struct pd_err *e)
{
    for (size_t pos = 0; pos < n; pos += r->rec) {
        int board = (int)(pos / r->rec) + 1;
        struct deal d;
        enum pd_status rc;

        if (n - pos < r->rec)
            return fmt_fail_byte(e, name, board, pos,
                                 "short file: a %s record has %zu bytes, %zu are left", r->what,
                                 r->rec, n - pos);
        rc = r->decode(name, board, p + pos, pos, &d, e);
        if (rc == PD_OK && !fmt_is_filler(p + pos + r->used, r->rec - r->used))
            rc = fmt_fail_byte(e, name, board, pos + r->used, "%s", r->padding);
        if (rc == PD_OK)
            rc = fmt_add_deal(set, board_law2(board), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}

enum pd_status fmt_add_deal(struct pbn_set *set, struct board_info bi, const struct deal *d,
                            struct pd_err *e)
{
    struct pbn_game *g;
    deal_num num;
    char why[80];
    /* A lean game gets its DealId (the deal number, as predup deal writes it) when it is
     * written; the one fault of its numbering, a deal not complete, fails the reading all the
     * same, in deal_to_number's words. */
    enum pd_status rc = !set->lean               ? deal_to_number(d, &num, e)
                        : fmt_deal_ok(d, why, sizeof why) ? PD_OK
                        : pd_fail(e, PD_ERR_RANGE, "not a complete deal: %s", why);

    if (rc == PD_OK)
        rc = pbn_game_add(set, &g, e);
    if (rc != PD_OK)
        return rc;
    if (!set->lean)
        return pbn_game_from_board(g, NULL, bi, d, &num, e);
    pbn_game_set_fields(g, bi, d);
    g->deal_only = true;
    return PD_OK;
}

enum pd_status pbn_game_fill_tags(struct pbn_game *g, struct pd_err *e)
{
    struct board_info bi = {.number = g->board, .dealer = g->dealer, .vul = g->vul};
    struct deal d = g->deal;
    deal_num num;
    enum pd_status rc = deal_to_number(&d, &num, e);

    g->deal_only = false;
    return rc == PD_OK ? pbn_game_from_board(g, NULL, bi, &d, &num, e) : rc;
}

enum pd_status fmt_tag_set_text(struct pbn_game *g, const char *name, const char *text,
                                struct pd_err *e)
{
    char *utf8;
    enum pd_status rc;

    if (pd_utf8_valid(text, strlen(text)))
        return pbn_tag_set(g, name, text, e);
    utf8 = malloc(3 * strlen(text) + 1);
    if (!utf8)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    pd_cp1252_to_utf8(text, strlen(text), utf8);
    rc = pbn_tag_set(g, name, utf8, e);
    free(utf8);
    return rc;
}

void fmt_latin1(const char *s, char *out, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t k = 0;

    for (size_t i = 0; u[i]; i++) /* U+0080-U+00FF: C2 or C3 and one continuation byte */
        if (u[i] >= 0x80 && ((u[i] != 0xC2 && u[i] != 0xC3) || (u[++i] & 0xC0) != 0x80)) {
            snprintf(out, n, "%s", s);
            return;
        }
    for (size_t i = 0; u[i] && k + 1 < n; i++) {
        if (u[i] < 0x80) {
            out[k++] = (char)u[i];
        } else {
            out[k++] = (char)((u[i] & 3) << 6 | (u[i + 1] & 0x3F));
            i++;
        }
    }
    out[k] = '\0';
}

bool fmt_deal_ok(const struct deal *d, char *why, size_t n)
{
    return deal_is_complete(d, why, n);
}

bool fmt_hands_ok(const struct deal *d, unsigned known, char *why, size_t n)
{
    uint64_t seen = 0;

    if (known == 0xF)
        return fmt_deal_ok(d, why, n);
    for (int s = 0; s < 4; s++) {
        uint64_t twice = seen & d->hand[s];
        int cards = hand_ncards(d->hand[s]);

        if (!(known & (1u << s)))
            continue;
        if (twice) {
            int bit = __builtin_ctzll(twice);

            snprintf(why, n, "%c%c is in two hands (again in %s)", SUIT_LETTER[bit / 16],
                     RANK_CHAR[bit % 16 + 2], SEAT_NAME[s]);
            return false;
        }
        if (cards != HAND_NCARDS) {
            snprintf(why, n, "%s has %d card%s", SEAT_NAME[s], cards, cards == 1 ? "" : "s");
            return false;
        }
        seen |= d->hand[s];
    }
    return true;
}

enum pd_status fmt_fail_byte(struct pd_err *e, const char *name, int board, size_t byte,
                             const char *fmt, ...)
{
    char what[200];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (board > 0)
        return pd_fail_at(e, PD_ERR_SYNTAX, name, 0, 0, NULL, "board %d, byte %zu: %s", board,
                          byte, what);
    return pd_fail_at(e, PD_ERR_SYNTAX, name, 0, 0, NULL, "byte %zu: %s", byte, what);
}

enum pd_status fmt_fail_line(struct pd_err *e, const char *name, int line, int col,
                             const char *src, const char *fmt, ...)
{
    char what[200];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return pd_fail_at(e, PD_ERR_SYNTAX, name, line, col, src, "%s", what);
}
