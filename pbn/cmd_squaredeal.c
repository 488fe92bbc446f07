/* pbn/cmd_squaredeal.c - `predup deal --squaredeal EVENT.sqd --session P,S` re-deals a session
 * of a SquareDeal event (the deals Big Deal gave it) and `predup verify --squaredeal EVENT.sqd
 * SET...` checks published sets against them, board by board. The derivation is in
 * dealer/squaredeal.c and dealer/bigdeal.c (dealer/BIGDEAL.md); this file is the front-end,
 * here in pbn/ because it writes and reads sets. cmd_deal and cmd_verify hand over to it when
 * --squaredeal is among their arguments. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"

static const char sqd_deal_usage[] =
    "usage: predup deal --squaredeal EVENT.sqd --session PHASE,SESSION [--reserve]\n"
    "                   [--boards LIST] [-o FILE] [--format LIST]\n"
    "  Re-deals one session of a SquareDeal event exactly as Big Deal dealt it, from the public\n"
    "  EVENT.sqd (with its DV line) and the revealed keys EVENT.sqk beside it; the .sqk's\n"
    "  SHA-256 must match the .sqd's KH line. --reserve deals the session's reserve set.\n"
    "  --boards gives the boards of a phase published with \"?\" (as SquareDeal asks them).\n"
    "  Writes PBN to FILE or stdout, or the formats --format or FILE's extension names.\n";

static const char sqd_verify_usage[] =
    "usage: predup verify --squaredeal EVENT.sqd [--session PHASE,SESSION] [--reserve]\n"
    "                     [--boards LIST] SET...\n"
    "  Checks each SET (PBN or any format predup reads) against the session's deals: every\n"
    "  board there once, the deal, dealer and vulnerability as Big Deal writes them. Without\n"
    "  --session the session comes from SET's file name (SWISS02.pbn: the phase whose file\n"
    "  prefix is SWISS##, session 2; a name ending in \"reserve\" is the reserve set).\n"
    "  Exit 0 when every set matches, 1 naming each board and what differs.\n";

struct sqd_opts {
    const char *sqd, *boards, *out, *formats;
    int phase, session; /* 0: not given */
    bool reserve;
};

bool pbn_has_option(int argc, char **argv, const char *name)
{
    size_t len = strlen(name);

    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strncmp(argv[i], name, len) == 0 && (argv[i][len] == '\0' || argv[i][len] == '='))
            return true;
    return false;
}

static enum pd_status parse_session(const char *arg, struct sqd_opts *o, struct pd_err *e)
{
    char *end1, *end2;
    long p = strtol(arg, &end1, 10), s = *end1 == ',' ? strtol(end1 + 1, &end2, 10) : 0;

    if (*end1 != ',' || *end2 || end1 == arg || end2 == end1 + 1 || p < 1 || s < 1 ||
        p > 9999 || s > 9999)
        return pd_fail(e, PD_ERR_USAGE, "--session wants PHASE,SESSION (like 1,2), not \"%s\"",
                       arg);
    o->phase = (int)p;
    o->session = (int)s;
    return PD_OK;
}

/* Options of both commands; -o and --format only where out is wanted. *help set on --help. */
static enum pd_status parse_sqd_opts(int argc, char **argv, bool writes, struct sqd_opts *o,
                                     bool *help, struct pd_err *e)
{
    static const struct option longs[] = {
        {"squaredeal", required_argument, NULL, 'Q'}, {"session", required_argument, NULL, 'n'},
        {"reserve", no_argument, NULL, 'r'},          {"boards", required_argument, NULL, 'b'},
        {"output", required_argument, NULL, 'o'},     {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},             {NULL, 0, NULL, 0},
    };
    int c;
    enum pd_status rc = PD_OK;

    *o = (struct sqd_opts){.out = "-"};
    *help = false;
    optind = 0;
    opterr = 0;
    while (rc == PD_OK && (c = getopt_long(argc, argv, writes ? "o:h" : "h", longs, NULL)) != -1) {
        if (c == 'Q')
            o->sqd = optarg;
        else if (c == 'n')
            rc = parse_session(optarg, o, e);
        else if (c == 'r')
            o->reserve = true;
        else if (c == 'b')
            o->boards = optarg;
        else if (c == 'h')
            *help = true;
        else if (writes && c == 'o')
            o->out = optarg;
        else if (writes && c == 'f')
            o->formats = optarg;
        else
            rc = pd_fail(e, PD_ERR_USAGE, "unknown option or missing value: \"%s\"",
                         argv[optind - 1]);
    }
    return rc;
}

