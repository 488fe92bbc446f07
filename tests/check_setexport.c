/* tests/check_setexport.c - PBN 2.1 export of generated boards, byte for byte: header, the 15
 * mandatory tags in order with "?" and "" as the standard says, supplemental tags
 * alphabetically, CRLF, escapes, the double-dummy tags, and the read-back of what was written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"
#include "tests/check_suites.h"

static const char *const deal1 =
    "N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9";

static const char expected_board1[] =
    "% PBN 2.1\r\n"
    "% EXPORT\r\n"
    "[Event \"Club \\\"Spring\\\" Pairs \\\\ A\"]\r\n"
    "[Site \"?\"]\r\n"
    "[Date \"2026.11.22\"]\r\n"
    "[Board \"1\"]\r\n"
    "[West \"\"]\r\n"
    "[North \"\"]\r\n"
    "[East \"\"]\r\n"
    "[South \"\"]\r\n"
    "[Dealer \"N\"]\r\n"
    "[Vulnerable \"None\"]\r\n"
    "[Deal \"N:KJ92.A843.KQJ4.5 75.Q95.A53.KJ642 AT3.T.T762.AQ873 Q864.KJ762.98.T9\"]\r\n"
    "[Scoring \"\"]\r\n"
    "[Declarer \"\"]\r\n"
    "[Contract \"\"]\r\n"
    "[Result \"\"]\r\n"
    "[DealId \"29471908447481798410950043197\"]\r\n"
    "[Generator \"predup 0.1.0 label=original commitment=abc\"]\r\n";

static struct pbn_set *one_board_set(void)
{
    struct pbn_set *set;
    struct pbn_game *g;
    struct deal d;
    unsigned known;
    deal_num n;
    struct pbn_event ev = {"Club \"Spring\" Pairs \\ A", NULL, "2026.11.22",
                           "predup 0.1.0 label=original commitment=abc"};

    ck_assert_int_eq(deal_from_pbn(deal1, &d, &known, NULL), PD_OK);
    ck_assert_int_eq(deal_to_number(&d, &n, NULL), PD_OK);
    ck_assert_int_eq(pbn_set_new(&set, NULL), PD_OK);
    ck_assert_int_eq(pbn_game_add(set, &g, NULL), PD_OK);
    ck_assert_int_eq(pbn_game_from_board(g, &ev, board_law2(1), &d, &n, NULL), PD_OK);
    return set;
}

static char *write_to_string(const struct pbn_set *set)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    ck_assert_int_eq(pbn_write(f, set, NULL), PD_OK);
    fclose(f);
    return buf;
}

START_TEST(test_export_exact_bytes)
{
    struct pbn_set *set = one_board_set();
    char *text = write_to_string(set);

    ck_assert_str_eq(text, expected_board1);
    free(text);
    pbn_set_free(set);
}
END_TEST

/* A table in libdds's layout and its DoubleDummyTricks string (declarers N S E W, strains NT S H
 * D C): the string's order differs from the struct's, which is what this pins down. */
START_TEST(test_export_dd_tags)
{
    struct pbn_set *set = one_board_set();
    struct dd_table t;
    struct dd_par par = {420, "NS 4S"};
    char *text;

    for (int seat = 0; seat < 4; seat++)
        for (int st = 0; st < 5; st++)
            t.tricks[seat][st] = 0;
    /* N: NT 8, S 10, H 6, D 9, C 5;  S: 8 5 5 8 7;  E: 6 10 5 7 6;  W: 3 9 5 7 6 */
    int8_t rows[4][5] = {{10, 6, 9, 5, 8}, {10, 5, 7, 6, 6}, {5, 5, 8, 7, 8}, {9, 5, 7, 6, 3}};
    for (int st = 0; st < 5; st++) {
        t.tricks[SEAT_N][st] = rows[0][st];
        t.tricks[SEAT_E][st] = rows[1][st];
        t.tricks[SEAT_S][st] = rows[2][st];
        t.tricks[SEAT_W][st] = rows[3][st];
    }
    ck_assert_int_eq(pbn_game_set_dd(&set->games[0], &t, &par, NULL), PD_OK);
    text = write_to_string(set);
    ck_assert_ptr_nonnull(strstr(text, "[Result \"\"]\r\n[DealId "));
    ck_assert_ptr_nonnull(strstr(text, "[DoubleDummyTricks \"8a695855876a57639576\"]\r\n"));
    ck_assert_ptr_nonnull(strstr(text, "[OptimumResultTable \"Declarer;Denomination\\2R;"
                                       "Result\\2R\"]\r\nN NT  8\r\nN  S 10\r\nN  H  6\r\n"));
    ck_assert_ptr_nonnull(strstr(text, "W  C  6\r\n[OptimumScore \"NS 420\"]\r\n"
                                       "[ParContract \"NS 4S\"]\r\n"));
    /* Supplemental tags come alphabetically after the mandatory ones. */
    ck_assert(strstr(text, "[DealId") < strstr(text, "[DoubleDummyTricks"));
    ck_assert(strstr(text, "[Generator") < strstr(text, "[OptimumResultTable"));
    free(text);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_export_reads_back)
{
    struct pbn_set *set = one_board_set(), *back = NULL;
    struct dd_table t;
    struct dd_par par = {-600, "EW 3NT"};
    char *text, *again;

    for (int seat = 0; seat < 4; seat++)
        for (int st = 0; st < 5; st++)
            t.tricks[seat][st] = (int8_t)((seat * 5 + st) % 14);
    pbn_game_set_dd(&set->games[0], &t, &par, NULL);
    text = write_to_string(set);
    ck_assert_int_eq(pbn_read_mem("mem.pbn", text, strlen(text), &back, NULL), PD_OK);
    ck_assert_uint_eq(back->n, 1);
    ck_assert_int_eq(back->games[0].board, 1);
    ck_assert_int_eq(back->games[0].dealer, SEAT_N);
    ck_assert_int_eq(back->games[0].vul, VUL_NONE);
    ck_assert_uint_eq(back->games[0].known, 0xF);
    ck_assert(memcmp(&back->games[0].deal, &set->games[0].deal, sizeof(struct deal)) == 0);
    ck_assert(back->games[0].has_dd && back->games[0].has_par);
    ck_assert(memcmp(&back->games[0].dd, &t, sizeof t) == 0);
    ck_assert_int_eq(back->games[0].par.score_ns, -600);
    ck_assert_str_eq(back->games[0].par.contracts, "EW 3NT");
    again = write_to_string(back);
    ck_assert_str_eq(again, text);
    free(again);
    free(text);
    pbn_set_free(back);
    pbn_set_free(set);
}
END_TEST

