/* tests/check_stats.c - the generators are uniform: over 1,000,000 deals from a fixed key, the
 * distributions of suit lengths, HCP and card-to-seat placement match their exact probabilities
 * by chi-square. The same checks run on two deliberately biased generators (dealer's
 * swap-with-any shuffle, and Fisher-Yates with a modulo-biased byte) and must reject them, so
 * these tests can fail. Deterministic: the key is fixed (seed 2024), so a run always gives the
 * same statistics. */
#include <stdio.h>
#include <string.h>

#include "dealer/deal/deal.h"
#include "tests/check_lib.h"
#include "tests/check_suites.h"

enum { NDEALS = 1000000, MIN_EXPECTED = 20 };

typedef void (*generator)(struct deal_stream *s, struct deal *out);

static void gen_numbers(struct deal_stream *s, struct deal *out)
{
    deal_stream_deal(s, out, NULL);
}

static void gen_shuffle(struct deal_stream *s, struct deal *out)
{
    deal_stream_shuffle(s, NULL, out);
}

static void deal_from_positions(const uint8_t pos[52], struct deal *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 52; i++)
        out->hand[i / 13] |= card_mask_from_index(pos[i]);
}

/* dealer.c's shuffle: every position swaps with a uniform position of the whole deck. */
static void gen_naive_swap(struct deal_stream *s, struct deal *out)
{
    uint8_t pos[52];

    for (int i = 0; i < 52; i++)
        pos[i] = (uint8_t)i;
    for (int i = 0; i < 52; i++) {
        int j = (int)deal_stream_below(s, 52);
        uint8_t t = pos[i];

        pos[i] = pos[j];
        pos[j] = t;
    }
    deal_from_positions(pos, out);
}

/* Fisher-Yates with `byte % n`: small remainders are favoured. */
static void gen_modulo_bias(struct deal_stream *s, struct deal *out)
{
    uint8_t pos[52];

    for (int i = 0; i < 52; i++)
        pos[i] = (uint8_t)i;
    for (int i = 0; i < 51; i++) {
        uint8_t b;
        int j;

        deal_stream_bytes(s, &b, 1);
        j = i + b % (52 - i);
        uint8_t t = pos[i];

        pos[i] = pos[j];
        pos[j] = t;
    }
    deal_from_positions(pos, out);
}

/* P(a hand has h HCP): count 13-card subsets by points, 16 honours and 36 spot cards. */
static void exact_hcp(double p[41])
{
    static double ways[14][41];
    int values[52];

    for (int i = 0; i < 52; i++)
        values[i] = i < 16 ? 4 - i / 4 : 0;
    memset(ways, 0, sizeof ways);
    ways[0][0] = 1;
    for (int c = 0; c < 52; c++)
        for (int k = 13; k >= 1; k--)
            for (int h = 40; h >= values[c]; h--)
                ways[k][h] += ways[k - 1][h - values[c]];
    for (int h = 0; h <= 40; h++)
        p[h] = ways[13][h] / binomial(52, 13);
}

/* Pearson's statistic over bins, pooling neighbours until each expects MIN_EXPECTED. */
static double chi2_pooled(const long *obs, const double *p, int nbins, int *df)
{
    double stat = 0, e = 0, o = 0;
    int used = 0;

    for (int i = 0; i < nbins; i++) {
        e += p[i] * NDEALS;
        o += (double)obs[i];
        if (e >= MIN_EXPECTED || i == nbins - 1) {
            stat += (o - e) * (o - e) / (e > 0 ? e : 1);
            used++;
            e = o = 0;
        }
    }
    *df = used - 1;
    return stat;
}

struct tallies {
    long north_spades[14], west_clubs[14], north_hcp[41];
    long seat_of_card[52][4];
};

static void tally(generator gen, struct tallies *t)
{
    struct pd_key key;
    struct set_key sk;
    struct deal_stream s;
    struct deal d;

    memset(t, 0, sizeof *t);
    key_from_seed(2024, &key);
    set_key_derive(&key, "statistics", &sk, NULL);
    deal_stream_open(&s, &sk, STREAM_PRACTICE, 0, NULL);
    for (int i = 0; i < NDEALS; i++) {
        gen(&s, &d);
        t->north_spades[hand_length(d.hand[SEAT_N], SUIT_S)]++;
        t->west_clubs[hand_length(d.hand[SEAT_W], SUIT_C)]++;
        t->north_hcp[hand_hcp(d.hand[SEAT_N])]++;
        for (int seat = 0; seat < 4; seat++)
            for (uint64_t m = d.hand[seat]; m; m &= m - 1) {
                int bit = __builtin_ctzll(m);

                t->seat_of_card[13 * (bit / 16) + 12 - bit % 16][seat]++;
            }
    }
    deal_stream_close(&s);
}

