/* pbn/set.c - PBN sets in memory: games as ordered tags with their section lines, the builder
 * for generated boards, and the double-dummy tags (DoubleDummyTricks, OptimumResultTable,
 * OptimumScore, ParContract). */
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

/* PBN 2.1 section 3's Mandatory Tag Set, in export order (declared in pbn/fmt_int.h). */
#define MTS_NAMES(X)                                                                          \
    X("Event") X("Site") X("Date") X("Board") X("West") X("North") X("East") X("South")         \
    X("Dealer") X("Vulnerable") X("Deal") X("Scoring") X("Declarer") X("Contract") X("Result")
#define NAME_OF(s) s,
#define LENGTH_OF(s) sizeof s - 1,
const char *const pbn_mts[] = {MTS_NAMES(NAME_OF)};
_Static_assert(sizeof pbn_mts / sizeof pbn_mts[0] == PBN_MTS_COUNT, "pbn_mts: 15 tags");

/* The first letter filters out most names cheaply. */
int pbn_mts_rank(const char *name)
{
    for (int i = 0; i < PBN_MTS_COUNT; i++)
        if (name[0] == pbn_mts[i][0] && strcmp(name, pbn_mts[i]) == 0)
            return i;
    return -1;
}

/* items (n used of *cap, each size bytes) with room for one more: the same pointer when there
 * is room, else a larger block (twice the capacity, first at the start) with *cap updated;
 * NULL (items untouched) when memory runs out. */
static void *room_for_one(void *items, size_t n, size_t *cap, size_t size, size_t first)
{
    size_t want = *cap ? 2 * *cap : first;
    void *bigger;

    if (n < *cap)
        return items;
    bigger = realloc(items, want * size);
    if (bigger)
        *cap = want;
    return bigger;
}

enum pd_status pbn_set_new(struct pbn_set **out, struct pd_err *e)
{
    *out = calloc(1, sizeof **out);
    return *out ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
}

/* ---------------------------------------------------------------- known names, shared strings
 * A set read from a tagless format has some 17 tags a board; converting a LIN of 300,000
 * boards took 2.4 GB when each tag had its own copies of its name and value. The names the
 * program looks for (the mandatory tags first, in pbn_mts order) and the commonest values (""
 * and "?", PBN 3.4's inappropriate and unknown, dealers, vulnerabilities, the unknown date) are
 * shared, read-only strings instead: a tag's string is freed or changed in place only when it
 * is its own (own_name, own_value). A known name's number (1 + its place in known_names) is
 * the tag's id: finding a tag compares ids, not strings. */
static const char *const shared_values[] = {"",  "?",    "N",  "E",  "S",   "W",
                                            "None", "NS", "EW", "All", "????.??.??"};
#define EXTRA_NAMES(X)                                                                        \
    X("DealId") X("Generator") X("Room") X("Auction") X("Play") X("Note")                       \
    X("DoubleDummyTricks") X("OptimumResultTable") X("OptimumScore") X("ParContract")
static const char *const known_extra[] = {EXTRA_NAMES(NAME_OF)};
static const uint8_t known_len[] = {0, MTS_NAMES(LENGTH_OF) EXTRA_NAMES(LENGTH_OF)};
enum { NKNOWN = PBN_MTS_COUNT + sizeof known_extra / sizeof known_extra[0] };

static const char *known_name(int id)
{
    return id <= PBN_MTS_COUNT ? pbn_mts[id - 1] : known_extra[id - 1 - PBN_MTS_COUNT];
}

/* The id of name: 1..NKNOWN, or 0 when the program does not know it. Names are told apart by
 * their first letter and length before a compare. */
static uint8_t name_id(const char *name)
{
    size_t len = strlen(name);

    _Static_assert(sizeof known_len == NKNOWN + 1, "a length a known name");
    for (int id = 1; id <= NKNOWN; id++) {
        const char *k = known_name(id);

        if (k[0] == name[0] && known_len[id] == len && memcmp(k, name, len) == 0)
            return (uint8_t)id;
    }
    return 0;
}

/* A copy of value, or its shared string (*own false). */
static char *value_copy(const char *value, bool *own)
{
    size_t len = strlen(value);

    *own = false;
    if (len <= 10) /* the longest shared value */
        for (size_t i = 0; i < sizeof shared_values / sizeof shared_values[0]; i++)
            if (shared_values[i][0] == value[0] && strcmp(value, shared_values[i]) == 0)
                return (char *)shared_values[i];
    *own = true;
    return strdup(value);
}

