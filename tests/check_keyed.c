/* tests/check_keyed.c - boards with a script in keyed sets (dealer/lang/keyed.c, dealing
 * version 2): frozen vectors (exact deals for a key, label, board and script, so that any later
 * change that alters a keyed deal fails here), the hand counts of the drawn seat against an
 * independent count over all suit holdings, the distribution of the draws against those exact
 * counts, version 1 as the first accepted candidate, and thread-count independence. */
#include <math.h>
#include <string.h>

#include "dealer/run/run.h"
#include "dealer/lang/hands.h"
#include "tests/check_suites.h"

static const char SCRIPT_B[] = /* shared/bench/peers/dealer-b-2021bal.dl */
    "condition hcp(north)>=20 && hcp(north)<=21 && "
    "shape(north, any 4333 + any 4432 + any 5332)\n";
static const char SCRIPT_C[] = "condition spades(north)>=8 && hcp(south)>=20\n";
static const char SCRIPT_PRE[] = "predeal north SAKQ, HA\n"
                                 "condition hcp(north) >= 20 && hearts(south) >= 5\n";
static const char SCRIPT_SHAPE[] =
    "bal = shape(north, any 4333 + any 4432 + any 5332)\n"
    "condition hcp(north) >= 15 && hcp(north) <= 17 && bal && not shape(south, any 4333) && "
    "diamonds(east) < 2\n";
static const char SCRIPT_FREE[] = "condition hcp(north) + hcp(south) >= 30\n";

static void vector_key(const char *label, struct set_key *sk)
{
    struct pd_key key;

    for (int i = 0; i < PD_KEY_BYTES; i++)
        key.bytes[i] = (uint8_t)i;
    ck_assert_int_eq(set_key_derive(&key, label, sk, NULL), PD_OK);
}

static struct lang_deal *prepare(const char *text, int version, struct lang_prog **p)
{
    struct lang_deal *ld = NULL;
    struct pd_err e;

    ck_assert_int_eq(lang_compile_mem("t.dl", text, p, &e), PD_OK);
    ck_assert_msg(lang_deal_new(*p, version, &ld, &e) == PD_OK, "%s", e.msg);
    return ld;
}

/* Dealing version 2, frozen: key 00 01 .. 1f; deals written from the board's Law 2 dealer.
 * These are also dealer/README.md's worked example (board 1 of SCRIPT_C). */
static const struct {
    const char *script, *label;
    int board;
    const char *deal;
} v2_vectors[] = {
    {SCRIPT_B, "original", 1, "N:AK72.Q5.Q843.AKQ Q.KT42.AT5.T9863 J654.J98.KJ2.J42 T983.A763.976.75"},
    {SCRIPT_B, "original", 2, "E:J75.97653.Q54.Q8 Q96.84.KT9.T6532 KT4.AJT2.J87.J97 A832.KQ.A632.AK4"},
    {SCRIPT_B, "original", 36, "W:J972.J.QT9865.93 AK4.AK97.AJ7.JT4 T83.Q842.42.K765 Q65.T653.K3.AQ82"},
    {SCRIPT_B, "reserve", 1, "N:AQ82.A543.A83.AQ T97.KQT97.Q6.J76 K43.J2.KJT52.K98 J65.86.974.T5432"},
    {SCRIPT_C, "original", 1, "N:AKQ87542.6.T83.4 JT63.T8.942.KT93 .AKJ974.AKQ5.A75 9.Q532.J76.QJ862"},
    {SCRIPT_C, "original", 2, "E:3.JT963.Q8.KJ976 AQ.AQ754.A72.AQ3 K2.K8.KJT965.T85 JT987654.2.43.42"},
    {SCRIPT_C, "original", 36, "W:83.QJ74.Q9732.Q2 KQJT9765.62.6.T5 4.K98.K854.J9873 A2.AT53.AJT.AK64"},
    {SCRIPT_C, "reserve", 1, "N:AQT98763.72..J75 J42.T653.KJ7652. K5.AJ9.AQT9.AKQ2 .KQ84.843.T98643"},
    {SCRIPT_PRE, "original", 1, "N:AKQT8.AJ2.A75.K4 965.Q875.QJ96.73 J732.KT964.43.T8 4.3.KT82.AQJ9652"},
    {SCRIPT_PRE, "original", 36, "W:J96.98.J9764.972 AKQT.AQ7.A852.AQ 872.K62.K3.KT853 543.JT543.QT.J64"},
    {SCRIPT_SHAPE, "original", 1, "N:JT5.A2.AK62.K872 K6.J86543.Q.QT53 97432.KQT7.75.64 AQ8.9.JT9843.AJ9"},
    {SCRIPT_SHAPE, "original", 2, "E:AT3.QJT86.3.9654 98652.K93.QJ.J87 KQ4.72.KT975.QT2 J7.A54.A8642.AK3"},
    {SCRIPT_FREE, "original", 1, "N:KQJT3.AK872.KQ.6 542.65.JT32.K854 A986.Q3.96.AQJT9 7.JT94.A8754.732"},
    {SCRIPT_FREE, "reserve", 36, "W:975.A54.953.QT86 AKT8642.83.Q7.97 QJ.T9762.JT8.532 3.KQJ.AK642.AKJ4"},
};

