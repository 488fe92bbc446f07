/* pbn/check.c - `predup check`: every departure of a PBN file from the PBN 2.1 export format
 * (sections 2-3 and 4.8 of the standard; the FAQ's "all MTS tags, prescribed order, single
 * spaces, CRLF") and every impossible deal, as "file:LINE: what is wrong" lines.
 * Order: line-level rules while scanning, game-level rules at each game's end, then the import
 * reader as the last word on what cannot be read at all. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

enum { MAX_LINE = 255, MAX_TAGS = 256 };

struct ltag {
    char name[64];
    char *value; /* owned, unescaped */
    int line;
};

struct lint {
    const char *name;
    FILE *rep;
    size_t faults;
    struct ltag tags[MAX_TAGS];
    int ntags;
    int game_line; /* 0 between games */
    int ngames;
    size_t lf_lines, crcr_lines;
    int first_lf, first_crcr;
    bool in_brace; /* inside a {...} comment spanning lines */
    bool utf8;     /* the text needs UTF-8 (the encoding rule, pbn_beyond_latin1): it is no fault */
    size_t makeable; /* DoubleDummyTricks listing only the makeable contracts: a note, no fault */
    int first_makeable;
    /* Text given in pieces (pbn_lint_feed): the line not ended yet, the copy scan_line reads,
     * and, for the writer, whether the text so far is valid UTF-8 and its first character
     * beyond ISO 8859-1 (pbn_text_needs_utf8 of the whole text, line by line). */
    int line;
    bool started, invalid_utf8, nomem;
    unsigned beyond;
    size_t fed;                   /* bytes before the line being checked */
    size_t export_at, export_len; /* the first "% EXPORT" line (the writer drops it) */
    char *carry, *buf;
    size_t ncarry, carry_cap, buf_cap;
    pbn_outside_fn *outside; /* pbn_check_outside's: told of each such line that holds "[" */
    void *outside_ctx;
};

static void fault(struct lint *l, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fault(struct lint *l, int line, const char *fmt, ...)
{
    char raw[1024], text[1024];
    va_list ap;

    l->faults++;
    if (!l->rep) /* counting only (pbn_write's test for export format) */
        return;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    pd_message(text, sizeof text, "%s", raw); /* as every message: file bytes escaped */
    fprintf(l->rep, "%s:%d: %s\n", l->name, line, text);
}

/* ---------------------------------------------------------------- game-level rules */

/* Names are told apart by their first letter before a compare: the writer checks every game
 * it writes with these rules. */
static inline bool same_name(const char *a, const char *b)
{
    return a[0] == b[0] && strcmp(a, b) == 0;
}

static const struct ltag *find(const struct lint *l, const char *name)
{
    for (int i = 0; i < l->ntags; i++)
        if (same_name(l->tags[i].name, name))
            return &l->tags[i];
    return NULL;
}

static void check_order(struct lint *l)
{
    int last_mts = -1;
    const char *last_sup = NULL;
    char missing[200] = "";
    bool order_reported = false;

    for (int i = 0; i < l->ntags; i++) {
        const struct ltag *t = &l->tags[i];
        int r = pbn_mts_rank(t->name);

        for (int k = 0; k < i; k++)
            if (same_name(l->tags[k].name, t->name)) {
                fault(l, t->line, "tag %s repeated (first on line %d)", t->name,
                      l->tags[k].line);
                break;
            }
        /* One order fault a game: after the first, every later tag would be "out of order". */
        if (!order_reported && r >= 0 && (last_sup || r < last_mts)) {
            fault(l, t->line,
                  "tag %s out of order (after %s): export puts the 15 mandatory tags first, in "
                  "the order Event Site Date Board West North East South Dealer Vulnerable Deal "
                  "Scoring Declarer Contract Result, then the others alphabetically",
                  t->name, l->tags[i - 1].name);
            order_reported = true;
        } else if (!order_reported && r < 0 && last_sup && strcmp(t->name, last_sup) < 0) {
            fault(l, t->line, "tag %s should come before %s: export sorts supplemental tags",
                  t->name, last_sup);
            order_reported = true;
        }
        if (r >= 0 && r > last_mts)
            last_mts = r;
        if (r < 0)
            last_sup = t->name;
    }
    for (int i = 0, at = 0; i < PBN_MTS_COUNT; i++)
        if (!find(l, pbn_mts[i])) {
            int k = snprintf(missing + at, sizeof missing - (size_t)at, "%s%s", at ? " " : "",
                             pbn_mts[i]);

            if (k > 0 && (size_t)(at + k) < sizeof missing)
                at += k;
        }
    if (*missing)
        fault(l, l->game_line, "game lacks mandatory tags: %s", missing);
}

static bool is_date(const char *v)
{
    if (strlen(v) != 10 || v[4] != '.' || v[7] != '.')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !((v[i] >= '0' && v[i] <= '9') || v[i] == '?'))
            return false;
    return true;
}

