/* tests/check_pbn_keep.c - what real PBN files hold survives predup: { } commentary per game
 * (pbn_game_commentary), repeated tags in order, "%" and ";" lines, PBN->PBN byte for byte when
 * nothing changes, a changed or added tag in place, "% EXPORT" kept only on export text,
 * OptimumResultTable's "\2R", tag tokens over lines, Latin-1 detected and read as UTF-8, and the
 * hash index of tag names (many tags, first one found). */
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

/* The set written by pbn_write, NUL-terminated; the caller frees it. */
static char *write_text(const struct pbn_set *set)
{
    char *buf = NULL;
    size_t len = 0;
    struct pd_err e;
    FILE *f = open_memstream(&buf, &len);

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(pbn_write(f, set, &e), PD_OK);
    fclose(f);
    return buf;
}

static const char commented[] =
    "% PBN 2.1\n"
    "%Creator: a scorer\n"
    "{Before the first tag}\n"
    "[Event \"Club\"]\n"
    "; a line comment\n"
    "[Board \"1\"] {after Board}\n"
    "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n"
    "[Note \"1:first\"]\n"
    "[Note \"2:second\"]\n"
    "[Auction \"N\"]\n"
    "2C Pass 2D Pass\n"
    "{in the auction}\n"
    "Pass Pass\n"
    "{Trailing\n"
    "\n"
    "over an empty line}\n"
    "\n"
    "{Opens game 2}\n"
    "[Board \"2\"]\n"
    "[Deal \"E:- - - -\"]\n";

START_TEST(test_commentary_per_game_in_order)
{
    struct pbn_set *set = read_text(commented);
    char *c0 = pbn_game_commentary(&set->games[0]), *c1 = pbn_game_commentary(&set->games[1]);

    ck_assert_uint_eq(set->n, 2);
    ck_assert_str_eq(c0, "Before the first tag\nafter Board\nin the auction\nTrailing\n\nover an "
                         "empty line");
    ck_assert_str_eq(c1, "Opens game 2");
    free(c0);
    free(c1);
    pbn_set_free(set);
    /* Comments after the last game (after its closing empty line) are still its own. */
    set = read_text("[Board \"1\"]\n\n{one}\n{two}\n{three}\n");
    c0 = pbn_game_commentary(&set->games[0]);
    ck_assert_str_eq(c0, "one\ntwo\nthree");
    free(c0);
    pbn_set_free(set);
    set = read_text("[Board \"3\"]\n");
    ck_assert_ptr_null(pbn_game_commentary(&set->games[0]));
    pbn_set_free(set);
}
END_TEST

START_TEST(test_repeated_tags_kept_in_order)
{
    struct pbn_set *set = read_text(commented);
    const struct pbn_game *g = &set->games[0];
    int notes = 0;

    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, "Note") == 0)
            ck_assert_str_eq(g->tags[i].value, notes++ ? "2:second" : "1:first");
    ck_assert_int_eq(notes, 2);
    ck_assert_str_eq(pbn_tag_get(g, "Note"), "1:first"); /* the first is the one found */
    ck_assert_uint_eq(pbn_tag_find(g, "Auction")->nsection, 2);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_unchanged_set_written_byte_for_byte)
{
    static const char crlf[] = "% PBN 2.1\r\n[Event \"E\"]\r\n[Board \"1\"]\r\n\r\n"
                               "; between games\r\n[Event \"#\"]\r\n[Board \"2\"]\r\n";
    struct pbn_set *set = read_text(commented);
    char *out = write_text(set);

    ck_assert_str_eq(out, commented);
    free(out);
    pbn_set_free(set);
    set = read_text(crlf);
    out = write_text(set);
    ck_assert_str_eq(out, crlf);
    free(out);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_changed_and_new_tags_in_place)
{
    struct pbn_set *set = read_text("%c\n[Board \"1\"] {c}\n[Deal \"?\"]\n[Note \"x\"]\n\n"
                                    "[Board \"2\"]\n");
    struct pd_err e;
    char *out;

    ck_assert_int_eq(pbn_tag_set(&set->games[0], "Deal", "N:- - - -", &e), PD_OK);
    ck_assert_int_eq(pbn_tag_set(&set->games[0], "Result", "9", &e), PD_OK);
    ck_assert_int_eq(pbn_tag_set(&set->games[1], "Board", "2", &e), PD_OK); /* same value */
    out = write_text(set);
    ck_assert_str_eq(out, "%c\n[Board \"1\"] {c}\n[Deal \"N:- - - -\"]\n[Note \"x\"]\n"
                          "[Result \"9\"]\n\n[Board \"2\"]\n");
    free(out);
    pbn_set_free(set);
}
END_TEST

