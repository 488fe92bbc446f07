/* tests/check_printing.c - printing/: text cleaning, holdings, board checks, the analysis (a
 * known deal's table and par, boards already analysed kept), and rendering (errors, atomic
 * writes, identical bytes for identical input). The PDFs' content is checked by
 * tests/cli/print_*.sh with poppler and zbar. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "printing/printing.h"
#include "tests/check_lib.h"
#include "tests/check_suites.h"

static bool no_x(void *ctx, unsigned cp)
{
    (void)ctx;
    return cp != 'x';
}

/* Invalid UTF-8 becomes U+FFFD, controls spaces, undrawable characters a visible stand-in. */
static const struct {
    const char *in, *out;
    bool only_no_x;
} cleans[] = {
    {"Club Pairs", "Club Pairs", false},
    {"a\x01" "b\tc", "a b c", false},
    {"\xff", "\xEF\xBF\xBD", false},
    {"\xC0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD", false},     /* overlong NUL */
    {"\xE2\x99", "\xEF\xBF\xBD\xEF\xBF\xBD", false},     /* cut short */
    {"\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", false}, /* a surrogate */
    {"\xF0\x9F\x98\x80!", "[U+1F600]!", false},           /* above the BMP */
    {"\xC5\x81\xC3\xB3" "d\xC5\xBA", "\xC5\x81\xC3\xB3" "d\xC5\xBA", false}, /* Łódź */
    {"axb", "a[U+0078]b", true},
};

START_TEST(test_text_clean)
{
    char *out = pr_text_clean(cleans[_i].in, cleans[_i].only_no_x ? no_x : NULL, NULL);

    ck_assert_ptr_nonnull(out);
    ck_assert_str_eq(out, cleans[_i].out);
    free(out);
}
END_TEST

static struct pbn_set *read_set(const char *text)
{
    struct pbn_set *set = NULL;
    struct pd_err e = {0};

    ck_assert_msg(pbn_read_mem("t.pbn", text, strlen(text), &set, &e) == PD_OK, "%s", e.msg);
    return set;
}

/* Deal number 0: every hand one suit. */
static const char DEAL0[] = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                            "...AKQJT98765432";

START_TEST(test_board_errors)
{
    static const struct {
        const char *pbn, *msg;
    } bad[] = {
        {"[Dealer \"N\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
         "...AKQJT98765432\"]\n",
         "game 1 (line 1) has no Board number"},
        {"[Board \"3\"]\n", "board 3 has no Deal"},
        {"[Board \"4\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n",
         "board 4: the hand of East, South, West is not given"},
        {"[Board \"5\"]\n[Deal \"N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. "
         "...AKQJT98765432\"]\n",
         "board 5: impossible deal"},
    };

    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        struct pbn_set *set = read_set(bad[i].pbn);
        struct pr_board b;
        struct pd_err e = {0};

        ck_assert_int_eq(pr_board_from_game(&set->games[0], 0, &b, &e), PD_ERR_RANGE);
        ck_assert_msg(strncmp(e.msg, bad[i].msg, strlen(bad[i].msg)) == 0, "%s", e.msg);
        e = (struct pd_err){0};
        ck_assert_int_eq(pr_analyze_set(set, 0, false, NULL, &e), PD_ERR_RANGE);
        ck_assert_msg(strncmp(e.msg, bad[i].msg, strlen(bad[i].msg)) == 0, "%s", e.msg);
        pbn_set_free(set);
    }
}
END_TEST

/* Law 2 fills what the tags leave out: board 2 is dealt by East, North-South vulnerable. */
START_TEST(test_board_law2_fill)
{
    struct pbn_set *set = read_set("[Board \"2\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. "
                                   "..AKQJT98765432. ...AKQJT98765432\"]\n");
    struct pr_board b;

    ck_assert_int_eq(pr_board_from_game(&set->games[0], 0, &b, NULL), PD_OK);
    ck_assert_int_eq(b.number, 2);
    ck_assert_int_eq(b.dealer, SEAT_E);
    ck_assert_int_eq(b.vul, VUL_NS);
    pbn_set_free(set);
}
END_TEST

