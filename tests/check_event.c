/* tests/check_event.c - events: the worked example of dealer/EVENTS.md (record digest and
 * deals, reproduced independently by tests/tools/ref_deal.py --record), the record's canonical
 * form and its bindings, key commitments independent of the key file's encoding, the label rule,
 * and the shipped demo event file. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "pbn/pbn.h"
#include "tests/check_suites.h"

static const char example_key[] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/* The record of dealer/EVENTS.md's worked example, as `predup event reveal` leaves it. */
static const char example_record[] =
    "predup-event-record 1\n"
    "generator predup 0.1.0\n"
    "derivation predup/v2/event\n"
    "event Example pairs\n"
    "date 2026.11.23\n"
    "site Example club\n"
    "delayed-value the first number drawn in the national lottery on 2026.11.22\n"
    "public-form integer\n"
    "set original\nboards 1-3\nscript-sha256 none\ndealer law2\nvul law2\n"
    "set reserve\nboards 1-2\nscript-sha256 none\ndealer N\nvul None\n"
    "commitment 46268c8f3e4d5291cfd71ffc476063a199beff7f3a5f87a5552a6e3985eccd90\n"
    "digest da35ec15947bb82918994b1276dcf1f9c344c08080304ce5b935174391bb11b4\n"
    "public 17\n"
    "key 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n";

static const struct {
    const char *set;
    int board;
    const char *deal_id;
} example_deals[] = {
    {"original", 1, "29274261334843373041453907131"},
    {"original", 2, "206577818642812565418622225"},
    {"original", 3, "36981076394100943184144126234"},
    {"reserve", 1, "26608162685266691488903836654"},
    {"reserve", 2, "36055446425539370224413796570"},
};

static void example_params(struct ev_record *r)
{
    memset(r, 0, sizeof *r);
    strcpy(r->p.generator, "predup 0.1.0");
    strcpy(r->p.name, "Example pairs");
    strcpy(r->p.date, "2026.11.23");
    strcpy(r->p.site, "Example club");
    strcpy(r->p.delayed, "the first number drawn in the national lottery on 2026.11.22");
    strcpy(r->p.public_form, "integer");
    r->p.nsets = 2;
    r->p.sets[0] = (struct ev_set){"original", "1-3", "", -1, -1};
    r->p.sets[1] = (struct ev_set){"reserve", "1-2", "", SEAT_N, VUL_NONE};
    strcpy(r->commitment, "46268c8f3e4d5291cfd71ffc476063a199beff7f3a5f87a5552a6e3985eccd90");
}

START_TEST(test_example_record_bytes)
{
    struct ev_record r;
    char *text = NULL;
    size_t len = 0;

    example_params(&r);
    ev_record_set_digest(&r);
    ck_assert_str_eq(r.digest, "da35ec15947bb82918994b1276dcf1f9c344c08080304ce5b935174391bb11b4");
    r.has_public = r.revealed = true;
    strcpy(r.public_value, "17");
    strcpy(r.key_hex, example_key);
    ck_assert_int_eq(ev_record_text(&r, &text, &len, NULL), PD_OK);
    ck_assert_uint_eq(len, strlen(example_record));
    ck_assert_str_eq(text, example_record);
    free(text);
}
END_TEST

START_TEST(test_example_deals)
{
    struct ev_record r;
    struct pd_key key;
    struct set_key sk;
    struct board_deal bd;
    char dec[40];

    ck_assert_int_eq(ev_record_parse("example.record", example_record, strlen(example_record),
                                     &r, NULL), PD_OK);
    ck_assert_int_eq(ev_record_key(&r, &key, NULL), PD_OK);
    ck_assert_int_eq(set_key_derive_event(&key, r.digest, r.public_value, example_deals[_i].set,
                                          &sk, NULL), PD_OK);
    ck_assert_int_eq(board_generate(&sk, example_deals[_i].board, NULL, NULL, 0, &bd, NULL),
                     PD_OK);
    deal_num_to_dec(bd.number, dec);
    ck_assert_str_eq(dec, example_deals[_i].deal_id);
}
END_TEST

/* Each part of the derivation changes the deals: public value, digest, set name. */
START_TEST(test_derivation_inputs)
{
    struct pd_key key = {{0}};
    struct set_key a, b;
    const char *d = "02dd87faf736b5032d5c0a62fa9f305db12e2f2a379462cfe56e10120c984bee";

    ck_assert_int_eq(set_key_derive_event(&key, d, "17", "original", &a, NULL), PD_OK);
    ck_assert_int_eq(set_key_derive_event(&key, d, "18", "original", &b, NULL), PD_OK);
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
    ck_assert_int_eq(set_key_derive_event(&key, d, "17", "reserve", &b, NULL), PD_OK);
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
    /* the separators keep the parts apart: "1" + "7x" is not "17" + "x" */
    ck_assert_int_eq(set_key_derive_event(&key, d, "1", "7original", &b, NULL), PD_OK);
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
    ck_assert_int_eq(set_key_derive(&key, "original", &b, NULL), PD_OK); /* v1 is another */
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
}
END_TEST