static void tag_free(struct pbn_tag *t)
{
    if (t->own_name)
        free(t->name);
    if (t->own_value)
        free(t->value);
    for (size_t i = 0; i < t->nsection; i++)
        free(t->section[i]);
    free(t->section);
}

void pbn_game_clear(struct pbn_game *g)
{
    for (size_t t = 0; t < g->ntags; t++)
        tag_free(&g->tags[t]);
    free(g->tags);
    for (size_t c = 0; c < g->ncomments; c++)
        free(g->comments[c]);
    free(g->comments);
    free(g->index);
    memset(g, 0, sizeof *g);
}

void pbn_set_free(struct pbn_set *set)
{
    if (!set)
        return;
    for (size_t g = 0; g < set->n; g++)
        pbn_game_clear(&set->games[g]);
    free(set->games);
    free(set->src);
    free(set);
}

void pbn_game_shrink(struct pbn_game *g)
{
    struct pbn_tag *tags = g->ntags && g->ntags < g->cap
                               ? realloc(g->tags, g->ntags * sizeof *g->tags)
                               : NULL;

    if (tags) {
        g->tags = tags;
        g->cap = g->ntags;
    }
}

enum pd_status pbn_game_add(struct pbn_set *set, struct pbn_game **out, struct pd_err *e)
{
    struct pbn_game *games;

    if (set->n > 0) /* the game before is whole (readers build games in turn) */
        pbn_game_shrink(&set->games[set->n - 1]);
    games = room_for_one(set->games, set->n, &set->cap, sizeof *games, 64);

    if (!games)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    set->games = games;
    *out = &set->games[set->n++];
    memset(*out, 0, sizeof **out);
    return PD_OK;
}

/* ---------------------------------------------------------------- the index of tag names
 * A game with a few tags is searched in order; past INDEX_FROM tags (a bidding engine's file
 * with thousands of Note tags, a 300,000-tag game) an open-addressing hash of each name's first
 * tag keeps finding and adding tags in constant time, so reading stays linear. */
enum { INDEX_FROM = 32 };

static size_t name_hash(const char *s)
{
    size_t h = 14695981039346656037u; /* FNV-1a */

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The slot holding name's tag, or the empty slot where it would go. */
static size_t index_slot(const struct pbn_game *g, const char *name)
{
    size_t mask = g->index_cap - 1, k = name_hash(name) & mask;

    while (g->index[k] && strcmp(g->tags[g->index[k] - 1].name, name) != 0)
        k = (k + 1) & mask;
    return k;
}

static void index_put(struct pbn_game *g, size_t tag)
{
    size_t k = index_slot(g, g->tags[tag].name);

    if (!g->index[k]) /* the first tag of a name stays the one found */
        g->index[k] = tag + 1;
}

/* Puts every tag in a fresh (zeroed) index of cap slots, in place of the old one. */
static void index_rebuild(struct pbn_game *g, size_t *slots, size_t cap)
{
    free(g->index);
    g->index = slots;
    g->index_cap = cap;
    for (size_t i = 0; i < g->ntags; i++)
        index_put(g, i);
}

/* Makes room in the index for one more tag (building it when the game reaches INDEX_FROM). */
static enum pd_status index_grow(struct pbn_game *g, struct pd_err *e)
{
    size_t cap = g->index_cap ? 2 * g->index_cap : 64;
    size_t *slots;

    if (g->ntags + 1 < INDEX_FROM || 2 * (g->ntags + 1) <= g->index_cap)
        return PD_OK;
    slots = calloc(cap, sizeof *slots);
    if (!slots)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    index_rebuild(g, slots, cap);
    return PD_OK;
}

/* The first tag of id (a known name), or NULL. */
static struct pbn_tag *find_id(const struct pbn_game *g, uint8_t id)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (g->tags[i].id == id)
            return &g->tags[i];
    return NULL;
}

struct pbn_tag *pbn_tag_find(const struct pbn_game *g, const char *name)
{
    uint8_t id;

    if (g->index_cap) {
        size_t k = index_slot(g, name);

        return g->index[k] ? &g->tags[g->index[k] - 1] : NULL;
    }
    if ((id = name_id(name)) != 0)
        return find_id(g, id);
    for (size_t i = 0; i < g->ntags; i++) /* a known name's tag is not this one */
        if (!g->tags[i].id && strcmp(g->tags[i].name, name) == 0)
            return &g->tags[i];
    return NULL;
}