START_TEST(test_keyed_v2_vectors)
{
    struct set_key sk;
    struct lang_prog *p;
    struct lang_deal *ld = prepare(v2_vectors[_i].script, DEALING_V2, &p);
    struct board_deal bd;
    struct pd_err e;
    deal_num n;
    char pbn[DEAL_PBN_LEN];
    int board = v2_vectors[_i].board;

    vector_key(v2_vectors[_i].label, &sk);
    ck_assert_int_eq(board_generate_script(&sk, board, ld, 0, &bd, &e), PD_OK);
    deal_to_pbn(&bd.deal, board_law2(board).dealer, 0xF, pbn);
    ck_assert_str_eq(pbn, v2_vectors[_i].deal);
    ck_assert_int_eq(deal_to_number(&bd.deal, &n, NULL), PD_OK);
    ck_assert(n == bd.number);
    ck_assert_int_eq(lang_accept(p, &bd.deal, board, &e), 1);
    lang_deal_free(ld);
    lang_free(p);
}
END_TEST

/* Version 1 is the first candidate of the plain board stream that the script accepts. */
START_TEST(test_keyed_v1_is_first_accepted_candidate)
{
    static const char script[] = "condition hcp(north) >= 15 && spades(south) >= 5\n";
    struct set_key sk;
    struct lang_prog *p;
    struct lang_deal *ld = prepare(script, DEALING_V1, &p);
    struct board_deal a, b;
    char pbn[DEAL_PBN_LEN];

    vector_key("original", &sk);
    for (int board = 1; board <= 6; board++) {
        ck_assert_int_eq(board_generate_script(&sk, board, ld, 0, &a, NULL), PD_OK);
        ck_assert_int_eq(board_generate(&sk, board, lang_accept, p, 0, &b, NULL), PD_OK);
        ck_assert(a.number == b.number && a.tries == b.tries);
    }
    /* board 1 of tests/data/keyed/v1.pbn, dealt by predup before version 2 existed */
    ck_assert_int_eq(board_generate_script(&sk, 1, ld, 0, &a, NULL), PD_OK);
    deal_to_pbn(&a.deal, SEAT_N, 0xF, pbn);
    ck_assert_str_eq(pbn, "N:A.JT952.AKQ.AK76 85.A7.J9873.T543 QT964.64.T54.QJ2 KJ732.KQ83.62.98");
    lang_deal_free(ld);
    lang_free(p);
}
END_TEST

/* ---------------------------------------------------------------- independent counts */

static int holding_hcp(unsigned h)
{
    return 4 * (h >> 12 & 1) + 3 * (h >> 11 & 1) + 2 * (h >> 10 & 1) + (h >> 9 & 1);
}

/* Hands of one seat holding mine (predealt to it), none of taken (others' predealt cards),
 * with HCP in [hlo, hhi] and a shape shape_ok accepts: a sum over every holding of each suit
 * (2^13 subsets), nothing shared with dealer/lang/keyed.c's honours-and-spots counting. */
