/* tests/check_pbn.c - PBN 2.1 import tolerance (line ends, comments, inheritance, deals from any
 * seat, "-", lower case, "10", Latin-1), the peers' PBN (dealer's printpbn, Deal's format/pbn, a
 * Big Deal-style file), the double-dummy tags written and read back, and predup check's report. */
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"
#include "tests/check_suites.h"

static struct pbn_set *read_text(const char *text)
{
    struct pbn_set *set = NULL;
    struct pd_err e;

    ck_assert_msg(pbn_read_mem("t.pbn", text, strlen(text), &set, &e) == PD_OK, "%d:%d: %s",
                  e.line, e.col, e.msg);
    return set;
}

static struct pbn_set *read_data(const char *name)
{
    char path[512];
    struct pbn_set *set = NULL;
    struct pd_err e;

    snprintf(path, sizeof path, "%s/formats/%s", test_data_dir(), name);
    ck_assert_msg(pbn_read_any(path, NULL, &set, &e) == PD_OK, "%s: %s", path, e.msg);
    return set;
}

static void assert_deal(const struct pbn_game *g, const char *want_from_north)
{
    char got[DEAL_PBN_LEN];

    deal_to_pbn(&g->deal, SEAT_N, g->known, got);
    ck_assert_str_eq(got, want_from_north);
}

START_TEST(test_import_is_tolerant)
{
    /* LF and CRLF mixed, "%" escapes, ";" and "{}" comments (one over two lines), tags in any
     * order with extra spaces, "#" and "##" inheritance, a Deal from West with lower case,
     * "10" and an unknown hand, a Latin-1 byte in a string. */
    const char *text = "% PBN 2.1\n"
                       "%  a comment line\r\n"
                       "[Event \"##Club Pairs\"]\r\n"
                       "[ Site  \"Caf\xe9\" ] ; comment\n"
                       "{ a comment\n over two lines }\n"
                       "[Deal \"W:a10.k.q.j - 2.3.4.5 kqj.aq.ak.ak\"]\n"
                       "[Board \"7\"]\n"
                       "[Dealer \"S\"]\n"
                       "[Vulnerable \"Both\"]\n"
                       "\n"
                       "[Board \"8\"][Site \"#\"]\n"
                       "[Vulnerable \"Love\"]\n";
    struct pbn_set *set = read_text(text);
    const struct pbn_game *g = &set->games[0];

    ck_assert_uint_eq(set->n, 2);
    ck_assert_str_eq(pbn_tag_get(g, "Event"), "Club Pairs");
    ck_assert_str_eq(pbn_tag_get(g, "Site"), "Caf\xc3\xa9"); /* Latin-1 read as UTF-8 */
    ck_assert_int_eq(g->board, 7);
    ck_assert_int_eq(g->dealer, SEAT_S);
    ck_assert_int_eq(g->vul, VUL_ALL);
    ck_assert_int_eq(g->known, (1 << SEAT_W) | (1 << SEAT_E) | (1 << SEAT_S));
    assert_deal(g, "N:- 2.3.4.5 KQJ.AQ.AK.AK AT.K.Q.J");
    g = &set->games[1];
    ck_assert_str_eq(pbn_tag_get(g, "Event"), "Club Pairs"); /* "##" carries on */
    ck_assert_str_eq(pbn_tag_get(g, "Site"), "Caf\xc3\xa9"); /* "#" copies the previous */
    ck_assert_int_eq(g->board, 8);
    ck_assert_int_eq(g->vul, VUL_NONE);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_import_errors_have_positions)
{
    static const struct {
        const char *text, *msg;
        int line, col;
    } bad[] = {
        {"[Board \"1\"]\n[Deal \"N:AKQ\n", "the tag value's string is not closed on its line", 2,
         13},
        {"[Board \"1\"]\n[Deal]\n", "a tag value must be a string in double quotes", 2, 6},
        {"{ open\n[Board \"1\"]\n", "comment \"{\" is never closed", 1, 1},
        {"[Board \"x\"]\n", "game at line 1: Board must be a positive number, not \"x\"", 1, 0},
    };

    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        struct pbn_set *set = NULL;
        struct pd_err e;

        ck_assert_int_eq(pbn_read_mem("t.pbn", bad[i].text, strlen(bad[i].text), &set, &e),
                         PD_ERR_SYNTAX);
        ck_assert_str_eq(e.msg, bad[i].msg);
        ck_assert_int_eq(e.line, bad[i].line);
        ck_assert_int_eq(e.col, bad[i].col);
    }
}
END_TEST

