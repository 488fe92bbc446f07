/* tests/bench_ceiling.c - the one-core ceiling of case (a) for `make bench`: the least work a
 * uniform deal of the north hand alone can cost. AES-128-CTR through OpenSSL EVP (AES-NI where
 * the CPU has it) fills a buffer; each deal draws north's 13 cards by 13 bounded draws of a
 * partial Fisher-Yates (Lemire's multiply-shift, rejection when biased) and adds up its HCP,
 * as `predup dealer` does on dealer-a-uncond.dl. A draw takes 16 bits (a bias below 1 in 1,260
 * is rejected). No script, no threads, no output but the
 * average: a program cannot do the job in less. Usage: bench_ceiling [DEALS] (10,000,000). */
#include <immintrin.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WORDS = 8192 };

struct ctr {
    EVP_CIPHER_CTX *ctx;
    uint16_t zeros[WORDS], buf[WORDS];
    size_t pos;
};

static inline uint32_t next16(struct ctr *c)
{
    int len;

    if (c->pos == WORDS) {
        EVP_EncryptUpdate(c->ctx, (uint8_t *)c->buf, &len, (uint8_t *)c->zeros, sizeof c->buf);
        c->pos = 0;
    }
    return c->buf[c->pos++];
}

/* Uniform in [0, n), n <= 52. */
static inline unsigned below(struct ctr *c, uint32_t n)
{
    uint32_t m = next16(c) * n;

    if ((m & 0xFFFF) < n) {
        uint32_t floor = (0x10000 - n) % n;

        while ((m & 0xFFFF) < floor)
            m = next16(c) * n;
    }
    return m >> 16;
}

/* The deals and their HCP total: one loop compiled twice, for CPUs with BMI2 (the j-th free
 * card is one PDEP) and popcnt, and for the others (a loop clears the j lowest free cards). */
#define DEAL_LOOP(NTH_FREE)                                                                     \
    long long hcp = 0;                                                                          \
    for (long d = 0; d < deals; d++) {                                                          \
        uint64_t hand = 0;                                                                      \
        for (unsigned i = 0; i < 13; i++)                                                       \
            hand |= NTH_FREE(~hand & 0xFFFFFFFFFFFFFULL, below(c, 52 - i));                     \
        hcp += 4 * __builtin_popcountll(hand & ACES) + 3 * __builtin_popcountll(hand & ACES >> 1) + \
               2 * __builtin_popcountll(hand & ACES >> 2) + __builtin_popcountll(hand & ACES >> 3); \
    }                                                                                           \
    return hcp;
#define ACES 0x0008004002001000ULL /* card = 13 * suit + rank - 2 */
#define PDEP_FREE(free, j) _pdep_u64(1ULL << (j), (free))

static inline uint64_t nth_free_loop(uint64_t free, unsigned j)
{
    while (j--)
        free &= free - 1;
    return free & -free;
}

__attribute__((target("bmi2,popcnt"))) static long long deal_bmi2(struct ctr *c, long deals)
{
    DEAL_LOOP(PDEP_FREE)
}

static long long deal_plain(struct ctr *c, long deals)
{
    DEAL_LOOP(nth_free_loop)
}

int main(int argc, char **argv)
{
    static const uint8_t key[16] = {1}, iv[16] = {0};
    long deals = argc > 1 ? strtol(argv[1], NULL, 10) : 10000000;
    struct ctr *c = calloc(1, sizeof *c);
    long long hcp;

    if (!c || !(c->ctx = EVP_CIPHER_CTX_new()) ||
        !EVP_EncryptInit_ex(c->ctx, EVP_aes_128_ctr(), NULL, key, iv))
        return 1;
    c->pos = WORDS;
    if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))
        hcp = deal_bmi2(c, deals);
    else
        hcp = deal_plain(c, deals);
    printf("ceiling: %ld deals, north's average HCP %.5f\n", deals, (double)hcp / (double)deals);
    EVP_CIPHER_CTX_free(c->ctx);
    free(c);
    return 0;
}
