/* pbn/cmd_deal.c - `predup deal` (a set of boards from a key, written as PBN) and `predup verify`
 * (regenerate a set from its key and compare it with a file, board by board). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pbn/pbn.h"

static const char deal_usage[] =
    "usage: predup deal --key FILE [--label L] [--boards 1-36] [-o FILE] [--event TEXT]\n"
    "                   [--site TEXT] [--date YYYY.MM.DD] [-j N] [--quiet]\n"
    "  Deals the boards from (key, label, board number): the same inputs always give the same\n"
    "  deals, whatever -j. --label defaults to \"original\"; use \"reserve\" for a reserve set.\n"
    "  Writes PBN 2.1 export format to FILE (a temporary name, then renamed) or stdout.\n";

static const char verify_usage[] =
    "usage: predup verify --key FILE [--label L] SET.pbn\n"
    "  Regenerates every board of SET.pbn from the key and compares the deals; exit 0 when all\n"
    "  match, 1 when any differs (each named). The label defaults to the one in the file's\n"
    "  Generator tag, else \"original\".\n";

enum { MAX_BOARDS = 10000000 };

struct deal_opts {
    const char *key_path, *label, *boards, *out, *event, *site, *date;
    int threads;
    bool quiet;
};

static int default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static enum pd_status parse_threads(const char *arg, int *out, struct pd_err *e)
{
    char *end;
    long n = strtol(arg, &end, 10);

    if (*end || n < 1 || n > 256)
        return pd_fail(e, PD_ERR_USAGE, "-j wants a thread count from 1 to 256, not \"%s\"", arg);
    *out = (int)n;
    return PD_OK;
}

static bool valid_date(const char *d)
{
    if (strlen(d) != 10 || d[4] != '.' || d[7] != '.')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !(d[i] >= '0' && d[i] <= '9') && d[i] != '?')
            return false;
    return true;
}

static enum pd_status parse_deal_opts(int argc, char **argv, struct deal_opts *o, bool *help,
                                      struct pd_err *e)
{
    static const struct option longs[] = {
        {"key", required_argument, NULL, 'k'},   {"label", required_argument, NULL, 'l'},
        {"boards", required_argument, NULL, 'b'}, {"output", required_argument, NULL, 'o'},
        {"event", required_argument, NULL, 'E'}, {"site", required_argument, NULL, 'S'},
        {"date", required_argument, NULL, 'D'},  {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    int c;

    *o = (struct deal_opts){.label = "original", .boards = "1-36", .out = "-",
                            .threads = default_threads()};
    *help = false;
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:j:qh", longs, NULL)) != -1) {
        enum pd_status rc = PD_OK;

        switch (c) {
        case 'k': o->key_path = optarg; break;
        case 'l': o->label = optarg; break;
        case 'b': o->boards = optarg; break;
        case 'o': o->out = optarg; break;
        case 'E': o->event = optarg; break;
        case 'S': o->site = optarg; break;
        case 'D': o->date = optarg; break;
        case 'q': o->quiet = true; break;
        case 'j': rc = parse_threads(optarg, &o->threads, e); break;
        case 'h': *help = true; return PD_OK;
        default:
            return pd_fail(e, PD_ERR_USAGE, "unknown option or missing value: \"%s\"",
                           argv[optind - 1]);
        }
        if (rc != PD_OK)
            return rc;
    }
    if (optind < argc)
        return pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[optind]);
    if (!o->key_path)
        return pd_fail(e, PD_ERR_USAGE, "--key FILE is required (make one with: predup key new FILE)");
    if (o->date && !valid_date(o->date))
        return pd_fail(e, PD_ERR_USAGE, "--date wants YYYY.MM.DD, not \"%s\"", o->date);
    if (!*o->label)
        return pd_fail(e, PD_ERR_USAGE, "--label must not be empty");
    return PD_OK;
}

/* Loads the key, warns when others can read it, and derives the set key for label. */
static enum pd_status load_set_key(const char *path, const char *label, struct set_key *sk,
                                   char *commit_hex, struct pd_err *e)
{
    struct pd_key key;
    bool loose = false;
    enum pd_status rc = key_load_file(path, &key, &loose, e);

    if (rc != PD_OK)
        return rc;
    if (loose)
        fprintf(stderr, "predup: warning: key file %s is readable by others (chmod 600 it)\n",
                path);
    rc = set_key_derive(&key, label, sk, e);
    pd_wipe(&key, sizeof key);
    if (rc == PD_OK && commit_hex)
        rc = key_commitment(path, commit_hex, e);
    return rc;
}

static void make_generator(char *buf, size_t n, const char *label, const char *commit)
{
    snprintf(buf, n, "predup %s label=%s commitment=%s", PREDUP_VERSION, label, commit);
}

enum { CHUNK = 8192 }; /* boards generated at a time: bounded memory for any range */

static void show_progress(bool on, int done, int total)
{
    if (on)
        fprintf(stderr, "\rdealt %d of %d boards", done, total);
}

/* Generates the boards chunk by chunk and streams them as PBN: memory does not grow with the
 * range, and each chunk is spread over the threads. */