static char *game_text(const char *extra)
{
    static char buf[1024];

    snprintf(buf, sizeof buf,
             "[Event \"T\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
             "[Deal \"%s\"]\n%s",
             DEAL0, extra);
    return buf;
}

/* Deal 0: whoever holds a suit takes all 13 tricks in it with partner, the others none, and
 * notrump goes down 13 for every declarer (the lead runs a whole suit). Par: NS 7S, 1510 (EW's
 * 7H is outbid, 7NT by anyone is down 13). */
START_TEST(test_analyze_known_deal)
{
    struct pbn_set *set = read_set(game_text(""));
    struct pd_err e = {0};
    size_t solved = 99;
    struct pbn_game *g;

    ck_assert_msg(pr_analyze_set(set, 0, false, &solved, &e) == PD_OK, "%s", e.msg);
    ck_assert_uint_eq(solved, 1);
    g = &set->games[0];
    ck_assert(g->has_dd && g->has_par);
    for (int s = 0; s < 4; s++)
        for (int st = 0; st < 5; st++) {
            int want = st == STRAIN_NT ? 0 : (s % 2) == (st % 2) ? 13 : 0;

            ck_assert_int_eq(g->dd.tricks[s][st], want);
        }
    /* PBN order: declarers N, S, E, W, each over NT, S, H, D, C. */
    ck_assert_str_eq(pbn_tag_get(g, "DoubleDummyTricks"), "0d0d00d0d000d0d00d0d");
    ck_assert_str_eq(pbn_tag_get(g, "OptimumScore"), "NS 1510");
    ck_assert_str_eq(pbn_tag_get(g, "ParContract"), "NS 7S");
    ck_assert_uint_eq(pbn_tag_find(g, "OptimumResultTable")->nsection, 20);
    ck_assert_int_eq(pr_analyze_set(set, 1, false, &solved, &e), PD_OK);
    ck_assert_uint_eq(solved, 0);
    pbn_set_free(set);
}
END_TEST

/* Boards that carry the analysis are not solved again: a made-up table stays as it is; a table
 * without par gets its par from that table, not from a new solve. */
START_TEST(test_analyze_keeps_existing)
{
    struct pbn_set *set = read_set(game_text("[DoubleDummyTricks \"77777777777777777777\"]\n"
                                             "[OptimumScore \"NS 90\"]\n"
                                             "[ParContract \"NS 1NT\"]\n"));
    size_t solved = 99;

    ck_assert_int_eq(pr_analyze_set(set, 0, false, &solved, NULL), PD_OK);
    ck_assert_uint_eq(solved, 0);
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "DoubleDummyTricks"), "77777777777777777777");
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "OptimumScore"), "NS 90");
    pbn_set_free(set);

    set = read_set(game_text("[DoubleDummyTricks \"77777777777777777777\"]\n"));
    ck_assert_int_eq(pr_analyze_set(set, 0, false, &solved, NULL), PD_OK);
    ck_assert_uint_eq(solved, 0);
    ck_assert(set->games[0].has_par);
    ck_assert_int_eq(set->games[0].dd.tricks[SEAT_N][STRAIN_NT], 7);
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "DoubleDummyTricks"), "77777777777777777777");
    pbn_set_free(set);
}
END_TEST