static uint64_t count_hands(const struct deal *mine_taken, int seat, int hlo, int hhi,
                            bool (*shape_ok)(const int L[4]))
{
    static uint64_t cnt[4][14][41]; /* [suit][length][hcp] */
    uint64_t taken = 0, total = 0;

    for (int h = 0; h < 4; h++)
        if (h != seat)
            taken |= mine_taken->hand[h];
    memset(cnt, 0, sizeof cnt);
    for (int s = 0; s < 4; s++) {
        unsigned mine = hand_suit(mine_taken->hand[seat], (enum suit)s);
        unsigned other = hand_suit(taken, (enum suit)s);

        for (unsigned h = 0; h < 8192; h++)
            if ((h & mine) == mine && !(h & other))
                cnt[s][__builtin_popcount(h)][holding_hcp(h)]++;
    }
    for (int a = 0; a <= 13; a++)
        for (int b = 0; a + b <= 13; b++)
            for (int c = 0; a + b + c <= 13; c++) {
                int L[4] = {a, b, c, 13 - a - b - c};

                if (!shape_ok(L))
                    continue;
                for (int h0 = 0; h0 <= 10; h0++)
                    for (int h1 = 0; h1 <= 10; h1++)
                        for (int h2 = 0; h2 <= 10; h2++)
                            for (int h3 = 0; h3 <= 10; h3++) {
                                int h = h0 + h1 + h2 + h3;

                                if (h >= hlo && h <= hhi)
                                    total += cnt[0][L[0]][h0] * cnt[1][L[1]][h1] *
                                             cnt[2][L[2]][h2] * cnt[3][L[3]][h3];
                            }
            }
    return total;
}

static bool balanced(const int L[4])
{
    int n4 = 0, n3 = 0, n2 = 0, n5 = 0;

    for (int s = 0; s < 4; s++) {
        n2 += L[s] == 2;
        n3 += L[s] == 3;
        n4 += L[s] == 4;
        n5 += L[s] == 5;
    }
    return (n4 == 1 && n3 == 3) || (n4 == 2 && n3 == 1 && n2 == 1) ||
           (n5 == 1 && n3 == 2 && n2 == 1);
}
static bool spades8(const int L[4])
{
    return L[0] >= 8;
}
static bool hearts5(const int L[4])
{
    return L[1] >= 5;
}

START_TEST(test_keyed_hand_counts)
{
    struct lang_prog *p;
    struct lang_deal *ld = prepare(SCRIPT_B, DEALING_V2, &p);
    struct deal none = {{0}}, pre = {{0}};
    struct pd_err e;

    ck_assert_int_eq(lang_deal_seat(ld), SEAT_N);
    ck_assert_uint_eq(lang_deal_hands(ld), count_hands(&none, SEAT_N, 20, 21, balanced));
    lang_deal_free(ld);
    lang_free(p);
    ld = prepare(SCRIPT_C, DEALING_V2, &p); /* 8+ spades is rarer than 20+ HCP */
    ck_assert_int_eq(lang_deal_seat(ld), SEAT_N);
    ck_assert_uint_eq(lang_deal_hands(ld), count_hands(&none, SEAT_N, 0, 40, spades8));
    ck_assert_uint_eq(lang_deal_hands(ld), 802480784ULL); /* sum of C(13,k) C(39,13-k), k>=8 */
    lang_deal_free(ld);
    lang_free(p);
    ld = prepare(SCRIPT_PRE, DEALING_V2, &p);
    ck_assert_int_eq(deal_from_pbn("N:AKQ.A.. - - -", &pre, &(unsigned){0}, &e), PD_OK);
    /* South's 5+ hearts without the ace (North has it) is rarer than North's 7+ HCP more */
    ck_assert_int_eq(lang_deal_seat(ld), SEAT_S);
    ck_assert_uint_eq(lang_deal_hands(ld), count_hands(&pre, SEAT_S, 0, 40, hearts5));
    lang_deal_free(ld);
    lang_free(p);
    ld = prepare(SCRIPT_FREE, DEALING_V2, &p); /* no conjunct bounds one seat: plain shuffles */
    ck_assert_int_eq(lang_deal_seat(ld), -1);
    lang_deal_free(ld);
    lang_free(p);
}
END_TEST

