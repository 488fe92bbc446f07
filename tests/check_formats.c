/* tests/check_formats.c - the machine and interchange files of pbn/: byte-exact writes against the
 * reference files that tests/data/formats/mkref.py makes from the layouts alone, reads of them,
 * round trips of random sets through every format, corruption (flipped byte, bad checksum, short
 * file) with the board and position named, the limits, and several formats at once. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbn/pbn.h"
#include "tests/check_suites.h"

static void load(const char *name, char **buf, size_t *len)
{
    char path[512];
    struct pd_err e;

    snprintf(path, sizeof path, "%s/formats/%s", test_data_dir(), name);
    ck_assert_msg(pd_read_file(path, buf, len, &e) == PD_OK, "%s: %s", path, e.msg);
}

static struct pbn_set *load_set(const char *name, const char *format)
{
    char *buf;
    size_t len;
    struct pbn_set *set = NULL;
    struct pd_err e;

    load(name, &buf, &len);
    ck_assert_msg(pbn_read_format_mem(name, format, buf, len, &set, &e) == PD_OK, "%s: %s", name,
                  e.msg);
    free(buf);
    return set;
}

/* Writes set as format into memory; returns the status, *buf owned by the caller. */
static enum pd_status write_mem(const char *format, const struct pbn_set *set, char **buf,
                                size_t *len, struct pd_err *e)
{
    FILE *f = open_memstream(buf, len);
    enum pd_status rc;

    ck_assert_ptr_nonnull(f);
    rc = pbn_write_format(f, format, set, e);
    fclose(f);
    return rc;
}

/* Reads bytes as format, expecting failure; returns the error. */
static struct pd_err read_fails(const char *format, const char *buf, size_t len)
{
    struct pbn_set *set = NULL;
    struct pd_err e;

    memset(&e, 0, sizeof e);
    ck_assert_int_ne(pbn_read_format_mem("t", format, buf, len, &set, &e), PD_OK);
    ck_assert_ptr_null(set);
    return e;
}

static void assert_same_deals(const struct pbn_set *a, const struct pbn_set *b)
{
    ck_assert_uint_eq(a->n, b->n);
    for (size_t i = 0; i < a->n; i++) {
        ck_assert_int_eq(a->games[i].board, b->games[i].board);
        ck_assert_int_eq(b->games[i].known, 0xF);
        ck_assert_msg(memcmp(&a->games[i].deal, &b->games[i].deal, sizeof(struct deal)) == 0,
                      "board %d differs", a->games[i].board);
        ck_assert_int_eq(a->games[i].dealer, b->games[i].dealer);
        ck_assert_int_eq(a->games[i].vul, b->games[i].vul);
    }
}

/* ---------------------------------------------------------------- reference files */

static const struct {
    const char *format, *file;
    bool sniffable; /* pbn_read_format_mem(NULL) finds it */
} refs[] = {
    {"dup", "ref.dup", true},       {"dupblind", "ref.blind.dup", true},
    {"dlm", "ref.dlm", true},       {"dlmblind", "ref.blind.dlm", true},
    {"bri", "ref.bri", true},       {"dge", "ref.dge", true},
    {"lin", "ref.lin", true},       {"csv", "ref.csv", true},
    {"ber", "ref.ber", true},       {"bhg", "ref.bhg", false},
    {"rzd", "ref.rzd", false},      {"cds", "ref.cds", false},
};

