/* printing/auction.c - a played board's story as a teaching sheet prints it: the auction table
 * (PBN's [Auction] tag names the first caller, its section holds the calls), the contract,
 * declarer and result (the Contract, Declarer and Result tags) and the opening lead (the first
 * card of the [Play] section, which lists each trick from the leader round). Note references
 * (=1=), NAGs ($1), "*", "+" and "-" are not calls and are skipped; AP is "all pass". */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "printing/teach_int.h"

/* A bid's strain: "S".."C" as its symbol, "NT" (or PBN's "N") as the term. */
static bool strain_text(const struct pr_terms *t, const char *s, char *out, size_t n)
{
    const char *sym = *s ? memchr(SUIT_LETTER, toupper((unsigned char)*s), 4) : NULL;

    if (sym && s[1] == '\0') {
        snprintf(out, n, "%s", PR_SUIT_SYMBOL[sym - SUIT_LETTER]);
        return true;
    }
    if (strcasecmp(s, "NT") == 0 || strcasecmp(s, "N") == 0) {
        snprintf(out, n, "%s", pr_term(t, "nt"));
        return true;
    }
    return false;
}

/* A call as printed, or false for a token that is no call. */
static bool call_text(const struct pr_terms *t, const char *tok, char *out, size_t n)
{
    char strain[8];

    if (strcasecmp(tok, "Pass") == 0 || strcasecmp(tok, "P") == 0) {
        snprintf(out, n, "%s", pr_term(t, "pass"));
        return true;
    }
    if (strcasecmp(tok, "X") == 0 || strcasecmp(tok, "XX") == 0) {
        snprintf(out, n, "%s", tok[1] ? "XX" : "X");
        return true;
    }
    if (tok[0] >= '1' && tok[0] <= '7' && strain_text(t, tok + 1, strain, sizeof strain)) {
        snprintf(out, n, "%c%s", tok[0], strain);
        return true;
    }
    return false;
}

static void add_token(const struct pr_terms *t, struct pr_play *p, const char *tok)
{
    size_t len = strcspn(tok, "!?"); /* "1NT!": the call without its annotation */
    char bare[16];

    if (p->all_pass || len == 0 || len >= sizeof bare)
        return;
    memcpy(bare, tok, len);
    bare[len] = '\0';
    if (strcasecmp(bare, "AP") == 0)
        p->all_pass = true;
    else if (p->n < PR_AUCTION_MAX && call_text(t, bare, p->call[p->n], sizeof p->call[0]))
        p->n++;
}

static void read_auction(const struct pr_terms *t, const struct pbn_game *g, struct pr_play *p)
{
    const struct pbn_tag *a = pbn_tag_find(g, "Auction");

    if (!a || !a->value || seat_from_char(a->value[0]) < 0 || a->value[1])
        return;
    p->first = seat_from_char(a->value[0]);
    for (uint32_t i = 0; i < a->nsection; i++) {
        char line[512];

        snprintf(line, sizeof line, "%s", a->section[i]);
        for (char *save = NULL, *tok = strtok_r(line, " \t", &save); tok;
             tok = strtok_r(NULL, " \t", &save))
            add_token(t, p, tok);
    }
}

/* "4SX" -> "4♠x", level 4; "Pass" -> the term, level 0. */
static void read_contract(const struct pr_terms *t, const char *c, struct pr_play *p)
{
    char strain[8], body[8];
    size_t len;

    if (!c || !*c || strchr(c, '?'))
        return;
    if (strcasecmp(c, "Pass") == 0) {
        snprintf(p->contract, sizeof p->contract, "%s", pr_term(t, "pass"));
        return;
    }
    len = strcspn(c, "xX");
    if (c[0] < '1' || c[0] > '7' || len < 2 || len > 3 || strspn(c + len, "xX") != strlen(c + len)
        || strlen(c + len) > 2)
        return;
    memcpy(body, c + 1, len - 1);
    body[len - 1] = '\0';
    if (!strain_text(t, body, strain, sizeof strain))
        return;
    p->level = c[0] - '0';
    snprintf(p->contract, sizeof p->contract, "%c%s%s", c[0], strain,
             strlen(c + len) == 2 ? "xx" : strlen(c + len) == 1 ? "x" : "");
}

/* The first card of the Play section: "HK" -> "♥K" (the ten as --ten says). */
static void read_lead(const struct pr_terms *t, const struct pbn_game *g, bool ten10,
                      struct pr_play *p)
{
    const struct pbn_tag *play = pbn_tag_find(g, "Play");
    char rank[3];

