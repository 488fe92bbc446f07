/* tests/check_print_pdf.c - the ToUnicode fix (printing/tounicode.c) refuses a file it does not
 * know rather than break it, and mends a real one into a valid one; the encoding rule's one test
 * (pbn_beyond_latin1); pbn_set_keep_boards (print and convert --boards); the record's QR text
 * and its size (issue 34). */
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"
#include "tests/check_lib.h"
#include "tests/check_suites.h"

static unsigned char *dup_bytes(const char *s, size_t *len)
{
    unsigned char *p = malloc(strlen(s) + 1);

    memcpy(p, s, strlen(s) + 1);
    *len = strlen(s);
    return p;
}

/* Not libharu's layout: an internal error, and the bytes left as they were. */
static const char *const strange[] = {
    "",
    "%PDF-1.3\n",
    "%PDF-1.3\nstartxref\n99999\n%%EOF\n",
    "%PDF-1.3\n1 0 obj\n<<>>\nendobj\nxref\n0 2\n0000000000 65535 f\r\n0000000009 00000 n\r\n"
    "startxref\n36\n%%EOF\n", /* no trailer */
    "%PDF-1.3\n1 0 obj\n<<>>\nendobj\nxref\n0 2\n0000000000 65535 f\r\n0000000009 00000 n\r\n"
    "trailer\n<<\n/Size 2\n>>\nstartxref\n36\n%%EOF\n", /* no Type0 font */
    "%PDF-1.3\n1 0 obj\n<<\n/Subtype /Type0\n/ToUnicode 7 0 R\n>>\nendobj\nxref\n0 2\n"
    "0000000000 65535 f\r\n0000000009 00000 n\r\ntrailer\n<<\n/Size 2\n>>\nstartxref\n"
    "64\n%%EOF\n", /* a map that is no object */
};

START_TEST(test_mend_refuses)
{
    size_t len;
    unsigned char *p = dup_bytes(strange[_i], &len);
    unsigned char *before = p;
    struct pd_err e = {0};

    ck_assert_int_eq(pdoc_mend_tounicode(&p, &len, &e), PD_ERR_INTERNAL);
    ck_assert_ptr_eq(p, before);
    ck_assert_uint_eq(len, strlen(strange[_i]));
    ck_assert_ptr_nonnull(strstr(e.msg, "ToUnicode"));
    free(p);
}
END_TEST

/* A real render: the font maps are CMapType 2 and the table points at every object. */
START_TEST(test_mend_real)
{
    struct pbn_set *set = NULL;
    struct pr_options o;
    struct pd_err e = {0};
    unsigned char *pdf = NULL;
    size_t len = 0;
    const char *text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
                       "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
                       "432.AKQJ.T98.765\"]\n";

    ck_assert_int_eq(pbn_read_mem("t.pbn", text, strlen(text), &set, &e), PD_OK);
    pr_options_default(&o);
    ck_assert_int_eq(pr_render(pr_kind_find("curtain"), set, &o, &pdf, &len, &e), PD_OK);
    ck_assert_ptr_null(memmem(pdf, len, "begincidrange", 13));
    ck_assert_ptr_nonnull(memmem(pdf, len, "/Filter /FlateDecode\n>>\nstream", 30));
    /* every in-use entry of the table points at "N 0 obj" */
    const unsigned char *x = memmem(pdf, len, "\nxref\n0 ", 8);
    ck_assert_ptr_nonnull(x);
    int n = atoi((const char *)x + 8);
    const unsigned char *ent = memchr(x + 8, '\n', 12) + 1;

    for (int i = 1; i < n; i++) {
        char want[32];
        size_t off = strtoul((const char *)ent + 20 * i, NULL, 10);
        int w = snprintf(want, sizeof want, "%d 0 obj", i);

        ck_assert_uint_lt(off, len);
        ck_assert_int_eq(memcmp(pdf + off, want, (size_t)w), 0);
    }
    free(pdf);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_beyond_latin1)
{
    ck_assert_uint_eq(pbn_beyond_latin1("Caf\xC3\xA9", 5), 0);
    ck_assert_uint_eq(pbn_beyond_latin1("a\xE2\x80\x93" "b", 5), 0x2013);
    ck_assert_uint_eq(pbn_beyond_latin1("\xC5\x81\xE2\x80\x93", 5), 0x141); /* the first */
    ck_assert_uint_eq(pbn_beyond_latin1("\xE9", 1), 0xFFFD);                 /* no UTF-8 */
    ck_assert_uint_eq(pbn_beyond_latin1("\xE2\x99\xA0", 3), 0x2660);         /* a spade */
    ck_assert_uint_eq(pbn_beyond_latin1("", 0), 0);
    /* a whole file: a byte-order mark is no text; Latin-1 bytes are no UTF-8 */
    ck_assert_uint_eq(pbn_text_needs_utf8("\xEF\xBB\xBF[Event \"Caf\xC3\xA9\"]", 17), 0);
    ck_assert_uint_eq(pbn_text_needs_utf8("\xEF\xBB\xBF\xE2\x80\x93", 6), 0x2013);
    ck_assert_uint_eq(pbn_text_needs_utf8("\xE9\xE2\x80\x93", 4), 0);
}
END_TEST