const char *pbn_tag_get(const struct pbn_game *g, const char *name)
{
    struct pbn_tag *t = pbn_tag_find(g, name);

    return t ? t->value : NULL;
}

/* A game refilled tag by tag in the same order (a reused game when streaming a set) finds each
 * tag at the hint, the slot after the last one set, without a search. */
static struct pbn_tag *find_from_hint(struct pbn_game *g, const char *name)
{
    if (g->hint < g->ntags && (g->tags[g->hint].name == name ||
                               strcmp(g->tags[g->hint].name, name) == 0))
        return &g->tags[g->hint];
    return pbn_tag_find(g, name);
}

enum pd_status pbn_tag_add(struct pbn_game *g, const char *name, const char *value,
                           struct pd_err *e)
{
    struct pbn_tag *t, *tags;
    enum pd_status rc = index_grow(g, e);

    if (rc != PD_OK)
        return rc;
    tags = room_for_one(g->tags, g->ntags, &g->cap, sizeof *tags, 24);
    if (!tags)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    g->tags = tags;
    t = &g->tags[g->ntags];
    memset(t, 0, sizeof *t);
    t->id = name_id(name);
    t->own_name = !t->id;
    t->name = t->id ? (char *)known_name(t->id) : strdup(name);
    bool own;

    t->value = value_copy(value, &own);
    t->own_value = own;
    if (!t->name || !t->value) {
        tag_free(t);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    g->ntags++;
    g->hint = g->ntags;
    if (g->index_cap)
        index_put(g, g->ntags - 1);
    return PD_OK;
}

enum pd_status pbn_tag_set(struct pbn_game *g, const char *name, const char *value,
                           struct pd_err *e)
{
    struct pbn_tag *t = find_from_hint(g, name);
    size_t len = strlen(value);
    char *v;

    if (!t)
        return pbn_tag_add(g, name, value, e);
    g->hint = (size_t)(t - g->tags) + 1;
    if (strcmp(t->value, value) == 0)
        return PD_OK; /* unchanged: still written as read */
    t->raw_len = 0;
    t->implicit = false;
    if (t->own_value && strlen(t->value) >= len) { /* fits: no allocation */
        memcpy(t->value, value, len + 1);
        return PD_OK;
    }
    bool own;

    v = value_copy(value, &own); /* (a bit-field has no address) */
    if (!v)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (t->own_value)
        free(t->value);
    t->value = v;
    t->own_value = own;
    return PD_OK;
}

enum pd_status pbn_tag_section_add(struct pbn_tag *t, const char *line, struct pd_err *e)
{
    char *copy, **lines;
    size_t cap = t->section_cap;