/* Another program's DoubleDummyTricks that lists only the contracts that make: valid PBN, so
 * no departure (it counts for nothing), but counted, and the reader told once what it holds. */
static void count_makeable_only(struct lint *l)
{
    const struct ltag *t = find(l, "DoubleDummyTricks");
    struct dd_table dd;

    if (t && pbn_dd_from_hex(t->value, &dd) && dd_table_makeable_only(&dd) &&
        !l->makeable++)
        l->first_makeable = t->line;
}

static void check_values(struct lint *l)
{
    const struct ltag *t;

    count_makeable_only(l);

    if ((t = find(l, "Board")) && *t->value && strcmp(t->value, "?") != 0) {
        char *end;
        long b = strtol(t->value, &end, 10);

        if (*end || b < 1 || t->value[0] == '0' || t->value[0] == '+')
            fault(l, t->line, "Board \"%s\" is not a positive number", t->value);
    }
    if ((t = find(l, "Date")) && *t->value && strcmp(t->value, "?") != 0 && !is_date(t->value))
        fault(l, t->line, "Date \"%s\" is not YYYY.MM.DD (\"?\" for unknown digits)", t->value);
    if ((t = find(l, "Dealer")) && *t->value && strcmp(t->value, "?") != 0 &&
        (strlen(t->value) != 1 || !strchr("NESW", t->value[0])))
        fault(l, t->line, "Dealer \"%s\": export writes N, E, S or W", t->value);
    if ((t = find(l, "Vulnerable")) && *t->value && strcmp(t->value, "?") != 0 &&
        strcmp(t->value, "None") != 0 && strcmp(t->value, "NS") != 0 &&
        strcmp(t->value, "EW") != 0 && strcmp(t->value, "All") != 0)
        fault(l, t->line, "Vulnerable \"%s\": export writes None, NS, EW or All", t->value);
}

/* Ranks of each suit upper case, descending, T for ten; each kind of fault once per Deal. */
static void check_ranks(struct lint *l, int line, const char *p)
{
    bool ten = false, lower = false, order = false;
    int prev = 15;

    for (; *p; p++) {
        int r;

        if (*p == '.' || *p == ' ' || *p == '-') {
            prev = 15;
            continue;
        }
        if (*p == '1' && p[1] == '0') {
            r = 10;
            p++;
            if (!ten)
                fault(l, line, "Deal: \"10\" for a ten: export writes T");
            ten = true;
        } else {
            r = rank_from_char((unsigned char)*p);
            if (r < 0)
                continue; /* the card check names what cannot be read */
            if (*p != RANK_CHAR[r] && !lower)
                fault(l, line, "Deal: lower-case rank \"%c\": export writes upper case", *p);
            lower = lower || *p != RANK_CHAR[r];
        }
        if (r >= prev && !order) {
            fault(l, line, "Deal: ranks of a suit not in descending order");
            order = true;
        }
        prev = r;
    }
}

/* Export spelling of a Deal: "<dealer>:" then four hands separated by single spaces, each hand
 * "-" or four dot-separated suits of upper-case ranks AKQJT98765432 in descending order. */