/* The session's deals, decoded from Big Deal's numbers: deals[i] is board first + i. */
static enum pd_status session_deals(const struct sqd_session *ss, struct deal **out,
                                    struct pd_err *e)
{
    size_t n = (size_t)(ss->last - ss->first + 1);
    deal_num *num = calloc(n, sizeof *num);
    struct deal *deals = calloc(n, sizeof *deals);
    enum pd_status rc = num && deals ? bigdeal_run(&ss->seed, n, num, e)
                                     : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    for (size_t i = 0; rc == PD_OK && i < n; i++)
        rc = godel_to_deal(num[i], &deals[i], e);
    free(num);
    if (rc != PD_OK) {
        free(deals);
        return rc;
    }
    *out = deals;
    return PD_OK;
}

static void describe(const struct sqd_event *ev, const struct sqd_session *ss, char *buf,
                     size_t n)
{
    snprintf(buf, n, "phase %d session %d (%s, boards %d-%d) of %s", ss->phase, ss->session,
             ss->reserve ? "reserve" : "original", ss->first, ss->last, ev->path);
}

static void note_lf(const struct sqd_session *ss, const char *sqd)
{
    if (ss->sqk_lf)
        printf("%s: note: the .sqk has LF line ends; it matches KH in the CRLF form SquareDeal "
               "hashes\n", sqd);
}

static enum pd_status build_set(const struct sqd_event *ev, const struct sqd_session *ss,
                                const struct deal *deals, struct pbn_set *set, struct pd_err *e)
{
    char generator[256];
    struct pbn_event pe = {ev->name, NULL, NULL, generator};
    enum pd_status rc = PD_OK;

    snprintf(generator, sizeof generator, "predup %s squaredeal session=%d,%d %s (Big Deal's "
             "deals)", PREDUP_VERSION, ss->phase, ss->session,
             ss->reserve ? "reserve" : "original");
    for (int b = ss->first; rc == PD_OK && b <= ss->last; b++) {
        struct pbn_game *g;

        rc = pbn_game_add(set, &g, e);
        if (rc == PD_OK)
            rc = pbn_game_from_board(g, &pe, board_law2(b), &deals[b - ss->first], NULL, e);
    }
    return rc;
}

enum pd_status cmd_deal_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_opts o;
    struct sqd_event ev;
    struct sqd_session ss;
    struct deal *deals = NULL;
    struct pbn_set *set = NULL;
    bool help;
    enum pd_status rc = parse_sqd_opts(argc, argv, true, &o, &help, e);

    if (rc == PD_OK && help) {
        fputs(sqd_deal_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK && optind != argc)
        rc = pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[optind]);
    if (rc == PD_OK && (!o.sqd || !o.phase))
        rc = pd_fail(e, PD_ERR_USAGE,
                     "expected: deal --squaredeal EVENT.sqd --session PHASE,SESSION");
    if (rc != PD_OK || (rc = sqd_load(o.sqd, &ev, e)) != PD_OK)
        return rc;
    rc = sqd_session_open(&ev, o.phase, o.session, o.reserve, o.boards, &ss, e);
    if (rc == PD_OK)
        rc = session_deals(&ss, &deals, e);
    if (rc == PD_OK)
        rc = pbn_set_new(&set, e);
    if (rc == PD_OK)
        rc = build_set(&ev, &ss, deals, set, e);
    if (rc == PD_OK)
        rc = pbn_write_formats(o.out, o.formats, set, e);
    if (rc == PD_OK && strcmp(o.out, "-") != 0)
        note_lf(&ss, o.sqd);
    pbn_set_free(set);
    free(deals);
    pd_wipe(&ss, sizeof ss);
    sqd_free(&ev);
    return rc;
}

/* ---------------------------------------------------------------- verify */

/* The session a set's file name stands for: SquareDeal names each set by its phase's file
 * prefix with the session number, and "reserve" after it for a reserve set. */
static bool session_from_name(const struct sqd_event *ev, const char *path, int *phase,
                              int *session, bool *reserve)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char name[160];

    for (int p = 0; p < ev->nphases; p++)
        for (int s = 1; s <= ev->phases[p].sessions; s++)
            for (int r = 0; r < 2; r++) {
                sqd_file_name(&ev->phases[p], s, r, name, sizeof name);
                if (strlen(name) == len && strncmp(name, base, len) == 0) {
                    *phase = p + 1;
                    *session = s;
                    *reserve = r;
                    return true;
                }
            }
    return false;
}

/* One board of the set against the session: placed once, same deal, dealer and vulnerability
 * by Law 2 (as Big Deal writes them). Returns the number of faults printed. */
