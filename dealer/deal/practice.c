/* dealer/deal/practice.c - practice dealing version 2 (`predup dealer`, dealer/README.md,
 * "Practice dealing"): each hand of a deal draws its cards from its own 32-byte slot of an
 * AES-128-CTR keystream (OpenSSL EVP: AES-NI where the CPU has it), addressed by the deal's
 * ordinal and the hand, so that a hand is dealt without making the bytes of the hands a script
 * does not read, and dealing only some hands gives exactly those hands of the whole deal.
 * A draw is a 16-bit word (big-endian) with Lemire's rejection; the card is the draw's place
 * among the free cards in mask order (one PDEP where the CPU has BMI2). Draws that a rejection
 * pushes past the slot come from overflow blocks of the hand's own. */
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/deal/hot.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define PRACTICE_BMI2 1
#endif

enum { SLOT = PRACTICE_SLOT_BYTES, SLOT_WORDS = PRACTICE_SLOT_BYTES / 2 };
static const uint64_t all_cards = 0x1FFF1FFF1FFF1FFFULL;

/* Counter block (slot, hand h, 2 * ordinal + j): byte 0 is 1, byte 1 the hand, bytes 2-15
 * the big-endian number; counter block (overflow, h, ordinal, j): byte 0 is 2, byte 1 the
 * hand, bytes 2-9 the ordinal, bytes 10-15 j (big-endian). */
static void slot_counter(uint8_t c[16], int h, uint64_t ordinal)
{
    memset(c, 0, 16);
    c[0] = 1;
    c[1] = (uint8_t)h;
    c[7] = (uint8_t)(ordinal >> 63); /* 2 * ordinal takes 65 bits */
    for (int i = 0; i < 8; i++)
        c[15 - i] = (uint8_t)((ordinal << 1) >> (8 * i));
}

static void overflow_counter(uint8_t c[16], int h, uint64_t ordinal, uint64_t j)
{
    c[0] = 2;
    c[1] = (uint8_t)h;
    for (int i = 0; i < 8; i++)
        c[9 - i] = (uint8_t)(ordinal >> (8 * i));
    for (int i = 0; i < 6; i++)
        c[15 - i] = (uint8_t)(j >> (8 * i));
}

/* One AES block, AES_K(counter), by the ECB context. Encrypting cannot fail once the context
 * is set up; a failure would be a broken libcrypto, and dealing from zeros worse than
 * stopping. */
static void aes_block(struct practice *pr, const uint8_t in[16], uint8_t out[16])
{
    int n = 0;

    if (EVP_EncryptUpdate(pr->ecb, out, &n, in, 16) != 1 || n != 16)
        abort();
}

static practice_take_fn *take_impl(void);

enum pd_status deal_practice_open(struct practice *pr, const struct set_key *sk, struct pd_err *e)
{
    static const char label[] = "predup/practice/2";
    uint8_t key[32];
    unsigned int len = 0;
    bool ok;

    memset(pr, 0, sizeof *pr);
    pr->ctr = EVP_CIPHER_CTX_new();
    pr->ecb = EVP_CIPHER_CTX_new();
    ok = pr->ctr && pr->ecb &&
         HMAC(EVP_sha256(), sk->bytes, sizeof sk->bytes, (const uint8_t *)label,
              sizeof label - 1, key, &len) && len == sizeof key &&
         EVP_EncryptInit_ex(pr->ctr, EVP_aes_128_ctr(), NULL, key, NULL) == 1 &&
         EVP_EncryptInit_ex(pr->ecb, EVP_aes_128_ecb(), NULL, key, NULL) == 1 &&
         EVP_CIPHER_CTX_set_padding(pr->ecb, 0) == 1;
    pr->take = take_impl();
    pd_wipe(key, sizeof key);
    if (!ok) {
        char buf[120];

        ERR_error_string_n(ERR_get_error(), buf, sizeof buf);
        deal_practice_close(pr);
        return pd_fail(e, PD_ERR_CRYPTO, "AES-128 (practice dealing 2) failed: %s", buf);
    }
    return PD_OK;
}

void deal_practice_close(struct practice *pr)
{
    if (pr->ctr)
        EVP_CIPHER_CTX_free(pr->ctr);
    if (pr->ecb)
        EVP_CIPHER_CTX_free(pr->ecb);
    for (int h = 0; h < 3; h++)
        free(pr->slots[h]);
    free(pr->zeros);
    free(pr->hands);
    free(pr->left);
    memset(pr, 0, sizeof *pr);
}

