/* pbn/arena.c - the memory of a set's games: their strings (tag names, values, section lines)
 * and, once a game is whole, its tags, taken in order from large blocks and given back all at
 * once when the set is freed. A set of 100,000 games read from a file made some two million
 * small mallocs, each with its header and its place in the allocator's lists: an arena makes a
 * few hundred, wastes no byte on headers, and frees in one pass over its blocks. Like the set's
 * array of games, an arena is changed by one thread at a time (no lock). */
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

enum {
    FIRST_BLOCK = 4096,       /* a set of one game (import's "##" values) stays small */
    LARGEST_BLOCK = 1 << 20   /* the block size of a large set: at most 1 MB lies unused */
};

struct block {
    struct block *prev;
    size_t used, cap;
    alignas(max_align_t) unsigned char data[];
};

struct pbn_arena {
    struct block *top; /* the block taken from; the older ones are full */
    size_t next_cap;   /* the size of the next block */
    const char *recent[PBN_ARENA_SLOTS]; /* pbn_arena_recent's last copy of each slot */
    size_t recent_len[PBN_ARENA_SLOTS];
};

struct pbn_arena *pbn_arena_new(void)
{
    struct pbn_arena *a = calloc(1, sizeof *a);

    if (a)
        a->next_cap = FIRST_BLOCK;
    return a;
}

void pbn_arena_free(struct pbn_arena *a)
{
    if (!a)
        return;
    for (struct block *b = a->top, *prev; b; b = prev) {
        prev = b->prev;
        free(b);
    }
    free(a);
}

void pbn_arena_reset(struct pbn_arena *a)
{
    struct block *b = a->top;

    while (b && b->prev) {
        struct block *prev = b->prev;

        free(b);
        b = prev;
    }
    a->top = b;
    if (b)
        b->used = 0;
    a->next_cap = b ? 2 * b->cap : FIRST_BLOCK;
    memset(a->recent, 0, sizeof a->recent); /* they were in the blocks given back */
    memset(a->recent_len, 0, sizeof a->recent_len);
}

/* A new top block with room for n bytes at least; false when out of memory. */
static bool arena_grow(struct pbn_arena *a, size_t n)
{
    size_t cap = a->next_cap > n ? a->next_cap : n;
    struct block *b = malloc(sizeof *b + cap);

    if (!b)
        return false;
    b->prev = a->top;
    b->used = 0;
    b->cap = cap;
    a->top = b;
    if (a->next_cap < LARGEST_BLOCK)
        a->next_cap *= 2;
    return true;
}

void *pbn_arena_take(struct pbn_arena *a, size_t n, size_t align)
{
    struct block *b = a->top;
    size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;

    if (!b || at > b->cap || b->cap - at < n) {
        if (n > SIZE_MAX - align || !arena_grow(a, n + align))
            return NULL;
        b = a->top;
        at = 0;
    }
    b->used = at + n;
    return b->data + at;
}

char *pbn_arena_strndup(struct pbn_arena *a, const char *s, size_t n)
{
    char *copy = pbn_arena_take(a, n + 1, 1);

    if (copy) {
        memcpy(copy, s, n);
        copy[n] = '\0';
    }
    return copy;
}

const char *pbn_arena_recent(struct pbn_arena *a, unsigned slot, const char *s, size_t n)
{
    char *copy;

    if (a->recent[slot] && a->recent_len[slot] == n && memcmp(a->recent[slot], s, n) == 0)
        return a->recent[slot];
    copy = pbn_arena_strndup(a, s, n);
    if (copy) {
        a->recent[slot] = copy;
        a->recent_len[slot] = n;
    }
    return copy;
}