START_TEST(test_ref_write_is_byte_exact)
{
    struct pbn_set *set = load_set("ref.pbn", "pbn");
    char *want, *got;
    size_t wlen, glen;
    struct pd_err e;

    load(refs[_i].file, &want, &wlen);
    ck_assert_msg(write_mem(refs[_i].format, set, &got, &glen, &e) == PD_OK, "%s", e.msg);
    ck_assert_uint_eq(glen, wlen);
    ck_assert_msg(memcmp(got, want, wlen) == 0, "%s differs from %s", refs[_i].format,
                  refs[_i].file);
    free(want);
    free(got);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_ref_read_gives_the_deals)
{
    struct pbn_set *ref = load_set("ref.pbn", "pbn");
    struct pbn_set *got = load_set(refs[_i].file, refs[_i].format);

    assert_same_deals(ref, got);
    if (refs[_i].sniffable) {
        struct pbn_set *sniffed = load_set(refs[_i].file, NULL);

        assert_same_deals(ref, sniffed);
        pbn_set_free(sniffed);
    }
    pbn_set_free(ref);
    pbn_set_free(got);
}
END_TEST

START_TEST(test_bri_line_variant_reads)
{
    struct pbn_set *ref = load_set("ref.pbn", "pbn");
    struct pbn_set *got = load_set("ref.bri78", "bri");

    assert_same_deals(ref, got);
    pbn_set_free(ref);
    pbn_set_free(got);
}
END_TEST

/* Read-back games write as valid PBN with the mandatory tags filled. */
START_TEST(test_read_back_writes_valid_pbn)
{
    struct pbn_set *got = load_set("ref.dup", "dup"), *again = NULL;
    char *buf;
    size_t len, faults = 99;
    struct pd_err e;
    FILE *null = fopen("/dev/null", "w");

    ck_assert_int_eq(write_mem("pbn", got, &buf, &len, &e), PD_OK);
    ck_assert_int_eq(pbn_check_mem("t.pbn", buf, len, null, &faults, &e), PD_OK);
    ck_assert_uint_eq(faults, 0);
    ck_assert_int_eq(pbn_read_mem("t.pbn", buf, len, &again, &e), PD_OK);
    assert_same_deals(got, again);
    ck_assert_str_eq(pbn_tag_get(&again->games[1], "Vulnerable"), "NS");
    ck_assert_str_eq(pbn_tag_get(&again->games[1], "Dealer"), "E");
    fclose(null);
    free(buf);
    pbn_set_free(got);
    pbn_set_free(again);
}
END_TEST

/* ---------------------------------------------------------------- DLM known vectors */

/* Board lines published on BBF (2013) and rec.games.bridge (2011), with their checksums. */
static const char *const dlm_public[] = {
    "Board 01=cgcajjjnakpkchipnjhmbmbpbh022",
    "Board 01=jlifaelnecgmoldfjmcflinlap023",
};

START_TEST(test_dlm_public_lines_check_and_decode)
{
    char text[600];
    struct pbn_set *set = NULL;
    struct pd_err e;

    /* Header checksum: Duplicates 0 ^ From 1 ^ To 1 ^ Show 1 = 1. */
    snprintf(text, sizeof text,
             "[Document]\r\nStatus=Show\r\nDuplicates=0\r\nFrom board=1\r\nTo board=1\r\n"
             "Checksum=1\r\n%s\r\n",
             dlm_public[_i]);
    ck_assert_msg(pbn_read_format_mem("t", "dlm", text, strlen(text), &set, &e) == PD_OK, "%s",
                  e.msg);
    ck_assert_uint_eq(set->n, 1);
    for (int s = 0; s < 4; s++)
        ck_assert_int_eq(hand_ncards(set->games[0].deal.hand[s]), 13);
    pbn_set_free(set);
}
END_TEST

START_TEST(test_dlm_filler_checksum_is_board_xor_14)
{
    char *buf;
    size_t len;
    char want[64];

    load("ref.dlm", &buf, &len);
    for (int b = 4; b <= 99; b++) {
        snprintf(want, sizeof want, "Board %02d=aaaaaabffffffkkkkkklpppppp%03d\r\n", b, b ^ 14);
        ck_assert_msg(memmem(buf, len, want, strlen(want)), "%s", want);
    }
    free(buf);
}
END_TEST

/* ---------------------------------------------------------------- corruption */

