/* tests/check_event_dealing.c - one engine deals an event's set (pbn/sets/event_set.c): what
 * `event deal` writes (event_set_deal) is exactly what verify re-deals board by board from the
 * same set-up (event_set_dealing), for a plain set (whose deals are also dealer/EVENTS.md's
 * worked example, found independently by tests/tools/ref_deal.py) and for a scripted set under
 * each dealing version; verify_with_record passes the set written and fails it tampered; the
 * set-up refuses a script that is not the committed one, or none. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pbn/sets/sets.h"
#include "tests/check_suites.h"

static const char key_hex[] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/* The example's DealIds (dealer/EVENTS.md), set by set. */
static const char *const original_ids[] = {"29274261334843373041453907131",
                                           "206577818642812565418622225",
                                           "36981076394100943184144126234"};
static const char *const reserve_ids[] = {"26608162685266691488903836654",
                                          "36055446425539370224413796570"};

/* The record of dealer/EVENTS.md's worked example, read from the specification itself (its
 * code block that starts "predup-event-record 1"): set "original" (Law 2), "reserve" (N, None). */
static void example_record(struct ev_record *r)
{
    char path[600], *text = NULL, *start, *end;
    size_t len = 0;

    snprintf(path, sizeof path, "%s/../../dealer/EVENTS.md", test_data_dir());
    ck_assert_int_eq(pd_read_file(path, &text, &len, NULL), PD_OK);
    start = strstr(text, "\n```\npredup-event-record 1\n");
    ck_assert_ptr_nonnull(start);
    start += 5;
    end = strstr(start, "```");
    ck_assert_ptr_nonnull(end);
    ck_assert_int_eq(ev_record_parse("example.record", start, (size_t)(end - start), r, NULL),
                     PD_OK);
    free(text);
}

static const char script_text[] = "dealer south\nvulnerable NS\ncondition hcp(north) >= 15\n";

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fputs(text, f) >= 0, 1);
    ck_assert_int_eq(fclose(f), 0);
}

static void record_key(const struct ev_record *r, struct pd_key *key)
{
    ck_assert_int_eq(ev_record_key(r, key, NULL), PD_OK);
}

/* Every game of set equals verify's re-deal of its board from event_set_dealing: the deal,
 * the DealId, the dealer and vulnerability by the board rule. */
static void assert_verify_redeals(const struct ev_record *r, int si, const char *script,
                                  const struct pbn_set *set)
{
    struct pd_key key;
    struct dealing dl;

    record_key(r, &key);
    ck_assert_int_eq(event_set_dealing(r, si, &key, script, &dl, NULL), PD_OK);
    struct board_rule rule = dealing_rule(&dl, r->p.sets[si].dealer, r->p.sets[si].vul);

    for (size_t i = 0; i < set->n; i++) {
        const struct pbn_game *g = &set->games[i];
        struct board_deal bd;
        struct board_info bi = board_conditions(&rule, g->board);
        char dec[40];

        if (dl.ld)
            ck_assert_int_eq(board_generate_script(&dl.sk, g->board, dl.ld, dl.max_tries, &bd,
                                                   NULL), PD_OK);
        else
            ck_assert_int_eq(board_generate(&dl.sk, g->board, NULL, NULL, dl.max_tries, &bd,
                                            NULL), PD_OK);
        ck_assert_int_eq(g->known, 0xF);
        ck_assert_int_eq(memcmp(&g->deal, &bd.deal, sizeof bd.deal), 0);
        deal_num_to_dec(bd.number, dec);
        ck_assert_str_eq(pbn_tag_get(g, "DealId"), dec);
        ck_assert_int_eq(g->dealer, bi.dealer);
        ck_assert_int_eq(g->vul, bi.vul);
    }
    dealing_close(&dl);
    pd_wipe(&key, sizeof key);
}

static struct pbn_set *deal_event_set(const struct ev_record *r, int si, const char *script)
{
    struct pbn_set *set = NULL;
    struct pd_key key;
    struct pd_err e = {0};

    record_key(r, &key);
    ck_assert_int_eq(pbn_set_new(&set, NULL), PD_OK);
    ck_assert_msg(event_set_deal(r, si, &key, script, set, &e) == PD_OK, "%s", e.msg);
    pd_wipe(&key, sizeof key);
    return set;
}

/* verify_with_record, its report on stdout silenced (the result is what is checked). */
static enum pd_status verify_quietly(const struct verify_opts *o, char **files)
{
    int saved, null = open("/dev/null", O_WRONLY);
    enum pd_status rc;

    fflush(stdout);
    saved = dup(1);
    ck_assert_int_ge(null, 0);
    ck_assert_int_ge(saved, 0);
    dup2(null, 1);
    rc = verify_with_record(o, 2, files, NULL);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(null);
    return rc;
}

/* verify_with_record on the record and the set written to dir/NAME.pbn: PD_OK as written,
 * PD_ERR_MISMATCH with its last board's Deal turned (every hand passed on one seat). */
