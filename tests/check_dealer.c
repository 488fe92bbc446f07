/* tests/check_dealer.c - the deal model: Law 2, deal numbers, deal strings, ranges. */
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dealer/run/run.h"
#include "tests/check_suites.h"

/* Law 2: the 16-board cycle, its ends and its wrap-around. */
static const struct {
    int board;
    enum seat dealer;
    enum vul vul;
} law2[] = {
    {1, SEAT_N, VUL_NONE},  {2, SEAT_E, VUL_NS},    {3, SEAT_S, VUL_EW},   {4, SEAT_W, VUL_ALL},
    {5, SEAT_N, VUL_NS},    {6, SEAT_E, VUL_EW},    {7, SEAT_S, VUL_ALL},  {8, SEAT_W, VUL_NONE},
    {9, SEAT_N, VUL_EW},    {10, SEAT_E, VUL_ALL},  {11, SEAT_S, VUL_NONE}, {12, SEAT_W, VUL_NS},
    {13, SEAT_N, VUL_ALL},  {14, SEAT_E, VUL_NONE}, {15, SEAT_S, VUL_NS},  {16, SEAT_W, VUL_EW},
    {17, SEAT_N, VUL_NONE}, {36, SEAT_W, VUL_ALL},
};

START_TEST(test_board_law2)
{
    struct board_info b = board_law2(law2[_i].board);

    ck_assert_int_eq(b.dealer, law2[_i].dealer);
    ck_assert_int_eq(b.vul, law2[_i].vul);
}
END_TEST

/* Pavlicek 7Z68: 0 gives N spades, E hearts, S diamonds, W clubs; D-1 the reverse. */
START_TEST(test_number_ends)
{
    struct deal d;
    char pbn[DEAL_PBN_LEN];

    ck_assert_int_eq(deal_from_number(0, &d, NULL), PD_OK);
    deal_to_pbn(&d, SEAT_N, 0xF, pbn);
    ck_assert_str_eq(pbn, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                          "...AKQJT98765432");
    ck_assert_int_eq(deal_from_number(DEAL_COUNT - 1, &d, NULL), PD_OK);
    deal_to_pbn(&d, SEAT_N, 0xF, pbn);
    ck_assert_str_eq(pbn, "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. "
                          "AKQJT98765432...");
    ck_assert_int_eq(deal_from_number(DEAL_COUNT, &d, NULL), PD_ERR_RANGE);
}
END_TEST


START_TEST(test_number_roundtrips)
{
    struct deal_stream st;
    struct set_key sk = {{7}};

    ck_assert_int_eq(deal_stream_open(&st, &sk, STREAM_PRACTICE, 0, NULL), PD_OK);
    for (int i = 0; i < 20000; i++) {
        deal_num n = deal_stream_number(&st), back;
        struct deal d;

        ck_assert_int_eq(deal_from_number(n, &d, NULL), PD_OK);
        ck_assert(deal_is_complete(&d, NULL, 0));
        ck_assert_int_eq(deal_to_number(&d, &back, NULL), PD_OK);
        ck_assert(back == n);
    }
    deal_stream_close(&st);
}
END_TEST

START_TEST(test_number_decimal)
{
    deal_num n;
    char buf[40];
    struct pd_err e;

    ck_assert_int_eq(deal_num_from_dec("53644737765488792839237439999", &n, NULL), PD_OK);
    ck_assert(n == DEAL_COUNT - 1);
    deal_num_to_dec(n, buf);
    ck_assert_str_eq(buf, "53644737765488792839237439999");
    deal_num_to_dec(0, buf);
    ck_assert_str_eq(buf, "0");
    ck_assert_int_eq(deal_num_from_dec("53644737765488792839237440000", &n, &e), PD_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "out of range"));
    ck_assert_int_eq(deal_num_from_dec("12x", &n, NULL), PD_ERR_RANGE);
    ck_assert_int_eq(deal_num_from_dec("", &n, NULL), PD_ERR_RANGE);
    ck_assert_int_eq(deal_num_from_dec("999999999999999999999999999999999999999", &n, NULL),
                     PD_ERR_RANGE);
}
END_TEST

START_TEST(test_number_incomplete_refused)
{
    struct deal d = {{0}};
    deal_num n;
    struct pd_err e;

    deal_from_number(5, &d, NULL);
    d.hand[SEAT_N] &= d.hand[SEAT_N] - 1; /* drop a card */
    ck_assert_int_eq(deal_to_number(&d, &n, &e), PD_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "North has 12 cards"));
}
END_TEST

