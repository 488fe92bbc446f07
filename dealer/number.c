/* dealer/number.c - deal numbers: the bijection between [0, D) and all deals,
 * D = 53,644,737,765,488,792,839,237,440,000, in Pavlicek's order ("Mapping Bridge Deals",
 * rpbridge.net 7Z68). Never change the order: published numbers use it.
 *
 * Cards go in order spade ace .. club two. With C cards left and v[s] vacancies per seat, the
 * K deals of the remaining cards split into blocks K*v[s]/C for s = N, E, S, W (each an exact
 * integer). D < 2^96 and v <= 13, so K*v < 2^100 fits in 128 bits. The exact divisions are done
 * by multiplying with the inverse of C's odd part modulo 2^128 (or 2^64 once K is small), which
 * is several times faster than a 128-bit division. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dealer/dealer.h"

/* 0xAD55E315634DDA658BF49200 (Pavlicek 7Z72; Big Deal's precomputed bytes agree). */
const deal_num DEAL_COUNT = ((deal_num)0xAD55E315ULL << 64) | 0x634DDA658BF49200ULL;

struct divisor {
    int shift;      /* trailing zero bits of C */
    deal_num inv;   /* inverse of C >> shift modulo 2^128 */
    uint64_t inv64; /* the same modulo 2^64 */
};
static struct divisor div_table[DEAL_NCARDS + 1];
static int bit_of_card[DEAL_NCARDS]; /* Pavlicek card index -> bit in a hand mask */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Newton's iteration doubles the correct low bits each step: x = x * (2 - a * x). */
static void build_tables(void)
{
    for (int c = 1; c <= DEAL_NCARDS; c++) {
        int shift = __builtin_ctz((unsigned)c);
        deal_num odd = (deal_num)(c >> shift), x = odd; /* correct to 3 bits for odd a */

        for (int i = 0; i < 7; i++)
            x *= 2 - odd * x;
        div_table[c].shift = shift;
        div_table[c].inv = x;
        div_table[c].inv64 = (uint64_t)x;
    }
    for (int i = 0; i < DEAL_NCARDS; i++)
        bit_of_card[i] = 16 * (i / 13) + 12 - i % 13;
}

/* K*v/C for an exact quotient: shift out C's factors of two, multiply by its odd part's
 * inverse. Below SMALL_K the product fits in 64 bits. */
static const deal_num SMALL_K = (deal_num)1 << 59;

static inline deal_num block128(deal_num k, int v, int c)
{
    const struct divisor *d = &div_table[c];

    return ((k * (deal_num)v) >> d->shift) * d->inv;
}

static inline uint64_t block64(uint64_t k, int v, int c)
{
    const struct divisor *d = &div_table[c];

    return ((k * (uint64_t)v) >> d->shift) * d->inv64;
}

static inline deal_num block(deal_num k, int v, int c)
{
    return k < SMALL_K ? (deal_num)block64((uint64_t)k, v, c) : block128(k, v, c);
}

/* Decoding state kept in registers: vacancies and hands per seat, selected by masks rather than
 * by an index into memory, which would make each card wait for the previous card's store. */
struct decoder {
    uint64_t v0, v1, v2, v3; /* vacancies */
    uint64_t h0, h1, h2, h3; /* hands being built */
};

/* Gives the card with hand-mask bit to the seat whose mask (all ones) is set. */
static inline void give(struct decoder *st, uint64_t bit, uint64_t m1, uint64_t m2, uint64_t m3)
{
    uint64_t is0 = ~m1, is1 = m1 & ~m2, is2 = m2 & ~m3, is3 = m3;

    st->h0 |= bit & is0;
    st->h1 |= bit & is1;
    st->h2 |= bit & is2;
    st->h3 |= bit & is3;
    st->v0 -= is0 & 1;
    st->v1 -= is1 & 1;
    st->v2 -= is2 & 1;
    st->v3 -= is3 & 1;
}

/* One card, branch-free: the blocks of N, E and S (W's is what they leave) are compared with n
 * at once; a seat with no vacancy has an empty block, which the comparisons pass over. The
 * cumulative bounds grow, so the masks m1 >= m2 >= m3 say how many blocks n has passed. */
