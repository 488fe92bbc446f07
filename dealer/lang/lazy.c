/* dealer/lang/lazy.c - lazy dealing for `predup dealer` runs without predeal: the same deals as
 * deal_stream_shuffle (the practice stream's Fisher-Yates, 16-bit draws, rejection), but only
 * the hands that the script reads are dealt, the others when (and if) an accepted deal needs
 * them.
 *
 * Why it is exact: deal_stream_shuffle's draw i (i = 0..50) takes bytes 2i, 2i+1 of the deal's
 * stretch of the stream unless some earlier draw was rejected. When none of the 51 draws is
 * rejected (checked on all of them at once in SSE2 vectors, which also give each draw's
 * offset: the high half of v * n), draw i is at a known place, so the deal's 102 bytes can be
 * consumed at once and its swaps done later, in part: position p of the shuffle is final after
 * swap p, and hand h is positions 13h..13h+12 (north, east, south; west is what is left, so 39
 * swaps give the whole deal). A rejection anywhere takes deal_stream_shuffle itself. The Check
 * test test_lang_lazy_matches_shuffle compares the two on every prefix. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/gen.h"


#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#define LAZY_AVX2 1
#endif

enum { DRAWS = 51, DRAW_BYTES = LLAZY_DRAW_BYTES, LANES = 64 };
enum { READ_BYTES = 2 * LANES }; /* what draw_offsets may read: 128 bytes */

/* Draw i picks among n = 52 - i cards and is rejected when the low half of v * n is below
 * 65536 mod n (stream_draw16, dealer/deal/hot.h). Lanes past the last draw have n = 0: never
 * rejected. */
static const uint16_t draw_n[LANES] __attribute__((aligned(32))) = {
    52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37,
    36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21,
    20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,
    4,  3,  2,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
};
static const uint16_t draw_thr[LANES] __attribute__((aligned(32))) = {
    16, 1,  36, 23, 16, 18, 32, 16, 20, 4, 16, 18, 16, 16, 24, 9,
    16, 16, 18, 31, 0,  2,  16, 25, 16, 7, 16, 11, 16, 9,  20, 16,
    16, 5,  16, 1,  0,  1,  2,  3,  4,  9, 6,  7,  0,  2,  4,  1,
    0,  1,  0,  0,  0,  0,  0,  0,  0,  0, 0,  0,  0,  0,  0,  0,
};

/* The 52 cards as hand-mask bits, in the order deal_stream_shuffle lists them without predeal. */
static const uint8_t card_bits[DEAL_NCARDS] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 16, 17, 18, 19, 20,
    21, 22, 23, 24, 25, 26, 27, 28, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41,
    42, 43, 44, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60,
};

#if defined(LAZY_AVX2)
/* draw_offsets in 256-bit vectors, 16 draws each, on CPUs that have AVX2. */
__attribute__((target("avx2"))) static bool draw_offsets_avx2(const uint8_t *b, uint8_t off[64])
{
    const __m256i swap = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                          1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    __m256i bad = _mm256_setzero_si256(), hi[4];

#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(b + 32 * k));
        __m256i n = _mm256_load_si256((const __m256i *)(const void *)(draw_n + 16 * k));
        __m256i t = _mm256_load_si256((const __m256i *)(const void *)(draw_thr + 16 * k));

        v = _mm256_shuffle_epi8(v, swap); /* big-endian */
        bad = _mm256_or_si256(bad, _mm256_subs_epu16(t, _mm256_mullo_epi16(v, n)));
        hi[k] = _mm256_mulhi_epu16(v, n);
    }
    /* packus works per 128-bit half: the permute puts the four quarters in order */
    _mm256_storeu_si256((__m256i *)(void *)off,
                        _mm256_permute4x64_epi64(_mm256_packus_epi16(hi[0], hi[1]), 0xD8));
    _mm256_storeu_si256((__m256i *)(void *)(off + 32),
                        _mm256_permute4x64_epi64(_mm256_packus_epi16(hi[2], hi[3]), 0xD8));
    return !_mm256_testz_si256(bad, bad);
}
#endif