/* Word w (from 0) of hand h's draws for deal ordinal: the slot's, then the overflow blocks'. */
static unsigned overflow_word(struct practice *pr, uint64_t ordinal, int h, unsigned w)
{
    uint8_t c[16], b[16];
    unsigned k = w - SLOT_WORDS;

    overflow_counter(c, h, ordinal, k / 8);
    aes_block(pr, c, b);
    return (unsigned)b[2 * (k % 8)] << 8 | b[2 * (k % 8) + 1];
}

/* The j-th (from 0) set bit of free, in ascending order. */
static inline uint64_t nth_free_plain(uint64_t free, unsigned j)
{
    for (int s = 0; s < 4; s++) {
        unsigned in = (unsigned)__builtin_popcountll(free & 0xFFFFULL << (16 * s));

        if (j < in) {
            uint64_t x = free & 0xFFFFULL << (16 * s);

            while (j--)
                x &= x - 1;
            return x & -x;
        }
        j -= in;
    }
    return 0; /* j < popcount(free) always */
}

/* 65536 mod c for c = 0..52: a draw v among c is rejected when (v * c) mod 65536 is below
 * it (Lemire), which keeps every one of the c outcomes equally likely. */
static const uint16_t reject_below[DEAL_NCARDS + 1] = {
    0,  0,  0,  1,  0,  1,  4,  2,  0,  7,  6,  9,  4,  3,  2,  1,  0,  1,
    16, 5,  16, 16, 20, 9,  16, 11, 16, 7,  16, 25, 16, 2,  0,  31, 18, 16,
    16, 9,  24, 16, 16, 18, 16, 4,  20, 16, 32, 18, 16, 23, 36, 1,  16,
};

static inline unsigned slot_word(const uint8_t *slot, unsigned w)
{
    return (unsigned)slot[2 * w] << 8 | slot[2 * w + 1];
}

/* k cards of *free for hand h of deal ordinal from the words at slot; the cards leave *free.
 * One body, built with PDEP and without. A whole hand whose 13 draws are all accepted (all
 * but about 1 in 300) takes the straight path: the draws at once, then the cards. */
#define TAKE_BODY(NTH)                                                                         \
    uint64_t f = *free, start = *free;                                                         \
    unsigned c = (unsigned)__builtin_popcountll(f), w = 0;                                     \
    if (k == HAND_NCARDS) {                                                                    \
        uint32_t m[HAND_NCARDS];                                                               \
        unsigned bad = 0;                                                                      \
        _Pragma("GCC unroll 13") for (unsigned i = 0; i < HAND_NCARDS; i++) {                 \
            m[i] = slot_word(slot, i) * (c - i);                                               \
            bad |= (uint16_t)m[i] < reject_below[c - i];                                       \
        }                                                                                      \
        if (!bad) {                                                                            \
            _Pragma("GCC unroll 13") for (unsigned i = 0; i < HAND_NCARDS; i++)               \
                f ^= NTH(f, m[i] >> 16);                                                       \
            *free = f;                                                                         \
            return start ^ f;                                                                  \
        }                                                                                      \
    }                                                                                          \
    for (int i = 0; i < k; i++, c--) {                                                         \
        uint32_t m;                                                                            \
        do {                                                                                   \
            m = (w < SLOT_WORDS ? slot_word(slot, w) : overflow_word(pr, ordinal, h, w)) * c;  \
            w++;                                                                               \
        } while ((uint16_t)m < reject_below[c]);                                               \
        f ^= NTH(f, m >> 16);                                                                  \
    }                                                                                          \
    *free = f;                                                                                 \
    return start ^ f;

static uint64_t take_plain(struct practice *pr, const uint8_t *slot, uint64_t ordinal, int h,
                           uint64_t *free, int k)
{
    TAKE_BODY(nth_free_plain)
}

#if defined(PRACTICE_BMI2)
#define NTH_PDEP(free, j) _pdep_u64(1ULL << (j), (free))
__attribute__((target("bmi2,popcnt"))) static uint64_t
take_bmi2(struct practice *pr, const uint8_t *slot, uint64_t ordinal, int h, uint64_t *free,
          int k)
{
    TAKE_BODY(NTH_PDEP)
}

