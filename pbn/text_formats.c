/* pbn/text_formats.c - the text interchange files: LIN (BBO), CSV (database import), BER
 * (Bernasconi: one digit per card) and BHG (Borel: one letter per card, dealer's hand first). Big
 * Deal's writers are the reference for the layouts; readers are tolerant of line ends, case and
 * "10". Layouts and sources: pbn/FORMATS.md. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pbn/fmt_int.h"

/* ---------------------------------------------------------------- shared */

/* Ranks of one suit high to low, "" for a void. */
static void put_suit(FILE *out, uint64_t hand, enum suit su)
{
    for (int r = RANK_A; r >= RANK_2; r--)
        if (hand & card_mask(su, r))
            fputc(RANK_CHAR[r], out);
}

/* Adds the ranks in s[0..n) to suit su of *hand; "10" is T. Returns the offset of a bad
 * character, or -1 when all are ranks. */
static long add_ranks(const char *s, size_t n, enum suit su, uint64_t *hand)
{
    for (size_t i = 0; i < n; i++) {
        int r = rank_from_char((unsigned char)s[i]);

        if (s[i] == '1' && i + 1 < n && s[i + 1] == '0') {
            r = 10;
            i++;
        }
        if (r < 0 || (*hand & card_mask(su, r)))
            return (long)i;
        *hand |= card_mask(su, r);
    }
    return -1;
}

/* The line starting at p[pos], without its end of line, into buf (NUL-terminated, truncated
 * at cap - 1). Returns the offset after the line's end. */
static size_t get_line(const unsigned char *p, size_t n, size_t pos, char *buf, size_t cap,
                       size_t *len)
{
    size_t end = pos, k = 0;

    while (end < n && p[end] != '\n')
        end++;
    if (end - pos >= cap) { /* too long for buf: the caller rejects it */
        buf[0] = '\0';
        *len = cap;
        return end < n ? end + 1 : end;
    }
    for (size_t i = pos; i < end; i++)
        buf[k++] = p[i] ? (char)p[i] : '?';
    while (k > 0 && (buf[k - 1] == '\r' || buf[k - 1] == ' ' || buf[k - 1] == '\t'))
        k--;
    buf[k] = '\0';
    *len = k;
    return end < n ? end + 1 : end;
}

enum { LINE_CAP = 4096 };

/* ---------------------------------------------------------------- LIN */

/* A LIN line is formatted into one buffer and written at once (no stdio call a character):
 * a board's md, rh, ah and sv take under 100 bytes. */
struct lin_line {
    char p[128];
    size_t n;
};

static void line_add(struct lin_line *l, const char *s, size_t n)
{
    memcpy(l->p + l->n, s, n);
    l->n += n;
}

static void line_int(struct lin_line *l, int v)
{
    char digits[12];
    size_t k = sizeof digits;

    do
        digits[--k] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    line_add(l, digits + k, sizeof digits - k);
}

/* A hand as LIN writes it: "S" and the spades high to low, then H, D and C. The cards are taken
 * highest bit first from each suit's 13 bits (card_mask: bit 16 * suit + rank - 2). */
static void lin_hand(struct lin_line *l, uint64_t hand)
{
    for (int su = 0; su < 4; su++) {
        unsigned bits = (unsigned)(hand >> (16 * su)) & 0x1FFF;

        l->p[l->n++] = SUIT_LETTER[su];
        while (bits) {
            int b = 31 - __builtin_clz(bits);

            l->p[l->n++] = RANK_CHAR[b + RANK_2];
            bits &= ~(1u << b);
        }
    }
}

/* LIN's dealer digit: 1 South, 2 West, 3 North, 4 East (FMT_LIN_SEATS). */
static int lin_dealer_digit(enum seat s)
{
    int k = 0;

    while (k < 3 && FMT_LIN_SEATS[k] != s)
        k++;
    return k + 1;
}

/* md's hands S, W, N, E: a complete deal leaves East out (the rest of the deck, as Big Deal
 * writes it); a partial one writes all four places, an unknown hand empty (BBO's partial md). */
