/* tests/check_practice.c - practice dealing version 2 (dealer/deal/practice.c; dealer/README.md,
 * "Practice dealing"): exact deals of fixed seeds, the same deal however it is dealt (hand by
 * hand, a block at once, with and without PDEP), and a uniformity test. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/deal/deal.h"
#include "tests/check_lib.h"
#include "tests/check_suites.h"

static void open_seed(struct practice *pr, unsigned long long seed)
{
    struct pd_key key;
    struct set_key sk;

    key_from_seed(seed, &key);
    ck_assert_int_eq(set_key_derive(&key, "dealer", &sk, NULL), PD_OK);
    ck_assert_int_eq(deal_practice_open(pr, &sk, NULL), PD_OK);
}

/* Deal `ordinal` whole, hand by hand from its own slots (no block held). */
static void whole(struct practice *pr, uint64_t ordinal, const struct deal *fixed,
                  struct deal *d)
{
    uint64_t free;

    deal_practice_deal(pr, ordinal, fixed, 0, 4, &free, d);
}

/* The deals of seed 1 that tests/tools/ref_practice.py (a second implementation, in Python,
 * from dealer/README.md) prints, and `predup dealer -s 1` with `action printoneline`: dealt
 * alone, and in blocks that hold them (four at a time, and the odd ones after). */
START_TEST(test_practice2_known_deals)
{
    static const struct {
        uint64_t ordinal;
        const char *pbn;
    } v[] = {
        {0, "N:A65.9863.T5.Q954 Q.AJT5.K982.AK62 KJT982.4.AJ63.87 743.KQ72.Q74.JT3"},
        {1, "N:J4.A95.JT9853.74 K753.742.A742.86 A98.KQT6.KQ.KJ52 QT62.J83.6.AQT93"},
        {2, "N:KQJT75.8.A843.J3 98.954.T95.AKQ84 A64.AT763.QJ62.6 32.KQJ2.K7.T9752"},
        {3, "N:AQ86..Q654.AKQT5 T2.JT752.3.86432 754.AQ963.JT2.J9 KJ93.K84.AK987.7"},
        {1000000, "N:Q8.A862.KT96.K43 K976432.Q5.J2.T6 AJ5.KT94.A54.952 T.J73.Q873.AQJ87"},
        {4611686018427387905ULL,
         "N:J876.K7.64.98743 K3.A5.QJT7.QJT62 Q542.98643.K52.K AT9.QJT2.A983.A5"},
    };
    struct practice pr;
    char buf[DEAL_PBN_LEN];

    open_seed(&pr, 1);
    for (size_t i = 0; i < ARRAY_LEN(v); i++) {
        struct deal d;
        uint64_t free;

        whole(&pr, v[i].ordinal, NULL, &d);
        deal_to_pbn(&d, SEAT_N, 15, buf);
        ck_assert_str_eq(buf, v[i].pbn);
        /* in a block of 7 from two before it (a whole group of four, then one by one) */
        ck_assert(deal_practice_prepare(&pr, v[i].ordinal < 2 ? 0 : v[i].ordinal - 2, 7, 3, NULL));
        ck_assert_int_eq(practice_held(&pr, v[i].ordinal, &d, &free), 3);
        d.hand[SEAT_W] = free;
        deal_to_pbn(&d, SEAT_N, 15, buf);
        ck_assert_str_eq(buf, v[i].pbn);
    }
    deal_practice_close(&pr);
}
END_TEST

/* Laziness is invisible: north alone then the rest, north to south held by the block then
 * west, or the whole deal at once give the same deal; with predealt cards too; and each hand
 * is the same with PDEP and without. */