/* The peers' PBN: every game has a complete deal; boards, dealers, vulnerability as written. */
static const struct {
    const char *file;
    size_t games;
    bool boards; /* Board, Dealer and Vulnerable tags present */
    const char *first_deal;
} peers[] = {
    {"dealer-printpbn.pbn", 4, true,
     "N:AQT6542.5.T86.A5 K7.QJT743.74.KQ6 983.A96.J9.J9432 J.K82.AKQ532.T87"},
    {"deal-pbn.pbn", 4, false,
     "N:QJT8653.93.T9.T8 K7.KQJ74.A6.A653 A92.T852.53.KQ94 4.A6.KQJ8742.J72"},
    {"bigdeal.pbn", 4, true,
     "N:Q8.QJ742.753.AQJ AJ9632.T5.AQ4.96 5.AK983.JT2.K753 KT74.6.K986.T842"},
};

START_TEST(test_peer_files_read)
{
    struct pbn_set *set = read_data(peers[_i].file);

    ck_assert_uint_eq(set->n, peers[_i].games);
    assert_deal(&set->games[0], peers[_i].first_deal);
    for (size_t i = 0; i < set->n; i++) {
        const struct pbn_game *g = &set->games[i];
        struct board_info law = board_law2((int)i + 1);

        ck_assert_int_eq(g->known, 0xF);
        ck_assert(deal_is_complete(&g->deal, NULL, 0));
        if (peers[_i].boards) {
            ck_assert_int_eq(g->board, (int)i + 1);
            ck_assert_int_eq(g->dealer, law.dealer);
            ck_assert_int_eq(g->vul, law.vul);
        }
    }
    pbn_set_free(set);
}
END_TEST

/* Big Deal writes its Generator once, inside the first game. */
START_TEST(test_bigdeal_generator_in_first_game)
{
    struct pbn_set *set = read_data("bigdeal.pbn");

    ck_assert_str_eq(pbn_tag_get(&set->games[0], "Generator"), "Big Deal version 2.0");
    ck_assert_ptr_null(pbn_tag_get(&set->games[1], "Generator"));
    pbn_set_free(set);
}
END_TEST

/* ---------------------------------------------------------------- double dummy tags */

/* ref.pbn: boards 1-3; board 2 is dealt by East, North-South vulnerable. */
static struct pbn_set *one_board(void)
{
    return read_data("ref.pbn");
}

START_TEST(test_dd_tags_written_and_read)
{
    struct pbn_set *set = one_board(), *got = NULL;
    struct dd_table dd;
    struct dd_par par = {-620, "EW 4H"};
    char *buf;
    size_t len;
    struct pd_err e;
    FILE *f;

    for (int s = 0; s < 4; s++)
        for (int t = 0; t < 5; t++)
            dd.tricks[s][t] = (int8_t)((s * 5 + t) % 14);
    ck_assert_int_eq(pbn_game_set_dd(&set->games[1], &dd, &par, &e), PD_OK);
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(pbn_write(f, set, &e), PD_OK);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "[DoubleDummyTricks \"401230abcd9567851234\"]"));
    ck_assert_ptr_nonnull(strstr(buf, "[OptimumResultTable \"Declarer;Denomination\\2R;"
                                      "Result\\2R\"]\nN NT  4\nN  S  0\n"));
    /* ref.pbn ends its lines with LF: the tags added to it too. */
    ck_assert_ptr_nonnull(strstr(buf, "[OptimumScore \"EW 620\"]\n[ParContract \"EW 4H\"]"));
    ck_assert_int_eq(pbn_read_mem("t", buf, len, &got, &e), PD_OK);
    ck_assert(got->games[1].has_dd);
    ck_assert_mem_eq(&got->games[1].dd, &dd, sizeof dd);
    ck_assert(got->games[1].has_par);
    ck_assert_int_eq(got->games[1].par.score_ns, -620);
    ck_assert_str_eq(got->games[1].par.contracts, "EW 4H");
    ck_assert(!got->games[0].has_dd);
    ck_assert_uint_eq(pbn_tag_find(&got->games[1], "OptimumResultTable")->nsection, 20);
    free(buf);
    pbn_set_free(got);
    pbn_set_free(set);
}
END_TEST