/* A condition whose bounds no hand meets is refused at once, not drawn for ever. */
START_TEST(test_keyed_impossible_bounds)
{
    struct lang_prog *p;
    struct lang_deal *ld = NULL;
    struct pd_err e;

    ck_assert_int_eq(lang_compile_mem("imp.dl", "condition hcp(north) > 37\n", &p, &e), PD_OK);
    ck_assert_int_eq(lang_deal_new(p, DEALING_V2, &ld, &e), PD_ERR_RANGE);
    ck_assert_ptr_null(ld);
    ck_assert_str_eq(e.msg, "imp.dl: no deal can satisfy the condition: no hand of North meets "
                            "its bounds");
    ck_assert_int_eq(lang_deal_new(p, 3, &ld, &e), PD_ERR_RANGE);
    lang_free(p);
}
END_TEST

/* ---------------------------------------------------------------- distribution */

/* The draws follow the exact counts: over 20,000 boards of SCRIPT_B, North's HCP (20 or 21)
 * and shape class (4333, 4432, 5332) by a chi-square test against the independent counts
 * (the key is fixed, so the outcome is too; the bound is the 0.999 quantile). */
static int shape_class(uint64_t hand)
{
    int L[4], longest = 0;

    hand_shape(hand, L);
    for (int s = 0; s < 4; s++)
        longest = L[s] > longest ? L[s] : longest;
    return longest == 5 ? 2 : (L[0] == 2 || L[1] == 2 || L[2] == 2 || L[3] == 2) ? 1 : 0;
}
static bool shape_4333(const int L[4])
{
    return balanced(L) && (L[0] != 2 && L[1] != 2 && L[2] != 2 && L[3] != 2);
}
static bool shape_4432(const int L[4])
{
    return balanced(L) && !shape_4333(L) && L[0] != 5 && L[1] != 5 && L[2] != 5 && L[3] != 5;
}

START_TEST(test_keyed_distribution)
{
    enum { N = 20000 };
    static struct board_deal bd[N];
    static int boards[N];
    struct board_range r = {N, boards};
    struct set_key sk;
    struct lang_prog *p;
    struct lang_deal *ld = prepare(SCRIPT_B, DEALING_V2, &p);
    struct deal none = {{0}};
    double seen[5] = {0}, want[5], chi = 0;
    double c20 = (double)count_hands(&none, SEAT_N, 20, 20, balanced);
    double c21 = (double)count_hands(&none, SEAT_N, 21, 21, balanced);
    double s0 = (double)count_hands(&none, SEAT_N, 20, 21, shape_4333);
    double s1 = (double)count_hands(&none, SEAT_N, 20, 21, shape_4432);

    for (int i = 0; i < N; i++)
        boards[i] = i + 1;
    vector_key("original", &sk);
    ck_assert_int_eq(set_generate_script(&sk, &r, 2, ld, 0, bd, NULL), PD_OK);
    for (int i = 0; i < N; i++) {
        seen[hand_hcp(bd[i].deal.hand[SEAT_N]) - 20]++;
        seen[2 + shape_class(bd[i].deal.hand[SEAT_N])]++;
    }
    want[0] = N * c20 / (c20 + c21);
    want[1] = N - want[0];
    want[2] = N * s0 / (c20 + c21);
    want[3] = N * s1 / (c20 + c21);
    want[4] = N - want[2] - want[3];
    for (int k = 0; k < 5; k++)
        chi += (seen[k] - want[k]) * (seen[k] - want[k]) / want[k];
    ck_assert_msg(chi < 16.3, "chi-square %.2f (3 degrees of freedom)", chi);
    lang_deal_free(ld);
    lang_free(p);
}
END_TEST

/* Version 2 against version 1 (plain rejection, exact by construction): the same script's
 * boards agree on East's heart length >= 4 and South's HCP mean within 5 standard errors. */
