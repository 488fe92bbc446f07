/* config/commands/cmd_dealer.c - `predup dealer [flags] [script]`: Hans van Staveren's dealer
 * command line (-s -p -g -v -q -m -t -0 -2 -3 -u -V -h) plus -j N threads; reads stdin when no
 * script is named; prints dealer's end summary. */
#include <errno.h>
#include <stddef.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/commands/commands.h"
#include "dealer/run/run.h"

static const char summary[] =
    "Runs a script in Hans van Staveren's dealer language (dealer/LANGUAGE.md); stdin when\n"
    "no script is named.\n";

struct dealer_args {
    struct lrun_opts o;
    bool seeded, summary, help, version, upper;
    const char *script;
};

/* -0 / -2 / -3: the swapping. */
static enum pd_status set_swapping(void *opts, const struct pd_opt *row, const char *value,
                                   struct pd_err *e)
{
    (void)value, (void)e;
    ((struct dealer_args *)opts)->o.swapping = row->letter == '0' ? 0 : row->letter - '0';
    return PD_OK;
}

/* -v, -q, -m: each turns its setting over, as Debian's dealer does. */
static enum pd_status toggle(void *opts, const struct pd_opt *row, const char *value,
                             struct pd_err *e)
{
    bool *flag = (bool *)(void *)((char *)opts + row->at);

    (void)value, (void)e;
    *flag = !*flag;
    return PD_OK;
}

static enum pd_status set_plain(void *opts, const struct pd_opt *row, const char *value,
                                struct pd_err *e)
{
    (void)row, (void)value, (void)e;
    ((struct dealer_args *)opts)->o.fast = false;
    return PD_OK;
}

/* -s: any 64-bit seed (the summary prints drawn ones for -s to repeat). */
static enum pd_status set_seed(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    struct dealer_args *a = opts;

    (void)row;
    a->seeded = true;
    return pd_parse_number(value, 0, UINT64_MAX, "-s", &a->o.seed, e);
}

static enum pd_status set_seconds(void *opts, const struct pd_opt *row, const char *value,
                                  struct pd_err *e)
{
    unsigned long long v;
    enum pd_status rc = pd_parse_number(value, 1, 100000000, "-t", &v, e);

    (void)row;
    if (rc == PD_OK)
        ((struct dealer_args *)opts)->o.time_limit = (double)v;
    return rc;
}

#define DEALER_NUM(member, min, max) PD_OPT_NUM(struct dealer_args, member, min, max)
#define DEALER_AT(member) PD_OPT_AT(struct dealer_args, member)
/* Debian dealer's short flags, as getopt reads them: a cluster ("-qv"), a number in the same
 * word or the next ("-s5", "-s 5"), the script before or after them. -h (Debian's dealer's
 * help), --help and -V stop the reading: nothing after them counts. */
static const struct pd_opt dealer_rows[] = {
    {'s', NULL, PD_OPT_VALUE, .set = set_seed, .arg = "N",
     .help = "seed: the same seed gives the same output. Seeds are for practice only:\n"
             "they can be guessed. For events use keys (predup key, predup deal --script).\n"
             "Without -s a random seed is drawn and shown in the summary."},
    {'p', NULL, PD_OPT_VALUE, DEALER_NUM(o.produce, 1, 2000000000000LL), .arg = "N",
     .help = "produce at most N deals (wins over the script's produce)"},
    {'g', NULL, PD_OPT_VALUE, DEALER_NUM(o.generate, 1, 2000000000000LL), .arg = "N",
     .help = "generate at most N deals (wins over the script's generate)"},
    {'t', NULL, PD_OPT_VALUE, .set = set_seconds, .arg = "S",
     .help = "stop after S seconds; exit status 75 when nothing was produced"},
    {'j', NULL, PD_OPT_VALUE, DEALER_NUM(o.threads, 1, 256), .arg = "N",
     .help = "N threads (the output does not depend on N)"},
    {'v', NULL, PD_OPT_FLAG, DEALER_AT(summary), .set = toggle, .help = "no end summary"},
    {'q', NULL, PD_OPT_FLAG, DEALER_AT(o.quiet), .set = toggle, .help = "no printpbn output"},
    {'m', NULL, PD_OPT_FLAG, DEALER_AT(o.progress), .set = toggle, .help = "progress meter"},
    {'0', NULL, PD_OPT_FLAG, .set = set_swapping, .help = "no swapping"},
    {'2', NULL, PD_OPT_FLAG, .set = set_swapping, .help = "also the E-W swap"},
    {'3', NULL, PD_OPT_FLAG, .set = set_swapping, .help = "also all 5 other E-S-W orders"},
    {0, "plain", PD_OPT_FLAG, .set = set_plain,
     .help = "no conditional generation: plain shuffling and rejection"},
    {0, "dealing", PD_OPT_VALUE, DEALER_NUM(o.dealing, PRACTICE_V1, PRACTICE_LATEST), .arg = "N",
     .help = "practice dealing version N (2, the default: AES-128-CTR, a hand from its\n"
             "own bytes; 1: ChaCha20, the deals of every seed before version 2)"},
    {0, "sd", PD_OPT_FLAG, DEALER_AT(o.sd),
     .help = "averages print \"label: mean sd count\" (for statistical comparisons)"},
    {'e', NULL, PD_OPT_FLAG, DEALER_AT(o.exhaust),
     .help = "exhaustive: every deal of the unknown cards when two hands are predealt in\n"
             "full (up to 10,400,600 deals); -p limits it, -g does not"},
    {'u', NULL, PD_OPT_FLAG, DEALER_AT(upper), .help = "accepted (output is always upper case)"},
    {'V', NULL, PD_OPT_STOP, DEALER_AT(version), .help = "version"},
    {'h', "help", PD_OPT_STOP, DEALER_AT(help)},
    {'l', NULL, PD_OPT_REFUSED, .help = "dealer: -l (GIB's library.dat) is not supported: "
                                        "tricks() solves with libdds"},
    {0},
};
static const struct pd_opt_table dealer_table = {"predup dealer", dealer_rows, NULL, 9};
const struct pd_opt_table *const cmd_dealer_options[] = {&dealer_table, NULL};
/* Every option the help lists, in brackets, as Debian's dealer's usage has them. */
static const struct cmd_form dealer_forms[] = {
    {.t = &dealer_table, .optional = PD_USAGE_EVERY, .after = "[script]"},
    {0},
};

static enum pd_status parse_args(int argc, char **argv, struct dealer_args *a, bool *done,
                                 struct pd_err *e)
{
    int first;
    enum pd_status rc = pd_opts_parse(&dealer_table, a, argc, argv, &first, e);

    *done = a->help || a->version;
    if (rc != PD_OK || *done)
        return rc;
    if (argc - first > 1)
        return pd_fail(e, PD_ERR_USAGE, "dealer: one script at most ('%s')", argv[first + 1]);
    a->script = first < argc ? argv[first] : NULL;
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
             a->version ? 'V' : a->help ? 'h' : '-', o->dealing);
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
    if (rc == PD_OK && a.version)
        printf("predup dealer %s\n", PREDUP_VERSION);
    else if (rc == PD_OK && a.help) {
        cmd_print_forms(stdout, "dealer", dealer_forms);
        fputs(summary, stdout);
        pd_opts_help(stdout, &dealer_table);
    }
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
