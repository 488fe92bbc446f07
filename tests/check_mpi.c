/* tests/check_mpi.c - pd_mpi_* outside mpirun (dealer/run/mpi_module.c): a process no launcher
 * started never loads OpenMPI nor starts MPI, is rank 0 of 1, and every collective is its
 * single-rank identity (agree passes the status and message through, share leaves the bytes
 * alone, poll finds no message at once); point to point is refused. The ranks of a real job
 * are tested by tests/cli/mpi_*.sh under mpirun. */
#include <stdlib.h>
#include <string.h>

#include "dealer/run/run.h"
#include "tests/check_suites.h"

START_TEST(test_plain_run_is_one_rank)
{
    struct pd_err e = {0};

    /* The test runner is not under mpirun; with a launcher's variable set, pd_mpi_start would
     * call MPI_Init, which this test must not do. */
    ck_assert_ptr_null(getenv("OMPI_COMM_WORLD_SIZE"));
    ck_assert_ptr_null(getenv("PMIX_RANK"));
    ck_assert_int_eq(pd_mpi_start(&e), PD_OK);
    ck_assert_int_eq(pd_mpi_rank(), 0);
    ck_assert_int_eq(pd_mpi_size(), 1);
    ck_assert(!pd_mpi_waiting(0, 1));
    ck_assert_int_eq(pd_mpi_end(PD_ERR_SYNTAX), PD_ERR_SYNTAX);
}
END_TEST

START_TEST(test_single_rank_collectives)
{
    struct pd_err e = {0};
    unsigned long long seed = 42;

    ck_assert_int_eq(pd_mpi_agree(PD_OK, &e), PD_OK);
    pd_fail(&e, PD_ERR_IO, "set.pbn: cannot open");
    ck_assert_int_eq(pd_mpi_agree(PD_ERR_IO, &e), PD_ERR_IO);
    ck_assert_str_eq(e.msg, "set.pbn: cannot open"); /* no "rank 0: " on a plain run */
    /* No other rank: no message, and no wait for one (a day's wait would hang the suite). */
    ck_assert_int_eq(pd_mpi_poll(21, 86400L * 1000000L), -1);
    pd_mpi_share(&seed, sizeof seed);
    ck_assert_uint_eq(seed, 42);
}
END_TEST

/* pd_mpi_same on a plain run: no other rank to differ from, whatever the facts. */
START_TEST(test_single_rank_same)
{
    struct pd_err e = {0};
    struct pd_mpi_fact f[2] = {{.what = "script"}, {.what = "seed"}};

    pd_sha256_hex("a", 1, f[0].sha);
    ck_assert_int_eq(pd_mpi_same(f, 2, "hint", &e), PD_OK);
    ck_assert_int_eq(e.code, PD_OK);
}
END_TEST

/* Point to point on a plain run: no other rank, so a caller's bug, said as one (exit 70),
 * with the outputs cleared; the MPI module is not loaded for it (it would need mpirun). */
START_TEST(test_plain_run_point_to_point)
{
    struct pd_err e = {0};
    struct pd_mpi_post *h = (struct pd_mpi_post *)&e;
    void *buf = &e;
    size_t n = 7;
    int tag = 3;
    bool done = true;

    ck_assert_int_eq(pd_mpi_send(1, 3, "x", 1, &e), PD_ERR_INTERNAL);
    ck_assert_str_eq(e.msg, "MPI send without mpirun: no other rank");
    ck_assert_int_eq(pd_mpi_recv(1, &tag, &buf, &n, &e), PD_ERR_INTERNAL);
    ck_assert_ptr_null(buf);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(pd_mpi_post(1, 3, "x", 1, &h, &e), PD_ERR_INTERNAL);
    ck_assert_ptr_null(h);
    ck_assert_int_eq(pd_mpi_posted(&h, &done, &e), PD_ERR_INTERNAL);
    ck_assert(!done);
    pd_mpi_notify(1, 3); /* nothing to send it with: nothing happens */
    ck_assert_int_eq(pd_mpi_rank(), 0);
}
END_TEST

Suite *mpi_suite(void);
Suite *mpi_suite(void)
{
    Suite *s = suite_create("mpi");
    TCase *tc = tcase_create("plain");

    tcase_add_test(tc, test_plain_run_is_one_rank);
    tcase_add_test(tc, test_single_rank_collectives);
    tcase_add_test(tc, test_single_rank_same);
    tcase_add_test(tc, test_plain_run_point_to_point);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(mpi_suite)
