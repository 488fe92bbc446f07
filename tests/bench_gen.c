/* tests/bench_gen.c - raw generation speed for `make bench`: deals per second from the keyed
 * ChaCha20 streams, for tournament boards (96-bit numbers decoded by Pavlicek's bijection) and
 * for practice deals (Fisher-Yates), on one thread and on N threads, and for the north hand
 * alone of the same deals (lazy dealing, dealer/lang/lazy.c). Prints one line per case:
 * "<case> <threads> <deals per second>". */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dealer/lang/gen.h"

enum { BOARDS = 2000000, SHUFFLES = 20000000 };

struct job {
    pthread_t tid;
    int index, threads;
    struct set_key sk;
    uint64_t check; /* keeps the compiler from dropping the work */
    int shuffle; /* 0 boards, 1 full shuffles, 2 north only (lazy dealing) */
};

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *run(void *arg)
{
    struct job *j = arg;
    struct deal_stream s;
    struct deal d;

    deal_stream_open(&s, &j->sk, j->shuffle ? STREAM_PRACTICE : STREAM_DEAL, 0, NULL);
    if (j->shuffle) {
        struct llazy z;

        deal_stream_seek(&s, STREAM_PRACTICE, (uint64_t)j->index, NULL);
        for (int i = j->index; i < SHUFFLES; i += j->threads) {
            if (j->shuffle == 2)
                llazy_start(&z, &s, 1, &d);
            else
                deal_stream_shuffle(&s, NULL, &d);
            j->check += d.hand[0];
        }
    } else {
        for (int b = 1 + j->index; b <= BOARDS; b += j->threads) {
            deal_stream_seek(&s, STREAM_DEAL, (uint64_t)b, NULL);
            deal_stream_deal(&s, &d, NULL);
            j->check += d.hand[0];
        }
    }
    deal_stream_close(&s);
    return NULL;
}

static void measure(const char *name, int shuffle, int threads)
{
    struct job jobs[16];
    struct pd_key key;
    double t0 = now(), secs;
    uint64_t check = 0;

    key_from_seed(1, &key);
    for (int i = 0; i < threads; i++) {
        jobs[i] = (struct job){.index = i, .threads = threads, .shuffle = shuffle};
        set_key_derive(&key, "bench", &jobs[i].sk, NULL);
        pthread_create(&jobs[i].tid, NULL, run, &jobs[i]);
    }
    for (int i = 0; i < threads; i++) {
        pthread_join(jobs[i].tid, NULL);
        check += jobs[i].check;
    }
    secs = now() - t0;
    printf("%s %d %.0f %llu\n", name, threads, (shuffle ? SHUFFLES : BOARDS) / secs,
           (unsigned long long)(check & 1));
}

int main(int argc, char **argv)
{
    long threads = argc > 1 ? strtol(argv[1], NULL, 10) : 2;

    if (threads < 1 || threads > 16)
        threads = 2;

    measure("boards", 0, 1);
    measure("boards", 0, (int)threads);
    measure("practice", 1, 1);
    measure("practice", 1, (int)threads);
    measure("practice-north-only", 2, 1);
    return 0;
}
