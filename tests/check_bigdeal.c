/* tests/check_bigdeal.c - Big Deal's "Gödel" numbering and derivation, and SquareDeal sessions
 * (dealer/event/bigdeal.c, dealer/event/squaredeal.c). The vectors come from outside this code: the
 * published FIN1.goe/FIN1.pbn pair of Big Deal (its first board), and an independent Python
 * model (hashlib's RIPEMD-160, SHA-256 and base64, big integers) for the derivation of made-up
 * seeds and a made-up SquareDeal event. The real event files are tested from the command line
 * (tests/cli/squaredeal_*.sh). */
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/event/event.h"
#include "tests/check_suites.h"

static struct deal pbn_deal(const char *text)
{
    struct deal d;
    unsigned known;

    ck_assert_int_eq(deal_from_pbn(text, &d, &known, NULL), PD_OK);
    ck_assert_uint_eq(known, 0xF);
    return d;
}

static deal_num dec(const char *digits)
{
    deal_num n;

    ck_assert_int_eq(deal_num_from_dec(digits, &n, NULL), PD_OK);
    return n;
}

static void assert_godel(const char *digits, const char *pbn)
{
    struct deal d, want = pbn_deal(pbn);
    deal_num n;

    ck_assert_int_eq(godel_to_deal(dec(digits), &d, NULL), PD_OK);
    ck_assert_mem_eq(&d, &want, sizeof d);
    ck_assert_int_eq(godel_from_deal(&want, &n, NULL), PD_OK);
    ck_assert(n == dec(digits));
}

START_TEST(godel_published_and_ends)
{
    /* FIN1.goe line 1 = 8,769,329,935,151,910,410,009,728,500 and board 1 of FIN1.pbn. */
    assert_godel("8769329935151910410009728500",
                 "N:AT3.K8654.AT6.93 Q65.A9732.3.KJ42 J974.QJT.K752.A7 K82..QJ984.QT865");
    assert_godel("0", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
    assert_godel("53644737765488792839237439999",
                 "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...");
    /* Not Pavlicek's numbering: the same number gives another deal there. */
    struct deal a, b;

    ck_assert_int_eq(godel_to_deal(dec("8769329935151910410009728500"), &a, NULL), PD_OK);
    ck_assert_int_eq(deal_from_number(dec("8769329935151910410009728500"), &b, NULL), PD_OK);
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
}
END_TEST

START_TEST(godel_round_trip_and_range)
{
    struct deal_stream s;
    struct set_key sk = {{7}};
    struct deal d;
    struct pd_err e = {0};
    deal_num n, back;

    ck_assert_int_eq(deal_stream_open(&s, &sk, STREAM_PRACTICE, 1, NULL), PD_OK);
    for (int i = 0; i < 20000; i++) {
        n = deal_stream_number(&s);
        ck_assert_int_eq(godel_to_deal(n, &d, NULL), PD_OK);
        ck_assert(deal_is_complete(&d, NULL, 0));
        ck_assert_int_eq(godel_from_deal(&d, &back, NULL), PD_OK);
        ck_assert(back == n);
    }
    deal_stream_close(&s);
    ck_assert_int_eq(godel_to_deal(DEAL_COUNT, &d, &e), PD_ERR_RANGE);
    d.hand[SEAT_W] = d.hand[SEAT_N];
    ck_assert_int_eq(godel_from_deal(&d, &n, &e), PD_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "not a complete deal"));
}
END_TEST

/* bigdealx -W predup -e test -e vector: the first three deals (candidates 1, 3 and 5: 2 and
 * 4 were >= D), from the Python model. */
START_TEST(bigdeal_run_vector)
{
    const char *entropy[2] = {"test", "vector"};
    struct bigdeal_seed seed;
    deal_num g[3];
    struct deal d, want = pbn_deal(
        "N:AKQ63.75.K4.AK82 985.KJT43.753.JT .AQ8.AQT9862.754 JT742.962.J.Q963");

    ck_assert_int_eq(bigdeal_seed_make("predup", entropy, 2, &seed, NULL), PD_OK);
    ck_assert_int_eq(bigdeal_run(&seed, 3, g, NULL), PD_OK);
    ck_assert(g[0] == dec("508343668413588968348617933"));
    ck_assert(g[1] == dec("51281402481434909623024566837"));
    ck_assert(g[2] == dec("15228172418129880436389376737"));
    ck_assert_int_eq(godel_to_deal(g[0], &d, NULL), PD_OK);
    ck_assert_mem_eq(&d, &want, sizeof d);
    /* The -e strings are hashed as one concatenation: "testvector" in one piece is the same. */
    const char *one[1] = {"testvector"};
    struct bigdeal_seed seed1;

    ck_assert_int_eq(bigdeal_seed_make("predup", one, 1, &seed1, NULL), PD_OK);
    ck_assert_mem_eq(&seed, &seed1, sizeof seed);
}
END_TEST