START_TEST(test_dup_flipped_digit_names_board_and_byte)
{
    char *buf;
    size_t len;
    struct pd_err e;

    load("ref.dup", &buf, &len);
    buf[156 + 5] = 'x';
    e = read_fails("dup", buf, len);
    ck_assert_int_eq(e.code, PD_ERR_SYNTAX);
    ck_assert_msg(strstr(e.msg, "board 2, byte 160:"), "%s", e.msg);
    free(buf);
}
END_TEST

START_TEST(test_dup_card_twice)
{
    char *buf;
    size_t len;
    struct pd_err e;

    load("ref.dup", &buf, &len);
    memcpy(buf + 2, buf, 2); /* North's second card = its first */
    e = read_fails("dup", buf, len);
    ck_assert_msg(strstr(e.msg, "board 1, byte 2: card") && strstr(e.msg, "appears twice"), "%s",
                  e.msg);
    free(buf);
}
END_TEST

START_TEST(test_dup_dge_part_must_match)
{
    char *buf;
    size_t len;
    struct pd_err e;

    load("ref.dup", &buf, &len);
    memcpy(buf + 156 + 78, buf + 78, 68); /* board 2 shows board 1's hands */
    e = read_fails("dup", buf, len);
    ck_assert_str_eq(e.msg, "board 2, byte 234: the DGE part shows another deal than the BRI part");
    free(buf);
}
END_TEST

/* A DUP file cut at a record boundary: the control bytes still count the lost board. */
START_TEST(test_dup_missing_whole_board)
{
    char *buf;
    size_t len;
    struct pd_err e;

    load("ref.dup", &buf, &len);
    e = read_fails("dup", buf, len - 156);
    ck_assert_str_eq(e.msg, "board 1, byte 153: the control bytes say 3 boards, the file holds 2");
    free(buf);
}
END_TEST

START_TEST(test_short_files_name_the_cut_board)
{
    static const struct {
        const char *format, *file, *msg;
    } cut[] = {
        {"dup", "ref.dup", "board 3, byte 312: short file: a DUP record has 156 bytes, 155 are left"},
        {"bri", "ref.bri", "board 3, byte 256: short file: a BRI record has 128 bytes, 127 are left"},
        {"dge", "ref.dge", "board 3, byte 256: short file: a DGE record has 128 bytes, 127 are left"},
        {"ber", "ref.ber", "board 3, byte 104: short file: the last board has 51 of 52 digits"},
        {"cds", "ref.cds", "byte 28: short file: a CDS record has 14 bytes, 13 are left"},
    };

    for (size_t i = 0; i < ARRAY_LEN(cut); i++) {
        char *buf;
        size_t len;
        struct pd_err e;

        load(cut[i].file, &buf, &len);
        e = read_fails(cut[i].format, buf, len - 1);
        ck_assert_str_eq(e.msg, cut[i].msg);
        free(buf);
    }
}
END_TEST

START_TEST(test_dlm_bad_checksum_names_board_and_line)
{
    char *buf, *p;
    size_t len;
    struct pd_err e;

    load("ref.dlm", &buf, &len);
    p = memmem(buf, len, "Board 02=", 9);
    ck_assert_ptr_nonnull(p);
    p[9 + 26 + 2] ^= 1; /* last checksum digit */
    e = read_fails("dlm", buf, len);
    ck_assert_int_eq(e.line, 14);
    ck_assert_int_eq(e.col, 36);
    ck_assert_msg(strstr(e.msg, "board 2: checksum") && strstr(e.msg, "is wrong"), "%s", e.msg);
    free(buf);
}
END_TEST

START_TEST(test_dlm_flipped_letter_fails_checksum)
{
    char *buf, *p;
    size_t len;
    struct pd_err e;

    load("ref.dlm", &buf, &len);
    p = memmem(buf, len, "Board 03=", 9);
    p[9 + 4] = p[9 + 4] == 'a' ? 'b' : 'a';
    e = read_fails("dlm", buf, len);
    ck_assert_int_eq(e.line, 16);
    ck_assert_msg(strstr(e.msg, "board 3: checksum"), "%s", e.msg);
    free(buf);
}
END_TEST

