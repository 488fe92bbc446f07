/* pbn/cmd_verify.c - `predup verify`: regenerate a set from its key and compare it with a file,
 * board by board. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "pbn/deal_int.h"

static const char verify_usage[] =
    "usage: predup verify --key FILE [--label L] [--script FILE] SET\n"
    "  Regenerates every board of SET (PBN or any format predup reads) from the key and compares\n"
    "  the deals; exit 0 when all match, 1 when any differs (each named). The label defaults to\n"
    "  the one in the file's Generator tag, else \"original\". A set dealt with --script is\n"
    "  verified with the same --script.\n";

/* A field of the Generator tag written by make_generator ("label=", "commitment="), or NULL. */
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

static enum pd_status compare_board(const struct dealing *dl, const struct pbn_game *g,
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
    rc = board_generate(&dl->sk, g->board, dl->prog ? lang_accept : NULL, dl->prog,
                        dl->max_tries, &bd, e);
    if (rc != PD_OK)
        return rc;
    if (g->known == 0xF && memcmp(&bd.deal, &g->deal, sizeof bd.deal) == 0)
        return PD_OK;
    deal_to_pbn(&bd.deal, SEAT_N, 0xF, want);
    deal_to_pbn(&g->deal, SEAT_N, g->known, have);
    if (g->line > 0)
        printf("%s:%d: board %d differs\n  file: %s\n  key:  %s\n", file, g->line, g->board,
               have, want);
    else
        printf("%s: board %d differs\n  file: %s\n  key:  %s\n", file, g->board, have, want);
    (*differ)++;
    return PD_OK;
}

/* Notes (stdout, not errors) when the file names another key or script than the ones given. */
static void note_provenance(const struct pbn_set *set, const char *path,
                            const struct dealing *dl)
{
    char field[80];

    if (generator_field(set, "commitment=", field, sizeof field) &&
        strcmp(field, dl->commit) != 0)
        printf("%s: note: the file names key commitment %s, this key's is %s\n", path, field,
               dl->commit);
    if (generator_field(set, "script=", field, sizeof field) && !dl->prog)
        printf("%s: note: the set was dealt with a script (SHA-256 %s): give it with --script\n",
               path, field);
    else if (dl->prog && generator_field(set, "script=", field, sizeof field) &&
             strcmp(field, dl->script_hash) != 0)
        printf("%s: note: the file names script SHA-256 %s, this script's is %s\n", path, field,
               dl->script_hash);
}

static enum pd_status verify_set(const struct pbn_set *set, const char *path, const char *label,
                                 const struct dealing *dl, struct pd_err *e)
{
    int differ = 0;
    enum pd_status rc = PD_OK;

    note_provenance(set, path, dl);
    for (size_t i = 0; rc == PD_OK && i < set->n; i++)
        rc = compare_board(dl, &set->games[i], path, &differ, e);
    if (rc == PD_OK && differ)
        return pd_fail(e, PD_ERR_MISMATCH, "%s: %d of %zu boards differ from key and label \"%s\"",
                       path, differ, set->n, label);
    if (rc == PD_OK)
        printf("%s: all %zu boards match key and label \"%s\"\n", path, set->n, label);
    return rc;
}

enum pd_status cmd_verify(int argc, char **argv, struct pd_err *e)
{
    const char *key_path = NULL, *label = NULL, *script = NULL;
    char label_buf[128];
    struct pbn_set *set = NULL;
    struct dealing dl;
    int c;
    enum pd_status rc;
    static const struct option longs[] = {
        {"key", required_argument, NULL, 'k'},    {"label", required_argument, NULL, 'l'},
        {"script", required_argument, NULL, 's'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };

    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        if (c == 'k')
            key_path = optarg;
        else if (c == 'l')
            label = optarg;
        else if (c == 's')
            script = optarg;
        else if (c == 'h') {
            fputs(verify_usage, stdout);
            return PD_OK;
        } else
            return pd_fail(e, PD_ERR_USAGE, "unknown option or missing value: \"%s\"",
                           argv[optind - 1]);
    }
    if (!key_path || optind != argc - 1)
        return pd_fail(e, PD_ERR_USAGE, "expected: verify --key FILE [--label L] SET.pbn");
    rc = pbn_read_any(argv[optind], NULL, &set, e);
    if (rc != PD_OK)
        return rc;
    if (!label)
        label = generator_field(set, "label=", label_buf, sizeof label_buf);
    if (!label)
        label = "original";
    rc = open_dealing(key_path, label, script, &dl, e);
    dl.max_tries = 100000000ULL;
    if (rc == PD_OK)
        rc = verify_set(set, argv[optind], label, &dl, e);
    close_dealing(&dl);
    pbn_set_free(set);
    return rc;
}
