/* dealer/event/bigdeal.c - Big Deal's deals, reproduced independently: Kuipers' "Gödel" numbering
 * (number <-> deal, both ways) and Big Deal's seed and per-deal derivation (RIPEMD-160 of a
 * counter and the seed, first 96 bits, retried while >= D). dealer/BIGDEAL.md states the
 * algorithm with worked examples from published Big Deal files; this file follows it.
 *
 * The numbering: North's 13 cards are a 13-subset of the 52 cards in order spade ace .. club
 * two, East's a 13-subset of the 39 cards left (same order), South's of the 26 left, West gets
 * the rest. Each subset has its lexicographic rank among all subsets of its size; the deal's
 * number is rankN * C(39,13) * C(26,13) + rankE * C(26,13) + rankS. Every product fits in the
 * 128-bit deal_num (D < 2^96). */
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/event/event.h"

enum { MAX_N = DEAL_NCARDS, MAX_K = HAND_NCARDS };

/* C(n, k) for n <= 52, k <= 13: at most C(52,13) = 635,013,559,600, so 64 bits hold them. */
static uint64_t binom[MAX_N + 1][MAX_K + 1];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void build_binom(void)
{
    for (int n = 0; n <= MAX_N; n++)
        for (int k = 0; k <= MAX_K; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
}

/* C(n, k), 0 when k > n. */
static uint64_t choose(int n, int k)
{
    return binom[n][k];
}

/* Lexicographic rank of the 13-subset pos[0] < .. < pos[12] of {0 .. n-1}: for each place j,
 * the subsets that agree before j and hold a smaller element at j. */
static uint64_t subset_rank(const int pos[MAX_K], int n)
{
    uint64_t rank = 0;
    int prev = -1;

    for (int j = 0; j < MAX_K; j++) {
        for (int q = prev + 1; q < pos[j]; q++)
            rank += choose(n - 1 - q, MAX_K - 1 - j);
        prev = pos[j];
    }
    return rank;
}

/* The inverse of subset_rank: rank < C(n, 13). */
static void subset_unrank(uint64_t rank, int n, int pos[MAX_K])
{
    int q = 0;

    for (int j = 0; j < MAX_K; j++, q++) {
        for (;;) {
            uint64_t below = choose(n - 1 - q, MAX_K - 1 - j);

            if (rank < below)
                break;
            rank -= below;
            q++;
        }
        pos[j] = q;
    }
}

/* Removes the 13 cards at positions pos (ascending) from rest[0..*n), keeping the order. */
static void take_cards(int *rest, int *n, const int pos[MAX_K])
{
    int kept = 0, j = 0;

    for (int i = 0; i < *n; i++) {
        if (j < MAX_K && pos[j] == i)
            j++;
        else
            rest[kept++] = rest[i];
    }
    *n = kept;
}

enum pd_status godel_to_deal(deal_num g, struct deal *out, struct pd_err *e)
{
    int rest[DEAL_NCARDS], n = DEAL_NCARDS, pos[MAX_K];
    uint64_t rank[3];

    if (g >= DEAL_COUNT)
        return pd_fail(e, PD_ERR_RANGE, "Gödel number out of range: must be below D");
    pthread_once(&binom_once, build_binom);
    deal_num c26 = choose(26, 13), c39x26 = (deal_num)choose(39, 13) * c26;

    rank[0] = (uint64_t)(g / c39x26);
    rank[1] = (uint64_t)(g % c39x26 / c26);
    rank[2] = (uint64_t)(g % c26);
    for (int i = 0; i < DEAL_NCARDS; i++)
        rest[i] = i;
    memset(out, 0, sizeof *out);
    for (int seat = SEAT_N; seat <= SEAT_S; seat++) {
        subset_unrank(rank[seat], n, pos);
        for (int j = 0; j < MAX_K; j++)
            out->hand[seat] |= card_mask_from_index(rest[pos[j]]);
        take_cards(rest, &n, pos);
    }
    for (int i = 0; i < n; i++)
        out->hand[SEAT_W] |= card_mask_from_index(rest[i]);
    return PD_OK;
}

enum pd_status godel_from_deal(const struct deal *d, deal_num *out, struct pd_err *e)
{
    int rest[DEAL_NCARDS], n = DEAL_NCARDS, pos[MAX_K];
    deal_num g = 0;
    char why[80];

    if (!deal_is_complete(d, why, sizeof why))
        return pd_fail(e, PD_ERR_RANGE, "not a complete deal: %s", why);
    pthread_once(&binom_once, build_binom);
    for (int i = 0; i < DEAL_NCARDS; i++)
        rest[i] = i;
    for (int seat = SEAT_N; seat <= SEAT_S; seat++) {
        int k = 0;

        for (int i = 0; i < n; i++)
            if (d->hand[seat] & card_mask_from_index(rest[i]))
                pos[k++] = i;
        g = g * choose(n, MAX_K) + subset_rank(pos, n);
        take_cards(rest, &n, pos);
    }
    *out = g;
    return PD_OK;
}

/* ---------------------------------------------------------------- seed and derivation */

/* RIPEMD-160 from libcrypto. OpenSSL 3.0.7 and later (Debian 12) have it in the default
 * provider; earlier 3.0 releases only in the legacy one, which is loaded then. The first
 * fetch has already started the default provider, so loading legacy does not displace it. */
static EVP_MD *rmd160;
static pthread_once_t rmd160_once = PTHREAD_ONCE_INIT;

static void fetch_rmd160(void)
{
    rmd160 = EVP_MD_fetch(NULL, "RIPEMD160", NULL);
    if (!rmd160 && OSSL_PROVIDER_load(NULL, "legacy"))
        rmd160 = EVP_MD_fetch(NULL, "RIPEMD160", NULL);
}

static enum pd_status rmd160_hash(const void *data, size_t n, uint8_t out[BIGDEAL_HASH],
                                  struct pd_err *e)
{
    pthread_once(&rmd160_once, fetch_rmd160);
    if (!rmd160)
        return pd_fail(e, PD_ERR_CRYPTO,
                       "RIPEMD-160 is not available from OpenSSL (neither the default nor the "
                       "legacy provider has it)");
    if (!EVP_Digest(data, n, out, NULL, rmd160, NULL))
        return pd_fail(e, PD_ERR_CRYPTO, "RIPEMD-160 failed");
    return PD_OK;
}

enum pd_status bigdeal_seed_make(const char *owner, const char *const *entropy, size_t n,
                                 struct bigdeal_seed *out, struct pd_err *e)
{
    size_t len = 0, at = 0;
    enum pd_status rc;

    for (size_t i = 0; i < n; i++)
        len += strlen(entropy[i]);
    char *all = malloc(len + 1);

    if (!all)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) { /* Big Deal hashes its -e strings as one stream */
        memcpy(all + at, entropy[i], strlen(entropy[i]));
        at += strlen(entropy[i]);
    }
    rc = rmd160_hash(all, len, out->random, e);
    if (rc == PD_OK)
        rc = rmd160_hash(owner, strlen(owner), out->owner, e);
    pd_wipe(all, len);
    free(all);
    return rc;
}