/* Hand h of four deals in a row (i .. i+3 of the block, 13 cards each): their draws at once
 * in vectors (n and thr: per lane c - lane and its rejection bound, c the free cards before
 * the hand), then four chains of selections interleaved. False when a draw is rejected:
 * nothing done. */
__attribute__((target("avx2,bmi2,popcnt"))) static inline bool
deal4_avx2(struct practice *pr, int h, long i, __m256i n, __m256i thr)
{
    const __m256i swap = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                          1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    uint16_t off[4][16] __attribute__((aligned(32)));
    __m256i bad = _mm256_setzero_si256();
    uint64_t *left = pr->left + i, f[4];

    for (int d = 0; d < 4; d++) {
        const uint8_t *slot = pr->slots[h] + (i + d) * SLOT;
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)slot);

        v = _mm256_shuffle_epi8(v, swap); /* big-endian words */
        bad = _mm256_or_si256(bad, _mm256_subs_epu16(thr, _mm256_mullo_epi16(v, n)));
        _mm256_store_si256((__m256i *)(void *)off[d], _mm256_mulhi_epu16(v, n));
    }
    if (!_mm256_testz_si256(bad, bad))
        return false;
    uint64_t f0 = left[0], f1 = left[1], f2 = left[2], f3 = left[3]; /* in registers */

#pragma GCC unroll 13
    for (int j = 0; j < HAND_NCARDS; j++) {
        f0 ^= _pdep_u64(1ULL << off[0][j], f0);
        f1 ^= _pdep_u64(1ULL << off[1][j], f1);
        f2 ^= _pdep_u64(1ULL << off[2][j], f2);
        f3 ^= _pdep_u64(1ULL << off[3][j], f3);
    }
    f[0] = f0;
    f[1] = f1;
    f[2] = f2;
    f[3] = f3;
    for (int d = 0; d < 4; d++) {
        pr->hands[(i + d) * 3 + h] |= left[d] ^ f[d];
        left[d] = f[d];
    }
    return true;
}

/* Hand h (13 cards, c free before it) of every deal of the block, four at a time. */
__attribute__((target("avx2,bmi2,popcnt"))) static void deal_hand_avx2(struct practice *pr,
                                                                        int h, unsigned c)
{
    uint16_t nv[16] __attribute__((aligned(32))) = {0}, tv[16] __attribute__((aligned(32))) = {0};

    for (unsigned j = 0; j < HAND_NCARDS; j++) {
        nv[j] = (uint16_t)(c - j);
        tv[j] = reject_below[c - j];
    }
    __m256i n = _mm256_load_si256((const __m256i *)(void *)nv);
    __m256i thr = _mm256_load_si256((const __m256i *)(void *)tv);

    for (long i = 0; i < pr->n; i += 4)
        if (i + 4 > pr->n || !deal4_avx2(pr, h, i, n, thr))
            for (long d = i; d < i + 4 && d < pr->n; d++)
                pr->hands[d * 3 + h] |= take_bmi2(pr, pr->slots[h] + d * SLOT,
                                                  pr->first + (uint64_t)d, h, pr->left + d,
                                                  HAND_NCARDS);
}
#endif

static bool has_bmi2(void)
{
#if defined(PRACTICE_BMI2)
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
    return false;
#endif
}

static practice_take_fn *take_impl(void)
{
#if defined(PRACTICE_BMI2)
    if (has_bmi2())
        return take_bmi2;
#endif
    return take_plain;
}

/* Hand h (k cards) of every deal of the block into pr->hands, pr->left the cards still free
 * after it: four deals at a time in vectors where the CPU has AVX2 and BMI2. */
static void deal_block_hand(struct practice *pr, int h, int k)
{
#if defined(PRACTICE_BMI2)
    if (k == HAND_NCARDS && pr->n > 0 && has_bmi2() && __builtin_cpu_supports("avx2")) {
        deal_hand_avx2(pr, h, (unsigned)__builtin_popcountll(pr->left[0]));
        return;
    }
#endif
    for (long i = 0; i < pr->n; i++)
        pr->hands[i * 3 + h] |= pr->take(pr, pr->slots[h] + i * SLOT, pr->first + (uint64_t)i,
                                         h, pr->left + i, k);
}

/* The slots of hand h for ordinals first .. first + n - 1, by AES-128-CTR: the counter
 * blocks of consecutive slots are consecutive numbers. */