#define PLACE(T, BLOCK)                                                                        \
    do {                                                                                       \
        T x0 = BLOCK(k, (int)st.v0, c), x1 = BLOCK(k, (int)st.v1, c),                          \
          x2 = BLOCK(k, (int)st.v2, c);                                                        \
        T c1 = x0, c2 = c1 + x1, c3 = c2 + x2;                                                 \
        uint64_t m1 = -(uint64_t)(n >= c1), m2 = -(uint64_t)(n >= c2),                         \
                 m3 = -(uint64_t)(n >= c3);                                                    \
        T w1 = (T)(m1 & ~m2), w2 = (T)(m2 & ~m3), w3 = (T)m3, w0 = (T)~m1;                     \
        if (sizeof(T) > 8) { /* widen the masks to 128 bits */                                 \
            w0 |= (T)(uint64_t)w0 << 32 << 32;                                                 \
            w1 |= (T)(uint64_t)w1 << 32 << 32;                                                 \
            w2 |= (T)(uint64_t)w2 << 32 << 32;                                                 \
            w3 |= (T)(uint64_t)w3 << 32 << 32;                                                 \
        }                                                                                      \
        n -= (c1 & w1) | (c2 & w2) | (c3 & w3);                                                \
        k = (x0 & w0) | (x1 & w1) | (x2 & w2) | ((k - c3) & w3);                               \
        give(&st, 1ULL << bit_of_card[DEAL_NCARDS - c], m1, m2, m3);                           \
    } while (0)

static void decode_small(uint64_t n, uint64_t k, int c, struct decoder *pst)
{
    struct decoder st = *pst;

    for (; c >= 1; c--)
        PLACE(uint64_t, block64);
    *pst = st;
}

/* While k >= 2^59 the products need 128 bits; after that (k*v < 2^63) everything is 64-bit. */
enum pd_status deal_from_number(deal_num n, struct deal *out, struct pd_err *e)
{
    struct decoder st = {13, 13, 13, 13, 0, 0, 0, 0};
    deal_num k = DEAL_COUNT;
    int c = DEAL_NCARDS;

    if (n >= DEAL_COUNT)
        return pd_fail(e, PD_ERR_RANGE, "deal number out of range: must be below D");
    pthread_once(&tables_once, build_tables);
    for (; c >= 1 && k >= SMALL_K; c--)
        PLACE(deal_num, block128);
    decode_small((uint64_t)n, (uint64_t)k, c, &st);
    out->hand[SEAT_N] = st.h0;
    out->hand[SEAT_E] = st.h1;
    out->hand[SEAT_S] = st.h2;
    out->hand[SEAT_W] = st.h3;
    return PD_OK;
}

enum pd_status deal_to_number(const struct deal *d, deal_num *out, struct pd_err *e)
{
    int vac[4] = {13, 13, 13, 13};
    deal_num k = DEAL_COUNT, n = 0;
    char why[80];

    if (!deal_is_complete(d, why, sizeof why))
        return pd_fail(e, PD_ERR_RANGE, "not a complete deal: %s", why);
    pthread_once(&tables_once, build_tables);
    for (int c = DEAL_NCARDS; c >= 1; c--) {
        uint64_t bit = 1ULL << bit_of_card[DEAL_NCARDS - c];
        int owner = 0;

        while (!(d->hand[owner] & bit))
            owner++;
        for (int s = 0; s < owner; s++)
            if (vac[s])
                n += block(k, vac[s], c);
        k = block(k, vac[owner], c);
        vac[owner]--;
    }
    *out = n;
    return PD_OK;
}

/* One 128-bit division splits n into 64-bit parts below 10^19; the rest is 64-bit work. */
void deal_num_to_dec(deal_num n, char *buf)
{
    const uint64_t e19 = 10000000000000000000ULL;
    uint64_t high = (uint64_t)(n / e19), low = (uint64_t)(n % e19);

    if (high)
        snprintf(buf, 40, "%llu%019llu", (unsigned long long)high, (unsigned long long)low);
    else
        snprintf(buf, 40, "%llu", (unsigned long long)low);
}

enum pd_status deal_num_from_dec(const char *text, deal_num *out, struct pd_err *e)
{
    deal_num n = 0;
    const char *p = text;

    if (!*p)
        return pd_fail(e, PD_ERR_RANGE, "deal number: empty");
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return pd_fail(e, PD_ERR_RANGE, "deal number \"%s\": digits only", text);
        /* Stop before overflow: anything of 30+ digits is already above D. */
        if (p - text >= 30)
            return pd_fail(e, PD_ERR_RANGE, "deal number %s is out of range 0..D-1", text);
        n = n * 10 + (deal_num)(*p - '0');
    }
    if (n >= DEAL_COUNT)
        return pd_fail(e, PD_ERR_RANGE,
                       "deal number %s is out of range 0..53644737765488792839237439999",
                       text);
    *out = n;
    return PD_OK;
}
