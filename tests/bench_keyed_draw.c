/* tests/bench_keyed_draw.c - the floor of keyed `predup deal --script` for `make bench`
 * (tests/bench_keyed.sh; dealer/README.md, where the time goes): the committed draw of boards
 * 1..N from a key and a script (dealing version 2, label "original"), the same attempts
 * `predup deal --key KEY --script SCRIPT --boards 1-N -j 1` makes, each board's stream sought
 * and its attempts drawn until one is kept; with --deal-id each kept board's DealId too. No
 * PBN, no output but a count. Usage: bench_keyed_draw KEY SCRIPT N [--deal-id] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang.h"

static int fail(const struct pd_err *e)
{
    fprintf(stderr, "bench_keyed_draw: %s\n", e->msg);
    return 1;
}

int main(int argc, char **argv)
{
    struct pd_err e = {0};
    struct pd_key key;
    struct set_key sk;
    struct lang_prog *prog = NULL;
    struct lang_deal *ld = NULL;
    struct deal_stream s;
    bool spent;
    long n = argc > 3 ? strtol(argv[3], NULL, 10) : 0, attempts = 0;
    bool deal_id = argc > 4 && strcmp(argv[4], "--deal-id") == 0;
    uint64_t check = 0;
    char last[DEAL_PBN_LEN];

    if (n < 1) {
        fprintf(stderr, "usage: bench_keyed_draw KEY SCRIPT N [--deal-id]\n");
        return 64;
    }
    if (key_load_file(argv[1], &key, &spent, &e) != PD_OK ||
        set_key_derive(&key, "original", &sk, &e) != PD_OK ||
        lang_compile_file(argv[2], &prog, &e) != PD_OK ||
        lang_deal_new(prog, DEALING_V2, &ld, &e) != PD_OK ||
        deal_stream_open(&s, &sk, STREAM_SCRIPT, 0, &e) != PD_OK)
        return fail(&e);
    for (int board = 1; board <= n; board++) {
        struct deal d;
        int kept = 0;

        if (deal_stream_seek(&s, STREAM_SCRIPT, (uint64_t)board, &e) != PD_OK)
            return fail(&e);
        while (kept == 0) {
            kept = lang_deal_try(ld, &s, board, &d, &e);
            attempts++;
        }
        if (kept < 0)
            return fail(&e);
        deal_num id = 0;

        if (deal_id && deal_to_number(&d, &id, &e) != PD_OK)
            return fail(&e);
        check += d.hand[0] ^ (uint64_t)id;
        if (board == n) /* the last board's, to compare with deal's output */
            deal_to_pbn(&d, SEAT_N, 0xF, last);
    }
    printf("%ld boards, %ld attempts, the last %s (%llu)\n", n, attempts, last,
           (unsigned long long)(check & 1));
    deal_stream_close(&s);
    lang_deal_free(ld);
    lang_free(prog);
    return 0;
}