static const struct {
    const char *from, *to; /* a replacement in the example record */
    enum pd_status want;
    const char *msg;
} bad_records[] = {
    {"boards 1-3", "boards 1-4", PD_ERR_MISMATCH, "does not match the parameters"},
    {"public 17", "public  17", PD_ERR_SYNTAX, "character 1 is U+0020 SPACE"},
    {"key 0001", "key 0101", PD_ERR_MISMATCH, "revealed key does not match the commitment"},
    {"dealer N", "dealer X", PD_ERR_SYNTAX, "bad dealer or vul"},
    {"vul None\n", "vul none\n", PD_ERR_SYNTAX, "bad dealer or vul"},
    {"predup-event-record 1", "predup-event-record 2", PD_ERR_SYNTAX, "not a version 1"},
    {"derivation predup/v2/event", "derivation predup/v1/set", PD_ERR_SYNTAX, "unknown derivation"},
    {"public 17\n", "", PD_ERR_SYNTAX, "a key but no public value"},
    {"site Example club\n", "", PD_ERR_SYNTAX, "expected \"site VALUE\" here"},
    {"script-sha256 none\ndealer law2", "script-sha256 none\ndealer law2 ", PD_ERR_SYNTAX,
     "bad dealer or vul"},
};

START_TEST(test_bad_records)
{
    char text[2048];
    const char *at = strstr(example_record, bad_records[_i].from);
    struct ev_record r;
    struct pd_err e = {0};

    ck_assert_ptr_nonnull(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - example_record), example_record,
             bad_records[_i].to, at + strlen(bad_records[_i].from));
    ck_assert_int_eq(ev_record_parse("x.record", text, strlen(text), &r, &e), bad_records[_i].want);
    ck_assert_msg(strstr(e.msg, bad_records[_i].msg), "case %d: got \"%s\"", _i, e.msg);
}
END_TEST

/* One key in four encodings: one commitment, sha256sum of the canonical file. */
START_TEST(test_commitment_encoding_independent)
{
    static const char *const texts[] = {
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\r\n",
        "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\n",
    };
    char dir[256], path[300], hex[65];
    FILE *f;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/k.key", dir);
    f = fopen(path, "w");
    fputs(texts[_i], f);
    fclose(f);
    chmod(path, 0600);
    ck_assert_int_eq(key_commitment(path, hex, NULL), PD_OK);
    ck_assert_str_eq(hex, "46268c8f3e4d5291cfd71ffc476063a199beff7f3a5f87a5552a6e3985eccd90");
    unlink(path);
    rmdir(dir);
}
END_TEST

static const struct {
    const char *label;
    bool ok;
} labels[] = {
    {"original", true},         {"Spring Pairs", true},   {"Coupe d'été \"Ω\" \\", true},
    {"a\nb", false},            {"a\tb", false},          {"caf\xe9", false},
    {"\xc0\xaf", false},        {"\xed\xa0\x80", false},  {"a\xc2\x85", false},
    {"", false},                {" a", false},            {"a ", false},
    {"\xf4\x90\x80\x80", false}, {"\xf0\x9f\x82\xa1", true},
};

START_TEST(test_label_rule)
{
    ck_assert_int_eq(pd_label_check("--label", labels[_i].label, NULL) == PD_OK, labels[_i].ok);
}
END_TEST

START_TEST(test_label_limit)
{
    char label[PD_LABEL_MAX + 2];

    memset(label, 'x', sizeof label);
    label[PD_LABEL_MAX] = '\0';
    ck_assert_int_eq(pd_label_check("--label", label, NULL), PD_OK);
    label[PD_LABEL_MAX] = 'x';
    label[PD_LABEL_MAX + 1] = '\0';
    ck_assert_int_eq(pd_label_check("--label", label, NULL), PD_ERR_USAGE);
}
END_TEST

START_TEST(test_demo_event_loads)
{
    struct cfg_event *ev = malloc(sizeof *ev);
    struct pd_err e = {0};

    ck_assert_int_eq(cfg_load_event("config/events/demo.conf", ev, &e), PD_OK);
    ck_assert_str_eq(ev->p.name, "predup demonstration pairs");
    ck_assert_int_eq(ev->p.nsets, 2);
    ck_assert_str_eq(ev->p.sets[0].name, "original");
    ck_assert_str_eq(ev->p.sets[0].boards, "1-36");
    ck_assert_str_eq(ev->extra[0].formats, "pbn,dup,dlm");
    ck_assert_str_eq(ev->stem, "config/events/demo");
    ck_assert_str_eq(ev->dir, "config/events");
    free(ev);
}
END_TEST

/* The Generator tag: written and read back whole, label last with its spaces; the layout of
 * sets dealt before the label moved last still reads. */