START_TEST(test_dlm_header_checksum)
{
    char *buf, *p;
    size_t len;
    struct pd_err e;

    load("ref.dlm", &buf, &len);
    p = memmem(buf, len, "Checksum=3", 10);
    p[9] = '2';
    e = read_fails("dlm", buf, len);
    ck_assert_str_eq(e.msg, "header checksum 2 is wrong (Duplicates, From board, To board and "
                            "Status give 3)");
    free(buf);
}
END_TEST

START_TEST(test_dlm_missing_board_in_range)
{
    const char *t = "[Document]\nStatus=Sealed\nDuplicates=0\nFrom board=1\nTo board=2\n"
                    "Checksum=3\nBoard 01=aaaaaabffffffkkkkkklpppppp015\n";
    struct pd_err e = read_fails("dlm", t, strlen(t));

    ck_assert_str_eq(e.msg, "board 2: missing");
}
END_TEST

START_TEST(test_wrong_card_counts_named)
{
    char ber[53];
    struct pd_err e;

    memset(ber, '1', 13);
    memset(ber + 13, '2', 13);
    memset(ber + 26, '3', 13);
    memset(ber + 39, '4', 13);
    ber[51] = '3'; /* the club two goes to South */
    e = read_fails("ber", ber, 52);
    ck_assert_str_eq(e.msg, "board 1, byte 0: South has 14 cards");
    e = read_fails("ber", "12345", 5);
    ck_assert_str_eq(e.msg, "board 1, byte 4: BER wants a digit 1-4 (N, E, S, W), not 0x35");
}
END_TEST

START_TEST(test_text_formats_name_the_line)
{
    const char *lin = "qx|o1|md|3SAKQJT98765432HD,SAHKQJT98765432|\n";
    const char *csv = "\"AKQ\",\"\"\n";
    struct pd_err e = read_fails("lin", lin, strlen(lin));

    ck_assert_int_eq(e.line, 1);
    ck_assert_str_eq(e.msg, "md: SA is in two hands (again in West)");
    e = read_fails("csv", csv, strlen(csv));
    ck_assert_int_eq(e.line, 1);
    ck_assert_msg(strstr(e.msg, "18 fields"), "%s", e.msg);
}
END_TEST

/* Every crash the fuzzers found stays a test: each file, read as every format and checked as
 * PBN, must not crash (the ASan run of make check sees any overflow). */
START_TEST(test_fuzz_crashes_stay_fixed)
{
    static const char *const files[] = {"crash/pbn-unterminated-error-line",
                                        "crash/check-short-deal-value"};
    static const char *const fmts[] = {"pbn", "dup", "dlm", "bri", "dge", "lin",
                                       "csv", "ber", "bhg", "rzd", "cds"};

    for (size_t i = 0; i < ARRAY_LEN(files); i++) {
        char *buf;
        size_t len;

        load(files[i], &buf, &len);
        for (size_t f = 0; f < ARRAY_LEN(fmts); f++) {
            struct pbn_set *set = NULL;
            struct pd_err e;
            /* Exactly the fuzzer's bytes, without the NUL pd_read_file adds. */
            char *exact = malloc(len ? len : 1);

            memcpy(exact, buf, len);
            size_t faults;
            FILE *null = fopen("/dev/null", "w");

            if (pbn_read_format_mem("t", fmts[f], exact, len, &set, &e) == PD_OK)
                pbn_set_free(set);
            ck_assert_int_eq(pbn_check_mem("t", exact, len, null, &faults, &e), PD_OK);
            fclose(null);
            free(exact);
        }
        free(buf);
    }
}
END_TEST


