/* tests/check_fill_web.c - the operator page's state (machine/operator/): a prompt
 * answered at the terminal and on the page at the same instant is answered exactly once, by
 * one of them, both sides agreeing which; what the page is sent is well-formed JSON whatever a
 * note holds; malformed listen addresses and a port in use are refused before anything runs. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "machine/operator/operator.h"
#include "tests/check_suites.h"

struct race {
    struct op_server *srv;
    long id;
    pthread_barrier_t *go;
    bool won;
};

static void *page_answers(void *arg)
{
    struct race *r = arg;

    pthread_barrier_wait(r->go);
    r->won = op_answer(r->srv, r->id, MACH_ANSWER_CONTINUE);
    return NULL;
}

/* The terminal says stop while the page says continue: one of them, and both know which. */
START_TEST(test_both_answer_at_once)
{
    struct op_server *srv;
    struct pd_err e = {0};
    FILE *devnull = fopen("/dev/null", "w");
    int page_won = 0, terminal_won = 0;

    ck_assert_int_eq(op_start("127.0.0.1:0", devnull, &srv, &e), PD_OK);
    for (int i = 0; i < 300; i++) {
        const struct mach_watch *w = op_watch(srv);
        pthread_barrier_t go;
        struct race r = {srv, i + 1, &go, false};
        pthread_t page;
        bool by_page = false;
        enum mach_answer a;

        pthread_barrier_init(&go, NULL, 2);
        w->ask(w->ctx, MA_START, 1, "insert board 1");
        ck_assert_int_eq(pthread_create(&page, NULL, page_answers, &r), 0);
        pthread_barrier_wait(&go);
        a = w->settle(w->ctx, MACH_ANSWER_STOP, &by_page);
        pthread_join(page, NULL);
        pthread_barrier_destroy(&go);
        ck_assert_int_eq(r.won, by_page); /* exactly one side answered, both agree which */
        ck_assert_int_eq(a, by_page ? MACH_ANSWER_CONTINUE : MACH_ANSWER_STOP);
        /* settled once: a late answer from either side changes nothing */
        ck_assert(!op_answer(srv, i + 1, MACH_ANSWER_STOP));
        ck_assert_int_eq(w->settle(w->ctx, MACH_ANSWER_CONTINUE, &by_page), a);
        page_won += r.won;
        terminal_won += !r.won;
    }
    ck_assert_int_eq(page_won + terminal_won, 300);
    op_stop(srv);
    fclose(devnull);
}
END_TEST

/* Quotes, backslashes, control bytes and markup in a note or a prompt stay inside their JSON
 * strings; UTF-8 passes as it is. */
START_TEST(test_state_json_escapes)
{
    struct op_server *srv;
    struct pd_err e = {0};
    FILE *devnull = fopen("/dev/null", "w");
    const struct mach_watch *w;
    char *json;

    ck_assert_int_eq(op_start("0", devnull, &srv, &e), PD_OK);
    w = op_watch(srv);
    w->begin(w->ctx, "dir/set \"1\".pbn", "Pokal M\xc3\xbcnchen", NULL, 36, 2);
    w->note(w->ctx, 3, "a \"quoted\" \\ back\tslash\n</script><b>");
    w->ask(w->ctx, MA_REFEED, 3, "re-feed\x01");
    json = op_state_json(srv);
    ck_assert_ptr_nonnull(json);
    ck_assert_ptr_nonnull(strstr(json, "\"event\":\"Pokal M\xc3\xbcnchen\",\"set\":\"set \\\"1\\\".pbn\""));
    ck_assert_ptr_nonnull(strstr(json, "\"text\":\"a \\\"quoted\\\" \\\\ back\\u0009slash\\u000a"
                                       "\\u003c/script>\\u003cb>\""));
    ck_assert_ptr_nonnull(strstr(json, "\"text\":\"re-feed\\u0001\""));
    ck_assert_ptr_nonnull(strstr(json, "\"nboards\":36"));
    ck_assert_ptr_nonnull(strstr(json, "\"copies\":2"));
    ck_assert_ptr_null(strstr(json, "<"));
    free(json);
    op_stop(srv);
    fclose(devnull);
}
END_TEST

START_TEST(test_listen_refused)
{
    static const char *const bad[] = {"", "x", "65536", "-1", "1.2.3.4.5:80", ":80", "[::1:80",
                                      "name.example:80", "127.0.0.1:", "127.0.0.1:8o"};
    struct op_server *srv, *two;
    struct pd_err e = {0};
    FILE *devnull = fopen("/dev/null", "w");
    char spec[64];

    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        ck_assert_int_eq(op_start(bad[i], devnull, &srv, &e), PD_ERR_USAGE);
        ck_assert_ptr_null(srv);
        ck_assert_ptr_nonnull(strstr(e.msg, "--web"));
    }
    ck_assert_int_eq(op_start("127.0.0.1:0", devnull, &srv, &e), PD_OK);
    snprintf(spec, sizeof spec, "%s", op_url(srv) + strlen("http://"));
    spec[strlen(spec) - 1] = '\0'; /* the trailing slash */
    ck_assert_int_eq(op_start(spec, devnull, &two, &e), PD_ERR_IO);
    ck_assert_ptr_nonnull(strstr(e.msg, "Address already in use"));
    op_stop(srv);
    fclose(devnull);
}
END_TEST

static Suite *fill_web_suite(void)
{
    Suite *s = suite_create("fill_web");
    TCase *tc = tcase_create("page");

    tcase_add_test(tc, test_both_answer_at_once);
    tcase_add_test(tc, test_state_json_escapes);
    tcase_add_test(tc, test_listen_refused);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(fill_web_suite)