static void check_deal_spelling(struct lint *l, const struct ltag *t)
{
    const char *v = t->value, *p;
    const struct ltag *dealer = find(l, "Dealer");
    int hands = 1;

    if (strlen(v) < 2 || v[1] != ':')
        return; /* not a deal at all: check_deal_cards says what is wrong */
    if (dealer && strlen(dealer->value) == 1 && strchr("NESW", dealer->value[0]) &&
        v[0] != dealer->value[0])
        fault(l, t->line, "Deal starts at %c: export starts it at the dealer, %c", v[0],
              dealer->value[0]);
    for (p = v + 2; *p; p++) {
        if (*p == ' ') {
            if (p[1] == ' ' || p[1] == '\0')
                break;
            hands++;
        }
    }
    if (*p || hands != 4 || v[0] == ' ' || v[1] != ':')
        fault(l, t->line, "Deal: export separates the four hands by single spaces");
    check_ranks(l, t->line, v + 2);
}

/* Impossible deals: 13 cards a known hand, no card in two hands, none missing. */
static void check_deal_cards(struct lint *l, const struct ltag *t)
{
    struct deal d;
    unsigned known;
    struct pd_err e;
    uint64_t seen = 0, twice = 0;

    if (deal_from_pbn(t->value, &d, &known, &e) != PD_OK) {
        fault(l, t->line, "Deal \"%s\": %s (column %d of the value)", t->value, e.msg, e.col);
        return;
    }
    for (int s = 0; s < 4; s++) {
        if (!(known & (1u << s)))
            continue;
        if (hand_ncards(d.hand[s]) != HAND_NCARDS)
            fault(l, t->line, "Deal: %s has %d card%s", SEAT_NAME[s], hand_ncards(d.hand[s]),
                  hand_ncards(d.hand[s]) == 1 ? "" : "s");
        twice |= seen & d.hand[s];
        seen |= d.hand[s];
    }
    for (int c = 0; c < DEAL_NCARDS; c++) {
        uint64_t m = card_mask_from_index(c);
        char card[3] = {SUIT_LETTER[c / 13], RANK_CHAR[RANK_A - c % 13], 0};

        if (twice & m)
            fault(l, t->line, "Deal: %s is in two hands", card);
        else if (known == 0xF && !(seen & m))
            fault(l, t->line, "Deal: %s is missing", card);
    }
}

static void end_game(struct lint *l)
{
    const struct ltag *deal;

    if (!l->game_line)
        return;
    check_order(l);
    check_values(l);
    if ((deal = find(l, "Deal")) && *deal->value && strcmp(deal->value, "?") != 0) {
        check_deal_spelling(l, deal);
        check_deal_cards(l, deal);
    }
    for (int i = 0; i < l->ntags; i++)
        free(l->tags[i].value);
    l->ntags = 0;
    l->game_line = 0;
    l->ngames++;
}

/* ---------------------------------------------------------------- line-level rules */

/* The scanner's departures from export spelling, as check's faults on the tag's line. */
struct tag_line {
    struct lint *l;
    int line;
};

static void tag_name(const struct pbn_tag_scan *t, char name[64])
{
    size_t n = t->name_len < 63 ? t->name_len : 63;

    memcpy(name, t->name, n);
    name[n] = '\0';
}

static void report_departure(void *ctx, enum pbn_departure d, const struct pbn_tag_scan *t)
{
    const struct tag_line *at = ctx;
    char name[64];

    if (d == PBN_DEP_SPACE_AFTER_OPEN)
        fault(at->l, at->line, "space after \"[\"");
    else if (d == PBN_DEP_NAME_CASE)
        fault(at->l, at->line, "a tag name starts with an upper-case letter");
    else if (d == PBN_DEP_NAME_SPACING)
        fault(at->l, at->line, "export writes one space between the tag name and its value");
    else {
        tag_name(t, name);
        fault(at->l, at->line, "tag %s: space before \"]\"", name);
    }
}