/* ---------------------------------------------------------------- .sqd and .sqk */

static const char *const KEY =
    "abcdefghijABCDEFGHIJ0123456789abcdefghijABCDEFGHIJ0123456789";

static void write_text(const char *dir, const char *name, const char *text, char *path,
                       size_t n)
{
    FILE *f;

    snprintf(path, n, "%s/%s", dir, name);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* A made-up event: phase 1 two sessions (boards 1-10,11-20), phase 2 "?", keys for 1,1 and
 * 1,2 (the second the first reversed), DV "Lotto 1 2 3" (base64 with padding). */
static void make_event(const char *dir, const char *sqk_text, const char *dv_line,
                       char *sqd_path, size_t n)
{
    char sqd[1024], kh[65], path[1024];
    uint8_t md[SHA256_DIGEST_LENGTH];

    SHA256((const uint8_t *)sqk_text, strlen(sqk_text), md);
    for (int i = 0; i < 32; i++)
        snprintf(kh + 2 * i, 3, "%02x", md[i]);
    snprintf(sqd, sizeof sqd,
             "# Description file of tournament for program SquareDeal 2.4\n#\nTN Test Cup\n"
             "DI Lotto draw of 1 June\n%s# phases\nSN 2:1-10,11-20:RR##:Round robin #/2\n"
             "SN 1:?:FIN#:Final\nKH %s\n",
             dv_line, kh);
    write_text(dir, "ev.sqd", sqd, sqd_path, n);
    write_text(dir, "ev.sqk", sqk_text, path, sizeof path);
}

static char *keys_text(const char *eol)
{
    static char text[256];
    char rev[64];
    size_t len = strlen(KEY);

    for (size_t i = 0; i < len; i++)
        rev[i] = KEY[len - 1 - i];
    rev[len] = '\0';
    snprintf(text, sizeof text, "1,1:%s%s1,2:%s%s2,1:%s%s", KEY, eol, rev, eol, KEY, eol);
    return text;
}

START_TEST(sqd_session_vectors)
{
    char dir[512], sqd[1024];
    struct sqd_event ev;
    struct sqd_session ss;
    deal_num g[2];

    test_tmpdir(dir, sizeof dir);
    make_event(dir, keys_text("\r\n"), "DV Lotto 1 2 3\n", sqd, sizeof sqd);
    ck_assert_int_eq(sqd_load(sqd, &ev, NULL), PD_OK);
    ck_assert_str_eq(ev.name, "Test Cup");
    ck_assert_str_eq(ev.dv, "Lotto 1 2 3");
    ck_assert_int_eq(ev.nphases, 2);
    ck_assert_int_eq(sqd_session_open(&ev, 1, 2, false, NULL, &ss, NULL), PD_OK);
    ck_assert_int_eq(ss.first, 11);
    ck_assert_int_eq(ss.last, 20);
    ck_assert_str_eq(ss.file, "RR02");
    ck_assert(!ss.sqk_lf);
    ck_assert_int_eq(bigdeal_run(&ss.seed, 2, g, NULL), PD_OK);
    ck_assert(g[0] == dec("49898548402156681365497005324"));
    ck_assert(g[1] == dec("19531919671649879825753731503"));
    ck_assert_int_eq(sqd_session_open(&ev, 1, 2, true, NULL, &ss, NULL), PD_OK);
    ck_assert_str_eq(ss.file, "RR02reserve");
    ck_assert_int_eq(bigdeal_run(&ss.seed, 2, g, NULL), PD_OK);
    ck_assert(g[0] == dec("44172618360197541417544468123"));
    ck_assert(g[1] == dec("42048422334495334469297705691"));
    /* "?" boards come from the caller, in the .sqd's syntax, picked by session. */
    ck_assert_int_eq(sqd_session_open(&ev, 2, 1, false, "2x16", &ss, NULL), PD_OK);
    ck_assert_int_eq(ss.first, 1);
    ck_assert_int_eq(ss.last, 16);
    ck_assert_str_eq(ss.file, "FIN1");
    sqd_free(&ev);
}
END_TEST

START_TEST(sqd_keys_checked)
{
    char dir[512], sqd[1024], path[1024], *text = keys_text("\r\n");
    struct sqd_event ev;
    struct sqd_session ss;
    struct pd_err e = {0};

    test_tmpdir(dir, sizeof dir);
    make_event(dir, text, "DV Lotto 1 2 3\n", sqd, sizeof sqd);
    ck_assert_int_eq(sqd_load(sqd, &ev, NULL), PD_OK);
    /* One byte changed: the hash no longer matches KH, and no key byte is quoted. */
    text[10] ^= 1;
    write_text(dir, "ev.sqk", text, path, sizeof path);
    ck_assert_int_eq(sqd_session_open(&ev, 1, 1, false, NULL, &ss, &e), PD_ERR_MISMATCH);
    ck_assert_ptr_nonnull(strstr(e.msg, "does not match KH"));
    ck_assert_ptr_null(strstr(e.msg, "ABCDEFGHIJ"));
    text[10] ^= 1;
    /* LF line ends: matches in the CRLF form SquareDeal hashes, and says so. */
    write_text(dir, "ev.sqk", keys_text("\n"), path, sizeof path);
    ck_assert_int_eq(sqd_session_open(&ev, 1, 1, false, NULL, &ss, NULL), PD_OK);
    ck_assert(ss.sqk_lf);
    ck_assert_int_eq(sqd_session_open(&ev, 1, 3, false, NULL, &ss, &e), PD_ERR_USAGE);
    ck_assert_int_eq(sqd_session_open(&ev, 2, 1, false, NULL, &ss, &e), PD_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "--boards"));
    sqd_free(&ev);
    /* Before the delayed value is set nothing can be dealt. */
    make_event(dir, keys_text("\r\n"), "", sqd, sizeof sqd);
    ck_assert_int_eq(sqd_load(sqd, &ev, NULL), PD_OK);
    ck_assert_int_eq(sqd_session_open(&ev, 1, 1, false, NULL, &ss, &e), PD_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "no DV line"));
    sqd_free(&ev);
}
END_TEST

