/* pbn/sets/dealing.c - what a set is dealt from: the key, the set key derived for a label, the
 * script compiled for a dealing version; shared by deal_set and verify_with_key (an event's
 * set is set up by event_set_dealing, pbn/sets/event_set.c, into the same struct). And the
 * dealing of a range of boards into a set, which deal and event deal share. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pbn/sets/sets.h"

/* Loads the key (refused when others can read it), derives the set key for label, and
 * compiles the script if any, prepared for dealing version. The commitment is computed from
 * the key as read, so a key given on stdin is committed too. */
enum pd_status dealing_open(const char *key_path, const char *label, const char *script,
                            int version, struct dealing *dl, struct pd_err *e)
{
    struct pd_key key;
    bool spent = false; /* a key event reveal marked spent still deals and verifies */
    enum pd_status rc;

    memset(dl, 0, sizeof *dl);
    rc = key_load_file(key_path, &key, &spent, e);
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

void dealing_close(struct dealing *dl)
{
    lang_deal_free(dl->ld);
    lang_free(dl->prog);
    pd_wipe(&dl->sk, sizeof dl->sk);
}

struct board_rule dealing_rule(const struct dealing *dl, int dealer, int vul)
{
    struct board_rule r = {dealer, vul, -1, -1};

    if (dl->prog) {
        r.script_dealer = lang_script_dealer(dl->prog);
        r.script_vul = lang_script_vul(dl->prog);
    }
    return r;
}

int dealing_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

enum pd_status dealing_generate(const struct dealing *dl, const struct board_range *range,
                                int threads, struct board_deal *bd, struct pd_err *e)
{
    if (dl->ld)
        return set_generate_script_watched(&dl->sk, range, threads, dl->ld, dl->max_tries,
                                           dl->watch, bd, e);
    return set_generate(&dl->sk, range, threads, NULL, NULL, dl->max_tries, bd, e);
}

enum pd_status dealing_to_set(const struct dealing *dl, const struct board_range *range,
                              int threads, const struct pbn_event *ev,
                              const struct board_rule *rule, struct pbn_set *out,
                              struct pd_err *e)
{
    struct board_deal *bd = calloc((size_t)range->n, sizeof *bd);
    enum pd_status rc = bd ? dealing_generate(dl, range, threads, bd, e)
                           : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    for (int i = 0; rc == PD_OK && i < range->n; i++) {
        struct pbn_game *g;

        rc = pbn_game_add(out, &g, e);
        if (rc == PD_OK)
            rc = pbn_game_from_board(g, ev, board_conditions(rule, bd[i].board), &bd[i].deal,
                                     &bd[i].number, e);
    }
    free(bd);
    return rc;
}
