/* machine/fill_status.c - what a fill journal is bound to (a hash over the deals, not over
 * the file's bytes) and what it says (fill --status: per copy, which boards are good, bad,
 * half filled or not started). */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "machine/mach_int.h"

/* Board numbers in increasing order, each once with the first complete deal of that number
 * (as pbn_set_deal_of picks it for the controller), then the seat of each of the 52 cards. */
enum pd_status mach_hash_deals(const struct pbn_set *set, uint8_t out[32], struct pd_err *e)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    unsigned int n = 32;
    int last = 0;
    bool ok = md && EVP_DigestInit_ex(md, EVP_sha256(), NULL) == 1;

    static const char domain[] = "predup fill journal deals 1";
    ok = ok && EVP_DigestUpdate(md, domain, sizeof domain) == 1;
    for (;;) {
        const struct deal *d = NULL;
        int next = 0;
        uint8_t rec[4 + 52];

        for (size_t i = 0; i < set->n; i++) {
            const struct pbn_game *g = &set->games[i];

            if (g->known == 0xF && g->board > last && (next == 0 || g->board < next)) {
                next = g->board;
                d = &g->deal;
            }
        }
        if (!d)
            break;
        for (int k = 0; k < 4; k++)
            rec[k] = (uint8_t)((unsigned)next >> (8 * k));
        for (int c = 0; c < 52; c++) {
            rec[4 + c] = 4;
            for (int s = 0; s < 4; s++)
                if (d->hand[s] & card_mask_from_index(c))
                    rec[4 + c] = (uint8_t)s;
        }
        ok = ok && EVP_DigestUpdate(md, rec, sizeof rec) == 1;
        last = next;
    }
    ok = ok && EVP_DigestFinal_ex(md, out, &n) == 1;
    EVP_MD_CTX_free(md);
    return ok ? PD_OK : pd_fail(e, PD_ERR_CRYPTO, "SHA-256 of the deals failed");
}

/* Appends " 3 7 12" (the boards of job in state st), at most a line's worth. */
static int list_boards(struct journal *j, const struct mach_job *job, int copy, int st,
                       char *buf, size_t cap)
{
    size_t used = 0;
    int count = 0;

    buf[0] = '\0';
    for (int i = 0; i < job->nboards; i++) {
        if (*mach_journal_state(j, copy, job->boards[i]) != st)
            continue;
        if (count++ < 40 && used + 12 < cap)
            used += (size_t)snprintf(buf + used, cap - used, " %d", job->boards[i]);
        else if (used + 5 < cap && (used < 4 || strcmp(buf + used - 4, " ...") != 0))
            used += (size_t)snprintf(buf + used, cap - used, " ...");
    }
    return count;
}

static void copy_line(struct journal *j, const struct mach_job *job, int copy, FILE *out)
{
    static const char *const what[] = {"not started", "half filled (redone on --resume)",
                                       "good", "bad"};
    char list[400];
    int n[4];

    fprintf(out, "copy %d:", copy);
    for (int st = 0; st < 4; st++)
        n[st] = list_boards(j, job, copy, st, list, sizeof list);
    fprintf(out, " %d of %d board%s good", n[J_GOOD], job->nboards,
            job->nboards == 1 ? "" : "s");
    fprintf(out, "%s\n", n[J_GOOD] == job->nboards ? " (done)" : "");
    for (int st = J_BAD; st >= J_NONE; st--) {
        if (st == J_GOOD || list_boards(j, job, copy, st, list, sizeof list) == 0)
            continue;
        fprintf(out, "  %s:%s\n", what[st], list);
    }
}

enum pd_status mach_fill_status(const struct mach_job *job, FILE *out, struct pd_err *e)
{
    struct journal j;
    int max_board = 1, copies = job->copies > 0 ? job->copies : 1;
    enum pd_status rc;

    for (size_t i = 0; i < job->set->n; i++)
        if (job->set->games[i].board > max_board)
            max_board = job->set->games[i].board;
    rc = mach_journal_read(&j, job->journal, job->set_hash, max_board, e);
    if (rc == PD_OK) {
        for (int k = 1; k <= MACH_MAX_COPIES; k++) /* copies an earlier run filled too */
            for (int b = 1; b <= max_board; b++)
                if (*mach_journal_state(&j, k, b) != J_NONE && k > copies)
                    copies = k;
        fprintf(out, "%s: %ld card%s placed in all, on machine \"%s\"\n", job->journal,
                j.places, j.places == 1 ? "" : "s", j.machine);
        for (int k = 1; k <= copies; k++)
            copy_line(&j, job, k, out);
    }
    mach_journal_close(&j);
    return rc;
}