/* Without DoubleDummyTricks the table's 20 rows give the tricks. */
START_TEST(test_dd_from_optimum_result_table)
{
    struct pbn_set *set = one_board(), *got = NULL;
    struct dd_table dd;
    char *buf;
    size_t len;
    struct pd_err e;
    FILE *f;

    for (int s = 0; s < 4; s++)
        for (int t = 0; t < 5; t++)
            dd.tricks[s][t] = (int8_t)(13 - (s + t) % 14);
    ck_assert_int_eq(pbn_game_set_dd(&set->games[0], &dd, NULL, &e), PD_OK);
    ck_assert_int_eq(pbn_tag_set(&set->games[0], "DoubleDummyTricks", "", &e), PD_OK);
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(pbn_write(f, set, &e), PD_OK);
    fclose(f);
    ck_assert_int_eq(pbn_read_mem("t", buf, len, &got, &e), PD_OK);
    ck_assert(got->games[0].has_dd);
    ck_assert_mem_eq(&got->games[0].dd, &dd, sizeof dd);
    ck_assert(!got->games[0].has_par);
    free(buf);
    pbn_set_free(got);
    pbn_set_free(set);
}
END_TEST

/* ---------------------------------------------------------------- predup check */

static char *check_report(const char *text, size_t *faults)
{
    char *buf;
    size_t len;
    struct pd_err e;
    FILE *f = open_memstream(&buf, &len);

    ck_assert_int_eq(pbn_check_mem("t.pbn", text, strlen(text), f, faults, &e), PD_OK);
    fclose(f);
    return buf;
}

START_TEST(test_check_lists_every_departure)
{
    const char *text =
        "% PBN 2.1\r\n"
        "[Event \"x\"]\r\n[Site \"?\"]\r\n[Date \"2026.1.2\"]\r\n[Board \"1\"]\r\n"
        "[West \"\"]\r\n[North \"\"]\r\n[East \"\"]\r\n[South \"\"]\r\n[Dealer \"N\"]\r\n"
        "[Vulnerable \"Both\"]\r\n"
        "[Deal \"E:AKQ.T98.765.432 J109.J76.A4.AKQJ  8765.AK5.KQJ2.65 432.Q432.T983.T7\"]\r\n"
        "[Scoring \"\"]\r\n[Declarer \"\"]\r\n[Result \"\"]\r\n[Contract \"\"]\r\n"
        "[Zeta \"\"]\r\n[ Alpha  \"\" ]\r\n"
        "\r\n"
        "[Board \"2\"]\n"
        "[Deal \"N:AKQJ.AKQJ.AKQ.AK - - -\"]\r\n"
        "stray\r\n"
        "\r\n"
        "[Deal \"N:2.3.4.5 - - -\"][Board \"3\"]\r\n";
    size_t faults;
    char *got = check_report(text, &faults);

    /* Per game: the spelling of each line as it is scanned, then the game's tags and deal; the
     * file-wide line-end count last. Deal of line 12: East and South hold 12 cards, clubs 9 and
     * 8 nowhere; one order fault a game (Alpha after Zeta is not repeated). */
    const char *want =
        "t.pbn:18: space after \"[\"\n"
        "t.pbn:18: export writes one space between the tag name and its value\n"
        "t.pbn:18: tag Alpha: space before \"]\"\n"
        "t.pbn:16: tag Contract out of order (after Result): export puts the 15 mandatory tags "
        "first, in the order Event Site Date Board West North East South Dealer Vulnerable Deal "
        "Scoring Declarer Contract Result, then the others alphabetically\n"
        "t.pbn:4: Date \"2026.1.2\" is not YYYY.MM.DD (\"?\" for unknown digits)\n"
        "t.pbn:11: Vulnerable \"Both\": export writes None, NS, EW or All\n"
        "t.pbn:12: Deal starts at E: export starts it at the dealer, N\n"
        "t.pbn:12: Deal: export separates the four hands by single spaces\n"
        "t.pbn:12: Deal: \"10\" for a ten: export writes T\n"
        "t.pbn:12: Deal: East has 12 cards\n"
        "t.pbn:12: Deal: South has 12 cards\n"
        "t.pbn:12: Deal: C9 is missing\n"
        "t.pbn:12: Deal: C8 is missing\n"
        "t.pbn:20: game lacks mandatory tags: Event Site Date West North East South Dealer "
        "Vulnerable Scoring Declarer Contract Result\n"
        "t.pbn:24: two tags on one line: export writes one tag a line\n"
        "t.pbn:24: tag Board out of order (after Deal): export puts the 15 mandatory tags first, "
        "in the order Event Site Date Board West North East South Dealer Vulnerable Deal Scoring "
        "Declarer Contract Result, then the others alphabetically\n"
        "t.pbn:24: game lacks mandatory tags: Event Site Date West North East South Dealer "
        "Vulnerable Scoring Declarer Contract Result\n"
        "t.pbn:24: Deal: North has 4 cards\n"
        "t.pbn:20: 1 line ends with LF alone: export ends lines with CR LF\n";

    if (strcmp(got, want) != 0)
        fprintf(stderr, "check report:\n%s", got);
    ck_assert_msg(strcmp(got, want) == 0, "the report differs (printed on stderr)");
    ck_assert_uint_eq(faults, 19);
    free(got);
}
END_TEST