/* A tag at s[*i] == '[' on a line of len characters (without its line end): departures and
 * faults are reported, *i moved past it, and the tag recorded unless its value is unreadable. */
static void scan_tag(struct lint *l, const char *s, size_t len, size_t *i, int line)
{
    struct tag_line at = {l, line};
    struct pbn_tag_scan t = {.end = s + len, .report = report_departure, .ctx = &at};
    struct ltag *rec = &l->tags[l->ntags];
    char name[64];

    pbn_scan_tag(&t, s + *i);
    tag_name(&t, name);
    *i = t.fault == PBN_SCAN_NOT_QUOTED ? len : (size_t)(t.stop - s);
    if (t.fault == PBN_SCAN_NOT_QUOTED)
        fault(l, line, "tag %s: the value is not a quoted string", name);
    else if (t.fault == PBN_SCAN_UNCLOSED)
        fault(l, line, "tag %s: the value's string is not closed", name);
    else if (t.fault == PBN_SCAN_NO_CLOSE)
        fault(l, line, "tag %s: \"]\" missing", name);
    if (t.fault == PBN_SCAN_NOT_QUOTED || t.fault == PBN_SCAN_UNCLOSED ||
        l->ntags == MAX_TAGS || !(rec->value = malloc(t.value_len + 1)))
        return;
    pbn_scan_value(&t, rec->value);
    memcpy(rec->name, name, sizeof name);
    rec->line = line;
    l->ntags++;
}

static bool has_utf8(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p >= 0xC2 && *p <= 0xF4 && p[1] >= 0x80 && p[1] <= 0xBF)
            return true;
    return false;
}

/* Text outside any game: import ignores it, but a lenient reader takes a "[" in it for a tag,
 * so verify refuses such a line (pbn_check_outside). */
static void outside_text(struct lint *l, const char *s, int line)
{
    fault(l, line, "text outside any game (import ignores it)");
    if (l->outside && strchr(s, '['))
        l->outside(l->outside_ctx, line);
}

static void scan_line(struct lint *l, const char *s, int line)
{
    size_t i = 0, len = strlen(s);
    int tags = 0;

    if (l->in_brace) {
        const char *close = strchr(s, '}');

        if (!close)
            return;
        l->in_brace = false;
        i = (size_t)(close - s) + 1;
        if (pbn_text_blank_line(s + i, s + len))
            return; /* the comment's last line, not an empty line: the game goes on */
    } else if (s[0] == '%')
        return; /* escape line */
    if (strchr(s, '\t'))
        fault(l, line, "a tab: export uses no tabs");
    if (strchr(s, '\r'))
        fault(l, line, "a CR inside a line: import reads it as a space, export ends lines with "
              "CR LF");
    if (has_utf8(s) && !l->utf8)
        fault(l, line, "UTF-8 characters: export is ISO 8859-1");
    if (pbn_text_blank_line(s + i, s + len)) {
        if (s[i])
            fault(l, line, "a line of spaces between games: export leaves it empty");
        end_game(l);
        return;
    }
    if (!l->game_line) {
        size_t k = i;

        while (pbn_text_space(s[k]))
            k++;
        if (s[k] != '[' && s[k] != ';' && s[k] != '{') {
            outside_text(l, s, line);
            return;
        }
        l->game_line = line;
    }
    if (i == 0 && s[0] == ' ')
        fault(l, line, "leading spaces: export starts tags at the left margin");
    while (s[i]) {
        if (pbn_text_space(s[i])) {
            i++;
        } else if (s[i] == ';') {
            break;
        } else if (s[i] == '{') {
            const char *close = strchr(s + i, '}');

            if (!close) {
                l->in_brace = true;
                break;
            }
            i = (size_t)(close - s) + 1;
        } else if (s[i] == '[') {
            if (++tags == 2)
                fault(l, line, "two tags on one line: export writes one tag a line");
            scan_tag(l, s, len, &i, line);
        } else {
            if (l->ntags == 0)
                outside_text(l, s, line);
            break; /* section data (Auction, Play, tables) */
        }
    }
    if (tags && s[strlen(s) - 1] == ' ')
        fault(l, line, "trailing spaces");
}

