/* pbn/sets/event_set.c - the one engine that deals an event's set from its record
 * (dealer/EVENTS.md, "The derivation (predup/v2/event)"): `event deal` (config/ceremony.c)
 * deals every board with event_set_deal and `verify` (pbn/sets/verify.c) re-deals each board
 * from event_set_dealing, the same set-up, so that the two can never disagree on what a set
 * holds. */
#include <stdio.h>
#include <string.h>

#include "pbn/sets/sets.h"

/* The set key from the key, the record's digest, public value and set name; the script (its
 * SHA-256 the record's) compiled for the record's dealing version. */
enum pd_status event_set_dealing(const struct ev_record *r, int si, const struct pd_key *key,
                                 const char *script, struct dealing *dl, struct pd_err *e)
{
    const struct ev_set *s = &r->p.sets[si];
    enum pd_status rc;

    memset(dl, 0, sizeof *dl);
    dl->max_tries = DEAL_MAX_TRIES;
    dl->version = s->dealing; /* committed in the record: version 1 for records before 2 */
    snprintf(dl->commit, sizeof dl->commit, "%s", r->commitment);
    rc = set_key_derive_event(key, r->digest, r->public_value, s->name, &dl->sk, e);
    if (rc == PD_OK && s->script_sha[0] && !script)
        rc = pd_fail(e, PD_ERR_USAGE, "set \"%s\" was dealt with a script (SHA-256 %.16s...): "
                     "give it with --script FILE", s->name, s->script_sha);
    if (rc == PD_OK && script)
        rc = pd_sha256_file(script, dl->script_hash, e);
    if (rc == PD_OK && script && strcmp(dl->script_hash, s->script_sha) != 0)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%s: SHA-256 %.16s... is not the script committed for set "
                     "\"%s\"", script, dl->script_hash, s->name);
    if (rc == PD_OK && script)
        rc = lang_compile_file(script, &dl->prog, e);
    if (rc == PD_OK && script)
        rc = lang_deal_new(dl->prog, s->dealing, &dl->ld, e);
    return rc;
}

/* The Generator tag of every board of the set: the record's digest and commitment, the set's
 * boards, script hash, dealing version and name (pbn/generator.c). */
static void event_generator(const struct ev_record *r, const struct ev_set *s, char *buf,
                            size_t n)
{
    struct pbn_generator gen = {.dealer = s->dealer, .vul = s->vul};

    snprintf(gen.event, sizeof gen.event, "%s", r->digest);
    snprintf(gen.commitment, sizeof gen.commitment, "%s", r->commitment);
    snprintf(gen.boards, sizeof gen.boards, "%s", s->boards);
    snprintf(gen.script, sizeof gen.script, "%s", s->script_sha);
    gen.dealing = s->dealing;
    snprintf(gen.label, sizeof gen.label, "%s", s->name);
    pbn_generator_format(buf, n, &gen);
}

enum pd_status event_set_deal(const struct ev_record *r, int si, const struct pd_key *key,
                              const char *script, struct pbn_set *out, struct pd_err *e)
{
    const struct ev_set *s = &r->p.sets[si];
    char generator[1024];
    struct pbn_event pe = {r->p.name, r->p.site[0] ? r->p.site : NULL,
                           r->p.date[0] ? r->p.date : NULL, generator};
    struct dealing dl;
    struct board_range range = {0, NULL};
    enum pd_status rc = event_set_dealing(r, si, key, script, &dl, e);
    /* Dealer and vulnerability by the one rule (board_conditions): the script's lines, else
     * the record's dealer and vul lines, else Law 2; verify checks by the same rule. */
    struct board_rule rule = dealing_rule(&dl, s->dealer, s->vul);

    event_generator(r, s, generator, sizeof generator);
    if (rc == PD_OK)
        rc = board_range_parse(s->boards, EV_MAX_BOARD, &range, e);
    if (rc == PD_OK)
        rc = dealing_to_set(&dl, &range, dealing_threads(), &pe, &rule, out, e);
    dealing_close(&dl);
    board_range_free(&range);
    return rc;
}