static void lin_hands(struct lin_line *l, const struct pbn_game *g)
{
    const enum seat *order = FMT_LIN_SEATS;

    for (int k = 0; k < (g->known == 0xF ? 3 : 4); k++) {
        if (k > 0)
            l->p[l->n++] = ',';
        if (g->known & (1u << order[k]))
            lin_hand(l, g->deal.hand[order[k]]);
    }
}

enum pd_status fmt_lin_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    static const char vul[4] = {'0', 'n', 'e', 'b'};
    const char *event = NULL; /* the Event the last vg line gave */

    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        struct board_info bi = fmt_board_info(set, i);
        const char *room = pbn_tag_get_id(&set->games[i], PBN_ID_Room);
        struct lin_line l = {.n = 0};

        fmt_lin_event_write(out, set, i, &event);
        line_add(&l, room && strcasecmp(room, "Closed") == 0 ? "qx|c" : "qx|o", 4);
        line_int(&l, bi.number);
        line_add(&l, "|", 1);
        fwrite(l.p, 1, l.n, out);
        fmt_lin_extra_write_pre(out, &set->games[i]);
        l.n = 0;
        line_add(&l, "md|", 3);
        line_int(&l, lin_dealer_digit(bi.dealer));
        lin_hands(&l, &set->games[i]);
        line_add(&l, "|rh||ah|Board ", 14);
        line_int(&l, bi.number);
        line_add(&l, "|sv|", 4);
        l.p[l.n++] = vul[bi.vul];
        line_add(&l, "|", 1);
        fwrite(l.p, 1, l.n, out);
        fmt_lin_extra_write_post(out, &set->games[i]);
        fputs("pg||\n", out);
    }
    return PD_OK;
}

struct lin_board {
    int board, line;
    bool has_dealer, has_vul;
    enum seat dealer;
    enum vul vul;
    struct deal deal;
    unsigned known; /* the hands md gives (1 << seat) */
};

struct lin_reader {
    const char *name;
    struct pd_err *e;
    struct pbn_set *set;
    struct lin_board cur;
    bool open;      /* cur holds a deal not yet added */
    int next_board; /* from qx, for the next md */
    struct lin_extra x; /* players, auction, play ... of cur */
    char *rooms;        /* qx's room of each board added: 'o', 'c' or 0 */
};

/* md: [dealer digit] then hands S, W, N, E separated by commas; an empty hand is unknown (BBO's
 * partial deals), and with three hands known the fourth is the rest of the deck. */
static enum pd_status lin_md(struct lin_reader *r, const char *v, size_t n, int line)
{
    const enum seat *order = FMT_LIN_SEATS;
    struct lin_board *b = &r->cur;
    size_t i = 0;
    unsigned known = 0;
    char why[120];

    if (n > 0 && v[0] >= '1' && v[0] <= '4') {
        b->dealer = order[v[0] - '1'];
        b->has_dealer = true;
        i = 1;
    }
    for (int h = 0; h < 4 && i <= n; h++) {
        size_t end = i;
        int su = -1;
        uint64_t hand = 0;

        while (end < n && v[end] != ',')
            end++;
        for (size_t k = i; k < end;) {
            const char *s = v[k] ? strchr("SHDCshdc", v[k]) : NULL;
            size_t run = k;
            long bad;

            if (s) {
                su = (int)(s - "SHDCshdc") % 4;
                k++;
                continue;
            }
            while (run < end && v[run] && !strchr("SHDCshdc", v[run]))
                run++;
            bad = su < 0 || run == k ? 0 : add_ranks(v + k, run - k, (enum suit)su, &hand);
            if (bad >= 0)
                return fmt_fail_line(r->e, r->name, line, 0, NULL,
                                     "md: %s's hand: byte 0x%02x is not a suit letter or a new "
                                     "rank",
                                     SEAT_NAME[order[h]], (unsigned char)v[k + (size_t)bad]);
            k = run;
        }
        if (end > i) {
            b->deal.hand[order[h]] = hand;
            known |= 1u << order[h];
        }
        i = end + 1;
    }
    if (__builtin_popcount(known) == 3) {
        uint64_t all = 0;
        int missing = 0;

        for (int s = 0; s < 4; s++) {
            all |= b->deal.hand[s];
            if (!(known & (1u << s)))
                missing = s;
        }
        b->deal.hand[missing] = ~all & 0x1FFF1FFF1FFF1FFFULL;
        known = 0xF;
    }
    b->known = known;
    if (!known) /* an empty board: 5 bytes of LIN would hold a game of some 1,300 bytes */
        return fmt_fail_line(r->e, r->name, line, 0, NULL, "md: gives no hand");
    if (!fmt_hands_ok(&b->deal, known, why, sizeof why))
        return fmt_fail_line(r->e, r->name, line, 0, NULL, "md: %s", why);
    return PD_OK;
}

