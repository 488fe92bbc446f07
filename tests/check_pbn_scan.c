/* tests/check_pbn_scan.c - the one PBN tag scanner (pbn/tag_scan.c): its tokens, faults and
 * departures on import's and check's terms, the two callers' documented differences seen from
 * outside (pbn_read_mem, pbn_check_mem), and the fixed-record readers BRI and DGE share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"
#include "tests/check_suites.h"

/* Appends each departure met to the string ctx, as its number. */
static void note(void *ctx, enum pbn_departure d, const struct pbn_tag_scan *t)
{
    char *seen = ctx;
    size_t n = strlen(seen);

    ck_assert_ptr_nonnull(t->name); /* a departure may name the tag, even before its name */
    seen[n] = (char)('0' + d);
    seen[n + 1] = '\0';
}

static const struct {
    const char *text;
    unsigned flags;
    enum pbn_scan_fault fault;
    const char *name, *value; /* value: escapes undone; NULL when the scan has none */
    const char *departures;   /* 0 space after "[", 1 name case, 2 name spacing, 3 before "]" */
    int stop;                 /* offset of stop */
} scans[] = {
    {"[Event \"x\"]", 0, PBN_SCAN_OK, "Event", "x", "", 11},
    {"[ Event  \"x\" ]", 0, PBN_SCAN_OK, "Event", "x", "023", 14},
    {"[event \"x\"]", 0, PBN_SCAN_OK, "event", "x", "1", 11},
    {"[\"x\"]", 0, PBN_SCAN_OK, "", "x", "12", 5},
    {"[Event\"x\"]", 0, PBN_SCAN_OK, "Event", "x", "2", 10},
    {"[Event \"a\\\"b\\\\c\\2\"]", 0, PBN_SCAN_OK, "Event", "a\"b\\c\\2", "", 19},
    {"[Event \"x]", 0, PBN_SCAN_UNCLOSED, "Event", NULL, "", 10},
    {"[Event \"x\\\"]", 0, PBN_SCAN_UNCLOSED, "Event", NULL, "", 12},
    {"[Event \"x\nz\"]", PBN_SCAN_LINES, PBN_SCAN_UNCLOSED, "Event", NULL, "", 9},
    {"[Event x]", 0, PBN_SCAN_NOT_QUOTED, "Event", NULL, "2", 7},
    {"[Event \"x\" y]", 0, PBN_SCAN_NO_CLOSE, "Event", "x", "3", 11},
    {"[Event \"x\"", 0, PBN_SCAN_NO_CLOSE, "Event", "x", "", 10},
    /* Tokens may be apart by tabs and CRs (pbn_text_space) in both; import's by line ends too. */
    {"[Event\t\"x\"]", 0, PBN_SCAN_OK, "Event", "x", "2", 11},
    {"[Event\r\"x\"\r]", 0, PBN_SCAN_OK, "Event", "x", "2", 12},
    {"[Event\t\"x\"]", PBN_SCAN_LINES, PBN_SCAN_OK, "Event", "x", "2", 11},
    {"[\nEvent\r\n\"x\"\n]", PBN_SCAN_LINES, PBN_SCAN_OK, "Event", "x", "2", 14},
    {"[\nEvent \"x\"]", 0, PBN_SCAN_NOT_QUOTED, "", NULL, "12", 1},
};

#define X70 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
START_TEST(test_scan_tokens_faults_departures)
{
    const char *text = scans[_i].text;
    char seen[16] = "", value[64];
    struct pbn_tag_scan t = {.end = text + strlen(text), .flags = scans[_i].flags,
                             .report = note, .ctx = seen};

    pbn_scan_tag(&t, text);
    ck_assert_int_eq(t.fault, scans[_i].fault);
    ck_assert_int_eq((int)t.name_len, (int)strlen(scans[_i].name));
    ck_assert(strncmp(t.name, scans[_i].name, t.name_len) == 0);
    ck_assert_str_eq(seen, scans[_i].departures);
    ck_assert_int_eq((int)(t.stop - text), scans[_i].stop);
    if (scans[_i].value) {
        ck_assert_ptr_nonnull(t.value);
        ck_assert_int_eq((int)pbn_scan_value(&t, value), (int)strlen(scans[_i].value));
        ck_assert_str_eq(value, scans[_i].value);
    }
}
END_TEST

/* The scanner never reads at or past end, even inside a token. */
START_TEST(test_scan_stops_at_end)
{
    const char *text = "[Event \"abc\"]";

    for (size_t n = 1; n < strlen(text); n++) {
        char *copy = malloc(n); /* exactly n bytes: ASan catches a read past them */
        struct pbn_tag_scan t = {.flags = PBN_SCAN_LINES};

        memcpy(copy, text, n);
        t.end = copy + n;
        pbn_scan_tag(&t, copy);
        ck_assert_int_ne(t.fault, PBN_SCAN_OK);
        ck_assert(t.stop <= copy + n);
        free(copy);
    }
}
END_TEST

static char *check_report(const char *text)
{
    char *buf = NULL;
    size_t len = 0, faults = 0;
    FILE *f = open_memstream(&buf, &len);
    struct pd_err e;

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(pbn_check_mem("t.pbn", text, strlen(text), f, &faults, &e), PD_OK);
    fclose(f);
    return buf;
}