/* The 44 bytes hashed for one candidate: counter (4 bytes little-endian), random, owner. */
static deal_num candidate(const struct bigdeal_seed *seed, uint32_t counter,
                          enum pd_status *rc, struct pd_err *e)
{
    uint8_t msg[4 + 2 * BIGDEAL_HASH], h[BIGDEAL_HASH];
    deal_num g = 0;

    for (int i = 0; i < 4; i++)
        msg[i] = (uint8_t)(counter >> (8 * i));
    memcpy(msg + 4, seed->random, BIGDEAL_HASH);
    memcpy(msg + 4 + BIGDEAL_HASH, seed->owner, BIGDEAL_HASH);
    *rc = rmd160_hash(msg, sizeof msg, h, e);
    for (int i = 0; i < 12; i++) /* the first 96 bits, big-endian */
        g = g << 8 | h[i];
    pd_wipe(msg, sizeof msg);
    return g;
}

enum pd_status bigdeal_run(const struct bigdeal_seed *seed, size_t n, deal_num *numbers,
                           struct pd_err *e)
{
    uint32_t counter = 0;
    enum pd_status rc = PD_OK;

    for (size_t i = 0; i < n && rc == PD_OK; i++) {
        do {
            if (counter == UINT32_MAX)
                return pd_fail(e, PD_ERR_RANGE, "Big Deal's 32-bit counter would wrap");
            numbers[i] = candidate(seed, ++counter, &rc, e);
        } while (rc == PD_OK && numbers[i] >= DEAL_COUNT);
    }
    return rc;
}