    if (t->nsection == UINT32_MAX)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    lines = room_for_one(t->section, t->nsection, &cap, sizeof *lines, 8);
    if (!lines)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    t->section = lines;
    t->section_cap = cap > UINT32_MAX ? UINT32_MAX : (uint32_t)cap;
    copy = strdup(line);
    if (!copy)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    t->section[t->nsection++] = copy;
    t->raw_len = 0;
    return PD_OK;
}

char *pbn_game_commentary(const struct pbn_game *g)
{
    size_t len = 0;
    char *text, *w;

    if (g->ncomments == 0)
        return NULL;
    for (size_t i = 0; i < g->ncomments; i++)
        len += strlen(g->comments[i]) + 1;
    text = malloc(len);
    if (!text)
        return NULL;
    w = text;
    for (size_t i = 0; i < g->ncomments; i++) {
        size_t n = strlen(g->comments[i]);

        if (i > 0)
            *w++ = '\n';
        memcpy(w, g->comments[i], n);
        w += n;
    }
    *w = '\0';
    return text;
}

/* Gives an empty game room for n tags. */
static enum pd_status reserve_tags(struct pbn_game *g, size_t n, struct pd_err *e)
{
    g->tags = malloc(n * sizeof *g->tags);
    if (!g->tags)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    g->cap = n;
    return PD_OK;
}

enum pd_status pbn_game_from_board(struct pbn_game *g, const struct pbn_event *ev,
                                   struct board_info bi, const struct deal *d,
                                   const deal_num *num, struct pd_err *e)
{
    char board[16], deal[DEAL_PBN_LEN], dealer[2] = {SEAT_LETTER[bi.dealer], 0}, dec[40];
    /* PBN 3.4: "?" is unknown, "" is inappropriate: a dealing program knows no players and no
     * result, so those are empty. */
    const char *const values[] = {
        /* in pbn_mts order: Event Site Date Board, the four players, Dealer Vulnerable Deal,
         * Scoring Declarer Contract Result */
        ev && ev->event ? ev->event : "?",
        ev && ev->site ? ev->site : "?",
        ev && ev->date ? ev->date : "????.??.??",
        board,
        "", "", "", "",
        dealer, VUL_PBN[bi.vul], deal,
        "", "", "", "",
    };
    enum pd_status rc = PD_OK;
    /* a new game (a dealt set's) has none of these tags: add them, no look-up by name */
    enum pd_status (*put)(struct pbn_game *, const char *, const char *, struct pd_err *) =
        g->ntags ? pbn_tag_set : pbn_tag_add;

    snprintf(board, sizeof board, "%d", bi.number);
    deal_to_pbn(d, bi.dealer, 0xF, deal);
    if (!g->cap) /* room for these tags and no more: a set may hold 100,000 such games */
        rc = reserve_tags(g, PBN_MTS_COUNT + (ev && ev->generator) + (num != NULL), e);
    _Static_assert(sizeof values / sizeof values[0] == PBN_MTS_COUNT, "a value a mandatory tag");
    for (int i = 0; rc == PD_OK && i < PBN_MTS_COUNT; i++)
        rc = put(g, pbn_mts[i], values[i], e);
    if (rc == PD_OK && ev && ev->generator)
        rc = put(g, "Generator", ev->generator, e);
    if (rc == PD_OK && num) {
        deal_num_to_dec(*num, dec);
        rc = put(g, "DealId", dec, e);
    }
    g->board = bi.number;
    g->dealer = bi.dealer;
    g->vul = bi.vul;
    g->has_dealer = g->has_vul = true;
    g->deal = *d;
    g->known = 0xF;
    return rc;
}

/* DoubleDummyTricks: 20 hex digits, declarers N, S, E, W, strains NT, S, H, D, C. */
static const enum seat dd_seat_order[4] = {SEAT_N, SEAT_S, SEAT_E, SEAT_W};
static const enum strain dd_strain_order[5] = {STRAIN_NT, STRAIN_S, STRAIN_H, STRAIN_D,
                                               STRAIN_C};

/* DoubleDummyTricks text: 20 hex digits, declarers N, S, E, W, each over NT, S, H, D, C. */
void pbn_dd_to_hex(const struct dd_table *dd, char out[21])
{
    static const char hex[] = "0123456789abcdef";
    int k = 0;

    for (int s = 0; s < 4; s++)
        for (int t = 0; t < 5; t++)
            out[k++] = hex[dd->tricks[dd_seat_order[s]][dd_strain_order[t]] & 15];
    out[k] = '\0';
}

bool pbn_dd_from_hex(const char *text, struct dd_table *dd)
{
    if (strlen(text) != 20)
        return false;
    for (int k = 0; k < 20; k++) {
        int c = text[k], v;

        if (c >= '0' && c <= '9')
            v = c - '0';
        else if (c >= 'a' && c <= 'd')
            v = c - 'a' + 10;
        else if (c >= 'A' && c <= 'D')
            v = c - 'A' + 10;
        else
            return false;
        dd->tricks[dd_seat_order[k / 5]][dd_strain_order[k % 5]] = (int8_t)v;
    }
    return true;
}

enum pd_status pbn_game_set_dd(struct pbn_game *g, const struct dd_table *dd,
                               const struct dd_par *par, struct pd_err *e)
{
    static const char *const strain_name[5] = {"S", "H", "D", "C", "NT"};
    char hex[21], row[32];
    struct pbn_tag *table;
    enum pd_status rc;

    pbn_dd_to_hex(dd, hex);
    rc = pbn_tag_set(g, "DoubleDummyTricks", hex, e);
    if (rc == PD_OK)
        rc = pbn_tag_set(g, "OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", e);
    if (rc != PD_OK)
        return rc;
    table = pbn_tag_find(g, "OptimumResultTable");
    for (size_t i = 0; i < table->nsection; i++)
        free(table->section[i]);
    table->nsection = 0;
    table->raw_len = 0;
    /* PBN 5.7: rows by declarer N, S, E, W and denomination NT, S, H, D, C. */
    for (int s = 0; rc == PD_OK && s < 4; s++)
        for (int t = 0; rc == PD_OK && t < 5; t++) {
            enum seat seat = dd_seat_order[s];
            enum strain st = dd_strain_order[t];

            snprintf(row, sizeof row, "%c %2s %2d", SEAT_LETTER[seat], strain_name[st],
                     dd->tricks[seat][st]);
            rc = pbn_tag_section_add(table, row, e);
        }
    g->dd = *dd;
    g->has_dd = true;
    if (rc != PD_OK || !par)
        return rc;
    char score[24];

    if (par->score_ns >= 0)
        snprintf(score, sizeof score, "NS %d", par->score_ns);
    else
        snprintf(score, sizeof score, "EW %d", -par->score_ns);
    rc = pbn_tag_set(g, "OptimumScore", score, e);
    if (rc == PD_OK)
        rc = pbn_tag_set(g, "ParContract", par->contracts, e);
    g->par = *par;
    g->has_par = true;
    return rc;
}

static int by_number(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* Games cut from their file are written as export, from their tags (pbn/FORMATS.md): the
 * file's header and the text between games went with the games left out. */
static void detach_source(struct pbn_set *set)
{
    for (size_t i = 0; i < set->n; i++) {
        struct pbn_game *g = &set->games[i];

        g->src = NULL;
        for (size_t t = 0; t < g->ntags; t++) {
            g->tags[t].sourced = false;
            g->tags[t].raw_len = 0;
            g->tags[t].implicit = false;
        }
    }
    free(set->src);
    set->src = NULL;
    set->head_len = 0;
}

/* The set's board numbers, ascending (repeats kept); NULL when out of memory. */
static int *sorted_boards(const struct pbn_set *set, size_t *n)
{
    int *b = malloc((set->n ? set->n : 1) * sizeof *b);

    *n = 0;
    for (size_t i = 0; b && i < set->n; i++)
        if (set->games[i].board > 0)
            b[(*n)++] = set->games[i].board;
    if (b)
        qsort(b, *n, sizeof *b, by_number);
    return b;
}

/* "boards 1-12,25-36": sorted board numbers b[0..n) as ranges, cut with "..." past cap. */
static const char *describe_boards(const int *b, size_t n, char *buf, size_t cap)
{
    size_t len = 7;

    snprintf(buf, cap, n ? "boards " : "no numbered board");
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && b[j] <= b[j - 1] + 1; j++)
            ;
        const char *sep = len > 7 ? "," : "";
        int w = b[j - 1] == b[i] ? snprintf(buf + len, cap - len, "%s%d", sep, b[i])
                                 : snprintf(buf + len, cap - len, "%s%d-%d", sep, b[i], b[j - 1]);

        if (w < 0 || (size_t)w >= cap - len - 4) {
            snprintf(buf + len, cap - len, ",...");
            break;
        }
        len += (size_t)w;
    }
    return buf;
}