/* "% EXPORT" stays on text that passes predup check, and goes from text that does not. */
START_TEST(test_export_line_only_on_export_text)
{
    static const char bad[] = "% PBN 2.1\n% EXPORT\n[Board \"1\"]\n";
    struct pbn_set *set = read_text(bad);
    char *out = write_text(set);

    ck_assert_str_eq(out, "% PBN 2.1\n[Board \"1\"]\n");
    free(out);
    pbn_set_free(set);
}
END_TEST

/* The writer decides "% EXPORT" in a pass of its own over the text it makes (pbn/write.c), not
 * by reading its output back: on texts that differ from export in one way each, the line stays
 * exactly when predup check finds no departure and the text needs no UTF-8. */
START_TEST(test_export_decision_is_checks)
{
    static const char head[] = "% PBN 2.1\r\n% EXPORT\r\n";
    static const char game[] =
        "[Event \"?\"]\r\n[Site \"?\"]\r\n[Date \"????.??.??\"]\r\n[Board \"1\"]\r\n"
        "[West \"\"]\r\n[North \"\"]\r\n[East \"\"]\r\n[South \"\"]\r\n[Dealer \"N\"]\r\n"
        "[Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 "
        "432.5432.5432.32\"]\r\n[Scoring \"\"]\r\n[Declarer \"\"]\r\n[Contract \"\"]\r\n"
        "[Result \"\"]\r\n";
    static const char *const tails[] = {
        "",                                          /* export as it is: stays */
        "[Note \"1:a\"]\r\n[Note \"2:b\"]\r\n",      /* a repeated tag */
        "[Note \"tab\there\"]\r\n",                 /* a tab */
        "[Note \"caf\xc3\xa9\"]\r\n",               /* UTF-8 within ISO 8859-1: a departure */
        "[Note \"\xe2\x99\xa5\"]\r\n",              /* beyond ISO 8859-1: UTF-8, no departure */
        "%\xe2\x99\xa5 in an escape line\r\n",       /* the same where check looks at nothing */
        "[Note \"no line end\"]",                   /* the last line unended */
        "[Note \"LF alone\"]\n",                     /* a line end */
        "[Note  \"two spaces\"]\r\n",               /* spelling */
        "\r\n[Board \"2\"]\r\n",                      /* a second game lacking its tags */
    };
    char text[2048], long_note[400];

    memset(long_note, 'x', sizeof long_note - 1);
    long_note[sizeof long_note - 1] = '\0';
    for (size_t i = 0; i <= sizeof tails / sizeof tails[0]; i++) {
        const char *tail = tails[i < sizeof tails / sizeof tails[0] ? i : 0];
        size_t faults = 1;
        struct pd_err e;
        struct pbn_set *set;
        char *out;

        if (i < sizeof tails / sizeof tails[0])
            snprintf(text, sizeof text, "%s%s%s", head, game, tail);
        else /* a line over 255 characters */
            snprintf(text, sizeof text, "%s%s[Note \"%s\"]\r\n", head, game, long_note);
        ck_assert_int_eq(pbn_check_mem("t.pbn", text, strlen(text), NULL, &faults, &e), PD_OK);
        bool stays = faults == 0 && pbn_text_needs_utf8(text, strlen(text)) == 0;

        set = read_text(text);
        out = write_text(set);
        ck_assert_msg((strstr(out, "% EXPORT\r\n") != NULL) == stays,
                      "text %zu: %zu fault(s), %% EXPORT %s", i, faults,
                      stays ? "dropped" : "kept");
        /* and the rest is the text as read */
        if (stays)
            ck_assert_str_eq(out, text);
        else {
            char without[2048];

            snprintf(without, sizeof without, "%% PBN 2.1\r\n%s", text + strlen(head));
            ck_assert_str_eq(out, without);
        }
        free(out);
        pbn_set_free(set);
    }
}
END_TEST