/* Room for n bytes in *p (of *cap): false, and l->nomem, when memory runs out. */
static bool lint_room(struct lint *l, char **p, size_t *cap, size_t n)
{
    size_t want = *cap ? *cap : 256;
    char *bigger;

    if (n <= *cap)
        return true;
    while (want < n)
        want *= 2;
    if (!(bigger = realloc(*p, want))) {
        l->nomem = true;
        return false;
    }
    *p = bigger;
    *cap = want;
    return true;
}

/* One line s[0..n) (without its LF; lf: one followed): its line end's faults, then its
 * contents. CRs before the LF all belong to the line end (pbn/fmt_int.h). */
static void check_line(struct lint *l, const char *s, size_t n, bool lf)
{
    size_t crs = 0;
    int line = ++l->line;

    while (crs < n && s[n - crs - 1] == '\r')
        crs++;
    if (lf && crs == 0 && l->lf_lines++ == 0)
        l->first_lf = line;
    if (lf && crs > 1 && l->crcr_lines++ == 0)
        l->first_crcr = line;
    if (!lf)
        fault(l, line, "the last line has no end of line (export ends every line with CR LF)");
    if (n + lf > MAX_LINE)
        fault(l, line, "%zu characters: export lines are at most 255 with the end of line",
              n + lf);
    if (!lint_room(l, &l->buf, &l->buf_cap, n - crs + 1))
        return;
    memcpy(l->buf, s, n - crs);
    l->buf[n - crs] = '\0';
    if (memchr(s, '\0', n - crs))
        fault(l, line, "a NUL byte");
    scan_line(l, l->buf, line);
}

/* The first line that says "% EXPORT" (and nothing after but CRs and what follows one), s[0..n)
 * with its LF when lf. */
static void note_export_line(struct lint *l, const char *s, size_t n, bool lf)
{
    if (!l->export_len && n >= 8 && memcmp(s, "% EXPORT", 8) == 0 && (n == 8 || s[8] == '\r')) {
        l->export_at = l->fed;
        l->export_len = n + lf;
    }
}

/* The writer's encoding rule over one line (the whole text's, line by line: no UTF-8
 * character spans a LF). */
static void track_utf8(struct lint *l, const char *s, size_t n)
{
    if (!pd_utf8_valid(s, n))
        l->invalid_utf8 = true;
    else if (!l->beyond)
        l->beyond = pbn_beyond_latin1(s, n);
}

struct lint *pbn_lint_new(const char *name, FILE *report, bool utf8)
{
    struct lint *l = calloc(1, sizeof *l);

    if (l) {
        l->name = name;
        l->rep = report;
        l->utf8 = utf8;
    }
    return l;
}

void pbn_lint_feed(struct lint *l, const char *text, size_t len)
{
    size_t pos = 0;

    if (!l->started && len) {
        l->started = true;
        pos = l->fed = pbn_text_bom(text, len); /* read as import reads it (pbn/fmt_int.h) */
        if (pos)
            fault(l, 1, "a UTF-8 byte order mark: export writes none");
    }
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - text) - pos : len - pos;

        if (!nl || l->ncarry) { /* a line in pieces: gathered in carry */
            if (!lint_room(l, &l->carry, &l->carry_cap, l->ncarry + n))
                return;
            memcpy(l->carry + l->ncarry, text + pos, n);
            l->ncarry += n;
        }
        if (!nl)
            break;
        const char *line = l->ncarry ? l->carry : text + pos;
        size_t len_line = l->ncarry ? l->ncarry : n;

        track_utf8(l, line, len_line);
        note_export_line(l, line, len_line, true);
        check_line(l, line, len_line, true);
        l->fed += len_line + 1;
        l->ncarry = 0;
        pos += n + 1;
    }
}

