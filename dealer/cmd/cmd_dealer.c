/* dealer/cmd/cmd_dealer.c - `predup dealer [flags] [script]`: Hans van Staveren's dealer command
 * line (-s -p -g -v -q -m -t -0 -2 -3 -u -V -h) plus -j N threads; reads stdin when no
 * script is named; prints dealer's end summary. */
#include <errno.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dealer/cmd/cmd.h"
#include "dealer/run/run.h"

static const char usage[] =
    "usage: predup dealer [-023uvmqV] [-p n] [-g n] [-s seed] [-t secs] [-j threads]\n"
    "                     [--dealing 1|2] [script]\n"
    "Runs a script in Hans van Staveren's dealer language (dealer/LANGUAGE.md); stdin when\n"
    "no script is named.\n"
    "  -s N   seed: the same seed gives the same output. Seeds are for practice only:\n"
    "         they can be guessed. For events use keys (predup key, predup deal --script).\n"
    "         Without -s a random seed is drawn and shown in the summary.\n"
    "  -p N   produce at most N deals (wins over the script's produce)\n"
    "  -g N   generate at most N deals (wins over the script's generate)\n"
    "  -t S   stop after S seconds; exit status 75 when nothing was produced\n"
    "  -j N   N threads (the output does not depend on N)\n"
    "  -v     no end summary      -q  no printpbn output      -m  progress meter\n"
    "  -0 / -2 / -3  no swapping / also the E-W swap / also all 5 other E-S-W orders\n"
    "  --plain  no conditional generation: plain shuffling and rejection\n"
    "  --dealing N  practice dealing version N (2, the default: AES-128-CTR, a hand from its\n"
    "         own bytes; 1: ChaCha20, the deals of every seed before version 2)\n"
    "  --sd   averages print \"label: mean sd count\" (for statistical comparisons)\n"
    "  -e     exhaustive: every deal of the unknown cards when two hands are predealt in\n"
    "         full (up to 10,400,600 deals); -p limits it, -g does not\n"
    "  -u     accepted (output is always upper case)   -V  version\n";

struct dealer_args {
    struct lrun_opts o;
    bool seeded, summary;
    char show; /* 'V' or 'h': print the version or the usage (once the ranks agree) */
    const char *script;
};

/* A flag that takes a number: -p -g -s -t -j (getopt has found its value). */
static enum pd_status number_flag(char f, const char *val, struct dealer_args *a,
                                  struct pd_err *e)
{
    char flag[3] = {'-', f, 0};
    unsigned long long v;
    enum pd_status rc;

    switch (f) {
    case 'p': case 'g':
        if ((rc = pd_parse_number(val, 1, 2000000000000LL, flag, &v, e)) == PD_OK)
            *(f == 'p' ? &a->o.produce : &a->o.generate) = (long long)v;
        return rc;
    case 's': /* any 64-bit seed: the summary prints drawn ones for -s to repeat */
        if ((rc = pd_parse_number(val, 0, UINT64_MAX, flag, &a->o.seed, e)) == PD_OK)
            a->seeded = true;
        return rc;
    case 't':
        if ((rc = pd_parse_number(val, 1, 100000000, flag, &v, e)) == PD_OK)
            a->o.time_limit = (double)v;
        return rc;
    default: /* 'j' */
        if ((rc = pd_parse_number(val, 1, 256, flag, &v, e)) == PD_OK)
            a->o.threads = (int)v;
        return rc;
    }
}

/* --dealing N: the practice dealing version (dealer/deal/deal.h, PRACTICE_V1 ...). */
static enum pd_status dealing_flag(const char *val, struct dealer_args *a, struct pd_err *e)
{
    unsigned long long v;
    enum pd_status rc = pd_parse_number(val, PRACTICE_V1, PRACTICE_LATEST, "--dealing", &v, e);

    if (rc == PD_OK)
        a->o.dealing = (int)v;
    return rc;
}