#if defined(__SSE2__)
/* The same in 128-bit vectors (every x86-64 has SSE2). */
static bool draw_offsets_sse2(const uint8_t *b, uint8_t off[64])
{
    __m128i bad = _mm_setzero_si128(), hi[6];

    /* only the first 39 draws place cards (west is the rest): offsets for lanes 0..39 */
#pragma GCC unroll 7
    for (int k = 0; k < 7; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + 16 * k));
        __m128i n = _mm_load_si128((const __m128i *)(const void *)(draw_n + 8 * k));
        __m128i t = _mm_load_si128((const __m128i *)(const void *)(draw_thr + 8 * k));

        v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8)); /* big-endian */
        bad = _mm_or_si128(bad, _mm_subs_epu16(t, _mm_mullo_epi16(v, n))); /* low < thr */
        if (k < 5)
            hi[k] = _mm_mulhi_epu16(v, n);
    }
    hi[5] = _mm_setzero_si128();
    for (int k = 0; k < 3; k++)
        _mm_storeu_si128((__m128i *)(void *)(off + 16 * k),
                         _mm_packus_epi16(hi[2 * k], hi[2 * k + 1]));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xFFFF;
}
#endif

/* The same, one draw at a time (CPUs without SSE2; and the reference of the Check test). */
static bool draw_offsets_scalar(const uint8_t *b, uint8_t off[64])
{
    bool bad = false;

    for (int i = 0; i < DRAWS; i++) {
        uint32_t m = ((uint32_t)b[2 * i] << 8 | b[2 * i + 1]) * draw_n[i];

        bad |= (uint16_t)m < draw_thr[i];
        off[i] = (uint8_t)(m >> 16);
    }
    return bad;
}

/* The 51 draws at b (READ_BYTES readable) at once: off[i] = (v_i * n_i) >> 16, the distance
 * from position i to the card that swap i brings there (i < 39: west needs none); true when
 * one draw would be rejected (off[] then means nothing). */
static inline __attribute__((always_inline)) bool draw_offsets(const uint8_t *b, uint8_t off[64])
{
#if defined(LAZY_AVX2)
    if (__builtin_cpu_supports("avx2"))
        return draw_offsets_avx2(b, off);
#endif
#if defined(__SSE2__)
    return draw_offsets_sse2(b, off);
#else
    return draw_offsets_scalar(b, off);
#endif
}

bool llazy_offsets_by(int impl, const uint8_t *b, uint8_t off[64], bool *rejected)
{
    switch (impl) {
    case 0:
        *rejected = draw_offsets_scalar(b, off);
        return true;
#if defined(__SSE2__)
    case 1:
        *rejected = draw_offsets_sse2(b, off);
        return true;
#endif
#if defined(LAZY_AVX2)
    case 2:
        if (!__builtin_cpu_supports("avx2"))
            return false;
        *rejected = draw_offsets_avx2(b, off);
        return true;
#endif
    default:
        return false;
    }
}

/* Deals hands z->hands..hands-1 (at most 3: west is the rest) into out: position p of the
 * shuffle is final after its swap, and hand h is positions 13h..13h+12. */
static inline __attribute__((always_inline)) void deal_hands(struct llazy *z, int hands,
                                                              struct deal *out)
{
    int last = hands < 3 ? hands : 3;

    for (int h = z->hands; h < last; h++) {
        uint64_t hand = 0;
        const uint8_t *off = z->off + 13 * h;
        uint8_t *c = z->cards + 13 * h;

#pragma GCC unroll 13
        for (int k = 0; k < 13; k++) {
            uint8_t t = c[off[k] + k];

            c[off[k] + k] = c[k];
            hand |= 1ULL << t;
        }
        out->hand[h] = hand;
    }
    if (last > z->hands)
        z->hands = last;
    if (hands == 4)
        out->hand[SEAT_W] =
            0x1FFF1FFF1FFF1FFFULL & ~(out->hand[0] | out->hand[1] | out->hand[2]);
}

