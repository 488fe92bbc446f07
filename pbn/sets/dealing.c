/* pbn/sets/dealing.c - what a set is dealt from: the key, the set key derived for a label, the
 * script compiled for a dealing version; shared by deal_set and verify_with_key (an event's
 * set is set up by event_set_dealing, pbn/sets/event_set.c, into the same struct). */
#include <string.h>

#include "pbn/sets/sets.h"

/* Loads the key (refused when others can read it), derives the set key for label, and
 * compiles the script if any, prepared for dealing version. The commitment is computed from
 * the key as read, so a key given on stdin is committed too. */
enum pd_status open_dealing(const char *key_path, const char *label, const char *script,
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

void close_dealing(struct dealing *dl)
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