static enum pd_status write_pbn_stream(FILE *out, const struct deal_opts *o,
                                       const struct set_key *sk, const struct board_range *range,
                                       const char *generator, struct pd_err *e)
{
    struct pbn_event ev = {o->event, o->site, o->date, generator};
    struct board_deal *bd = malloc(CHUNK * sizeof *bd);
    struct pbn_game g;
    bool progress = pd_progress_wanted(o->quiet) && range->n >= 10000;
    enum pd_status rc = bd ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    memset(&g, 0, sizeof g);
    pbn_write_header(out);
    for (int at = 0; rc == PD_OK && at < range->n; at += CHUNK) {
        struct board_range sub = {range->n - at < CHUNK ? range->n - at : CHUNK,
                                  range->boards + at};

        rc = set_generate(sk, &sub, o->threads, NULL, NULL, 0, bd, e);
        for (int i = 0; rc == PD_OK && i < sub.n; i++) {
            rc = pbn_game_from_board(&g, &ev, board_law2(bd[i].board), &bd[i].deal,
                                     &bd[i].number, e);
            if (rc == PD_OK)
                rc = pbn_write_game(out, &g, (size_t)(at + i), e);
        }
        show_progress(progress, at + sub.n, range->n);
    }
    if (progress)
        fputc('\n', stderr);
    pbn_game_clear(&g);
    free(bd);
    return rc;
}

enum pd_status cmd_deal(int argc, char **argv, struct pd_err *e)
{
    struct deal_opts o;
    struct set_key sk;
    struct board_range range = {0, NULL};
    struct pd_outfile out = {0};
    char commit[65], generator[160];
    bool help, opened = false;
    enum pd_status rc = parse_deal_opts(argc, argv, &o, &help, e);

    if (rc == PD_OK && help) {
        fputs(deal_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK)
        rc = board_range_parse(o.boards, MAX_BOARDS, &range, e);
    if (rc == PD_OK)
        rc = load_set_key(o.key_path, o.label, &sk, commit, e);
    make_generator(generator, sizeof generator, o.label, rc == PD_OK ? commit : "");
    if (rc == PD_OK) {
        rc = pd_outfile_open(&out, o.out, e);
        opened = rc == PD_OK;
    }
    if (rc == PD_OK) {
        setvbuf(out.f, NULL, _IOFBF, 1 << 20);
        rc = write_pbn_stream(out.f, &o, &sk, &range, generator, e);
        if (rc == PD_ERR_IO) /* name the file: the writer only knows its stream */
            pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", o.out, strerror(errno));
    }
    pd_wipe(&sk, sizeof sk);
    if (rc == PD_OK)
        rc = pd_outfile_commit(&out, e);
    else if (opened)
        pd_outfile_abort(&out);
    board_range_free(&range);
    return rc;
}

/* The label written by make_generator, or NULL. */
static const char *generator_field(const struct pbn_set *set, const char *field, char *buf,
                                   size_t n)
{
    const char *g = set->n ? pbn_tag_get(&set->games[0], "Generator") : NULL;
    const char *p = g ? strstr(g, field) : NULL;
    size_t len = 0;

    if (!p)
        return NULL;
    p += strlen(field);
    while (p[len] && p[len] != ' ' && len + 1 < n) {
        buf[len] = p[len];
        len++;
    }
    buf[len] = '\0';
    return buf;
}

static enum pd_status compare_board(const struct set_key *sk, const struct pbn_game *g,
                                    const char *file, int *differ, struct pd_err *e)
{
    struct board_deal bd;
    char want[DEAL_PBN_LEN], have[DEAL_PBN_LEN];
    enum pd_status rc;

    if (g->board < 1) {
        printf("%s:%d: game has no board number\n", file, g->line);
        (*differ)++;
        return PD_OK;
    }
    rc = board_generate(sk, g->board, NULL, NULL, 0, &bd, e);
    if (rc != PD_OK)
        return rc;
    if (g->known == 0xF && memcmp(&bd.deal, &g->deal, sizeof bd.deal) == 0)
        return PD_OK;
    deal_to_pbn(&bd.deal, SEAT_N, 0xF, want);
    deal_to_pbn(&g->deal, SEAT_N, g->known, have);
    printf("%s:%d: board %d differs\n  file: %s\n  key:  %s\n", file, g->line, g->board, have,
           want);
    (*differ)++;
    return PD_OK;
}

enum pd_status cmd_verify(int argc, char **argv, struct pd_err *e)
{
    const char *key_path = NULL, *label = NULL, *path;
    char label_buf[128], commit[65], file_commit[80];
    struct pbn_set *set = NULL;
    struct set_key sk;
    int differ = 0, c;
    enum pd_status rc = PD_OK;
    static const struct option longs[] = {
        {"key", required_argument, NULL, 'k'}, {"label", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},      {NULL, 0, NULL, 0},
    };

    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        if (c == 'k')
            key_path = optarg;
        else if (c == 'l')
            label = optarg;
        else if (c == 'h') {
            fputs(verify_usage, stdout);
            return PD_OK;
        } else
            return pd_fail(e, PD_ERR_USAGE, "unknown option or missing value: \"%s\"",
                           argv[optind - 1]);
    }
    if (!key_path || optind != argc - 1)
        return pd_fail(e, PD_ERR_USAGE, "expected: verify --key FILE [--label L] SET.pbn");
    path = argv[optind];
    rc = pbn_read_file(path, &set, e);
    if (rc == PD_OK && !label)
        label = generator_field(set, "label=", label_buf, sizeof label_buf);
    if (!label)
        label = "original";
    if (rc == PD_OK)
        rc = load_set_key(key_path, label, &sk, commit, e);
    if (rc == PD_OK && generator_field(set, "commitment=", file_commit, sizeof file_commit) &&
        strcmp(file_commit, commit) != 0)
        printf("%s: note: the file names key commitment %s, this key's is %s\n", path,
               file_commit, commit);
    for (size_t i = 0; rc == PD_OK && i < set->n; i++)
        rc = compare_board(&sk, &set->games[i], path, &differ, e);
    pd_wipe(&sk, sizeof sk);
    if (rc == PD_OK && differ)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%s: %d of %zu boards differ from key and label \"%s\"",
                     path, differ, set->n, label);
    else if (rc == PD_OK)
        printf("%s: all %zu boards match key and label \"%s\"\n", path, set->n, label);
    pbn_set_free(set);
    return rc;
}