START_TEST(test_pbn_deal_tolerant)
{
    struct deal d, want;
    unsigned known;
    char out[DEAL_PBN_LEN];

    ck_assert_int_eq(deal_from_pbn("N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 "
                                   "Q864.KJ762.98.T9", &want, &known, NULL), PD_OK);
    ck_assert_uint_eq(known, 0xF);
    /* Starting at West, lower case, "10" for T, extra spaces. */
    ck_assert_int_eq(deal_from_pbn(" w:q864.kj762.98.109  kj92.a843.kqj4.5 75.Q95.A53.KJ642 "
                                   "A10 3.T.T762.AQ873", &d, &known, NULL), PD_ERR_SYNTAX);
    ck_assert_int_eq(deal_from_pbn(" w:q864.kj762.98.109  kj92.a843.kqj4.5 75.Q95.A53.KJ642 "
                                   "A103.T.T762.AQ873 ", &d, &known, NULL), PD_OK);
    ck_assert(memcmp(&d, &want, sizeof d) == 0);
    deal_to_pbn(&d, SEAT_S, known, out);
    ck_assert_str_eq(out, "S:AT3.T.T762.AQ873 Q864.KJ762.98.T9 KJ92.A843.KQJ4.5 "
                          "75.Q95.A53.KJ642");
    /* Unknown hands. */
    ck_assert_int_eq(deal_from_pbn("E:- 75.Q95.A53.KJ642 - -", &d, &known, NULL), PD_OK);
    ck_assert_uint_eq(known, 1u << SEAT_S);
    deal_to_pbn(&d, SEAT_N, known, out);
    ck_assert_str_eq(out, "N:- - 75.Q95.A53.KJ642 -");
}
END_TEST

static const struct {
    const char *text;
    int col;
    const char *msg;
} bad_deals[] = {
    {"X:...", 1, "must start with a seat"},
    {"N:AKQ.J.T98 - - -", 12, "four suits"},
    {"N:AKQ.J.T98.7.6 - - -", 14, "more than four suits"},
    {"N:AKZ... - - -", 5, "not a rank"},
    {"N:AKA... - - -", 5, "twice in one hand"},
    {"N:AKQ... - -", 13, "fewer than four hands"},
    {"N:- - - - -", 11, "more than four hands"},
};

START_TEST(test_pbn_deal_errors)
{
    struct deal d;
    unsigned known;
    struct pd_err e;

    ck_assert_int_eq(deal_from_pbn(bad_deals[_i].text, &d, &known, &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.col, bad_deals[_i].col);
    ck_assert_msg(strstr(e.msg, bad_deals[_i].msg), "%s: got \"%s\"", bad_deals[_i].text, e.msg);
}
END_TEST

START_TEST(test_completeness_messages)
{
    struct deal d;
    char why[80];

    deal_from_number(0, &d, NULL);
    ck_assert(deal_is_complete(&d, why, sizeof why));
    d.hand[SEAT_E] |= card_mask(SUIT_S, RANK_A);
    ck_assert(!deal_is_complete(&d, why, sizeof why));
    ck_assert_str_eq(why, "SA is in two hands (again in East)");
    deal_from_number(0, &d, NULL);
    d.hand[SEAT_W] &= ~card_mask(SUIT_C, 2);
    ck_assert(!deal_is_complete(&d, why, sizeof why));
    ck_assert_str_eq(why, "West has 12 cards");
}
END_TEST

static const struct {
    const char *spec;
    int max, n, first, last;
} good_ranges[] = {
    {"1-36", 36, 36, 1, 36}, {"7", 36, 1, 7, 7}, {"7-7", 36, 1, 7, 7},
    {"1-8,17-24", 36, 16, 1, 24}, {"5,3,5,1", 99, 3, 1, 5},
};
static const char *const bad_ranges[] = {"0", "5-3", "1-", "a", "1,,2", "37", "-3", "1-36x", ""};

START_TEST(test_range_good)
{
    struct board_range r;

    ck_assert_int_eq(board_range_parse(good_ranges[_i].spec, good_ranges[_i].max, &r, NULL),
                     PD_OK);
    ck_assert_int_eq(r.n, good_ranges[_i].n);
    ck_assert_int_eq(r.boards[0], good_ranges[_i].first);
    ck_assert_int_eq(r.boards[r.n - 1], good_ranges[_i].last);
    board_range_free(&r);
}
END_TEST

START_TEST(test_range_bad)
{
    struct board_range r;
    struct pd_err e;

    ck_assert_int_eq(board_range_parse(bad_ranges[_i], 36, &r, &e), PD_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "bad board range"));
}
END_TEST