/* The same bytes through both callers: import reads a tag over three lines, check names the
 * line that breaks export's one-tag-a-line spelling; a name over 255 characters stops import
 * where its value should start, while check takes it. */
START_TEST(test_import_and_check_read_one_scan)
{
    const char *lines = "[Event\n\"x\"\n]\n";
    char name[300], *got;
    struct pbn_set *set = NULL;
    struct pd_err e;

    ck_assert_int_eq(pbn_read_mem("t.pbn", lines, strlen(lines), &set, &e), PD_OK);
    ck_assert_str_eq(pbn_tag_get(&set->games[0], "Event"), "x");
    pbn_set_free(set);
    got = check_report(lines);
    ck_assert_str_eq(got,
                     "t.pbn:1: export writes one space between the tag name and its value\n"
                     "t.pbn:1: tag Event: the value is not a quoted string\n"
                     "t.pbn:2: text outside any game (import ignores it)\n"
                     "t.pbn:3: text outside any game (import ignores it)\n"
                     "t.pbn:1: game lacks mandatory tags: Event Site Date Board West North East "
                     "South Dealer Vulnerable Deal Scoring Declarer Contract Result\n"
                     "t.pbn:1: 3 lines end with LF alone: export ends lines with CR LF\n");
    free(got);

    snprintf(name, sizeof name, "[%0256d \"x\"]\n", 0);
    name[1] = 'N';
    ck_assert_int_eq(pbn_read_mem("t.pbn", name, strlen(name), &set, &e), PD_ERR_SYNTAX);
    ck_assert_str_eq(e.msg, "a tag value must be a string in double quotes");
    ck_assert_int_eq(e.line, 1);
    ck_assert_int_eq(e.col, 257);
    /* a name of letters: 32 digits in a row would read as key-like text, and be withheld */
    snprintf(name, sizeof name, "[N%s \"x]\n", X70 + 1);
    got = check_report(name);
    /* check names 63 characters of the name: N and 62 x */
    snprintf(name, sizeof name, "t.pbn:1: tag N%.62s: the value's string is not closed\n", X70);
    ck_assert_msg(strncmp(got, name, strlen(name)) == 0, "%s", got);
    free(got);
}
END_TEST

/* BRI and DGE read through one record reader: the padding of a record must be blanks or NULs,
 * and DGE's bare 68-byte records are told by the file's size. */
static uint64_t cards(int from, int to)
{
    uint64_t m = 0;

    for (int c = from; c <= to; c++)
        m |= card_mask_from_index(c);
    return m;
}

START_TEST(test_bri_dge_records)
{
    static const char bri[] = "0102030405060708091011121314151617181920212223242526"
                              "27282930313233343536373839";
    unsigned char rec[FMT_REC_LEN];
    char *dge = NULL;
    size_t len = 0;
    FILE *f;
    struct pbn_set *set = NULL;
    struct pd_err e;

    memset(rec, ' ', sizeof rec);
    memcpy(rec, bri, FMT_BRI_LEN);
    rec[100] = 'x';
    ck_assert_int_eq(pbn_read_format_mem("t.bri", "bri", rec, sizeof rec, &set, &e),
                     PD_ERR_SYNTAX);
    ck_assert_str_eq(e.msg, "board 1, byte 78: bytes 78-127 of a BRI record are blanks or NULs");
    rec[100] = 0;
    ck_assert_int_eq(pbn_read_format_mem("t.bri", "bri", rec, sizeof rec, &set, &e), PD_OK);
    ck_assert_int_eq((int)set->n, 1);
    ck_assert_uint_eq(set->games[0].deal.hand[SEAT_N], cards(0, 12));
    ck_assert_uint_eq(set->games[0].deal.hand[SEAT_W], cards(39, 51));

    f = open_memstream(&dge, &len);
    fmt_dge_put(f, &set->games[0].deal); /* 68 bytes: a bare record */
    fclose(f);
    pbn_set_free(set);
    ck_assert_int_eq((int)len, FMT_DGE_LEN);
    ck_assert_int_eq(pbn_read_format_mem("t.dge", "dge", dge, len, &set, &e), PD_OK);
    ck_assert_uint_eq(set->games[0].deal.hand[SEAT_E], cards(13, 25));
    pbn_set_free(set);
    memset(rec, 0, sizeof rec);
    memcpy(rec, dge, FMT_DGE_LEN);
    rec[127] = 'x';
    ck_assert_int_eq(pbn_read_format_mem("t.dge", "dge", rec, sizeof rec, &set, &e),
                     PD_ERR_SYNTAX);
    ck_assert_str_eq(e.msg, "board 1, byte 68: bytes 68-127 of a DGE record are NULs or blanks");
    free(dge);
}
END_TEST

static Suite *pbn_scan_suite(void)
{
    Suite *s = suite_create("pbn_scan");
    TCase *tc = tcase_create("scan");

    tcase_add_loop_test(tc, test_scan_tokens_faults_departures, 0, ARRAY_LEN(scans));
    tcase_add_test(tc, test_scan_stops_at_end);
    tcase_add_test(tc, test_import_and_check_read_one_scan);
    tcase_add_test(tc, test_bri_dge_records);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(pbn_scan_suite)
