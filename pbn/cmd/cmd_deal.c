/* pbn/cmd/cmd_deal.c - `predup deal`: a set of boards from a key, written as PBN or any machine
 * format, optionally constrained by a dealer script. `predup verify` is in pbn/cmd/cmd_verify.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbn/cmd/cmd.h"
#include "pbn/cmd/deal_int.h"

static const char deal_usage[] =
    "usage: predup deal --key FILE [--label L] [--boards 1-36] [-o FILE] [--format LIST]\n"
    "                   [--script FILE] [--max-tries N] [--event TEXT] [--site TEXT]\n"
    "                   [--date YYYY.MM.DD] [--dealer N|E|S|W] [--vul None|NS|EW|All]\n"
    "                   [--dealing 1|2] [-j N] [--quiet] [--force] [--public]\n"
    "  Deals the boards from (key, label, board number): the same inputs always give the same\n"
    "  deals, whatever -j. --label defaults to \"original\"; use \"reserve\" for a reserve set.\n"
    "  Dealer and vulnerability follow Law 2 from the board number unless --dealer or --vul\n"
    "  set them for every board (a practice set, a match with its own conditions).\n"
    "  Writes PBN 2.1 export format to FILE (a temporary name, then renamed) or stdout.\n"
    "  FILE is made readable by you only (0600: it reveals the deals); --public makes it\n"
    "  0666 less the umask. An existing FILE with other content is kept unless --force.\n"
    "  --format pbn,dup,dlm writes several formats at once (set.pbn, set.dup, set.dlm); the\n"
    "  format otherwise follows FILE's extension. Formats: pbn dup dupblind dlm dlmblind bri\n"
    "  dge lin csv ber bhg rzd cds (pbn/FORMATS.md).\n"
    "  --script FILE deals every board to satisfy the dealer script: its condition, its predeal\n"
    "  cards and lengths; its dealer and vulnerable lines set every board's (--dealer or --vul\n"
    "  that says otherwise is refused). Each board is drawn from its own keyed stream (dealing\n"
    "  version 2, exact and fast; --dealing 1: the first plain candidate that satisfies it),\n"
    "  at most --max-tries attempts (default 100000000). dealer/README.md specifies both.\n"
    "  A SquareDeal event's sessions: predup deal --squaredeal EVENT.sqd --help.\n";

enum { MAX_BOARDS = 10000000, CHUNK = 8192 /* boards generated at a time */ };

struct deal_opts {
    const char *key_path, *label, *boards, *out, *event, *site, *date, *formats, *script;
    unsigned long long max_tries;
    int threads;
    int dealer, vul; /* -1: Law 2 */
    int dealing;     /* dealing version for --script */
    bool quiet;
    unsigned out_flags; /* PD_OUT_FORCE (--force), PD_OUT_PUBLIC (--public) */
};

static int default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static enum pd_status parse_count(const char *opt, const char *arg, unsigned long long lo,
                                  unsigned long long hi, unsigned long long *out,
                                  struct pd_err *e)
{
    return pd_parse_number(arg, lo, hi, opt, out, e);
}

static enum pd_status deal_opt(int c, struct deal_opts *o, struct pd_err *e)
{
    unsigned long long n;
    enum pd_status rc = PD_OK;

    if (pd_opt_text(c, "klbofsESD",
                    (const char **const[]){&o->key_path, &o->label, &o->boards, &o->out,
                                           &o->formats, &o->script, &o->event, &o->site,
                                           &o->date}))
        return PD_OK;
    switch (c) {
    case 'q': o->quiet = true; break;
    case 'F': o->out_flags |= PD_OUT_FORCE; break;
    case 'P': o->out_flags |= PD_OUT_PUBLIC; break;
    case 'd': rc = pd_opt_seat("--dealer", optarg, &o->dealer, e); break;
    case 'v': rc = pd_opt_vul("--vul", optarg, true, &o->vul, e); break;
    case 'G':
        rc = parse_count("--dealing", optarg, DEALING_V1, DEALING_LATEST, &n, e);
        o->dealing = (int)n;
        break;
    case 'm': rc = parse_count("--max-tries", optarg, 1, 1ULL << 40, &o->max_tries, e); break;
    case 'j':
        rc = parse_count("-j", optarg, 1, 256, &n, e);
        o->threads = (int)n;
        break;
    default:
        rc = pd_fail(e, PD_ERR_INTERNAL, "option %c is not handled", c);
    }
    return rc;
}