static void assert_verify_file(const struct ev_record *r, const char *dir, int si,
                               const char *script, struct pbn_set *set)
{
    char rec_path[600], pbn_path[600], *text = NULL;
    char *files[2] = {rec_path, pbn_path};
    struct verify_opts o = {.script = script, .dealer = -1, .vul = -1};
    size_t len = 0;
    struct deal turned;
    char text_deal[DEAL_PBN_LEN];

    snprintf(rec_path, sizeof rec_path, "%s/ev.record", dir);
    snprintf(pbn_path, sizeof pbn_path, "%s/%s.pbn", dir, r->p.sets[si].name);
    ck_assert_int_eq(ev_record_text(r, &text, &len, NULL), PD_OK);
    write_text(rec_path, text);
    free(text);
    ck_assert_int_eq(pbn_write_file_ex(pbn_path, PD_OUT_FORCE, set, NULL), PD_OK);
    ck_assert_int_eq(verify_quietly(&o, files), PD_OK);
    struct pbn_game *last = &set->games[set->n - 1];

    for (int s = 0; s < 4; s++)
        turned.hand[s] = last->deal.hand[(s + 1) % 4];
    deal_to_pbn(&turned, SEAT_N, 0xF, text_deal);
    ck_assert_int_eq(pbn_tag_set(last, "Deal", text_deal, NULL), PD_OK);
    ck_assert_int_eq(pbn_write_file_ex(pbn_path, PD_OUT_FORCE, set, NULL), PD_OK);
    ck_assert_int_eq(verify_quietly(&o, files), PD_ERR_MISMATCH);
}

START_TEST(test_plain_sets)
{
    static const struct {
        const char *name;
        const char *const *ids;
        size_t n;
    } sets[] = {{"original", original_ids, 3}, {"reserve", reserve_ids, 2}};
    struct ev_record r;
    char dir[512];
    int si;

    example_record(&r);
    si = ev_find_set(&r.p, sets[_i].name);
    ck_assert_int_ge(si, 0);
    struct pbn_set *set = deal_event_set(&r, si, NULL);

    ck_assert_uint_eq(set->n, sets[_i].n);
    for (size_t i = 0; i < set->n; i++) {
        ck_assert_int_eq(set->games[i].board, (int)i + 1);
        ck_assert_str_eq(pbn_tag_get(&set->games[i], "DealId"), sets[_i].ids[i]);
        ck_assert_str_eq(pbn_tag_get(&set->games[i], "Event"), "Example pairs");
    }
    assert_verify_redeals(&r, si, NULL, set);
    test_tmpdir(dir, sizeof dir);
    assert_verify_file(&r, dir, si, NULL, set);
    pbn_set_free(set);
}
END_TEST

/* A revealed record of one scripted set (boards 1-5, dealing version `version`) in dir. */
static void scripted_record(struct ev_record *r, const char *script, int version)
{
    struct pd_key key;

    memset(r, 0, sizeof *r);
    strcpy(r->p.generator, "predup 0.1.0");
    strcpy(r->p.name, "Scripted pairs");
    strcpy(r->p.delayed, "the first number drawn in the lottery on 2026.11.22");
    strcpy(r->p.public_form, "integer");
    r->p.nsets = 1;
    r->p.sets[0] = (struct ev_set){"scripted", "1-5", "", -1, -1, version};
    ck_assert_int_eq(pd_sha256_file(script, r->p.sets[0].script_sha, NULL), PD_OK);
    strcpy(r->key_hex, key_hex);
    r->revealed = r->has_public = true;
    strcpy(r->public_value, "42");
    record_key(r, &key);
    key_commit_hex(&key, r->commitment);
    pd_wipe(&key, sizeof key);
    ev_record_set_digest(r);
}

START_TEST(test_scripted_set)
{
    int version = _i ? DEALING_V2 : DEALING_V1;
    char dir[512], script[600];
    struct ev_record r;

    test_tmpdir(dir, sizeof dir);
    snprintf(script, sizeof script, "%s/s.dl", dir);
    write_text(script, script_text);
    scripted_record(&r, script, version);
    struct pbn_set *set = deal_event_set(&r, 0, script);

    ck_assert_uint_eq(set->n, 5);
    for (size_t i = 0; i < set->n; i++) { /* the script's lines and condition hold */
        uint64_t north = set->games[i].deal.hand[SEAT_N];

        ck_assert_int_eq(set->games[i].dealer, SEAT_S);
        ck_assert_int_eq(set->games[i].vul, VUL_NS);
        ck_assert_int_ge(hand_hcp(north), 15);
    }
    assert_verify_redeals(&r, 0, script, set);
    assert_verify_file(&r, dir, 0, script, set);
    pbn_set_free(set);
}
END_TEST

/* The set-up refuses a scripted set without its script, or with another script. */
START_TEST(test_script_refusals)
{
    char dir[512], script[600], other[600];
    struct ev_record r;
    struct pd_key key;
    struct dealing dl;
    struct pd_err e = {0};

    test_tmpdir(dir, sizeof dir);
    snprintf(script, sizeof script, "%s/s.dl", dir);
    snprintf(other, sizeof other, "%s/t.dl", dir);
    write_text(script, script_text);
    write_text(other, "condition hcp(north) >= 16\n");
    scripted_record(&r, script, DEALING_V2);
    record_key(&r, &key);
    ck_assert_int_eq(event_set_dealing(&r, 0, &key, NULL, &dl, &e), PD_ERR_USAGE);
    dealing_close(&dl);
    ck_assert_int_eq(event_set_dealing(&r, 0, &key, other, &dl, &e), PD_ERR_MISMATCH);
    ck_assert_ptr_nonnull(strstr(e.msg, "is not the script committed for set \"scripted\""));
    dealing_close(&dl);
    pd_wipe(&key, sizeof key);
}
END_TEST

static Suite *event_dealing_suite(void)
{
    Suite *s = suite_create("event_dealing");
    TCase *tc = tcase_create("event_set");

    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_plain_sets, 0, 2);
    tcase_add_loop_test(tc, test_scripted_set, 0, 2);
    tcase_add_test(tc, test_script_refusals);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(event_dealing_suite)