/* Contents decide when the extension does not: PBN after blank lines, DLM, LIN, CSV, BER. */
START_TEST(test_sniff_without_format)
{
    const char *pbn = "\r\n\n[Board \"4\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. "
                      "..AKQJT98765432. ...AKQJT98765432\"]\n";
    struct pbn_set *set = NULL;
    struct pd_err e;

    ck_assert_int_eq(pbn_read_format_mem("t", NULL, pbn, strlen(pbn), &set, &e), PD_OK);
    ck_assert_int_eq(set->games[0].board, 4);
    pbn_set_free(set);
    e = read_fails(NULL, "hello", 5);
    /* No hint to an option here: not every command that reads a set has --from. */
    ck_assert_str_eq(e.msg, "not a set predup reads: its contents match none of pbn, dup, dlm, "
                            "bri, dge, lin, csv, ber, bhg (and its extension names no format)");
    e = read_fails("xyz", "hello", 5);
    ck_assert_int_eq(e.code, PD_ERR_USAGE);
}
END_TEST

/* ---------------------------------------------------------------- round trips */

static struct pbn_set *random_set(unsigned long long seed, int first, int n)
{
    struct pd_key key;
    struct set_key sk;
    struct pbn_set *set = NULL;
    struct pd_err e;

    key_from_seed(seed, &key);
    ck_assert_int_eq(set_key_derive(&key, "original", &sk, &e), PD_OK);
    ck_assert_int_eq(pbn_set_new(&set, &e), PD_OK);
    for (int b = first; b < first + n; b++) {
        struct board_deal bd;
        struct pbn_game *g;

        ck_assert_int_eq(board_generate(&sk, b, NULL, NULL, 0, &bd, &e), PD_OK);
        ck_assert_int_eq(pbn_game_add(set, &g, &e), PD_OK);
        ck_assert_int_eq(pbn_game_from_board(g, NULL, board_law2(b), &bd.deal, &bd.number, &e),
                         PD_OK);
    }
    return set;
}

static const struct {
    const char *format;
    int max;         /* most boards */
    bool any_start;  /* may start past board 1 */
} trips[] = {
    {"pbn", 60, true},  {"dup", 99, false}, {"dupblind", 99, false}, {"dlm", 99, true},
    {"dlmblind", 99, true}, {"bri", 60, false}, {"dge", 60, false}, {"lin", 60, true},
    {"csv", 60, true},  {"ber", 60, false}, {"bhg", 60, false},  {"rzd", 60, false},
    {"cds", 60, true},
};

START_TEST(test_random_sets_round_trip)
{
    for (unsigned long long seed = 1; seed <= 12; seed++) {
        int n = 1 + (int)(seed * 37 % (unsigned long long)trips[_i].max);
        int first = trips[_i].any_start ? 1 + (int)(seed * 11 % 40) : 1;
        struct pbn_set *set, *got = NULL;
        char *buf;
        size_t len;
        struct pd_err e;

        if (first + n - 1 > trips[_i].max + (trips[_i].max == 99 ? 0 : 1000))
            n = trips[_i].max - first + 1;
        set = random_set(seed, first, n);
        ck_assert_msg(write_mem(trips[_i].format, set, &buf, &len, &e) == PD_OK,
                      "seed %llu %s: %s", seed, trips[_i].format, e.msg);
        ck_assert_msg(pbn_read_format_mem("t", trips[_i].format, buf, len, &got, &e) == PD_OK,
                      "seed %llu %s: %s", seed, trips[_i].format, e.msg);
        assert_same_deals(set, got);
        free(buf);
        pbn_set_free(set);
        pbn_set_free(got);
    }
}
END_TEST

/* convert's lean reading (PBN_READ_LEAN): a format of deals only gives games without tags
 * (deal_only), and every format written of them is what a whole reading writes: PBN makes the
 * tags as it writes, LIN and DLM get them first (pbn_set_tags_for), the others read none. */