/* One flag of a cluster (-0 -2 -3 -v -q -m -u -V -e -l); *done after -V. */
static enum pd_status plain_flag(char f, struct dealer_args *a, bool *done, struct pd_err *e)
{
    switch (f) {
    case '0': case '2': case '3':
        a->o.swapping = f == '0' ? 0 : f - '0';
        break;
    case 'v':
        a->summary = !a->summary;
        break;
    case 'q':
        a->o.quiet = !a->o.quiet;
        break;
    case 'm':
        a->o.progress = !a->o.progress;
        break;
    case 'u':
        break;
    case 'V':
        a->show = 'V';
        *done = true;
        break;
    case 'e':
        a->o.exhaust = true;
        break;
    case 'l':
        return pd_fail(e, PD_ERR_USAGE, "dealer: -l (GIB's library.dat) is not "
                                        "supported: tricks() solves with libdds");
    default:
        return pd_fail(e, PD_ERR_USAGE, "dealer: unknown option -%c (predup dealer --help)", f);
    }
    return PD_OK;
}

/* Through the one option reader, with dealer's own short flags as getopt reads them: a
 * cluster ("-qv"), a number in the same word or the next ("-s5", "-s 5"), the script before or
 * after them. -h (Debian's dealer's help), --help and -V stop the reading: nothing after them
 * counts. */
static enum pd_status parse_args(int argc, char **argv, struct dealer_args *a, bool *done,
                                 struct pd_err *e)
{
    struct pd_opts p;
    enum pd_status rc = pd_opts_begin(&p, "G dealing", "h help  S sd  P plain",
                                      ":023uvmqVehlp:g:s:t:j:", argc, argv, e);
    int c;

    while (rc == PD_OK && !*done && (c = pd_opts_next(&p)) != -1) {
        if (c == 'h') {
            a->show = 'h';
            *done = true;
        } else if (c == 'S')
            a->o.sd = true;
        else if (c == 'P')
            a->o.fast = false;
        else if (c == 'G')
            rc = dealing_flag(optarg, a, e);
        else if (c == ':')
            rc = pd_fail(e, PD_ERR_USAGE, "-%c needs a number", optopt);
        else if (c == '?' && optopt == 0)
            rc = pd_fail(e, PD_ERR_USAGE, "dealer: unknown option %s (predup dealer --help)",
                         argv[optind - 1]);
        else if (strchr("pgstj", c))
            rc = number_flag((char)c, optarg, a, e);
        else
            rc = plain_flag(c == '?' ? (char)optopt : (char)c, a, done, e);
    }
    if (rc != PD_OK || *done)
        return rc;
    if (argc - optind > 1)
        return pd_fail(e, PD_ERR_USAGE, "dealer: one script at most ('%s')", argv[optind + 1]);
    a->script = optind < argc ? argv[optind] : NULL;
    return PD_OK;
}