static enum pd_status check_deal_opts(const struct deal_opts *o, struct pd_err *e)
{
    if (!o->key_path)
        return pd_fail(e, PD_ERR_USAGE,
                       "--key FILE is required (make one with: predup key new FILE)");
    if (o->date && !pbn_date_valid(o->date))
        return pd_fail(e, PD_ERR_USAGE, "--date wants YYYY.MM.DD, not \"%s\"", o->date);
    /* Before anything is written: the label goes into every file's Generator tag. */
    return pd_label_check("--label", o->label, e);
}

static enum pd_status parse_deal_opts(int argc, char **argv, struct deal_opts *o, bool *help,
                                      struct pd_err *e)
{
    struct pd_opts p;
    int c;

    *o = (struct deal_opts){.label = "original", .boards = "1-36", .out = "-",
                            .max_tries = SET_MAX_TRIES, .threads = default_threads(),
                            .dealer = -1, .vul = -1, .dealing = DEALING_LATEST};
    *help = false;
    if (pd_opts_begin(&p, "k key  l label  b boards  o output  f format  s script  m max-tries  "
                          "E event  S site  D date  d dealer  v vul  G dealing",
                      "q quiet  h help  F force  P public", "o:j:qh", argc, argv, e) != PD_OK)
        return PD_ERR_INTERNAL;
    while ((c = pd_opts_next(&p)) != -1) {
        enum pd_status rc;

        if (c == 'h') {
            *help = true;
            return PD_OK;
        }
        if (c == '?' || c == ':')
            return pd_fail(e, PD_ERR_USAGE, "unknown option or missing value: \"%s\"",
                           argv[optind - 1]);
        rc = deal_opt(c, o, e);
        if (rc != PD_OK)
            return rc;
    }
    if (optind < argc)
        return pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[optind]);
    return check_deal_opts(o, e);
}

/* Loads the key (refused when others can read it), derives the set key for label, and
 * compiles the script if any, prepared for dealing version. The commitment is computed from
 * the key as read, so a key given on stdin is committed too. */
enum pd_status open_dealing(const char *key_path, const char *label, const char *script,
                            int version, struct dealing *dl, struct pd_err *e)
{
    struct pd_key key;
    bool loose = false;
    enum pd_status rc;

    memset(dl, 0, sizeof *dl);
    rc = key_load_file(key_path, &key, &loose, e);
    if (rc != PD_OK)
        return rc;
    key_commit_hex(&key, dl->commit);
    rc = set_key_derive(&key, label, &dl->sk, e);
    pd_wipe(&key, sizeof key);
    if (rc == PD_OK && script)
        rc = lang_compile_file(script, &dl->prog, e);
    if (rc == PD_OK && script) /* SHA-256 of the script file, so the set says what made it */
        rc = pd_sha256_file(script, dl->script_hash, e);
    dl->version = version;
    if (rc == PD_OK && script)
        rc = lang_deal_new(dl->prog, version, &dl->ld, e);
    return rc;
}

void close_dealing(struct dealing *dl)
{
    lang_deal_free(dl->ld);
    lang_free(dl->prog);
    pd_wipe(&dl->sk, sizeof dl->sk);
}

static void make_generator(char *buf, size_t n, const struct deal_opts *o,
                           const struct dealing *dl)
{
    struct pbn_generator g = {.dealer = o->dealer, .vul = o->vul};
    size_t k = 0;

    snprintf(g.commitment, sizeof g.commitment, "%s", dl->commit);
    for (const char *p = o->boards; *p && k + 1 < sizeof g.boards; p++)
        if (*p != ' ')
            g.boards[k++] = *p;
    snprintf(g.script, sizeof g.script, "%s", dl->prog ? dl->script_hash : "");
    g.dealing = dl->prog ? dl->version : 0;
    snprintf(g.label, sizeof g.label, "%s", o->label);
    pbn_generator_format(buf, n, &g);
}

struct board_info dealing_board(const struct dealing *dl, int number)
{
    struct board_info bi = board_law2(number);

    if (dl->prog && lang_script_dealer(dl->prog) >= 0)
        bi.dealer = (enum seat)lang_script_dealer(dl->prog);
    if (dl->prog && lang_script_vul(dl->prog) >= 0)
        bi.vul = (enum vul)lang_script_vul(dl->prog);
    return bi;
}

