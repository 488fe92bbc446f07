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

/* K*v/C for an exact quotient. */
static inline deal_num block(deal_num k, int v, int c)
{
    const struct divisor *d = &div_table[c];

    if (k < ((deal_num)1 << 59)) {
        uint64_t kv = (uint64_t)k * (uint64_t)v;

        return (deal_num)((kv >> d->shift) * d->inv64);
    }
    return ((k * (deal_num)v) >> d->shift) * d->inv;
}

/* The blocks of the seats with vacancies sum to k, so the last vacant seat's block is what the
 * others leave, with no multiplication; once a single seat has vacancies, the remaining cards
 * are all its own. */
enum pd_status deal_from_number(deal_num n, struct deal *out, struct pd_err *e)
{
    struct deal d = {{0}};
    int vac[4] = {13, 13, 13, 13}, last = SEAT_W;
    deal_num k = DEAL_COUNT;

    if (n >= DEAL_COUNT)
        return pd_fail(e, PD_ERR_RANGE, "deal number out of range: must be below D");
    pthread_once(&tables_once, build_tables);
    for (int c = DEAL_NCARDS; c >= 1; c--) {
        int card = DEAL_NCARDS - c, s = 0;
        deal_num left = k; /* k minus the blocks passed over */

        while (vac[last] == 0)
            last--;
        for (;; s++) {
            deal_num x;

            if (vac[s] == 0)
                continue;
            if (s == last)
                break;
            x = block(k, vac[s], c);
            if (n < x) {
                left = x;
                break;
            }
            n -= x;
            left -= x;
        }
        if (s == last && vac[s] == c) { /* only this seat is left: it takes the rest */
            for (; card < DEAL_NCARDS; card++)
                d.hand[s] |= 1ULL << bit_of_card[card];
            break;
        }
        d.hand[s] |= 1ULL << bit_of_card[card];
        vac[s]--;
        k = left;
    }
    *out = d;
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