START_TEST(test_optimum_result_table_header)
{
    static const char text[] = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n"
                               "N NT 7\n";
    struct pbn_set *set = read_text(text);
    struct pbn_tag *t = pbn_tag_find(&set->games[0], "OptimumResultTable");
    struct pd_err e;
    char *out;

    ck_assert_str_eq(t->value, "Declarer;Denomination\\2R;Result\\2R");
    ck_assert_int_eq(pbn_tag_set(&set->games[0], "Note", "a \"quoted\" \\ end\\", &e), PD_OK);
    out = write_text(set);
    ck_assert_ptr_nonnull(strstr(out, "[OptimumResultTable \"Declarer;Denomination\\2R;Result"
                                      "\\2R\"]\nN NT 7\n"));
    ck_assert_ptr_nonnull(strstr(out, "[Note \"a \\\"quoted\\\" \\\\ end\\\\\"]"));
    pbn_set_free(set);
    set = read_text(out); /* and the value reads back as it was */
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "Note"), "a \"quoted\" \\ end\\");
    free(out);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_tag_tokens_over_lines)
{
    struct pbn_set *set = read_text(" [\n   Event\n      \"use new lines\"\n  ]\n[Board\"4\"]\n");

    ck_assert_str_eq(pbn_tag_get(&set->games[0], "Event"), "use new lines");
    ck_assert_int_eq(set->games[0].board, 4);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_latin1_detected_and_kept)
{
    static const char latin1[] = "[Event \"Chorz\xf3w\"]\n{Sandstr\xf6m}\n";
    struct pbn_set *set = read_text(latin1);
    char *c = pbn_game_commentary(&set->games[0]), *out;
    struct pd_err e;

    ck_assert(set->latin1);
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "Event"), "Chorz\xc3\xb3w");
    ck_assert_str_eq(c, "Sandstr\xc3\xb6m");
    free(c);
    ck_assert_int_eq(pbn_tag_set(&set->games[0], "Site", "\xc3\x85" "bo", &e), PD_OK);
    out = write_text(set); /* a Latin-1 file stays Latin-1, changed tags too */
    ck_assert_str_eq(out, "[Event \"Chorz\xf3w\"]\n[Site \"\xc5" "bo\"]\n{Sandstr\xf6m}\n");
    free(out);
    pbn_set_free(set);
    set = read_text("[Event \"Chorz\xc3\xb3w\"]\n");
    ck_assert(!set->latin1);
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "Event"), "Chorz\xc3\xb3w");
    pbn_set_free(set);
}
END_TEST

/* "-" for a void suit (some programs write it), "-" for an unknown hand, "?" for no deal. */
START_TEST(test_void_dashes_and_unknown_deal)
{
    struct pbn_set *set = read_text("[Deal \"N:AKQJT98765432.-.-.- - -.AKQJT98765432.-.- -\"]\n\n"
                                    "[Deal \"?\"]\n");
    char got[DEAL_PBN_LEN];

    deal_to_pbn(&set->games[0].deal, SEAT_N, set->games[0].known, got);
    ck_assert_str_eq(got, "N:AKQJT98765432... - .AKQJT98765432.. -");
    ck_assert_uint_eq(set->games[1].known, 0);
    pbn_set_free(set);
}
END_TEST