/* A board whose md gives only some hands: the tags a dealt board has, its Deal with "-" for
 * each unknown hand, and no DealId (a partial deal has no number). */
static enum pd_status add_partial(struct pbn_set *set, struct board_info bi,
                                  const struct deal *d, unsigned known, struct pd_err *e)
{
    struct pbn_game *g;
    char text[DEAL_PBN_LEN];
    enum pd_status rc = pbn_game_add(set, &g, e);

    if (rc == PD_OK)
        rc = pbn_game_from_board(g, NULL, bi, d, NULL, e);
    deal_to_pbn(d, bi.dealer, known, text);
    if (rc == PD_OK)
        rc = pbn_tag_set(g, "Deal", text, e);
    if (rc == PD_OK)
        g->known = known;
    return rc;
}

static enum pd_status lin_flush(struct lin_reader *r)
{
    struct lin_board *b = &r->cur;
    struct board_info bi;

    if (!r->open)
        return PD_OK;
    r->open = false;
    if (b->board < 1)
        b->board = (int)r->set->n + 1; /* no qx nor ah: by position */
    bi = board_law2(b->board);
    if (b->has_dealer)
        bi.dealer = b->dealer;
    if (b->has_vul)
        bi.vul = b->vul;
    enum pd_status rc = b->known == 0xF ? fmt_add_deal(r->set, bi, &b->deal, r->e)
                                        : add_partial(r->set, bi, &b->deal, b->known, r->e);
    char *rooms = rc == PD_OK ? realloc(r->rooms, r->set->n) : NULL;

    if (rc == PD_OK && !rooms)
        rc = pd_fail(r->e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK) {
        r->rooms = rooms;
        rooms[r->set->n - 1] = (char)r->x.room;
        rc = fmt_lin_extra_apply(&r->set->games[r->set->n - 1], &r->x, r->e);
    }
    fmt_lin_extra_reset(&r->x);
    return rc;
}

/* A board number at the start of v[0..n): 0 when there is none, -1 when it has more digits
 * than any board number (up to BOARD_MAX, as every reader; a bigger one is refused, not
 * wrapped). */
static int lin_number(const char *v, size_t n)
{
    long x = 0;
    size_t i = 0;

    while (i < n && isspace((unsigned char)v[i]))
        i++;
    if (i == n || !isdigit((unsigned char)v[i]))
        return 0;
    for (; i < n && isdigit((unsigned char)v[i]); i++)
        if ((x = 10 * x + (v[i] - '0')) > BOARD_MAX)
            return -1;
    return (int)x;
}