/* Known vectors: key 00 01 .. 1f, from tests/tools/ref_deal.py, an independent implementation
 * of the construction written from dealer/README.md (its ChaCha20 checked against RFC 8439). */
static const struct {
    const char *label;
    int board;
    const char *number, *deal;
} vectors[] = {
    {"original", 1, "29471908447481798410950043197",
     "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9"},
    {"original", 2, "51765859768301228411479677686",
     "E:Q843.5.J42.KT852 J9652.QJ2.987.J6 AK7.AKT4.Q65.Q43 T.98763.AKT3.A97"},
    {"original", 3, "32711717471342963431031424683",
     "S:AQT86.J3.JT8.KQ2 J953.AKT2.Q542.3 4.Q986.A76.A9864 K72.754.K93.JT75"},
    {"original", 36, "34557561635974296131513596852",
     "W:8532.T854.Q7.KJ6 J76.AQ96.J54.AT2 QT9.K73.AT63.Q84 AK4.J2.K982.9753"},
    {"original", 1000000, "4408908259183900289011205773",
     "W:9.9862.A32.AQJ53 AT532.K3.T985.84 KQ764.J75.K6.K76 J8.AQT4.QJ74.T92"},
    {"reserve", 1, "11094450293720636348143373629",
     "N:A92.6.AKQJ93.952 QJT53.T7.7.QJ876 84.AKQJ5432.2.K3 K76.98.T8654.AT4"},
};

START_TEST(test_board_vectors)
{
    struct pd_key key;
    struct set_key sk;
    struct board_deal bd;
    char dec[40], pbn[DEAL_PBN_LEN];

    for (int i = 0; i < PD_KEY_BYTES; i++)
        key.bytes[i] = (uint8_t)i;
    ck_assert_int_eq(set_key_derive(&key, vectors[_i].label, &sk, NULL), PD_OK);
    ck_assert_int_eq(board_generate(&sk, vectors[_i].board, NULL, NULL, 0, &bd, NULL), PD_OK);
    deal_num_to_dec(bd.number, dec);
    ck_assert_str_eq(dec, vectors[_i].number);
    deal_to_pbn(&bd.deal, board_law2(vectors[_i].board).dealer, 0xF, pbn);
    ck_assert_str_eq(pbn, vectors[_i].deal);
}
END_TEST

static void test_set_key(struct set_key *sk, const char *label)
{
    struct pd_key key;

    key_from_seed(42, &key);
    ck_assert_int_eq(set_key_derive(&key, label, sk, NULL), PD_OK);
}

static bool same_board(const struct board_deal *a, const struct board_deal *b)
{
    return a->board == b->board && a->number == b->number && a->tries == b->tries &&
           memcmp(&a->deal, &b->deal, sizeof a->deal) == 0;
}

/* Any split of the boards over threads gives the same deals, and each board alone the same. */
START_TEST(test_set_same_for_any_threads)
{
    struct set_key sk;
    struct board_range r;
    struct board_deal one[100], many[100], alone;

    test_set_key(&sk, "original");
    ck_assert_int_eq(board_range_parse("1-100", 100, &r, NULL), PD_OK);
    ck_assert_int_eq(set_generate(&sk, &r, 1, NULL, NULL, 0, one, NULL), PD_OK);
    for (int threads = 2; threads <= 7; threads += 5) {
        ck_assert_int_eq(set_generate(&sk, &r, threads, NULL, NULL, 0, many, NULL), PD_OK);
        for (int i = 0; i < 100; i++)
            ck_assert(same_board(&one[i], &many[i]));
    }
    ck_assert_int_eq(board_generate(&sk, 77, NULL, NULL, 0, &alone, NULL), PD_OK);
    ck_assert(same_board(&alone, &one[76]));
    board_range_free(&r);
}
END_TEST

START_TEST(test_labels_independent)
{
    struct set_key a, b;
    struct board_deal x, y;

    test_set_key(&a, "original");
    test_set_key(&b, "reserve");
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
    for (int board = 1; board <= 36; board++) {
        board_generate(&a, board, NULL, NULL, 0, &x, NULL);
        board_generate(&b, board, NULL, NULL, 0, &y, NULL);
        ck_assert(x.number != y.number);
    }
}
END_TEST

/* Accepts deals where North has at least 15 HCP: the first such candidate of the stream. */
static int north_strong(void *ctx, const struct deal *d, int board, struct pd_err *e)
{
    (void)ctx;
    (void)board;
    (void)e;
    return hand_hcp(d->hand[SEAT_N]) >= 15;
}