/* What predup writes is clean; a missing card is named. */
START_TEST(test_check_clean_export_and_missing_card)
{
    struct pbn_set *read = read_data("ref.pbn"), *set;
    char *buf, *got;
    size_t len, faults = 99;
    struct pd_err e;
    FILE *f = open_memstream(&buf, &len);

    /* Built in memory (a set read is written as it was read): export format. */
    ck_assert_int_eq(pbn_set_new(&set, &e), PD_OK);
    for (size_t i = 0; i < read->n; i++) {
        const struct pbn_game *r = &read->games[i];
        struct pbn_game *g;

        ck_assert_int_eq(pbn_game_add(set, &g, &e), PD_OK);
        ck_assert_int_eq(
            pbn_game_from_board(g, NULL, board_law2(r->board), &r->deal, NULL, &e), PD_OK);
    }
    pbn_set_free(read);
    ck_assert_int_eq(pbn_write(f, set, &e), PD_OK);
    fclose(f);
    free(check_report(buf, &faults));
    ck_assert_uint_eq(faults, 0);
    free(buf);
    got = check_report("[Deal \"N:AKQJ.AKQJ.AKQ.AK 2.2.2.2 3.3.3.3 4.4.4.4\"]\r\n", &faults);
    ck_assert_ptr_nonnull(strstr(got, "t.pbn:1: Deal: East has 4 cards\n"));
    ck_assert_ptr_nonnull(strstr(got, "t.pbn:1: Deal: ST is missing\n"));
    free(got);
    got = check_report("[Deal \"N:KAQJT98765432... - - -\"]\r\n[Board \"1\"]\r\n"
                       "\r\n[Deal \"N:akqjt98765432... - - -\"]\r\n", &faults);
    ck_assert_ptr_nonnull(strstr(got, "t.pbn:1: Deal: ranks of a suit not in descending order\n"));
    ck_assert_ptr_nonnull(
        strstr(got, "t.pbn:4: Deal: lower-case rank \"a\": export writes upper case\n"));
    ck_assert_ptr_null(strstr(got, "t.pbn:4: Deal: ranks"));
    pbn_set_free(set);
    free(got);
}
END_TEST

static Suite *pbn_suite(void)
{
    Suite *s = suite_create("pbn");
    TCase *tc = tcase_create("pbn");

    tcase_add_test(tc, test_import_is_tolerant);
    tcase_add_test(tc, test_import_errors_have_positions);
    tcase_add_loop_test(tc, test_peer_files_read, 0, ARRAY_LEN(peers));
    tcase_add_test(tc, test_bigdeal_generator_in_first_game);
    tcase_add_test(tc, test_dd_tags_written_and_read);
    tcase_add_test(tc, test_dd_from_optimum_result_table);
    tcase_add_test(tc, test_check_lists_every_departure);
    tcase_add_test(tc, test_check_clean_export_and_missing_card);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(pbn_suite)