static enum pd_status lin_pair(struct lin_reader *r, const char *key, size_t kn, const char *v,
                               size_t vn, int line)
{
    if (kn == 2 && strncasecmp(key, "qx", 2) == 0) {
        enum pd_status rc = lin_flush(r);

        r->next_board = vn > 1 ? lin_number(v + 1, vn - 1) : 0;
        r->x.room = vn > 0 && strchr("oc", v[0]) ? v[0] : 0;
        if (rc == PD_OK && r->next_board < 0)
            rc = fmt_fail_line(r->e, r->name, line, 0, NULL,
                               "qx: board number \"%.*s\" is over %d", (int)(vn > 20 ? 20 : vn),
                               v, BOARD_MAX);
        return rc;
    }
    if (kn == 2 && strncasecmp(key, "md", 2) == 0) {
        enum pd_status rc = lin_flush(r);

        if (rc != PD_OK)
            return rc;
        memset(&r->cur, 0, sizeof r->cur);
        r->cur.board = r->next_board;
        r->cur.line = line;
        r->next_board = 0;
        r->open = true;
        return lin_md(r, v, vn, line);
    }
    if (kn == 2 && strncasecmp(key, "vg", 2) == 0) { /* the open board had the event before */
        enum pd_status rc = lin_flush(r);

        if (rc != PD_OK)
            return rc;
    }
    if (kn == 2 && strncasecmp(key, "ah", 2) != 0 && strncasecmp(key, "sv", 2) != 0)
        return fmt_lin_extra_pair(&r->x, key, v, vn, line, r->name, r->e);
    if (!r->open)
        return PD_OK;
    if (kn == 2 && strncasecmp(key, "ah", 2) == 0 && r->cur.board < 1 && vn > 6 &&
        strncasecmp(v, "Board ", 6) == 0 && (r->cur.board = lin_number(v + 6, vn - 6)) < 0)
        return fmt_fail_line(r->e, r->name, line, 0, NULL, "ah: board number over %d",
                             BOARD_MAX);
    if (kn == 2 && strncasecmp(key, "sv", 2) == 0 && vn >= 1) {
        const char *s = strchr("0onebONEB-", v[0]);
        static const enum vul map[10] = {VUL_NONE, VUL_NONE, VUL_NS, VUL_EW, VUL_ALL,
                                         VUL_NONE, VUL_NS,   VUL_EW, VUL_ALL, VUL_NONE};

        if (!s || !v[0])
            return fmt_fail_line(r->e, r->name, line, 0, NULL,
                                 "sv: vulnerability is 0, n, e or b, not \"%.*s\"", (int)vn, v);
        r->cur.vul = map[s - "0onebONEB-"];
        r->cur.has_vul = true;
    }
    return PD_OK;
}

enum pd_status fmt_lin_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    struct lin_reader r = {name, e, set, {0}, false, 0, {.ncalls = 0}, NULL};
    const char *t = (const char *)p;
    size_t i = 0;
    int line = 1;
    enum pd_status rc = PD_OK;

    while (rc == PD_OK && i < n) {
        size_t ks, ke, vs, ve;
        int kline;

        while (i < n && (isspace((unsigned char)t[i]) || t[i] == '|')) {
            if (t[i] == '\n')
                line++;
            i++;
        }
        if (i >= n)
            break;
        ks = i;
        kline = line;
        while (i < n && t[i] != '|' && t[i] != '\n')
            i++;
        ke = i;
        if (i >= n || t[i] == '\n') {
            rc = fmt_fail_line(e, name, kline, 0, NULL,
                               "LIN is key|value| pairs; \"%.*s\" has no value",
                               (int)(ke - ks > 40 ? 40 : ke - ks), t + ks);
            break;
        }
        vs = ++i;
        while (i < n && t[i] != '|') {
            if (t[i] == '\n')
                line++;
            i++;
        }
        ve = i;
        if (i < n)
            i++;
        rc = lin_pair(&r, t + ks, ke - ks, t + vs, ve - vs, kline);
    }
    if (rc == PD_OK)
        rc = lin_flush(&r);
    /* A match (some board in the closed room): each board says its room. */
    bool match = rc == PD_OK && r.rooms && memchr(r.rooms, 'c', set->n);

    for (size_t k = 0; rc == PD_OK && match && k < set->n; k++)
        if (r.rooms[k]) {
            rc = pbn_tag_set(&set->games[k], "Room", r.rooms[k] == 'c' ? "Closed" : "Open", e);
            pbn_game_shrink(&set->games[k]); /* the Room tag doubled its room */
        }
    free(r.rooms);
    fmt_lin_extra_free(&r.x);
    return rc;
}

/* ---------------------------------------------------------------- CSV */

enum pd_status fmt_csv_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    static const char *const vul[4] = {"-", "NS", "EW", "All"};

    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        struct board_info bi = fmt_board_info(set, i);

        for (int s = 0; s < 4; s++)
            for (int su = 0; su < 4; su++) {
                fputs(s + su ? ",\"" : "\"", out);
                put_suit(out, set->games[i].deal.hand[s], (enum suit)su);
                fputc('"', out);
            }
        fprintf(out, ",\"%d\",\"%c/%s\"\n", bi.number, SEAT_LETTER[bi.dealer], vul[bi.vul]);
    }
    return PD_OK;
}