/* One histogram against its exact probabilities: 1 when the statistic is over the limit. */
static int rejects(const char *name, const char *what, const long *obs, const double *p,
                   int nbins)
{
    int df;
    double stat = chi2_pooled(obs, p, nbins, &df);

    printf("%s: %s chi2 %.1f df %d limit %.1f\n", name, what, stat, df, chi2_limit(df));
    return stat > chi2_limit(df);
}

/* Every statistic over the limit counts as a rejection; returns how many were rejected. */
static int rejections(const struct tallies *t, const char *name)
{
    double len_p[14], hcp_p[41], cells = 0;
    int rejected = 0;

    exact_suit_length(len_p);
    exact_hcp(hcp_p);
    rejected += rejects(name, "north spades", t->north_spades, len_p, 14);
    rejected += rejects(name, "west clubs", t->west_clubs, len_p, 14);
    rejected += rejects(name, "north hcp", t->north_hcp, hcp_p, 41);
    /* 208 cells expecting N/4 each: the statistic's mean is 208 * 3/4 = 156. */
    for (int c = 0; c < 52; c++)
        for (int s = 0; s < 4; s++) {
            double e = NDEALS / 4.0, o = (double)t->seat_of_card[c][s];

            cells += (o - e) * (o - e) / e;
        }
    printf("%s: card to seat chi2 %.1f df 156 limit %.1f\n", name, cells, chi2_limit(156));
    rejected += cells > chi2_limit(156);
    return rejected;
}

static struct tallies tallies;

START_TEST(test_numbered_deals_uniform)
{
    tally(gen_numbers, &tallies);
    ck_assert_int_eq(rejections(&tallies, "numbers"), 0);
}
END_TEST

START_TEST(test_shuffled_deals_uniform)
{
    tally(gen_shuffle, &tallies);
    ck_assert_int_eq(rejections(&tallies, "shuffle"), 0);
}
END_TEST

START_TEST(test_naive_swap_rejected)
{
    tally(gen_naive_swap, &tallies);
    ck_assert_int_gt(rejections(&tallies, "naive swap"), 0);
}
END_TEST

START_TEST(test_modulo_bias_rejected)
{
    tally(gen_modulo_bias, &tallies);
    ck_assert_int_gt(rejections(&tallies, "modulo bias"), 0);
}
END_TEST

/* The exact tables themselves: they sum to one and match known values. */
START_TEST(test_exact_tables)
{
    double len_p[14], hcp_p[41], sum = 0;

    exact_suit_length(len_p);
    exact_hcp(hcp_p);
    for (int k = 0; k <= 13; k++)
        sum += len_p[k];
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    ck_assert_double_eq_tol(len_p[4], 0.2386, 1e-4); /* exactly four of a given suit: 23.86% */
    sum = 0;
    for (int h = 0; h <= 40; h++)
        sum += hcp_p[h];
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    ck_assert_double_eq_tol(hcp_p[10], 0.0941, 1e-4); /* 10 HCP: 9.41% */
    ck_assert_double_eq_tol(hcp_p[37], 4.0 / binomial(52, 13), 1e-18); /* 4 aces, kings, queens + a jack */
}
END_TEST

Suite *stats_suite(void);
Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *tc = tcase_create("uniformity");

    tcase_add_test(tc, test_exact_tables);
    tcase_add_test(tc, test_numbered_deals_uniform);
    tcase_add_test(tc, test_shuffled_deals_uniform);
    tcase_add_test(tc, test_naive_swap_rejected);
    tcase_add_test(tc, test_modulo_bias_rejected);
    tcase_set_timeout(tc, 300);
    /* The plain half of make check only (its ASan+UBSan half sets CK_EXCLUDE_TAGS=plain_only):
     * from a fixed key the statistics are the same numbers under a sanitizer, and the
     * generators' code runs under it in the keyed, dealer and practice suites. */
    tcase_set_tags(tc, "plain_only");
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(stats_suite)