static double wall(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char same_hint[] = "every rank must run the same predup version with the same "
                                "script, seed and options (only -j may differ)";

/* Under mpirun, before anything is dealt: every rank has the same predup version, the same
 * options (but -j: the output does not depend on it), the same seed and the same script file,
 * or all stop, rank 0 naming the ranks that differ and what differs. Ranks that differ would
 * deal their blocks from different runs, and rank 0 would print a mix of them. A script file
 * that cannot be read is left to lang_compile_file to report; the bytes it compiles are
 * compared again (run_dealer). */
static enum pd_status same_run(const struct dealer_args *a, bool done, struct pd_err *e)
{
    struct pd_mpi_fact f[4] = {{.what = "version"}, {.what = "options"}, {.what = "seed"},
                               {.what = "script"}};
    const struct lrun_opts *o = &a->o;
    struct pd_err unread;
    char text[300];

    pd_sha256_hex(PREDUP_VERSION, strlen(PREDUP_VERSION), f[0].sha);
    snprintf(text, sizeof text, "-p %lld -g %lld -0/2/3 %d -q %d -m %d -t %.17g --plain %d --sd %d "
             "-e %d -v %d -V/-h %c --dealing %d", o->produce, o->generate, o->swapping, o->quiet,
             o->progress, o->time_limit, !o->fast, o->sd, o->exhaust, !a->summary,
             a->show ? a->show : '-', o->dealing);
    pd_sha256_hex(text, strlen(text), f[1].sha);
    snprintf(text, sizeof text, "-s %d %llu", a->seeded, a->seeded ? o->seed : 0);
    pd_sha256_hex(text, strlen(text), f[2].sha);
    if (pd_mpi_size() > 1 && !done && a->script && pd_sha256_file(a->script, f[3].sha, &unread))
        f[3].sha[0] = '\0'; /* not known here: not compared */
    return pd_mpi_same(f, 4, same_hint, e);
}

/* Without -s, a random seed: under mpirun, rank 0's on every rank. */
static enum pd_status draw_seed(struct dealer_args *a, struct pd_err *e)
{
    uint8_t b[8];
    enum pd_status rc = pd_mpi_agree(RAND_bytes(b, sizeof b) == 1 ? PD_OK
                                     : pd_fail(e, PD_ERR_CRYPTO, "dealer: cannot draw a random seed"),
                                     e);

    if (rc != PD_OK)
        return rc;
    a->o.seed = 0;
    for (int i = 0; i < 8; i++)
        a->o.seed = a->o.seed << 8 | b[i];
    pd_mpi_share(&a->o.seed, sizeof a->o.seed); /* every rank deals from rank 0's seed */
    return PD_OK;
}

/* Under mpirun every rank runs this with the same arguments; each step that can fail on one
 * rank only (reading the script, drawing the seed) ends with pd_mpi_agree, so that all ranks
 * stop together and rank 0 alone reports the failure, naming the rank. Every rank makes the
 * same MPI calls in the same order whatever its arguments, until same_run has found them the
 * same. */
static enum pd_status run_dealer(int argc, char **argv, struct pd_err *e)
{
    struct dealer_args a = {.summary = true,
                            .o = {.threads = 1, .fast = true, .dealing = PRACTICE_LATEST}};
    struct lang_prog *p = NULL;
    struct lrun_result res;
    bool done = false;
    double t0 = wall();
    enum pd_status rc = parse_args(argc, argv, &a, &done, e);

    if (rc == PD_OK && !done && !a.script && pd_mpi_size() > 1)
        rc = pd_fail(e, PD_ERR_USAGE, "dealer under mpirun: name the script file (mpirun gives "
                                      "standard input to rank 0 alone)");
    rc = pd_mpi_agree(rc, e);
    if (rc == PD_OK)
        rc = same_run(&a, done, e);
    if (rc == PD_OK && a.show == 'V')
        printf("predup dealer %s\n", PREDUP_VERSION);
    else if (rc == PD_OK && a.show == 'h')
        fputs(usage, stdout);
    if (rc != PD_OK || done)
        return rc;
    if (!a.seeded && (rc = draw_seed(&a, e)) != PD_OK)
        return rc;
    a.o.input_name = a.script;
    rc = pd_mpi_agree(lang_compile_file(a.script ? a.script : "-", &p, e), e);
    if (rc == PD_OK) {
        struct pd_mpi_fact script = {.what = "script"};

        memcpy(script.sha, lang_script_sha256(p), sizeof script.sha);
        rc = pd_mpi_same(&script, 1, same_hint, e);
    }
    if (rc != PD_OK) {
        lang_free(p);
        return rc;
    }
    rc = lrun(p, &a.o, stdout, &res, e);
    if (rc == PD_OK && a.summary) {
        printf("Generated %lld hands\n", res.generated);
        printf("Produced %lld hands\n", res.produced);
        printf("Initial random seed %llu\n", a.o.seed);
        if (a.o.dealing != PRACTICE_V1) /* version 1's summary is dealer's, as before it */
            printf("Dealing version %d\n", a.o.dealing);
        printf("Time needed %8.3f sec\n", wall() - t0);
    }
    fflush(stdout);
    if (rc == PD_OK && res.timed_out && res.produced == 0)
        rc = pd_fail(e, PD_ERR_LIMIT, "dealer: nothing produced in %.0f s (-t) after %lld deal%s",
                     a.o.time_limit, res.generated, res.generated == 1 ? "" : "s");
    lang_free(p);
    return rc;
}

enum pd_status cmd_dealer(int argc, char **argv, struct pd_err *e)
{
    enum pd_status rc = pd_mpi_start(e);

    return pd_mpi_end(rc == PD_OK ? run_dealer(argc, argv, e) : rc);
}