START_TEST(test_lean_read_writes_what_a_whole_read_writes)
{
    static const char *const outs[] = {"pbn", "csv", "ber", "rzd", "lin", "dlm"};
    struct pbn_set *set = random_set(7, 1, 40), *whole = NULL, *lean = NULL;
    char dir[256], path[300], *a, *b;
    size_t alen, blen;
    struct pd_err e;
    bool deals = strcmp(trips[_i].format, "pbn") && strncmp(trips[_i].format, "dlm", 3) &&
                 strcmp(trips[_i].format, "lin");

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/set.x", dir);
    ck_assert_int_eq(pbn_write_formats(path, trips[_i].format, set, &e), PD_OK);
    ck_assert_int_eq(pbn_read_any(path, trips[_i].format, &whole, &e), PD_OK);
    ck_assert_int_eq(pbn_read_any_ex(path, trips[_i].format, PBN_READ_LEAN, &lean, &e), PD_OK);
    ck_assert_int_eq(lean->n, whole->n);
    ck_assert(whole->games[0].ntags > 0 && !whole->games[0].deal_only);
    ck_assert_int_eq(lean->games[0].deal_only, deals);
    ck_assert_int_eq(lean->games[0].ntags == 0, deals);
    for (size_t i = 0; i < ARRAY_LEN(outs); i++) {
        char name[32];

        snprintf(name, sizeof name, "out.%s", outs[i]);
        ck_assert_int_eq(pbn_set_tags_for(lean, name, NULL, &e), PD_OK);
        /* PBN and the formats of deals only leave the games lean; LIN and DLM read tags */
        ck_assert_int_eq(lean->games[0].deal_only,
                         deals && strcmp(outs[i], "lin") && strcmp(outs[i], "dlm"));
        ck_assert_int_eq(write_mem(outs[i], whole, &a, &alen, &e), PD_OK);
        ck_assert_int_eq(write_mem(outs[i], lean, &b, &blen, &e), PD_OK);
        ck_assert_msg(alen == blen && memcmp(a, b, alen) == 0, "%s to %s: not the same bytes",
                      trips[_i].format, outs[i]);
        free(a);
        free(b);
    }
    unlink(path);
    rmdir(dir);
    pbn_set_free(set);
    pbn_set_free(whole);
    pbn_set_free(lean);
}
END_TEST

/* ---------------------------------------------------------------- limits */

static struct pd_err write_fails(const char *format, const struct pbn_set *set)
{
    char *buf = NULL;
    size_t len;
    struct pd_err e;

    ck_assert_int_eq(write_mem(format, set, &buf, &len, &e), PD_ERR_RANGE);
    free(buf);
    return e;
}

START_TEST(test_limits_have_clear_messages)
{
    struct pbn_set *hundred = random_set(5, 1, 100), *late = random_set(5, 17, 4);
    struct pd_err e = write_fails("dup", hundred);

    ck_assert_str_eq(e.msg, "board 100: dup holds boards 1-99");
    e = write_fails("dlm", hundred);
    ck_assert_str_eq(e.msg, "board 100: dlm holds boards 1-99");
    e = write_fails("bri", late);
    ck_assert_msg(strstr(e.msg, "board 17: bri has no board numbers"), "%s", e.msg);
    /* A gap: DLM holds one run. */
    late->games[2].board = 30;
    e = write_fails("dlm", late);
    ck_assert_str_eq(e.msg, "board 30: dlm holds one run of consecutive boards, and board 30 "
                            "comes after board 18");
    /* A dealer that is not Law 2's cannot go where there is no dealer. */
    late->games[2].board = 19;
    late->games[0].dealer = SEAT_S;
    e = write_fails("dlm", late);
    ck_assert_msg(strstr(e.msg, "board 17: dealer S and vulnerability None differ from Law 2"),
                  "%s", e.msg);
    late->games[0].known = 0x7; /* LIN holds partial deals (BBO's md); CSV does not */
    e = write_fails("csv", late);
    ck_assert_str_eq(e.msg, "board 17: csv needs all four hands");
    pbn_set_free(hundred);
    pbn_set_free(late);
}
END_TEST

