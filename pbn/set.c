/* pbn/set.c - PBN sets in memory: games as ordered tags with their section lines, the builder
 * for generated boards, and the double-dummy tags (DoubleDummyTricks, OptimumResultTable,
 * OptimumScore, ParContract). */
#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "pbn/fmt_int.h"

/* PBN 2.1 section 3's Mandatory Tag Set, in export order (declared in pbn/fmt_int.h). */
#define NAME_OF(s) #s,
#define LENGTH_OF(s) sizeof #s - 1,
const char *const pbn_mts[] = {PBN_MTS_NAMES(NAME_OF)};
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
    if (*out && !((*out)->arena = pbn_arena_new())) {
        free(*out);
        *out = NULL;
    }
    return *out ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
}

void pbn_text_free(char *text, size_t mapped)
{
    if (mapped)
        munmap(text, mapped);
    else
        free(text);
}

/* A copy of s[0..n) that is g's own: in its set's arena, else malloc'd. */
static char *own_copy(struct pbn_game *g, const char *s, size_t n)
{
    return g->arena ? pbn_arena_strndup(g->arena, s, n) : strndup(s, n);
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
static const char *const known_extra[] = {PBN_EXTRA_NAMES(NAME_OF)};
static const uint8_t known_len[] = {0, PBN_MTS_NAMES(LENGTH_OF) PBN_EXTRA_NAMES(LENGTH_OF)};
enum { NKNOWN = PBN_MTS_COUNT + sizeof known_extra / sizeof known_extra[0] };
_Static_assert((int)NKNOWN == (int)PBN_ID_COUNT - 1, "an id a known name");

static const char *known_name(int id)
{
    return id <= PBN_MTS_COUNT ? pbn_mts[id - 1] : known_extra[id - 1 - PBN_MTS_COUNT];
}

/* A perfect hash of the known names: a name's length and its first and last letters pick a
 * slot that no other known name has (name_slots_fill checks it), so that finding a name's id
 * costs one compare with one name, whatever the name. */
enum { NAME_SLOTS = 64 };
static uint8_t name_slot_id[NAME_SLOTS]; /* 0: no known name */
static pthread_once_t name_slots_once = PTHREAD_ONCE_INIT;
static atomic_bool name_slots_filled; /* name_slots_fill has run: no call to pthread_once */

static unsigned name_slot(const char *s, size_t len)
{
    return (unsigned)(len + 4u * (unsigned char)s[0] + 11u * (unsigned char)s[len - 1]) %
           NAME_SLOTS;
}

static void name_slots_fill(void)
{
    _Static_assert(sizeof known_len == NKNOWN + 1, "a length a known name");
    _Static_assert((int)NKNOWN < (int)PBN_ARENA_SLOTS,
                   "a slot of the arena's recent values a name");
    for (int id = 1; id <= NKNOWN; id++) {
        unsigned k = name_slot(known_name(id), known_len[id]);

        if (name_slot_id[k])
            abort(); /* two known names share a slot: name_slot must change */
        name_slot_id[k] = (uint8_t)id;
    }
    atomic_store_explicit(&name_slots_filled, true, memory_order_release);
}

/* The id of name[0..len): 1..NKNOWN, or 0 when the program does not know it. */
static uint8_t name_id_n(const char *name, size_t len)
{
    uint8_t id;

    if (len == 0)
        return 0;
    if (!atomic_load_explicit(&name_slots_filled, memory_order_acquire))
        pthread_once(&name_slots_once, name_slots_fill);
    id = name_slot_id[name_slot(name, len)];
    if (!id || known_len[id] != len)
        return 0;
    for (const char *k = known_name(id); len > 0; len--) /* short: no call to memcmp */
        if (*k++ != *name++)
            return 0;
    return id;
}

static uint8_t name_id(const char *name)
{
    return name_id_n(name, strlen(name));
}

/* A copy of value (of len bytes), or a shared string (*own false): one of shared_values, or,
 * for a known name's tag of a set's game, the copy the set made last for that name when it
 * holds the same bytes (a set's games repeat their Event, Site, Generator ...). */
static char *value_copy(struct pbn_game *g, uint8_t id, const char *value, size_t len,
                        bool *own)
{
    *own = false;
    if (len == 0) /* value[0] may be the text's closing quote */
        return (char *)shared_values[0];
    if (len <= 10) /* the longest shared value */
        for (size_t i = 1; i < sizeof shared_values / sizeof shared_values[0]; i++)
            if (shared_values[i][0] == value[0] && strncmp(shared_values[i], value, len) == 0 &&
                shared_values[i][len] == '\0')
                return (char *)shared_values[i];
    if (g->arena && id)
        return (char *)pbn_arena_recent(g->arena, id, value, len);
    *own = true;
    return own_copy(g, value, len);
}

/* Frees what of t is on the heap: its strings when g has no arena, its section array unless
 * it is in the arena. */
static void tag_free(const struct pbn_game *g, struct pbn_tag *t)
{
    if (!g->arena) {
        if (t->own_name)
            free(t->name);
        if (t->own_value)
            free(t->value);
        for (size_t i = 0; i < t->nsection; i++)
            free(t->section[i]);
    }
    if (!t->section_fixed)
        free(t->section);
}

void pbn_game_clear(struct pbn_game *g)
{
    /* A set's game whose sections are in its arena has nothing of its tags on the heap: a set
     * of 100,000 games is freed without a pass over their tags. */
    for (size_t t = 0; (!g->arena || g->heap_sections) && t < g->ntags; t++)
        tag_free(g, &g->tags[t]);
    if (!g->tags_fixed)
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
    pbn_text_free(set->src, set->src_mapped);
    pbn_arena_free(set->arena);
    free(set);
}

/* A copy of n items of size bytes at p in g's arena, or NULL (out of memory: p stays). */
static void *into_arena(struct pbn_game *g, const void *p, size_t n, size_t size)
{
    void *copy = pbn_arena_take(g->arena, n * size, alignof(max_align_t));

    if (copy)
        memcpy(copy, p, n * size);
    return copy;
}

void pbn_game_shrink(struct pbn_game *g)
{
    struct pbn_tag *tags;

    if (!g->arena) {
        tags = g->ntags && g->ntags < g->cap ? realloc(g->tags, g->ntags * sizeof *g->tags)
                                             : NULL;
        if (tags) {
            g->tags = tags;
            g->cap = g->ntags;
        }
        return;
    }
    if (g->heap_sections) {
        g->heap_sections = false;
        for (size_t i = 0; i < g->ntags; i++) {
            struct pbn_tag *t = &g->tags[i];
            char **lines = t->nsection && !t->section_fixed
                               ? into_arena(g, t->section, t->nsection, sizeof *lines)
                               : NULL;

            if (lines) {
                free(t->section);
                t->section = lines;
                t->section_fixed = true;
            }
            /* one left on the heap (memory ran out, or an empty one) */
            g->heap_sections |= t->section && !t->section_fixed;
        }
    }
    tags = g->ntags && !g->tags_fixed ? into_arena(g, g->tags, g->ntags, sizeof *tags) : NULL;
    if (tags) {
        free(g->tags);
        g->tags = tags;
        g->cap = g->ntags;
        g->tags_fixed = true;
    }
}

/* Room for one more of g's tags: a fixed array (in the arena) is copied out to the heap. */
static bool tags_room(struct pbn_game *g)
{
    struct pbn_tag *tags;

    if (g->tags_fixed && g->ntags < g->cap) /* reserved by pbn_game_from_board */
        return true;
    if (g->tags_fixed) {
        tags = malloc(2 * g->ntags * sizeof *tags);
        if (!tags)
            return false;
        memcpy(tags, g->tags, g->ntags * sizeof *tags);
        g->tags = tags;
        g->cap = 2 * g->ntags;
        g->tags_fixed = false;
        return true;
    }
    tags = room_for_one(g->tags, g->ntags, &g->cap, sizeof *tags, 24);
    if (tags)
        g->tags = tags;
    return tags != NULL;
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
    (*out)->arena = set->arena;
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

struct pbn_tag *pbn_tag_find_id(const struct pbn_game *g, enum pbn_tag_id id)
{
    return g->index_cap ? pbn_tag_find(g, known_name((int)id)) : find_id(g, (uint8_t)id);
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

const char *pbn_tag_get_id(const struct pbn_game *g, enum pbn_tag_id id)
{
    struct pbn_tag *t = pbn_tag_find_id(g, id);

    return t ? t->value : NULL;
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
    return pbn_tag_add_n(g, name, strlen(name), value, strlen(value), e);
}

enum pd_status pbn_tag_add_n(struct pbn_game *g, const char *name, size_t name_len,
                             const char *value, size_t value_len, struct pd_err *e)
{
    struct pbn_tag *t;
    enum pd_status rc = index_grow(g, e);

    if (rc != PD_OK)
        return rc;
    if (!tags_room(g))
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    t = &g->tags[g->ntags];
    memset(t, 0, sizeof *t);
    t->id = name_id_n(name, name_len);
    t->own_name = !t->id;
    t->name = t->id ? (char *)known_name(t->id) : own_copy(g, name, name_len);
    bool own;

    t->value = value_copy(g, t->id, value, value_len, &own);
    t->own_value = own;
    if (!t->name || !t->value) {
        tag_free(g, t);
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

    v = value_copy(g, t->id, value, len, &own); /* (a bit-field has no address) */
    if (!v)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (t->own_value && !g->arena)
        free(t->value);
    t->value = v;
    t->own_value = own;
    return PD_OK;
}

/* The capacity of a section array on the heap: 8 lines, doubled when full (so that it need not
 * be kept in every tag). */
static size_t section_cap(uint32_t n)
{
    size_t cap = 8;

    while (cap < n)
        cap *= 2;
    return cap;
}

enum pd_status pbn_tag_section_add(struct pbn_game *g, struct pbn_tag *t, const char *line,
                                   struct pd_err *e)
{
    char *copy, **lines = t->section;
    size_t cap = t->section_fixed ? t->nsection : section_cap(t->nsection);

    if (t->nsection == UINT32_MAX)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (t->section_fixed || !t->section || t->nsection == cap) {
        cap = section_cap(t->nsection + 1);
        lines = t->section_fixed ? malloc(cap * sizeof *lines)
                                 : realloc(t->section, cap * sizeof *lines);
        if (!lines)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        if (t->section_fixed)
            memcpy(lines, t->section, t->nsection * sizeof *lines);
        t->section = lines;
        t->section_fixed = false;
        g->heap_sections = true;
    }
    copy = own_copy(g, line, strlen(line));
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

/* Gives an empty game room for n tags (in its set's arena, when it has one). */
static enum pd_status reserve_tags(struct pbn_game *g, size_t n, struct pd_err *e)
{
    g->tags_fixed = g->arena != NULL;
    g->tags = g->arena ? pbn_arena_take(g->arena, n * sizeof *g->tags, alignof(max_align_t))
                       : malloc(n * sizeof *g->tags);
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
    pbn_game_set_fields(g, bi, d);
    return rc;
}

void pbn_game_set_fields(struct pbn_game *g, struct board_info bi, const struct deal *d)
{
    g->board = bi.number;
    g->dealer = bi.dealer;
    g->vul = bi.vul;
    g->has_dealer = g->has_vul = true;
    g->deal = *d;
    g->known = 0xF;
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
    for (size_t i = 0; !g->arena && i < table->nsection; i++)
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
            rc = pbn_tag_section_add(g, table, row, e);
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