static bool fill_slots(struct practice *pr, int h, uint64_t first, long n)
{
    uint8_t iv[16];
    int out = 0;

    slot_counter(iv, h, first);
    if (EVP_EncryptInit_ex(pr->ctr, NULL, NULL, NULL, iv) != 1 ||
        EVP_EncryptUpdate(pr->ctr, pr->slots[h], &out, pr->zeros, (int)(n * SLOT)) != 1 ||
        out != (int)(n * SLOT))
        abort(); /* as in aes_block: a broken libcrypto */
    return true;
}

bool deal_practice_prepare(struct practice *pr, uint64_t first, long n, int hands,
                      const struct deal *fixed)
{
    if (hands > 3)
        hands = 3;
    pr->first = first;
    pr->n = 0;
    pr->bulk = 0;
    if (hands <= 0 || n <= 0)
        return true;
    if (n > pr->cap) {
        uint8_t *z = calloc((size_t)n, SLOT);

        if (!z)
            return false;
        free(pr->zeros);
        free(pr->hands);
        free(pr->left);
        pr->zeros = z;
        pr->hands = malloc((size_t)n * 3 * sizeof *pr->hands);
        pr->left = malloc((size_t)n * sizeof *pr->left);
        for (int h = 0; h < 3; h++) {
            free(pr->slots[h]);
            pr->slots[h] = NULL;
        }
        pr->cap = pr->hands && pr->left ? n : 0;
        if (!pr->cap)
            return false;
    }
    for (int h = 0; h < hands; h++) {
        if (!pr->slots[h] && !(pr->slots[h] = malloc((size_t)pr->cap * SLOT)))
            return false;
        fill_slots(pr, h, first, n);
    }
    pr->n = n;
    pr->bulk = hands;
    uint64_t taken = 0;

    for (int h = 0; h < 4; h++)
        taken |= fixed ? fixed->hand[h] : 0;
    for (long i = 0; i < n; i++) {
        pr->left[i] = all_cards & ~taken;
        for (int h = 0; h < 3; h++)
            pr->hands[i * 3 + h] = fixed ? fixed->hand[h] : 0;
    }
    for (int h = 0; h < hands; h++)
        deal_block_hand(pr, h, HAND_NCARDS - hand_ncards(fixed ? fixed->hand[h] : 0));
    return true;
}

uint64_t deal_practice_take_by(int impl, struct practice *pr, uint64_t ordinal, int h,
                          uint64_t *free, int k)
{
    uint8_t c[16], slot[SLOT];

    slot_counter(c, h, ordinal);
    aes_block(pr, c, slot);
    c[15] |= 1;
    aes_block(pr, c, slot + 16);
    return (impl ? take_impl() : take_plain)(pr, slot, ordinal, h, free, k);
}

uint64_t deal_practice_hand(struct practice *pr, uint64_t ordinal, int h, uint64_t *free, int k)
{
    if (h < pr->bulk && ordinal - pr->first < (uint64_t)pr->n)
        return pr->take(pr, pr->slots[h] + (ordinal - pr->first) * SLOT, ordinal, h, free, k);
    return deal_practice_take_by(1, pr, ordinal, h, free, k);
}

void deal_practice_deal(struct practice *pr, uint64_t ordinal, const struct deal *fixed,
                   int from, int to, uint64_t *free, struct deal *out)
{
    if (from == 0) {
        uint64_t taken = 0;

        for (int h = 0; h < 4; h++) {
            out->hand[h] = fixed ? fixed->hand[h] : 0;
            taken |= out->hand[h];
        }
        *free = all_cards & ~taken;
    }
    uint64_t i = ordinal - pr->first;
    bool held = i < (uint64_t)pr->n;

    for (int h = from; h < to && h < 3; h++) {
        if (held && h < pr->bulk) { /* dealt with the block, predealt cards included */
            out->hand[h] = pr->hands[i * 3 + h];
            *free = h == pr->bulk - 1 ? pr->left[i] : *free & ~out->hand[h];
            continue;
        }
        out->hand[h] |= deal_practice_hand(pr, ordinal, h, free,
                                      HAND_NCARDS - hand_ncards(fixed ? fixed->hand[h] : 0));
    }
    if (to == 4 && from < 4)
        out->hand[SEAT_W] |= *free;
}