enum { CSV_FIELDS = 18 };

/* Splits one CSV line into fields (quoted with "" for a quote, or bare). Returns the field count
 * (at most CSV_FIELDS + 1), or -1 on an unclosed quote. Fields are NUL-terminated in place. */
static int csv_split(char *s, char *field[CSV_FIELDS + 1])
{
    int nf = 0;
    char *w = s;

    for (;;) {
        if (nf == CSV_FIELDS + 1)
            return nf;
        field[nf++] = w;
        if (*s == '"') {
            s++;
            for (;;) {
                if (*s == '\0')
                    return -1;
                if (*s == '"' && s[1] == '"') {
                    *w++ = '"';
                    s += 2;
                } else if (*s == '"') {
                    s++;
                    break;
                } else
                    *w++ = *s++;
            }
            while (*s == ' ')
                s++;
        } else
            while (*s && *s != ',')
                *w++ = *s++;
        if (*s != ',') {
            *w = '\0';
            return *s ? -1 : nf;
        }
        s++;
        *w++ = '\0';
    }
}

static enum pd_status csv_line(const char *name, int line, char *buf, const char *src,
                               struct pbn_set *set, struct pd_err *e)
{
    char *f[CSV_FIELDS + 1];
    int nf = csv_split(buf, f);
    struct deal d = {{0}};
    struct board_info bi;
    char why[120];
    int board, dealer;
    size_t vl;

    if (nf != CSV_FIELDS)
        return fmt_fail_line(e, name, line, 0, src,
                             "a CSV line has 18 fields (16 suits, board, dealer/vulnerability)");
    for (int k = 0; k < 16; k++)
        if (add_ranks(f[k], strlen(f[k]), (enum suit)(k % 4), &d.hand[k / 4]) >= 0)
            return fmt_fail_line(e, name, line, 0, src, "field %d (%s's %c): \"%s\" is not a suit",
                                 k + 1, SEAT_NAME[k / 4], SUIT_LETTER[k % 4], f[k]);
    board = lin_number(f[16], strlen(f[16]));
    if (board < 1 || strspn(f[16], "0123456789") != strlen(f[16]))
        return fmt_fail_line(e, name, line, 0, src, "field 17: board \"%s\" is not a number",
                             f[16]);
    bi = board_law2(board);
    dealer = seat_from_char((unsigned char)f[17][0]);
    vl = strlen(f[17]);
    if (dealer < 0 || f[17][1] != '/' || vl < 3)
        return fmt_fail_line(e, name, line, 0, src, "field 18 is dealer/vulnerability, not \"%s\"",
                             f[17]);
    bi.dealer = (enum seat)dealer;
    if (strcmp(f[17] + 2, "-") == 0 || strcasecmp(f[17] + 2, "None") == 0)
        bi.vul = VUL_NONE;
    else if (strcasecmp(f[17] + 2, "NS") == 0)
        bi.vul = VUL_NS;
    else if (strcasecmp(f[17] + 2, "EW") == 0)
        bi.vul = VUL_EW;
    else if (strcasecmp(f[17] + 2, "All") == 0 || strcasecmp(f[17] + 2, "Both") == 0)
        bi.vul = VUL_ALL;
    else
        return fmt_fail_line(e, name, line, 0, src, "vulnerability is -, NS, EW or All, not \"%s\"",
                             f[17] + 2);
    if (!fmt_deal_ok(&d, why, sizeof why))
        return fmt_fail_line(e, name, line, 0, src, "board %d: %s", board, why);
    return fmt_add_deal(set, bi, &d, e);
}

enum pd_status fmt_csv_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    char *buf = malloc(LINE_CAP), *src = malloc(LINE_CAP);
    size_t pos = 0, len;
    int line = 0;
    enum pd_status rc = buf && src ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    while (rc == PD_OK && pos < n) {
        pos = get_line(p, n, pos, buf, LINE_CAP, &len);
        line++;
        if (len >= LINE_CAP) {
            rc = fmt_fail_line(e, name, line, 0, NULL, "line too long for a CSV board");
            break;
        }
        if (len == 0)
            continue;
        memcpy(src, buf, len + 1);
        rc = csv_line(name, line, buf, src, set, e);
    }
    free(buf);
    free(src);
    return rc;
}