static int check_game(const struct pbn_game *g, const char *file, const struct sqd_session *ss,
                      const struct deal *deals, int *seen_line)
{
    char where[200], want[DEAL_PBN_LEN], have[DEAL_PBN_LEN];
    int idx = g->board - ss->first, faults = 0;

    snprintf(where, sizeof where, "%s:%d: board %d", file, g->line, g->board);
    if (g->board < 1) {
        printf("%s:%d: game has no board number\n", file, g->line);
        return 1;
    }
    if (g->board < ss->first || g->board > ss->last) {
        printf("%s: not in the session (boards %d-%d)\n", where, ss->first, ss->last);
        return 1;
    }
    if (seen_line[idx]) {
        printf("%s: appears again (first at line %d)\n", where, seen_line[idx]);
        return 1;
    }
    seen_line[idx] = g->line > 0 ? g->line : -1;
    struct board_info bi = board_law2(g->board);

    if (g->known != 0xF || memcmp(&g->deal, &deals[idx], sizeof g->deal) != 0) {
        deal_to_pbn(&deals[idx], SEAT_N, 0xF, want);
        deal_to_pbn(&g->deal, SEAT_N, g->known, have);
        printf("%s: Deal differs\n  file: %s\n  sqd:  %s\n", where, have, want);
        faults++;
    }
    if (g->has_dealer && g->dealer != bi.dealer && ++faults)
        printf("%s: Dealer is %c, Big Deal's is %c\n", where, SEAT_LETTER[g->dealer],
               SEAT_LETTER[bi.dealer]);
    if (g->has_vul && g->vul != bi.vul && ++faults)
        printf("%s: Vulnerable is %s, Big Deal's is %s\n", where, VUL_PBN[g->vul],
               VUL_PBN[bi.vul]);
    return faults;
}

static int check_set(const struct pbn_set *set, const char *file, const struct sqd_session *ss,
                     const struct deal *deals, int *seen_line)
{
    int faults = 0;

    if (set->n == 0) {
        printf("%s: holds no board\n", file);
        return 1;
    }
    for (size_t i = 0; i < set->n; i++)
        faults += check_game(&set->games[i], file, ss, deals, seen_line);
    for (int b = ss->first; b <= ss->last; b++)
        if (!seen_line[b - ss->first] && ++faults)
            printf("%s: board %d is missing\n", file, b);
    return faults;
}

/* Verifies one file; *faults gets what was found (0 = it matches). */
static enum pd_status verify_one(const struct sqd_event *ev, const struct sqd_opts *o,
                                 const char *path, int *faults, struct pd_err *e)
{
    struct sqd_session ss;
    struct pbn_set *set = NULL;
    struct deal *deals = NULL;
    int *seen = NULL, phase = o->phase, session = o->session;
    bool reserve = o->reserve;
    char what[1200];
    enum pd_status rc = PD_OK;

    if (!phase && !session_from_name(ev, path, &phase, &session, &reserve))
        return pd_fail(e, PD_ERR_USAGE, "cannot tell the session of %s from its name: add "
                       "--session PHASE,SESSION", path);
    reserve = reserve || o->reserve;
    rc = sqd_session_open(ev, phase, session, reserve, o->boards, &ss, e);
    if (rc == PD_OK)
        rc = session_deals(&ss, &deals, e);
    if (rc == PD_OK)
        rc = pbn_read_any(path, NULL, &set, e);
    seen = rc == PD_OK ? calloc((size_t)(ss.last - ss.first + 1), sizeof *seen) : NULL;
    if (rc == PD_OK && !seen)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK) {
        note_lf(&ss, ev->path);
        describe(ev, &ss, what, sizeof what);
        *faults = check_set(set, path, &ss, deals, seen);
        if (*faults == 0)
            printf("%s: all %zu boards match %s\n", path, set->n, what);
        else
            printf("%s: %d fault%s against %s\n", path, *faults, *faults == 1 ? "" : "s", what);
    }
    free(seen);
    free(deals);
    pbn_set_free(set);
    pd_wipe(&ss, sizeof ss);
    return rc;
}

enum pd_status cmd_verify_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_opts o;
    struct sqd_event ev;
    bool help;
    int bad_files = 0;
    enum pd_status rc = parse_sqd_opts(argc, argv, false, &o, &help, e);

    if (rc == PD_OK && help) {
        fputs(sqd_verify_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK && (!o.sqd || optind >= argc))
        rc = pd_fail(e, PD_ERR_USAGE, "expected: verify --squaredeal EVENT.sqd SET...");
    if (rc != PD_OK || (rc = sqd_load(o.sqd, &ev, e)) != PD_OK)
        return rc;
    for (int i = optind; rc == PD_OK && i < argc; i++) {
        int faults = 0;

        rc = verify_one(&ev, &o, argv[i], &faults, e);
        bad_files += faults > 0;
    }
    if (rc == PD_OK)
        printf("note: %s's DI line (\"%s\", what the delayed value is) is not covered by KH: "
               "compare it with the description published before the event (dealer/BIGDEAL.md)\n",
               o.sqd, ev.di ? ev.di : "");
    if (rc == PD_OK && bad_files)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%d of %d set%s differ%s from %s", bad_files,
                     argc - optind, argc - optind == 1 ? "" : "s", bad_files == 1 ? "s" : "",
                     o.sqd);
    sqd_free(&ev);
    return rc;
}