static void line_end_summary(struct lint *l);

/* The last line (without its LF), the last game's rules, the line-end summary. */
static void lint_finish(struct lint *l)
{
    if (l->ncarry) {
        track_utf8(l, l->carry, l->ncarry);
        note_export_line(l, l->carry, l->ncarry, false);
        check_line(l, l->carry, l->ncarry, false);
        l->ncarry = 0;
    }
    end_game(l);
    line_end_summary(l);
}

/* The count, and the lint freed. */
static enum pd_status lint_result(struct lint *l, struct pbn_lint_result *r, struct pd_err *e)
{
    bool nomem;

    r->faults = l->faults;
    r->needs_utf8 = l->invalid_utf8 ? 0 : l->beyond;
    r->export_at = l->export_at;
    r->export_len = l->export_len;
    nomem = l->nomem;
    free(l->carry);
    free(l->buf);
    free(l);
    return nomem ? pd_fail(e, PD_ERR_NOMEM, "out of memory") : PD_OK;
}

enum pd_status pbn_lint_end(struct lint *l, struct pbn_lint_result *r, struct pd_err *e)
{
    lint_finish(l);
    return lint_result(l, r, e);
}

static void line_end_summary(struct lint *l)
{
    if (l->makeable && l->rep)
        fprintf(l->rep, "%s:%d: note: %zu DoubleDummyTricks tag%s only the contracts that make "
                "(every other as 1, as Dealmaster Pro and Dealer4 write): no departure, but no "
                "double-dummy table either; predup analyze solves %s again\n", l->name,
                l->first_makeable, l->makeable, l->makeable == 1 ? " lists" : "s list",
                l->makeable == 1 ? "that board" : "those boards");
    if (l->lf_lines)
        fault(l, l->first_lf, "%zu line%s with LF alone: export ends lines with CR LF",
              l->lf_lines, l->lf_lines == 1 ? " ends" : "s end");
    if (l->crcr_lines)
        fault(l, l->first_crcr, "%zu line%s with more than one CR before LF (import reads the "
              "extra CRs as spaces): export ends lines with CR LF", l->crcr_lines,
              l->crcr_lines == 1 ? " ends" : "s end");
}

enum pd_status pbn_check_mem(const char *name, const char *text, size_t len, FILE *report,
                             size_t *nfaults, struct pd_err *e)
{
    /* Export is ISO 8859-1; a text with a character beyond it is UTF-8 whole, as predup writes
     * it (pbn/FORMATS.md, "Encoding"): then its UTF-8 is what it must be. */
    unsigned beyond = pbn_text_needs_utf8(text, len);
    struct lint *l = pbn_lint_new(name, report, beyond != 0);
    struct pbn_set *set = NULL;
    struct pd_err re;
    struct pbn_lint_result r;
    enum pd_status rc;

    if (!l)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (beyond && report)
        fprintf(report, "%s: note: in UTF-8, which U+%04X needs (ISO 8859-1 lacks it): no "
                "departure, but no %% EXPORT either\n", name, beyond);
    pbn_lint_feed(l, text, len);
    lint_finish(l);
    /* The import reader is the last word on what cannot be read at all. */
    if (pbn_read_mem(name, text, len, &set, &re) == PD_OK)
        pbn_set_free(set);
    else if (re.code == PD_ERR_NOMEM) {
        lint_result(l, &r, e);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    } else
        fault(l, re.line, "cannot be imported: %s", re.msg);
    rc = lint_result(l, &r, e);
    *nfaults = r.faults;
    return rc;
}

enum pd_status pbn_check_outside(const char *text, size_t len, pbn_outside_fn *found, void *ctx,
                                 struct pd_err *e)
{
    struct lint *l = pbn_lint_new("", NULL, false);
    struct pbn_lint_result r;

    if (!l)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    l->outside = found;
    l->outside_ctx = ctx;
    pbn_lint_feed(l, text, len);
    return pbn_lint_end(l, &r, e);
}