/* LIN's players, alerted and explained calls, play, claim and commentary to PBN and back. */
START_TEST(test_lin_auction_play_both_ways)
{
    static const char lin[] =
        "pn|Sam,Wes,Nor,Eas|md|1SAKQJHAKQDAKQCAKQ,S432H432D432C5432,ST98HT98DT987CT98,|rh||"
        "ah|Board 3|sv|b|mb|7N!|an|grand|mb|p|mb|p|mb|p|pc|C5|pc|C8|pc|c7|pc|CA|mc|13|"
        "nt|well bid|pg||\n";
    struct pbn_set *set = NULL;
    struct pd_err e;
    const struct pbn_game *g;
    char *out = NULL, *c;
    size_t len = 0;
    FILE *f;

    ck_assert_msg(pbn_read_format_mem("t.lin", NULL, lin, strlen(lin), &set, &e) == PD_OK, "%s",
                  e.msg);
    g = &set->games[0];
    ck_assert_str_eq(pbn_tag_get(g, "South"), "Sam");
    ck_assert_str_eq(pbn_tag_get(g, "East"), "Eas");
    ck_assert_str_eq(pbn_tag_get(g, "Contract"), "7NT");
    ck_assert_str_eq(pbn_tag_get(g, "Declarer"), "S");
    ck_assert_str_eq(pbn_tag_get(g, "Result"), "13");
    ck_assert_str_eq(pbn_tag_get(g, "Note"), "1:grand");
    ck_assert_str_eq(pbn_tag_find(g, "Auction")->section[0], "7NT =1= Pass Pass Pass");
    ck_assert_str_eq(pbn_tag_get(g, "Play"), "W");
    ck_assert_str_eq(pbn_tag_find(g, "Play")->section[0], "C5 C8 C7 CA");
    ck_assert_str_eq(pbn_tag_find(g, "Play")->section[1], "*");
    c = pbn_game_commentary(g);
    ck_assert_str_eq(c, "well bid");
    free(c);
    f = open_memstream(&out, &len);
    ck_assert_int_eq(pbn_write_format(f, "lin", set, &e), PD_OK);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(out, "qx|o3|pn|Sam,Wes,Nor,Eas|md|1S"));
    ck_assert_ptr_nonnull(strstr(out, "|ah|Board 3|sv|b|mb|7N|an|grand|mb|p|mb|p|mb|p|pc|C5|pc|C8|"
                                      "pc|C7|pc|CA|mc|13|nt|well bid|pg||\n"));
    free(out);
    pbn_set_free(set);
}
END_TEST

/* A LIN board number past BOARD_MAX is refused, not taken as a position (it was board 1). */
START_TEST(test_lin_board_number_limit)
{
    static const char lin[] = "qx|o12345678901|md|1SAKQJHAKQDAKQCAKQ,S432H432D432C5432,"
                              "ST98HT98DT987CT98,|pg||\n";
    struct pbn_set *set = NULL;
    struct pd_err e;

    ck_assert_int_eq(pbn_read_format_mem("t.lin", NULL, lin, strlen(lin), &set, &e),
                     PD_ERR_SYNTAX);
    ck_assert_str_eq(e.msg, "qx: board number \"o12345678901\" is over 1000000");
}
END_TEST

START_TEST(test_many_tags_indexed)
{
    struct pbn_game g = {0};
    struct pd_err e;
    char name[32], value[32];

    for (int i = 0; i < 5000; i++) {
        snprintf(name, sizeof name, "T%d", i % 1000);
        snprintf(value, sizeof value, "%d", i);
        ck_assert_int_eq(pbn_tag_add(&g, name, value, &e), PD_OK);
    }
    ck_assert_str_eq(pbn_tag_get(&g, "T0"), "0");
    ck_assert_str_eq(pbn_tag_get(&g, "T999"), "999");
    ck_assert_ptr_null(pbn_tag_get(&g, "T1000"));
    ck_assert_int_eq(pbn_tag_set(&g, "T5", "new", &e), PD_OK);
    ck_assert_str_eq(g.tags[5].value, "new");
    ck_assert_str_eq(g.tags[1005].value, "1005");
    ck_assert_uint_eq(g.ntags, 5000);
    pbn_game_clear(&g);
}
END_TEST

static Suite *pbn_keep_suite(void)
{
    Suite *s = suite_create("pbn_keep");
    TCase *tc = tcase_create("pbn_keep");

    tcase_add_test(tc, test_commentary_per_game_in_order);
    tcase_add_test(tc, test_repeated_tags_kept_in_order);
    tcase_add_test(tc, test_unchanged_set_written_byte_for_byte);
    tcase_add_test(tc, test_changed_and_new_tags_in_place);
    tcase_add_test(tc, test_export_line_only_on_export_text);
    tcase_add_test(tc, test_optimum_result_table_header);
    tcase_add_test(tc, test_tag_tokens_over_lines);
    tcase_add_test(tc, test_latin1_detected_and_kept);
    tcase_add_test(tc, test_void_dashes_and_unknown_deal);
    tcase_add_test(tc, test_lin_auction_play_both_ways);
    tcase_add_test(tc, test_lin_board_number_limit);
    tcase_add_test(tc, test_many_tags_indexed);
    tcase_add_test(tc, test_export_decision_is_checks);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(pbn_keep_suite)