START_TEST(test_render_errors)
{
    struct pbn_set *set = read_set(game_text(""));
    struct pbn_set *empty = NULL;
    struct pr_options o;
    unsigned char *pdf = NULL;
    size_t len = 0;
    struct pd_err e = {0};

    pr_options_default(&o);
    ck_assert_int_eq(pr_render(pr_kind_find("record"), set, &o, &pdf, &len, &e), PD_ERR_RANGE);
    ck_assert_str_eq(e.msg, "board 1 has no double-dummy analysis");
    o.font_dir = "/nonexistent/fonts";
    ck_assert_int_eq(pr_render(pr_kind_find("curtain"), set, &o, &pdf, &len, &e), PD_ERR_IO);
    ck_assert_msg(strstr(e.msg, "font file /nonexistent/fonts/DejaVuSans.ttf") != NULL, "%s",
                  e.msg);
    pr_options_default(&o);
    o.per_page = 3; /* the record's counts (its row); a sheet lays out its own pages */
    ck_assert_int_eq(pr_render(pr_kind_find("record"), set, &o, &pdf, &len, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "--per-page must be 1, 2, 4, 6 or 9, not 3");
    o.lang = "xx";
    ck_assert_int_eq(pr_render(pr_kind_find("sheet"), set, &o, &pdf, &len, &e), PD_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "unknown language \"xx\""));
    ck_assert_int_eq(pbn_set_new(&empty, NULL), PD_OK);
    pr_options_default(&o);
    ck_assert_int_eq(pr_render(pr_kind_find("sheet"), empty, &o, &pdf, &len, &e), PD_ERR_RANGE);
    ck_assert_str_eq(e.msg, "the set has no boards");
    ck_assert_ptr_null(pdf);
    pbn_set_free(empty);
    pbn_set_free(set);
}
END_TEST