START_TEST(test_practice2_lazy_is_whole)
{
    struct practice a, b;
    const struct deal fixed = {{card_mask(SUIT_S, RANK_A), 0, card_mask(SUIT_C, 2) |
                                card_mask(SUIT_H, 9), card_mask(SUIT_D, 12)}};
    enum { N = 3072 };

    open_seed(&a, 9);
    open_seed(&b, 9);
    for (int f = 0; f < 2; f++) {
        const struct deal *fx = f ? &fixed : NULL;

        for (int hands = 1; hands <= 3; hands++) {
            ck_assert(deal_practice_prepare(&b, 5 * N, N, hands, fx));
            for (uint64_t o = 5 * N; o < 6 * N; o++) {
                struct deal want, got, step;
                uint64_t free, sfree, p0, p1;

                whole(&a, o, fx, &want);
                ck_assert(deal_is_complete(&want, NULL, 0));
                ck_assert_int_eq(practice_held(&b, o, &got, &free), hands);
                got.hand[SEAT_W] = fx ? fx->hand[SEAT_W] : 0;
                deal_practice_deal(&b, o, fx, hands, 4, &free, &got);
                ck_assert(memcmp(&want, &got, sizeof want) == 0);
                deal_practice_deal(&a, o, fx, 0, 1, &sfree, &step);
                ck_assert_uint_eq(step.hand[SEAT_N], want.hand[SEAT_N]);
                deal_practice_deal(&a, o, fx, 1, 4, &sfree, &step);
                ck_assert(memcmp(&want, &step, sizeof want) == 0);
                p0 = p1 = 0x1FFF1FFF1FFF1FFFULL & ~(fx ? fx->hand[0] | fx->hand[1] |
                                                    fx->hand[2] | fx->hand[3] : 0);
                for (int h = 0; h < 3; h++) {
                    int k = HAND_NCARDS - hand_ncards(fx ? fx->hand[h] : 0);

                    ck_assert_uint_eq(deal_practice_take_by(0, &a, o, h, &p0, k),
                                      deal_practice_take_by(1, &a, o, h, &p1, k));
                }
            }
        }
    }
    deal_practice_close(&a);
    deal_practice_close(&b);
}
END_TEST

/* Uniform: over 92,160 deals of one seed (dealt by blocks, as runs deal them), each card lies
 * in each seat a quarter of the time (chi-square, 156 degrees of freedom), and north's spade
 * length follows the hypergeometric law (9 cells, 8 degrees of freedom); a uniform dealer
 * passes each limit (chi2_limit) but once in about a million seeds. */
START_TEST(test_practice2_uniform)
{
    enum { BLOCK = 3072, BLOCKS = 30, N = BLOCK * BLOCKS };
    static long seat_of[64][4];
    long len[9] = {0};
    double chi = 0, chi_len = 0, p_len[9] = {0}, p_exact[14];
    struct practice pr;

    open_seed(&pr, 7);
    for (int b = 0; b < BLOCKS; b++) {
        ck_assert(deal_practice_prepare(&pr, (uint64_t)b * BLOCK, BLOCK, 3, NULL));
        for (uint64_t o = (uint64_t)b * BLOCK; o < (uint64_t)(b + 1) * BLOCK; o++) {
            struct deal d = {{0}};
            uint64_t free = 0;

            ck_assert_int_eq(practice_held(&pr, o, &d, &free), 3);
            d.hand[SEAT_W] = free;
            for (int s = 0; s < 4; s++)
                for (uint64_t m = d.hand[s]; m; m &= m - 1)
                    seat_of[__builtin_ctzll(m)][s]++;
            int sp = hand_length(d.hand[SEAT_N], SUIT_S);

            len[sp < 8 ? sp : 8]++;
        }
    }
    deal_practice_close(&pr);
    for (int c = 0; c < 64; c++)
        for (int s = 0; s < 4 && (0x1FFF1FFF1FFF1FFFULL >> c & 1); s++)
            chi += pow(seat_of[c][s] - N / 4.0, 2) / (N / 4.0);
    exact_suit_length(p_exact);
    for (int k = 0; k <= 13; k++)
        p_len[k < 8 ? k : 8] += p_exact[k];
    for (int k = 0; k < 9; k++)
        chi_len += pow(len[k] - N * p_len[k], 2) / (N * p_len[k]);
    ck_assert_msg(chi < chi2_limit(156), "card by seat: chi-square %.1f (156 degrees of freedom)",
                  chi);
    ck_assert_msg(chi_len < chi2_limit(8), "north's spades: chi-square %.1f (8 degrees of freedom)",
                  chi_len);
}
END_TEST

static Suite *practice_suite(void)
{
    const struct check_test tests[] = {
        {test_practice2_known_deals}, {test_practice2_lazy_is_whole}, {test_practice2_uniform},
    };

    return suite_of("practice", 60, tests, ARRAY_LEN(tests));
}
REGISTER_SUITE(practice_suite)