LANG_HOT int llazy_start(struct llazy *z, struct deal_stream *s, int hands, struct deal *out)
{
    if (s->len - s->pos < READ_BYTES)
        deal_stream_reserve(s, READ_BYTES);
    if (draw_offsets(s->buf + s->pos, z->off)) {
        deal_stream_shuffle(s, NULL, out);
        z->draws = NULL;
        z->pr = NULL;
        return 4;
    }
    z->pr = NULL;
    z->draws = s->buf + s->pos;
    s->pos += DRAW_BYTES;
    z->hands = 0;
    memcpy(z->cards, card_bits, sizeof card_bits);
    memset(out, 0, sizeof *out);
    deal_hands(z, hands, out);
    return hands;
}

void llazy_finish(struct llazy *z, int hands, struct deal *out)
{
    if (z->pr) {
        if (hands > z->hands)
            deal_practice_deal(z->pr, z->ordinal, NULL, z->hands, hands, &z->free, out);
        if (hands > z->hands)
            z->hands = hands;
        return;
    }
    if (z->draws) /* else dealt in full by deal_stream_shuffle */
        deal_hands(z, hands, out);
}

void llazy_deal_from(const uint8_t *draws, int hands, struct deal *out)
{
    struct llazy z = {.draws = draws};
    uint8_t b[READ_BYTES] = {0};

    memcpy(b, draws, (size_t)(26 * (hands < 3 ? hands : 3)));
    draw_offsets(b, z.off); /* its draws were checked when the deal was started */
    memcpy(z.cards, card_bits, sizeof card_bits);
    memset(out, 0, sizeof *out);
    deal_hands(&z, hands, out);
}

/* ---------------------------------------------------------------- which hands a script reads */

/* Seats (bit per seat) that the expression n reads; visited marks shared nodes (variables). */
static unsigned expr_seats(const struct lang_prog *p, int n, uint8_t *visited)
{
    unsigned seats = 0;

    while (n >= 0 && !visited[n]) {
        const struct lnode *x = &p->nodes[n];

        visited[n] = 1;
        switch (x->op) {
        case LOP_LEN: case LOP_PTS: case LOP_LOSER: case LOP_CCCC: case LOP_QUALITY:
        case LOP_SHAPE: case LOP_HASCARD:
            seats |= 1u << x->seat;
            break;
        case LOP_TRICKS:
            seats |= 15;
            break;
        default:
            break;
        }
        /* children: a and c by recursion (bounded by LANG_MAX_DEPTH), b in the loop (the
         * long side of && and || chains) */
        if (x->a >= 0)
            seats |= expr_seats(p, x->a, visited);
        if (x->c >= 0)
            seats |= expr_seats(p, x->c, visited);
        n = x->b;
    }
    return seats;
}

/* The number of leading hands (north, east, south, west) that cover the seats. */
static int hands_for(unsigned seats)
{
    int hands = 0;

    for (int h = 0; h < 4; h++)
        if (seats >> h & 1)
            hands = h + 1;
    return hands;
}

bool llazy_plan(const struct lang_prog *p, int *cond_hands, int *all_hands)
{
    uint8_t *visited = calloc((size_t)p->nnodes + 1, 1);
    unsigned cond = 0, acts = 0;

    if (!visited)
        return false;
    if (p->cond >= 0)
        cond = expr_seats(p, p->cond, visited);
    if (p->default_action)
        acts = 15;
    for (int i = 0; i < p->nacts; i++) {
        const struct laction *a = &p->acts[i];

        switch (a->type) {
        case LA_AVERAGE: case LA_FREQUENCY: case LA_FREQUENCY2D:
            acts |= expr_seats(p, a->expr, visited) | expr_seats(p, a->expr2, visited);
            break;
        case LA_PRINTES:
            for (int k = 0; k < a->nitems; k++)
                acts |= expr_seats(p, a->items[k].expr, visited);
            break;
        default:
            acts = 15; /* prints or solves the whole deal */
            break;
        }
    }
    free(visited);
    *cond_hands = hands_for(cond);
    *all_hands = hands_for(cond | acts);
    return true;
}