    if (!play || !play->value || seat_from_char(play->value[0]) < 0 || play->nsection == 0)
        return;
    const char *c = play->section[0] + strspn(play->section[0], " \t");
    const char *suit = *c ? memchr(SUIT_LETTER, toupper((unsigned char)c[0]), 4) : NULL;
    int r = suit && c[1] ? rank_from_char(toupper((unsigned char)c[1])) : -1;

    if (!suit || r < RANK_2 || (c[2] && !isspace((unsigned char)c[2])))
        return;
    snprintf(p->lead, sizeof p->lead, "%s%s", PR_SUIT_SYMBOL[suit - SUIT_LETTER],
             pr_term_rank(t, r, ten10, rank));
}

void pr_play_from_game(const struct pr_terms *t, const struct pbn_game *g, bool ten10,
                       struct pr_play *p)
{
    const char *decl = pbn_tag_get(g, "Declarer"), *res = pbn_tag_get(g, "Result");

    memset(p, 0, sizeof *p);
    p->first = p->declarer = p->result = -1;
    read_auction(t, g, p);
    read_contract(t, pbn_tag_get(g, "Contract"), p);
    if (decl && decl[0] == '^') /* PBN: declarer "^S" is an irregular declarer, still S */
        decl++;
    if (decl && decl[0] && !decl[1])
        p->declarer = seat_from_char(decl[0]);
    if (res && *res && strspn(res, "0123456789") == strlen(res) && strlen(res) <= 2 &&
        atoi(res) <= 13)
        p->result = atoi(res);
    read_lead(t, g, ten10, p);
}

/* "4♠=", "4♠+1", "4♠x-2" from the contract and the tricks taken. */
static void result_text(const struct pr_play *p, char *out, size_t n)
{
    int over = p->result - 6 - p->level;

    if (p->level == 0)
        snprintf(out, n, "%d", p->result);
    else if (over == 0)
        snprintf(out, n, "%s=", p->contract);
    else
        snprintf(out, n, "%s%+d", p->contract, over);
}

void pr_play_line(const struct pr_terms *t, const struct pr_play *p, char *out, size_t n)
{
    char part[160], value[48];
    size_t o = 0;

    out[0] = '\0';
    if (p->contract[0]) {
        snprintf(value, sizeof value, "%s%s%s", p->contract, p->declarer >= 0 ? " " : "",
                 p->declarer >= 0 ? pr_term_seat(t, (enum seat)p->declarer) : "");
        PR_TERMF(t, "play.contract", part, sizeof part, value);
        o += (size_t)snprintf(out + o, n - o, "%s", part);
    }
    if (p->lead[0] && o < n) {
        PR_TERMF(t, "play.lead", part, sizeof part, p->lead);
        o += (size_t)snprintf(out + o, n - o, "%s%s", o ? "   " : "", part);
    }
    if (p->result >= 0 && p->contract[0] && o < n) {
        result_text(p, value, sizeof value);
        PR_TERMF(t, "play.result", part, sizeof part, value);
        snprintf(out + o, n - o, "%s%s", o ? "   " : "", part);
    }
}

/* The table's columns: West first, as a teaching book sets it. */
static int column_of(int seat)
{
    return (seat + 1) % 4; /* W 0, N 1, E 2, S 3 */
}

int pr_auction_rows(const struct pr_play *p)
{
    if (p->first < 0 || (p->n == 0 && !p->all_pass))
        return 0;
    return 1 + (column_of(p->first) + p->n + (p->all_pass ? 1 : 0) + 3) / 4;
}

void pr_auction_draw(struct pdoc *d, const struct pr_play *p, float x, float y, float w,
                     float size, float lead)
{
    static const int seat_at[4] = {SEAT_W, SEAT_N, SEAT_E, SEAT_S};
    float cw = w / 4;
    for (int c = 0; c < 4; c++)
        pdoc_text_fit(d, d->bold, size, x + (float)c * cw, -(y + size), cw - 2,
                      pr_term_seat(d->terms, (enum seat)seat_at[c]));
    int at = column_of(p->first);
    for (int i = 0; i <= p->n; i++, at++) {
        const char *text = i < p->n      ? p->call[i]
                           : p->all_pass ? pr_term(d->terms, "play.all_pass")
                                         : NULL;
        float cx = x + (float)(at % 4) * cw, cy = y + size + (float)(at / 4 + 1) * lead;

        if (text) /* "All pass" may run into the next columns: it is the last word */
            pdoc_text_fit(d, d->reg, size, cx, -cy, i < p->n ? cw - 2 : x + w - cx, text);
    }
}