START_TEST(test_accept_takes_first_candidate)
{
    struct set_key sk;
    struct board_deal bd;
    struct deal_stream st;

    test_set_key(&sk, "original");
    ck_assert_int_eq(board_generate(&sk, 5, north_strong, NULL, 0, &bd, NULL), PD_OK);
    ck_assert_int_ge(hand_hcp(bd.deal.hand[SEAT_N]), 15);
    /* Replaying the stream: candidates before bd.tries all fail, that one passes. */
    deal_stream_open(&st, &sk, STREAM_DEAL, 5, NULL);
    for (uint64_t t = 1; t <= bd.tries; t++) {
        struct deal d;

        deal_stream_deal(&st, &d, NULL);
        ck_assert_int_eq(north_strong(NULL, &d, 5, NULL), t == bd.tries);
    }
    deal_stream_close(&st);
}
END_TEST

static int never(void *ctx, const struct deal *d, int board, struct pd_err *e)
{
    (void)ctx;
    (void)d;
    (void)board;
    (void)e;
    return 0;
}

START_TEST(test_accept_limit)
{
    struct set_key sk;
    struct board_deal bd;
    struct pd_err e;

    test_set_key(&sk, "original");
    ck_assert_int_eq(board_generate(&sk, 3, never, NULL, 1000, &bd, &e), PD_ERR_LIMIT);
    ck_assert_str_eq(e.msg, "board 3: no deal satisfied the condition in 1000 tries");
}
END_TEST

START_TEST(test_shuffle_keeps_fixed_cards)
{
    struct set_key sk;
    struct deal_stream st;
    struct deal fixed = {{0}}, d;

    test_set_key(&sk, "practice");
    fixed.hand[SEAT_S] = card_mask(SUIT_S, RANK_A) | card_mask(SUIT_H, 13);
    fixed.hand[SEAT_W] = card_mask(SUIT_C, 2);
    deal_stream_open(&st, &sk, STREAM_PRACTICE, 0, NULL);
    for (int i = 0; i < 1000; i++) {
        deal_stream_shuffle(&st, &fixed, &d);
        ck_assert(deal_is_complete(&d, NULL, 0));
        ck_assert((d.hand[SEAT_S] & fixed.hand[SEAT_S]) == fixed.hand[SEAT_S]);
        ck_assert((d.hand[SEAT_W] & fixed.hand[SEAT_W]) == fixed.hand[SEAT_W]);
    }
    deal_stream_close(&st);
}
END_TEST

static void sha256_file_hex(const char *path, char *hex)
{
    char *text;
    size_t len;
    uint8_t md[32];

    ck_assert_int_eq(pd_read_file(path, &text, &len, NULL), PD_OK);
    SHA256((const uint8_t *)text, len, md);
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    free(text);
}

START_TEST(test_key_file_life)
{
    char dir[256], path[300], hex[65], again[65], want[65];
    struct stat st;
    struct pd_key key;
    bool spent = true;
    struct pd_err e;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/event.key", dir);
    ck_assert_int_eq(key_new_file(path, hex, NULL), PD_OK);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    ck_assert_int_eq(st.st_size, 65);
    sha256_file_hex(path, want);
    ck_assert_str_eq(hex, want);
    ck_assert_int_eq(key_commitment(path, again, NULL), PD_OK);
    ck_assert_str_eq(again, hex);
    ck_assert_int_eq(key_load_file(path, &key, &spent, NULL), PD_OK);
    ck_assert(!spent); /* no revealed: line */
    ck_assert_int_eq(key_new_file(path, hex, &e), PD_ERR_EXISTS); /* never overwritten */
    ck_assert_ptr_nonnull(strstr(e.msg, "already exists"));
    chmod(path, 0644); /* readable by others: refused, as ssh does */
    ck_assert_int_eq(key_load_file(path, &key, &spent, &e), PD_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "chmod 600"));
    unlink(path);
    rmdir(dir);
}
END_TEST

static const struct {
    const char *content;
    const char *msg;
} bad_keys[] = {
    {"", "empty: it never held a key"},
    {"00112233", "found only 8: never a whole key"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1g\n", "not a hex digit"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f00\n", "found 67 bytes"},
};

START_TEST(test_key_bad_files)
{
    char dir[256], path[300];
    struct pd_key key;
    bool spent;
    struct pd_err e;
    FILE *f;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/bad.key", dir);
    f = fopen(path, "w");
    fputs(bad_keys[_i].content, f);
    fclose(f);
    chmod(path, 0600);
    ck_assert_int_eq(key_load_file(path, &key, &spent, &e), PD_ERR_SYNTAX);
    ck_assert_msg(strstr(e.msg, bad_keys[_i].msg), "got \"%s\"", e.msg);
    ck_assert_ptr_null(strstr(e.msg, "0001020304")); /* never echo key material */
    unlink(path);
    rmdir(dir);
}
END_TEST