/* Law 2, unless the script's dealer or vulnerable line (dealing_board), or the options, set
 * the dealer or the vulnerability for every board (options that contradict the script are
 * refused first). */
static struct board_info board_of(const struct deal_opts *o, const struct dealing *dl,
                                  int number)
{
    struct board_info bi = dealing_board(dl, number);

    if (o->dealer >= 0)
        bi.dealer = (enum seat)o->dealer;
    if (o->vul >= 0)
        bi.vul = (enum vul)o->vul;
    return bi;
}

static void show_progress(bool on, int done, int total)
{
    if (on)
        fprintf(stderr, "\rdealt %d of %d board%s", done, total, total == 1 ? "" : "s");
}

static enum pd_status generate_chunk(const struct dealing *dl, const struct board_range *sub,
                                     int threads, struct board_deal *bd, struct pd_err *e)
{
    if (dl->ld)
        return set_generate_script(&dl->sk, sub, threads, dl->ld, dl->max_tries, bd, e);
    return set_generate(&dl->sk, sub, threads, NULL, NULL, dl->max_tries, bd, e);
}

/* Generates the boards chunk by chunk and streams them as PBN: memory does not grow with the
 * range, and each chunk is spread over the threads. */
static enum pd_status write_pbn_stream(FILE *out, const struct deal_opts *o,
                                       const struct dealing *dl, const struct board_range *range,
                                       const char *generator, struct pd_err *e)
{
    struct pbn_event ev = {o->event, o->site, o->date, generator};
    struct board_deal *bd = malloc(CHUNK * sizeof *bd);
    struct pbn_game g;
    bool progress = pd_progress_wanted(o->quiet) && (range->n >= 10000 || dl->prog);
    enum pd_status rc = bd ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    memset(&g, 0, sizeof g);
    /* Export format is ISO 8859-1: an event, site or label beyond it is written in UTF-8 and
     * the file does not claim % EXPORT (pbn/FORMATS.md, encodings). */
    pbn_write_header(out, pbn_text_fits_latin1(o->event) && pbn_text_fits_latin1(o->site) &&
                              pbn_text_fits_latin1(generator));
    /* A script can make each board slow (version 1, or tricks() in the condition): smaller
     * chunks keep the progress line moving; version 2 boards are fast enough for 64 a thread
     * (a chunk starts its threads and streams anew). */
    int per = dl->prog ? (dl->version == DEALING_V1 ? 1 : 64) : CHUNK;
    int chunk = per * (dl->prog && o->threads > 1 ? o->threads : 1);

    for (int at = 0; rc == PD_OK && at < range->n; at += chunk) {
        struct board_range sub = {range->n - at < chunk ? range->n - at : chunk,
                                  range->boards + at};

        rc = generate_chunk(dl, &sub, o->threads, bd, e);
        for (int i = 0; rc == PD_OK && i < sub.n; i++) {
            rc = pbn_game_from_board(&g, &ev, board_of(o, dl, bd[i].board), &bd[i].deal,
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

static enum pd_status write_pbn_file(const struct deal_opts *o, const struct dealing *dl,
                                     const struct board_range *range, const char *generator,
                                     struct pd_err *e)
{
    struct pd_outfile out;
    const char *files[] = {o->out};
    /* ev.pbn alone after a set ev.pbn, ev.dup, ev.dlm whose write a kill cut short: complete
     * that write first, or refuse (one file cannot redo the set). */
    enum pd_status rc = pd_outset_recover(o->out, files, 1, o->out_flags, e);

    if (rc == PD_OK)
        rc = pd_outfile_open_ex(&out, o->out, o->out_flags, e);

    if (rc != PD_OK)
        return rc;
    setvbuf(out.f, NULL, _IOFBF, 1 << 20);
    rc = write_pbn_stream(out.f, o, dl, range, generator, e);
    if (rc == PD_ERR_IO) /* name the file: the writer only knows its stream */
        pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", o->out, strerror(errno));
    if (rc == PD_OK)
        return pd_outfile_commit(&out, e);
    pd_outfile_abort(&out);
    return rc;
}

/* Machine formats need the whole set at once (they check limits before writing anything). */
static enum pd_status write_formats(const struct deal_opts *o, const struct dealing *dl,
                                    const struct board_range *range, const char *generator,
                                    struct pd_err *e)
{
    struct pbn_event ev = {o->event, o->site, o->date, generator};
    struct board_deal *bd = calloc((size_t)range->n, sizeof *bd);
    struct pbn_set *set = NULL;
    enum pd_status rc = bd ? pbn_set_new(&set, e) : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (rc == PD_OK)
        rc = generate_chunk(dl, range, o->threads, bd, e);
    for (int i = 0; rc == PD_OK && i < range->n; i++) {
        struct pbn_game *g;

        rc = pbn_game_add(set, &g, e);
        if (rc == PD_OK)
            rc = pbn_game_from_board(g, &ev, board_of(o, dl, bd[i].board), &bd[i].deal,
                                     &bd[i].number, e);
    }
    if (rc == PD_OK)
        rc = pbn_write_formats_ex(o->out, o->formats, o->out_flags, set, e);
    pbn_set_free(set);
    free(bd);
    return rc;
}

/* -o naming the --key file itself (a link to it, another name for it): refused even with
 * --force, whatever the key file holds, for no output replaces a key file. */
static enum pd_status refuse_key_as_output(const struct deal_opts *o, struct pd_err *e)
{
    struct stat key, out;

    if (strcmp(o->out, "-") != 0 && stat(o->key_path, &key) == 0 && stat(o->out, &out) == 0 &&
        key.st_dev == out.st_dev && key.st_ino == out.st_ino)
        return pd_fail(e, PD_ERR_EXISTS, "-o %s is the key file (--key %s), and no output "
                       "replaces a key file: choose another output name", o->out, o->key_path);
    return PD_OK;
}

/* PBN unless --format or the output's extension names another format. */
static bool pbn_only(const struct deal_opts *o)
{
    const char *ext = pbn_format_from_path(o->out);

    if (o->formats)
        return strcmp(o->formats, "pbn") == 0 && strcmp(o->out, "-") == 0;
    return strcmp(o->out, "-") == 0 || !ext || strcmp(ext, "pbn") == 0;
}

/* --dealer and --vul may repeat the script's dealer and vulnerable lines, not contradict them:
 * verify re-derives Dealer and Vulnerable from the script alone. */
static enum pd_status check_script_lines(const struct deal_opts *o, const struct dealing *dl,
                                         struct pd_err *e)
{
    int dealer = dl->prog ? lang_script_dealer(dl->prog) : -1;
    int vul = dl->prog ? lang_script_vul(dl->prog) : -1;

    if (o->dealer >= 0 && dealer >= 0 && o->dealer != dealer)
        return pd_fail(e, PD_ERR_USAGE, "--dealer %c contradicts the script's dealer line (%s): "
                       "drop --dealer or edit the script", SEAT_LETTER[o->dealer],
                       SEAT_NAME[dealer]);
    if (o->vul >= 0 && vul >= 0 && o->vul != vul)
        return pd_fail(e, PD_ERR_USAGE, "--vul %s contradicts the script's vulnerable line (%s): "
                       "drop --vul or edit the script", VUL_PBN[o->vul], VUL_PBN[vul]);
    return PD_OK;
}

enum pd_status cmd_deal(int argc, char **argv, struct pd_err *e)
{
    if (pbn_has_option(argc, argv, "--squaredeal")) return cmd_deal_squaredeal(argc, argv, e);
    struct deal_opts o;
    struct dealing dl;
    struct board_range range = {0, NULL};
    char generator[1024];
    bool help;
    enum pd_status rc = parse_deal_opts(argc, argv, &o, &help, e);

    if (rc == PD_OK && help) {
        fputs(deal_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK && o.formats && strcmp(o.out, "-") == 0 && strcmp(o.formats, "pbn") != 0)
        rc = pd_fail(e, PD_ERR_USAGE, "--format %s needs -o FILE", o.formats);
    if (rc == PD_OK)
        rc = refuse_key_as_output(&o, e);
    if (rc == PD_OK)
        rc = board_range_parse(o.boards, MAX_BOARDS, &range, e);
    if (rc != PD_OK)
        return rc;
    rc = open_dealing(o.key_path, o.label, o.script, o.dealing, &dl, e);
    if (rc == PD_OK)
        rc = check_script_lines(&o, &dl, e);
    dl.max_tries = o.max_tries;
    make_generator(generator, sizeof generator, &o, &dl);
    if (rc == PD_OK)
        rc = pbn_only(&o) ? write_pbn_file(&o, &dl, &range, generator, e)
                          : write_formats(&o, &dl, &range, generator, e);
    close_dealing(&dl);
    board_range_free(&range);
    return rc;
}