START_TEST(test_keyed_agrees_with_rejection)
{
    enum { N = 3000 };
    static struct board_deal v1[N], v2[N];
    static int boards[N];
    static const char script[] = "condition hcp(north) >= 16 && spades(south) >= 5\n";
    struct board_range r = {N, boards};
    struct set_key sk;
    struct lang_prog *p;
    struct lang_deal *l1 = prepare(script, DEALING_V1, &p), *l2;
    struct pd_err e;
    double f1 = 0, f2 = 0, m1 = 0, m2 = 0;

    ck_assert_int_eq(lang_deal_new(p, DEALING_V2, &l2, &e), PD_OK);
    for (int i = 0; i < N; i++)
        boards[i] = i + 1;
    vector_key("original", &sk);
    ck_assert_int_eq(set_generate_script(&sk, &r, 2, l1, 0, v1, NULL), PD_OK);
    ck_assert_int_eq(set_generate_script(&sk, &r, 2, l2, 0, v2, NULL), PD_OK);
    for (int i = 0; i < N; i++) {
        f1 += hand_length(v1[i].deal.hand[SEAT_E], SUIT_H) >= 4;
        f2 += hand_length(v2[i].deal.hand[SEAT_E], SUIT_H) >= 4;
        m1 += hand_hcp(v1[i].deal.hand[SEAT_S]);
        m2 += hand_hcp(v2[i].deal.hand[SEAT_S]);
    }
    f1 /= N, f2 /= N, m1 /= N, m2 /= N;
    ck_assert_msg(fabs(f1 - f2) < 5 * sqrt(2 * f1 * (1 - f1) / N), "%.3f %.3f", f1, f2);
    ck_assert_msg(fabs(m1 - m2) < 5 * sqrt(2 * 17.0 / N), "%.3f %.3f", m1, m2); /* var < 17 */
    lang_deal_free(l1);
    lang_deal_free(l2);
    lang_free(p);
}
END_TEST

/* Any thread count, and any board alone, give the same boards. */
START_TEST(test_keyed_threads)
{
    enum { N = 40 };
    struct board_deal a[N], b[N], one;
    int boards[N];
    struct board_range r = {N, boards};
    struct set_key sk;
    struct lang_prog *p;
    struct lang_deal *ld = prepare(SCRIPT_C, DEALING_V2, &p);

    for (int i = 0; i < N; i++)
        boards[i] = 3 * i + 1;
    vector_key("original", &sk);
    ck_assert_int_eq(set_generate_script(&sk, &r, 1, ld, 0, a, NULL), PD_OK);
    ck_assert_int_eq(set_generate_script(&sk, &r, 3, ld, 0, b, NULL), PD_OK);
    for (int i = 0; i < N; i++) {
        ck_assert(memcmp(&a[i].deal, &b[i].deal, sizeof a[i].deal) == 0);
        ck_assert(a[i].tries == b[i].tries);
    }
    ck_assert_int_eq(board_generate_script(&sk, boards[17], ld, 0, &one, NULL), PD_OK);
    ck_assert(memcmp(&one.deal, &a[17].deal, sizeof one.deal) == 0);
    lang_deal_free(ld);
    lang_free(p);
}
END_TEST

/* draw_suit weighs only LH_SUBS_OF_HCP[h]: it must list every honour subset of h HCP, in
 * ascending order (the order of the 16 weights it stands for), or keyed deals change. */
START_TEST(test_keyed_honour_subsets)
{
    for (int h = 0; h < LH_MAXH; h++) {
        int n = 0;

        for (unsigned sub = 0; sub < 16; sub++) {
            int hcp = (sub & 1) + 2 * (sub >> 1 & 1) + 3 * (sub >> 2 & 1) + 4 * (sub >> 3 & 1);

            if (hcp != h)
                continue;
            ck_assert_int_lt(n, 2);
            ck_assert_uint_eq(LH_SUBS_OF_HCP[h][n], sub);
            n++;
        }
        ck_assert_int_ge(n, 1);
        if (n < 2)
            ck_assert_uint_eq(LH_SUBS_OF_HCP[h][n], LH_NOSUB);
    }
}
END_TEST

Suite *keyed_suite(void);
Suite *keyed_suite(void)
{
    Suite *s = suite_create("keyed");
    TCase *tc = tcase_create("keyed");

    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_keyed_v2_vectors, 0, (int)ARRAY_LEN(v2_vectors));
    tcase_add_test(tc, test_keyed_v1_is_first_accepted_candidate);
    tcase_add_test(tc, test_keyed_hand_counts);
    tcase_add_test(tc, test_keyed_impossible_bounds);
    tcase_add_test(tc, test_keyed_distribution);
    tcase_add_test(tc, test_keyed_agrees_with_rejection);
    tcase_add_test(tc, test_keyed_threads);
    tcase_add_test(tc, test_keyed_honour_subsets);
    suite_add_tcase(s, tc);
    return s;
}

REGISTER_SUITE(keyed_suite)