/* Every board of r in the set (held: its boards, sorted), else PD_ERR_USAGE naming one. */
static enum pd_status boards_held(const struct board_range *r, const int *held, size_t nheld,
                                  const char *spec, const char *name, struct pd_err *e)
{
    char text[160];

    for (int k = 0; k < r->n; k++)
        if (!bsearch(&r->boards[k], held, nheld, sizeof *held, by_number))
            return pd_fail(e, PD_ERR_USAGE, "--boards %s: board %d is not in %s, which holds %s",
                           spec, r->boards[k], name, describe_boards(held, nheld, text,
                                                                     sizeof text));
    return PD_OK;
}

enum pd_status pbn_set_keep_boards(struct pbn_set *set, const char *spec, const char *name,
                                   struct pd_err *e)
{
    struct board_range r = {0, NULL};
    size_t kept = 0, nheld = 0;
    int *held = NULL;
    enum pd_status rc = board_range_parse(spec, BOARD_MAX, &r, e);

    if (rc == PD_OK && !(held = sorted_boards(set, &nheld)))
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK)
        rc = boards_held(&r, held, nheld, spec, name, e);
    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        if (bsearch(&set->games[i].board, r.boards, (size_t)r.n, sizeof *r.boards, by_number))
            set->games[kept++] = set->games[i];
        else
            pbn_game_clear(&set->games[i]);
    }
    if (rc == PD_OK && kept < set->n)
        detach_source(set);
    if (rc == PD_OK)
        set->n = kept;
    free(held);
    board_range_free(&r);
    return rc;
}

const struct deal *pbn_set_deal_of(const struct pbn_set *set, int board)
{
    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].board == board && set->games[i].known == 0xF)
            return &set->games[i].deal;
    return NULL;
}
