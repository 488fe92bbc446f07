/* dealer/deal/number.c - deal numbers: the bijection between [0, D) and all deals,
 * D = 53,644,737,765,488,792,839,237,440,000, in Pavlicek's order ("Mapping Bridge Deals",
 * rpbridge.net 7Z68). Never change the order: published numbers use it.
 *
 * Cards go in order spade ace .. club two. With C cards left and v[s] vacancies per seat, the
 * K deals of the remaining cards split into blocks K*v[s]/C for s = N, E, S, W (each an exact
 * integer). D < 2^96 and v <= 13, so K*v < 2^100 fits in 128 bits (the encoder's sums of up to
 * three seats' v, at most 39: below 2^102). The exact divisions are done
 * by multiplying with the inverse of C's odd part modulo 2^128 (or 2^64 once K is small), which
 * is several times faster than a 128-bit division; the encoder takes four cards a division
 * (four_factors): the same numbers, a third less time. */
#include <pthread.h>
#include <string.h>

#include "dealer/deal/deal.h"

/* 0xAD55E315634DDA658BF49200 (Pavlicek 7Z72; Big Deal's precomputed bytes agree). */
const deal_num DEAL_COUNT = ((deal_num)0xAD55E315ULL << 64) | 0x634DDA658BF49200ULL;

struct divisor {
    int shift;      /* trailing zero bits of C */
    deal_num inv;   /* inverse of C >> shift modulo 2^128 */
    uint64_t inv64; /* the same modulo 2^64 */
};
static struct divisor div_table[DEAL_NCARDS + 1];
/* c * (c - 1) * (c - 2) * (c - 3), for c >= 4: four cards at once (deal_to_number) */
static struct divisor four_table[DEAL_NCARDS + 1];
static int bit_of_card[DEAL_NCARDS]; /* Pavlicek card index -> bit in a hand mask */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Newton's iteration doubles the correct low bits each step: x = x * (2 - a * x). */
static struct divisor divisor_of(unsigned c)
{
    int shift = __builtin_ctz(c);
    deal_num odd = (deal_num)(c >> shift), x = odd; /* correct to 3 bits for odd a */

    for (int i = 0; i < 7; i++)
        x *= 2 - odd * x;
    return (struct divisor){shift, x, (uint64_t)x};
}

static void build_tables(void)
{
    for (unsigned c = 1; c <= DEAL_NCARDS; c++) {
        div_table[c] = divisor_of(c);
        if (c >= 4)
            four_table[c] = divisor_of(c * (c - 1) * (c - 2) * (c - 3));
    }
    for (int i = 0; i < DEAL_NCARDS; i++)
        bit_of_card[i] = 16 * (i / 13) + 12 - i % 13;
}

/* K*v/C for an exact quotient q: K*v = 2^shift * odd * q, so K times (v times odd's inverse)
 * is 2^shift * q modulo 2^128 (2^64), and 2^shift * q <= K*v is below it: shifted right, q.
 * v times the inverse does not wait for K, so a card's K waits on one multiplication, not
 * two. Below SMALL_K the product fits in 64 bits. */
static const deal_num SMALL_K = (deal_num)1 << 59;

static inline deal_num block128(deal_num k, int v, int c)
{
    const struct divisor *d = &div_table[c];

    return (k * (d->inv * (deal_num)v)) >> d->shift;
}