/* ---------------------------------------------------------------- BER */

enum pd_status fmt_ber_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    unsigned char seat[DEAL_NCARDS];

    (void)e;
    for (size_t i = 0; i < set->n; i++) {
        fmt_card_seats(&set->games[i].deal, seat);
        for (int c = 0; c < DEAL_NCARDS; c++)
            fputc('1' + seat[c], out);
    }
    return PD_OK;
}

enum pd_status fmt_ber_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    struct deal d = {{0}};
    int card = 0;
    size_t start = 0;
    char why[120];

    for (size_t i = 0; i < n; i++) {
        int board = (int)set->n + 1;

        if (p[i] == '\r' || p[i] == '\n' || p[i] == ' ' || p[i] == '\t')
            continue; /* tolerated between boards and cards */
        if (p[i] < '1' || p[i] > '4')
            return fmt_fail_byte(e, name, board, i, "BER wants a digit 1-4 (N, E, S, W), not 0x%02x",
                                 p[i]);
        if (card == 0)
            start = i;
        d.hand[p[i] - '1'] |= card_mask_from_index(card);
        if (++card < DEAL_NCARDS)
            continue;
        if (!fmt_deal_ok(&d, why, sizeof why))
            return fmt_fail_byte(e, name, board, start, "%s", why);
        enum pd_status rc = fmt_add_deal(set, board_law2(board), &d, e);

        if (rc != PD_OK)
            return rc;
        memset(&d, 0, sizeof d);
        card = 0;
    }
    if (card)
        return fmt_fail_byte(e, name, (int)set->n + 1, start,
                             "short file: the last board has %d of 52 digits", card);
    return PD_OK;
}

/* ---------------------------------------------------------------- BHG (Borel) */

static int bhg_letter(int c) /* card index 0..51 -> 'A'..'Z', 'a'..'z' */
{
    return c < 26 ? 'A' + c : 'a' + c - 26;
}

enum pd_status fmt_bhg_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    (void)e;
    fputc('\n', out);
    for (size_t i = 0; i < set->n; i++) {
        const struct deal *d = &set->games[i].deal;
        enum seat dealer = board_law2(fmt_board(set, i)).dealer;

        for (int k = 0; k < 4; k++)
            for (int c = 0; c < DEAL_NCARDS; c++)
                if (d->hand[(dealer + k) % 4] & card_mask_from_index(c))
                    fputc(bhg_letter(c), out);
        fputc('\n', out);
    }
    return PD_OK;
}

enum pd_status fmt_bhg_read(const char *name, const unsigned char *p, size_t n,
                            struct pbn_set *set, struct pd_err *e)
{
    char buf[128], why[120];
    size_t pos = 0, len;
    int line = 0;

    while (pos < n) {
        int board = (int)set->n + 1;
        struct deal d = {{0}};
        enum seat dealer = board_law2(board).dealer;
        enum pd_status rc;

        pos = get_line(p, n, pos, buf, sizeof buf, &len);
        line++;
        if (len == 0)
            continue;
        if (len != DEAL_NCARDS)
            return fmt_fail_line(e, name, line, 0, NULL,
                                 "board %d: a Borel line has 52 letters, this one %zu", board,
                                 len >= sizeof buf ? (size_t)999 : len);
        for (int k = 0; k < DEAL_NCARDS; k++) {
            int ch = (unsigned char)buf[k], c;

            if (ch >= 'A' && ch <= 'Z')
                c = ch - 'A';
            else if (ch >= 'a' && ch <= 'z')
                c = ch - 'a' + 26;
            else
                return fmt_fail_line(e, name, line, k + 1, buf, "board %d: not a card letter",
                                     board);
            d.hand[(dealer + k / 13) % 4] |= card_mask_from_index(c);
        }
        if (!fmt_deal_ok(&d, why, sizeof why))
            return fmt_fail_line(e, name, line, 0, buf, "board %d: %s", board, why);
        rc = fmt_add_deal(set, board_law2(board), &d, e);
        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}