START_TEST(test_keep_boards)
{
    struct pbn_set *set = NULL;
    struct pd_err e = {0};
    const char *text = "[Board \"3\"]\n\n[Board \"5\"]\n\n[Board \"4\"]\n\n[Board \"9\"]\n";

    ck_assert_int_eq(pbn_read_mem("s.pbn", text, strlen(text), &set, &e), PD_OK);
    ck_assert_int_eq(pbn_set_keep_boards(set, "6", "s.pbn", &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "--boards 6: board 6 is not in s.pbn, which holds boards 3-5,9");
    ck_assert_uint_eq(set->n, 4);
    ck_assert_int_eq(pbn_set_keep_boards(set, "9,3-4", "s.pbn", &e), PD_OK);
    ck_assert_uint_eq(set->n, 3);
    ck_assert_int_eq(set->games[0].board, 3); /* the set's order */
    ck_assert_int_eq(set->games[1].board, 4);
    ck_assert_int_eq(set->games[2].board, 9);
    ck_assert_ptr_null(set->src);
    ck_assert_int_eq(pbn_set_keep_boards(set, "x", "s.pbn", &e), PD_ERR_USAGE);
    pbn_set_free(set);
}
END_TEST

/* The record's QR code: board, dealer, vulnerability in capitals and the deal from the dealer,
 * all QR alphanumeric, and version 4 (PR_BOARD_QR_MODULES, which the layout's smallest module
 * rests on) for every board number up to BOARD_MAX, every dealer and vulnerability. */
START_TEST(test_board_qr)
{
    struct pr_board b = {.number = 7, .dealer = SEAT_S, .vul = VUL_ALL};
    char code[PR_BOARD_QR_LEN];
    unsigned known = 0;
    struct pd_err e = {0};

    ck_assert_int_eq(deal_from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
                                   "432.AKQJ.T98.765", &b.deal, &known, &e), PD_OK);
    pr_board_qr(&b, code, sizeof code);
    ck_assert_str_eq(code, "7 S ALL S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 "
                           "T98.765.432.AKQJ");
    for (int v = 0; v < 4; v++)
        for (int s = 0; s < 4; s++) {
            b = (struct pr_board){.number = BOARD_MAX, .dealer = (enum seat)s,
                                  .vul = (enum vul)v, .deal = b.deal};
            pr_board_qr(&b, code, sizeof code);
            ck_assert_int_eq(pr_qr_modules(code), PR_BOARD_QR_MODULES);
            b.number = 1;
            pr_board_qr(&b, code, sizeof code);
            ck_assert_int_eq(pr_qr_modules(code), PR_BOARD_QR_MODULES);
        }
}
END_TEST

Suite *print_pdf_suite(void);
Suite *print_pdf_suite(void)
{
    const struct check_test tests[] = {
        {test_mend_refuses, ARRAY_LEN(strange)}, {test_mend_real}, {test_beyond_latin1},
        {test_keep_boards}, {test_board_qr},
    };

    return suite_of("print_pdf", 60, tests, ARRAY_LEN(tests));
}
REGISTER_SUITE(print_pdf_suite)