START_TEST(test_outfile_atomic)
{
    char dir[256], path[300];
    struct pd_outfile o;
    struct stat st;
    struct pd_err e;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.pbn", dir);
    ck_assert_int_eq(pd_outfile_open(&o, path, NULL), PD_OK);
    fputs("partial", o.f);
    ck_assert_int_ne(stat(path, &st), 0); /* nothing under the real name yet */
    pd_outfile_abort(&o);
    ck_assert_int_ne(stat(path, &st), 0);
    ck_assert_int_eq(pd_outfile_open(&o, path, NULL), PD_OK);
    fputs("whole", o.f);
    ck_assert_int_eq(pd_outfile_commit(&o, NULL), PD_OK);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_size, 5);
    unlink(path);
    rmdir(dir);
    ck_assert_int_eq(pd_outfile_open(&o, "/nonexistent-dir/x.pbn", &e), PD_ERR_IO);
    ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent-dir/x.pbn: cannot create"));
}
END_TEST

START_TEST(test_err_print_caret)
{
    struct pd_err e;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    pd_fail_at(&e, PD_ERR_SYNTAX, "x.dl", 3, 7, "hcp(nort) > 3\nnext", "unknown seat \"%s\"",
               "nort");
    pd_err_print(f, &e);
    fclose(f);
    ck_assert_str_eq(buf, "x.dl:3:7: error: unknown seat \"nort\"\n  hcp(nort) > 3\n        ^\n");
    free(buf);
}
END_TEST

START_TEST(test_fail_may_quote_previous_message)
{
    struct pd_err e;

    pd_fail(&e, PD_ERR_SYNTAX, "bad rank");
    pd_fail(&e, PD_ERR_IO, "set.pbn: %s", e.msg);
    ck_assert_str_eq(e.msg, "set.pbn: bad rank");
    ck_assert_int_eq(e.code, PD_ERR_IO);
}
END_TEST

START_TEST(test_exit_codes)
{
    ck_assert_int_eq(pd_exit_code(PD_OK), 0);
    ck_assert_int_eq(pd_exit_code(PD_ERR_MISMATCH), 1);
    ck_assert_int_eq(pd_exit_code(PD_ERR_USAGE), 64);
    ck_assert_int_eq(pd_exit_code(PD_ERR_SYNTAX), 65);
    ck_assert_int_eq(pd_exit_code(PD_ERR_IO), 74);
}
END_TEST

Suite *dealer_suite(void);
Suite *dealer_suite(void)
{
    Suite *s = suite_create("dealer");
    TCase *tc = tcase_create("model");
    TCase *gen = tcase_create("generation");

    tcase_add_loop_test(tc, test_board_law2, 0, ARRAY_LEN(law2));
    tcase_add_test(tc, test_number_ends);
    tcase_add_test(tc, test_number_roundtrips);
    tcase_add_test(tc, test_number_decimal);
    tcase_add_test(tc, test_number_incomplete_refused);
    tcase_add_test(tc, test_pbn_deal_tolerant);
    tcase_add_loop_test(tc, test_pbn_deal_errors, 0, ARRAY_LEN(bad_deals));
    tcase_add_test(tc, test_completeness_messages);
    tcase_add_loop_test(tc, test_range_good, 0, ARRAY_LEN(good_ranges));
    tcase_add_loop_test(tc, test_range_bad, 0, ARRAY_LEN(bad_ranges));
    tcase_add_test(tc, test_outfile_atomic);
    tcase_add_test(tc, test_err_print_caret);
    tcase_add_test(tc, test_exit_codes);
    tcase_add_test(tc, test_fail_may_quote_previous_message);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    tcase_add_loop_test(gen, test_board_vectors, 0, ARRAY_LEN(vectors));
    tcase_add_test(gen, test_set_same_for_any_threads);
    tcase_add_test(gen, test_labels_independent);
    tcase_add_test(gen, test_accept_takes_first_candidate);
    tcase_add_test(gen, test_accept_limit);
    tcase_add_test(gen, test_shuffle_keeps_fixed_cards);
    tcase_add_test(gen, test_key_file_life);
    tcase_add_loop_test(gen, test_key_bad_files, 0, ARRAY_LEN(bad_keys));
    tcase_set_timeout(gen, 60);
    suite_add_tcase(s, gen);
    return s;
}
REGISTER_SUITE(dealer_suite)