static inline uint64_t block64(uint64_t k, int v, int c)
{
    const struct divisor *d = &div_table[c];

    return (k * (d->inv64 * (uint64_t)v)) >> d->shift;
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

/* The encoder keeps the four vacancies in one word, seat s's in bits 16s..16s+15, so that a
 * card's owner selects them by a shift, in registers (see struct decoder). */
static const uint64_t VAC_FULL = 13 | 13ULL << 16 | 13ULL << 32 | 13ULL << 48;

/* Card c (C cards left) of d: the shift of its owner's field in the vacancies, and in *before
 * the vacancies of the seats before the owner. Their blocks add up to K*before/C, one exact
 * quotient, which is what n gains; the owner's block is the new K. */
static inline int owner_at(const struct deal *d, int c, uint64_t vac, uint64_t *before)
{
    uint64_t bit = 1ULL << bit_of_card[DEAL_NCARDS - c];
    int at = 16 * ((d->hand[1] & bit) != 0) + 32 * ((d->hand[2] & bit) != 0) +
             48 * ((d->hand[3] & bit) != 0);

    *before = ((vac << 16) + (vac << 32) + (vac << 48)) >> at & 0xFFFF;
    return at;
}

/* Cards c .. c - 3 at once (c >= 4), as one exact quotient each for K and n over
 * P = c (c - 1) (c - 2) (c - 3). Card j of them (C = c - j cards left, v its owner's vacancies,
 * b those of the seats before it) makes K_j+1 = K_j v / C and adds K_j b / C to n; over the
 * common P that is K F / P and K N / P with F = v1 ... v4 (*kf) and N grown card by card as
 * N * C + F_j * b (*nf). Four cards cost one multiplication on K's chain, not four. */
static inline void four_factors(const struct deal *d, int c, uint64_t *vac, uint64_t *kf,
                                uint64_t *nf)
{
    uint64_t f = 1, nn = 0, b;

    for (int j = 0; j < 4; j++) {
        int at = owner_at(d, c - j, *vac, &b);

        nn = nn * (uint64_t)(c - j) + f * b;
        f *= *vac >> at & 0xFFFF;
        *vac -= 1ULL << at;
    }
    *kf = f;
    *nf = nn;
}

/* Below 2^58 the quotients of four cards (at most K, times 2^6: P's factors of two), and K
 * times a sum of vacancies (at most 39), fit in 64 bits. */
static const deal_num SMALL_K_SUM = (deal_num)1 << 58;

static uint64_t encode_small(const struct deal *d, uint64_t k, int c, uint64_t vac)
{
    uint64_t n = 0, kf, nf, before;

    for (; c >= 4; c -= 4) {
        const struct divisor *p = &four_table[c];

        four_factors(d, c, &vac, &kf, &nf);
        n += (k * (p->inv64 * nf)) >> p->shift;
        k = (k * (p->inv64 * kf)) >> p->shift;
    }
    for (; c >= 1; c--) {
        int at = owner_at(d, c, vac, &before);

        n += block64(k, (int)before, c);
        k = block64(k, (int)(vac >> at & 0xFFFF), c);
        vac -= 1ULL << at;
    }
    return n;
}

/* While K >= 2^58 the blocks need 128 bits; the rest of n is then below K, in 64 bits. */
enum pd_status deal_to_number(const struct deal *d, deal_num *out, struct pd_err *e)
{
    deal_num k = DEAL_COUNT, n = 0;
    uint64_t vac = VAC_FULL, kf, nf;
    int c = DEAL_NCARDS;
    char why[80];

    if (!deal_is_complete(d, why, sizeof why))
        return pd_fail(e, PD_ERR_RANGE, "not a complete deal: %s", why);
    pthread_once(&tables_once, build_tables);
    for (; c >= 4 && k >= SMALL_K_SUM; c -= 4) {
        const struct divisor *p = &four_table[c];

        four_factors(d, c, &vac, &kf, &nf);
        n += (k * (p->inv * nf)) >> p->shift;
        k = (k * (p->inv * kf)) >> p->shift;
    }
    *out = n + encode_small(d, (uint64_t)k, c, vac);
    return PD_OK;
}

/* "00" .. "99": two digits a division by 100 */
static const char DIGIT_PAIRS[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Digits of v, at least min of them (leading zeros up to min), ending at end; the start. */
static char *u64_digits(uint64_t v, int min, char *end)
{
    char *p = end;

    while (v >= 100 || min > 2) {
        p -= 2;
        memcpy(p, DIGIT_PAIRS + 2 * (v % 100), 2);
        v /= 100;
        min -= 2;
    }
    if (v >= 10 || min == 2) {
        p -= 2;
        memcpy(p, DIGIT_PAIRS + 2 * v, 2);
    } else if (v || min == 1) {
        *--p = (char)('0' + v);
    }
    return p;
}

/* One 128-bit division splits n into 64-bit parts below 10^19, the lower one into two below
 * 10^10 (their digits made side by side); the rest is 64-bit work. */
size_t deal_num_to_dec(deal_num n, char *buf)
{
    const uint64_t e19 = 10000000000000000000ULL, e10 = 10000000000ULL;
    uint64_t high = (uint64_t)(n / e19), low = (uint64_t)n - high * e19; /* one division */
    uint64_t mid = low / e10, lo = low % e10;
    char digits[40], *end = digits + sizeof digits, *p;

    p = u64_digits(lo, high || mid ? 10 : 1, end);
    p = u64_digits(mid, high ? 9 : 0, p);
    p = u64_digits(high, 0, p);
    memcpy(buf, p, (size_t)(end - p));
    buf[end - p] = '\0';
    return (size_t)(end - p);
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