/* Streaming (header, then each game) writes exactly what pbn_write writes for the whole set. */
START_TEST(test_stream_equals_whole)
{
    struct pbn_set *set = one_board_set();
    struct pbn_game *g;
    struct deal d;
    char *whole, *streamed = NULL;
    size_t len = 0;
    FILE *f;

    deal_from_number(77, &d, NULL);
    ck_assert_int_eq(pbn_game_add(set, &g, NULL), PD_OK);
    ck_assert_int_eq(pbn_game_from_board(g, NULL, board_law2(2), &d, NULL, NULL), PD_OK);
    whole = write_to_string(set);
    f = open_memstream(&streamed, &len);
    pbn_write_header(f, true);
    for (size_t i = 0; i < set->n; i++)
        ck_assert_int_eq(pbn_write_game(f, &set->games[i], i, NULL), PD_OK);
    fclose(f);
    ck_assert_str_eq(streamed, whole);
    ck_assert_ptr_nonnull(strstr(whole, "commitment=abc\"]\r\n\r\n[Event \"?\"]\r\n[Site \"?\"]\r\n"
                                        "[Date \"????.??.??\"]\r\n[Board \"2\"]"));
    free(whole);
    free(streamed);
    pbn_set_free(set);
}
END_TEST

/* The dealt writer (deal's stream) writes, board after board, what pbn_game_from_board and
 * pbn_write_game write for the same boards: events with escapes, ISO 8859-1, a character
 * beyond it (the whole game in UTF-8), none at all; with and without DealId and Generator;
 * boards of every dealer and vulnerability, numbers of 1 to 6 digits. */
static char *dealt_text(const struct pbn_event *ev, bool deal_id, bool dealt)
{
    static const int boards[] = {1, 2, 3, 4, 9, 16, 17, 99, 100, 1000, 65535, 999999};
    struct pbn_dealt_writer *w = NULL;
    struct pbn_game g = {0};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    ck_assert(!dealt || pbn_dealt_writer_new(&w, ev, deal_id, NULL) == PD_OK);
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        struct board_info bi = board_law2(boards[i]);
        deal_num n = (deal_num)boards[i] * 0x9E3779B97F4A7C15ULL % DEAL_COUNT;
        struct deal d;

        ck_assert_int_eq(deal_from_number(n, &d, NULL), PD_OK);
        if (dealt) {
            ck_assert_int_eq(pbn_dealt_add(w, bi, &d, deal_id ? &n : NULL, i, NULL), PD_OK);
            if (i % 5 == 4) /* flushed now and then, as deal does a chunk */
                ck_assert_int_eq(pbn_dealt_flush(w, f, NULL), PD_OK);
            continue;
        }
        ck_assert_int_eq(pbn_game_from_board(&g, ev, bi, &d, deal_id ? &n : NULL, NULL), PD_OK);
        ck_assert_int_eq(pbn_write_game(f, &g, i, NULL), PD_OK);
    }
    ck_assert(!dealt || pbn_dealt_flush(w, f, NULL) == PD_OK);
    pbn_dealt_writer_free(w);
    pbn_game_clear(&g);
    fclose(f);
    return text;
}

START_TEST(test_dealt_writer_equals_game_writer)
{
    static const struct pbn_event events[] = {
        {NULL, NULL, NULL, NULL},
        {"Club \"Spring\" Pairs \\ A", NULL, "2026.11.22", "predup 0.1.0 commitment=abc"},
        {"Z\xc3\xbcrich Cup", "Caf\xc3\xa9 \"B\"", "2026.01.02", "predup label=x"},
        {"Cup", "Site", NULL, "predup label=\xce\xa9mega"}, /* U+03A9: UTF-8 */
        {"", "", "????.??.??", ""},
    };

    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        for (int deal_id = 0; deal_id < 2; deal_id++) {
            char *want = dealt_text(&events[i], deal_id, false);
            char *have = dealt_text(&events[i], deal_id, true);

            ck_assert_msg(strstr(want, "[Board \"999999\"]\r\n") != NULL, "event %zu", i);
            size_t at = 0;

            while (have[at] && have[at] == want[at])
                at++;
            ck_assert_msg(have[at] == want[at], "event %zu, DealId %d: byte %zu: %.40s", i,
                          deal_id, at, want + at);
            free(want);
            free(have);
        }
}
END_TEST

Suite *setexport_suite(void);
Suite *setexport_suite(void)
{
    Suite *s = suite_create("setexport");
    TCase *tc = tcase_create("export");

    tcase_add_test(tc, test_export_exact_bytes);
    tcase_add_test(tc, test_export_dd_tags);
    tcase_add_test(tc, test_export_reads_back);
    tcase_add_test(tc, test_stream_equals_whole);
    tcase_add_test(tc, test_dealt_writer_equals_game_writer);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(setexport_suite)