START_TEST(test_write_formats_several_files)
{
    char dir[256], path[300], p2[300];
    struct pbn_set *set = random_set(9, 1, 8), *got = NULL;
    struct pd_err e;
    struct stat st;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/set.pbn", dir);
    ck_assert_msg(pbn_write_formats(path, "pbn,dup,dlm", set, &e) == PD_OK, "%s", e.msg);
    const char *exts[] = {"pbn", "dup", "dlm"};

    for (int i = 0; i < 3; i++) {
        snprintf(p2, sizeof p2, "%s/set.%s", dir, exts[i]);
        ck_assert_int_eq(pbn_read_any(p2, NULL, &got, &e), PD_OK);
        assert_same_deals(set, got);
        pbn_set_free(got);
        unlink(p2);
    }
    ck_assert_int_eq(pbn_write_formats(path, "dup,dupblind", set, &e), PD_ERR_USAGE);
    ck_assert_msg(strstr(e.msg, "would both write"), "%s", e.msg);
    ck_assert_int_eq(pbn_write_formats(path, "pbn,xyz", set, &e), PD_ERR_USAGE);
    /* A limit in one format writes no file at all. */
    set->games[0].board = 5;
    ck_assert_int_eq(pbn_write_formats(path, "pbn,dup", set, &e), PD_ERR_RANGE);
    ck_assert_int_ne(stat(path, &st), 0);
    /* One format: path kept as given; no format: from the extension. */
    snprintf(p2, sizeof p2, "%s/board.txt", dir);
    ck_assert_int_eq(pbn_write_formats(p2, "lin", set, &e), PD_OK);
    ck_assert_int_eq(pbn_read_any(p2, "lin", &got, &e), PD_OK);
    ck_assert_int_eq(got->games[0].board, 5);
    pbn_set_free(got);
    unlink(p2);
    ck_assert_int_eq(pbn_write_formats(p2, NULL, set, &e), PD_ERR_USAGE);
    rmdir(dir);
    pbn_set_free(set);
}
END_TEST

static Suite *formats_suite(void)
{
    Suite *s = suite_create("formats");
    TCase *tc = tcase_create("formats");

    tcase_add_loop_test(tc, test_ref_write_is_byte_exact, 0, ARRAY_LEN(refs));
    tcase_add_loop_test(tc, test_ref_read_gives_the_deals, 0, ARRAY_LEN(refs));
    tcase_add_test(tc, test_bri_line_variant_reads);
    tcase_add_test(tc, test_read_back_writes_valid_pbn);
    tcase_add_loop_test(tc, test_dlm_public_lines_check_and_decode, 0, ARRAY_LEN(dlm_public));
    tcase_add_test(tc, test_dlm_filler_checksum_is_board_xor_14);
    tcase_add_test(tc, test_dup_flipped_digit_names_board_and_byte);
    tcase_add_test(tc, test_dup_card_twice);
    tcase_add_test(tc, test_dup_dge_part_must_match);
    tcase_add_test(tc, test_short_files_name_the_cut_board);
    tcase_add_test(tc, test_dup_missing_whole_board);
    tcase_add_test(tc, test_dlm_bad_checksum_names_board_and_line);
    tcase_add_test(tc, test_dlm_flipped_letter_fails_checksum);
    tcase_add_test(tc, test_dlm_header_checksum);
    tcase_add_test(tc, test_dlm_missing_board_in_range);
    tcase_add_test(tc, test_wrong_card_counts_named);
    tcase_add_test(tc, test_text_formats_name_the_line);
    tcase_add_test(tc, test_fuzz_crashes_stay_fixed);
    tcase_add_test(tc, test_sniff_without_format);
    tcase_add_loop_test(tc, test_random_sets_round_trip, 0, ARRAY_LEN(trips));
    tcase_add_loop_test(tc, test_lean_read_writes_what_a_whole_read_writes, 0, ARRAY_LEN(trips));
    tcase_add_test(tc, test_limits_have_clear_messages);
    tcase_add_test(tc, test_write_formats_several_files);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(formats_suite)