static enum pd_status load_text(const char *text, struct pd_err *e)
{
    char dir[512], path[1024];
    struct sqd_event ev;
    enum pd_status rc;

    test_tmpdir(dir, sizeof dir);
    write_text(dir, "x.sqd", text, path, sizeof path);
    rc = sqd_load(path, &ev, e);
    if (rc == PD_OK)
        sqd_free(&ev);
    return rc;
}

START_TEST(sqd_bad_lines)
{
    struct pd_err e = {0};

    ck_assert_int_eq(load_text("TN x\nSN 2:1-10,11-20:A#:d\n", &e), PD_OK);
    ck_assert_int_eq(load_text("TN x\nSN 2:1-10:A#\n", &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, 2);
    ck_assert_int_eq(load_text("TN x\nSN 0:1-10:A#:d\n", &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(load_text("SN 2:10-1:A#:d\n", &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(load_text("SN 2:1-10:A#:d\nKH 12ab\n", &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, 2);
    ck_assert_int_eq(load_text("SN 2:1-10:A#:d\nXX what\n", &e), PD_ERR_SYNTAX);
    ck_assert_ptr_nonnull(strstr(e.msg, "expected TN, DI, DV, SN, KH"));
    ck_assert_int_eq(load_text("TN a\nTN b\nSN 1:8:A:d\n", &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(load_text("TN only\n", &e), PD_ERR_SYNTAX);
    ck_assert_ptr_nonnull(strstr(e.msg, "no SN line"));
}
END_TEST

START_TEST(sqd_file_names)
{
    struct sqd_phase ph = {10, "1-10,11-20,21-30", "SWISS##", "Swiss"};
    char buf[64];

    sqd_file_name(&ph, 2, 2, false, buf, sizeof buf);
    ck_assert_str_eq(buf, "SWISS02");
    sqd_file_name(&ph, 10, 10, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "SWISS10reserve");
    ph.prefix = "R32#x";
    sqd_file_name(&ph, 3, 3, false, buf, sizeof buf);
    ck_assert_str_eq(buf, "R323x");
    ph.prefix = "FINAL";
    sqd_file_name(&ph, 1, 1, false, buf, sizeof buf);
    ck_assert_str_eq(buf, "FINAL");
    ph.prefix = "MXRR##";
    sqd_file_name(&ph, 1, 3, false, buf, sizeof buf);
    ck_assert_str_eq(buf, "MXRR01-03");
}
END_TEST

static Suite *bigdeal_suite(void)
{
    Suite *s = suite_create("bigdeal");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, godel_published_and_ends);
    tcase_add_test(tc, godel_round_trip_and_range);
    tcase_add_test(tc, bigdeal_run_vector);
    tcase_add_test(tc, sqd_session_vectors);
    tcase_add_test(tc, sqd_keys_checked);
    tcase_add_test(tc, sqd_bad_lines);
    tcase_add_test(tc, sqd_file_names);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(bigdeal_suite)