static size_t dir_entries(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *de;
    size_t n = 0;

    ck_assert_ptr_nonnull(d);
    while ((de = readdir(d)))
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

/* Same input, same bytes (no dates, no ids), for every kind of the table; the file written is
 * what was rendered; a failed write leaves nothing behind. */
START_TEST(test_render_write)
{
    struct pbn_set *set = read_set(game_text(""));
    struct pr_options o;
    char dir[512], path[600];

    ck_assert_int_eq(pr_analyze_set(set, 0, false, NULL, NULL), PD_OK);
    pr_options_default(&o);
    test_tmpdir(dir, sizeof dir);
    size_t k = 0; /* every kind of the table */

    size_t pdfs = 0; /* every PDF kind of the table (web writes a folder: its own tests) */

    for (const struct pr_kind *kind; (kind = pr_kind_at(k)) != NULL; k++) {
        unsigned char *a = NULL, *b = NULL;
        size_t alen = 0, blen = 0;
        struct stat st;

        if (strcmp(pr_kind_ext(kind), ".pdf") != 0) {
            ck_assert_int_eq(pr_render(kind, set, &o, &a, &alen, NULL), PD_ERR_USAGE);
            continue;
        }
        pdfs++;
        ck_assert_int_eq(pr_render(kind, set, &o, &a, &alen, NULL), PD_OK);
        ck_assert_int_eq(pr_render(kind, set, &o, &b, &blen, NULL), PD_OK);
        ck_assert_uint_eq(alen, blen);
        ck_assert(memcmp(a, b, alen) == 0);
        ck_assert(alen > 1000 && memcmp(a, "%PDF-1.", 7) == 0);
        snprintf(path, sizeof path, "%s/out%zu.pdf", dir, k);
        ck_assert_int_eq(pr_write(kind, set, &o, path, NULL), PD_OK);
        ck_assert_int_eq(stat(path, &st), 0);
        ck_assert_uint_eq((size_t)st.st_size, alen);
        free(a);
        free(b);
    }
    ck_assert_uint_eq(dir_entries(dir), pdfs);
    snprintf(path, sizeof path, "%s/missing/out.pdf", dir);
    ck_assert_int_eq(pr_write(pr_kind_find("record"), set, &o, path, NULL), PD_ERR_IO);
    o.font_dir = "/nonexistent";
    snprintf(path, sizeof path, "%s/nofont.pdf", dir);
    ck_assert_int_eq(pr_write(pr_kind_find("record"), set, &o, path, NULL), PD_ERR_IO);
    ck_assert_uint_eq(dir_entries(dir), pdfs);
    pbn_set_free(set);
}
END_TEST

/* Par as directors write it: the contract at the tricks taken, the result, the declarer. */
static const struct {
    int score;
    const char *contracts, *want;
} pars[] = {
    {140, "NS 1S+2", "Par: 3\u2660= NS +140"},
    {420, "NS 4S", "Par: 4\u2660= NS +420"},
    {-450, "EW 4S+1", "Par: 5\u2660= EW -450"},
    {100, "EW 4Hx-1", "Par: 4\u2665x-1 EW +100"},
    {-500, "NS 5Dx-3", "Par: 5\u2666x-3 NS -500"},
    {430, "S 3NT+1", "Par: 4NT= S +430"},
    {-420, "EW 4S,EW 4H", "Par: 4\u2660= EW, 4\u2665= EW -420"},
    {0, "Pass", "Par: Pass 0"},
    {110, "N 2C+1", "Par: 3\u2663= N +110"},
    {-1010, "EW 6Cxx", "Par: 6\u2663xx= EW -1010"},
};

START_TEST(test_par_text)
{
    struct dd_par par = {.score_ns = pars[_i].score};
    char out[200];

    snprintf(par.contracts, sizeof par.contracts, "%s", pars[_i].contracts);
    pr_par_text(&par, out, sizeof out);
    ck_assert_str_eq(out, pars[_i].want);
}
END_TEST

/* Makeable contracts: the highest level per strain, the declarer named when only one makes. */
START_TEST(test_makeable_text)
{
    struct dd_table t = {{{0}}};
    char line[160];

    /* [seat][strain], strains S H D C NT in dealer/deal/deal.h's order */
    for (int s = 0; s < 4; s++)
        for (int st = 0; st < 5; st++)
            t.tricks[s][st] = 6;
    t.tricks[SEAT_N][STRAIN_NT] = t.tricks[SEAT_S][STRAIN_NT] = 9;
    t.tricks[SEAT_N][STRAIN_S] = 10;
    t.tricks[SEAT_S][STRAIN_S] = 10;
    t.tricks[SEAT_N][STRAIN_H] = 8;
    t.tricks[SEAT_S][STRAIN_H] = 7;
    pr_makeable_text(&t, 0, line, sizeof line);
    ck_assert_str_eq(line, "NS: 3NT, 4\u2660, 2\u2665 N");
    pr_makeable_text(&t, 1, line, sizeof line);
    ck_assert_str_eq(line, "EW: \u2014");
    t.tricks[SEAT_W][STRAIN_C] = 13;
    pr_makeable_text(&t, 1, line, sizeof line);
    ck_assert_str_eq(line, "EW: 7\u2663 W");
}
END_TEST

/* --hands: seats, pairs, all, comma lists, any case; a bad item named. */
START_TEST(test_parse_hands)
{
    struct pd_err e = {0};
    unsigned m = 0;

    ck_assert_int_eq(pr_parse_hands("NS", &m, &e), PD_OK);
    ck_assert_uint_eq(m, 1u << SEAT_N | 1u << SEAT_S);
    ck_assert_int_eq(pr_parse_hands("e,w", &m, &e), PD_OK);
    ck_assert_uint_eq(m, 1u << SEAT_E | 1u << SEAT_W);
    ck_assert_int_eq(pr_parse_hands("N,E", &m, &e), PD_OK);
    ck_assert_uint_eq(m, 1u << SEAT_N | 1u << SEAT_E);
    ck_assert_int_eq(pr_parse_hands("all", &m, &e), PD_OK);
    ck_assert_uint_eq(m, PR_HANDS_ALL);
    ck_assert_int_eq(pr_parse_hands("N,X", &m, &e), PD_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "not \"X\""));
    ck_assert_int_eq(pr_parse_hands("N,", &m, &e), PD_ERR_USAGE);
    ck_assert_int_eq(pr_parse_hands("", &m, &e), PD_ERR_USAGE);
}
END_TEST

Suite *printing_suite(void);
Suite *printing_suite(void)
{
    const struct check_test tests[] = {
        {test_text_clean, ARRAY_LEN(cleans)}, {test_board_errors}, {test_board_law2_fill},
        {test_analyze_known_deal}, {test_analyze_keeps_existing}, {test_render_errors},
        {test_render_write}, {test_par_text, ARRAY_LEN(pars)}, {test_makeable_text},
        {test_parse_hands},
    };

    return suite_of("printing", 60, tests, ARRAY_LEN(tests));
}
REGISTER_SUITE(printing_suite)