START_TEST(test_generator_tag)
{
    struct pbn_generator g = {.dealer = SEAT_S, .vul = VUL_ALL}, back;
    char tag[1024];

    strcpy(g.commitment, "46268c8f");
    strcpy(g.boards, "1-36");
    strcpy(g.label, "Spring Pairs commitment=x label=y");
    pbn_generator_format(tag, sizeof tag, &g);
    ck_assert_str_eq(tag, "predup " PREDUP_VERSION " commitment=46268c8f boards=1-36 dealer=S "
                          "vul=All label=Spring Pairs commitment=x label=y");
    ck_assert(pbn_generator_parse(tag, &back));
    ck_assert_str_eq(back.label, g.label);
    ck_assert_str_eq(back.commitment, "46268c8f");
    ck_assert_str_eq(back.boards, "1-36");
    ck_assert_int_eq(back.dealer, SEAT_S);
    ck_assert_int_eq(back.vul, VUL_ALL);
    ck_assert_str_eq(back.event, "");
    ck_assert(pbn_generator_parse("predup 0.1.0 label=reserve commitment=abc script=def", &back));
    ck_assert_str_eq(back.label, "reserve");
    ck_assert_str_eq(back.commitment, "abc");
    ck_assert_str_eq(back.script, "def");
    ck_assert_int_eq(back.dealing, DEALING_V1); /* a script and no version: dealt before 2 */
    strcpy(g.script, "def");
    g.dealing = DEALING_V2;
    pbn_generator_format(tag, sizeof tag, &g);
    ck_assert_ptr_nonnull(strstr(tag, " vul=All script=def dealing=2 label=Spring Pairs"));
    ck_assert(pbn_generator_parse(tag, &back));
    ck_assert_int_eq(back.dealing, DEALING_V2);
    ck_assert_str_eq(back.label, g.label);
    ck_assert(pbn_generator_parse("predup 0.2 commitment=a script=d dealing=x label=l", &back));
    ck_assert_int_eq(back.dealing, -1);
    ck_assert(pbn_generator_parse("predup 0.2 commitment=a boards=1 label=l", &back));
    ck_assert_int_eq(back.dealing, 0);
    ck_assert(!pbn_generator_parse("dealer 1.0 label=x", &back));
    ck_assert(!pbn_generator_parse(NULL, &back));
}
END_TEST

/* A script set's dealing version is committed: "dealing 2" after its script-sha256 line; a
 * record without the line (committed before versions) is version 1; an unknown one is refused. */
START_TEST(test_record_dealing_line)
{
    static const char sha[] = "2add5365aeb93cf6634e39cd2617707c554d75d681b9416d32677b7aa0f18022";
    struct ev_record r, back;
    struct pd_err e = {0};
    char *text = NULL, *at;
    size_t len = 0;

    for (int v = DEALING_V1; v <= DEALING_V2; v++) {
        example_params(&r);
        strcpy(r.p.sets[0].script_sha, sha);
        r.p.sets[0].dealing = v;
        ev_record_set_digest(&r);
        ck_assert_int_eq(ev_record_text(&r, &text, &len, NULL), PD_OK);
        at = strstr(text, sha);
        ck_assert_ptr_nonnull(at);
        const char *want = v == DEALING_V1 ? "\ndealer law2\n" : "\ndealing 2\ndealer law2\n";

        ck_assert_int_eq(strncmp(at + 64, want, strlen(want)), 0);
        ck_assert_int_eq(ev_record_parse("x.record", text, len, &back, &e), PD_OK);
        ck_assert_int_eq(back.p.sets[0].dealing, v);
        ck_assert_int_eq(back.p.sets[1].dealing, 0);
        if (v == DEALING_V2) {
            at[65 + 8] = '9';
            ck_assert_int_eq(ev_record_parse("x.record", text, len, &back, &e), PD_ERR_RANGE);
            ck_assert_msg(strstr(e.msg, "set \"original\": dealt by dealing version 9"), "%s",
                          e.msg);
        }
        free(text);
    }
}
END_TEST

Suite *event_suite(void);
Suite *event_suite(void)
{
    Suite *s = suite_create("event");
    TCase *tc = tcase_create("record");

    tcase_add_test(tc, test_example_record_bytes);
    tcase_add_loop_test(tc, test_example_deals, 0, ARRAY_LEN(example_deals));
    tcase_add_test(tc, test_derivation_inputs);
    tcase_add_loop_test(tc, test_bad_records, 0, ARRAY_LEN(bad_records));
    tcase_add_test(tc, test_record_dealing_line);
    suite_add_tcase(s, tc);
    tc = tcase_create("keys and labels");
    tcase_add_loop_test(tc, test_commitment_encoding_independent, 0, 4);
    tcase_add_loop_test(tc, test_label_rule, 0, ARRAY_LEN(labels));
    tcase_add_test(tc, test_label_limit);
    tcase_add_test(tc, test_demo_event_loads);
    tcase_add_test(tc, test_generator_tag);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(event_suite)
