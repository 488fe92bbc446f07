/* pbn/lin_play.c - what a LIN board holds beyond its deal, both ways: players (pn), auction (mb,
 * with alerts and an| explanations as PBN notes), play (pc, in the order played; PBN's Play
 * section lists each trick from the opening leader's seat, so the trick winners are worked out
 * from the contract), claims (mc), the room (qx o/c), vugraph's event line (vg, written before
 * the first board of each event) and commentary (nt). Contract, Declarer and Result follow from
 * the auction and the play. Layouts: pbn/FORMATS.md (LIN). */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pbn/fmt_int.h"

void fmt_lin_extra_reset(struct lin_extra *x)
{
    for (int i = 0; i < x->ncalls; i++)
        free(x->note[i]);
    for (int i = 0; i < x->nnt; i++)
        free(x->nt[i]);
    free(x->nt);
    memset(x, 0, offsetof(struct lin_extra, players));
}

void fmt_lin_extra_free(struct lin_extra *x)
{
    fmt_lin_extra_reset(x);
    for (int i = 0; i < 8; i++)
        free(x->players[i]);
    free(x->event);
    memset(x, 0, sizeof *x);
}

static char *dup_n(const char *v, size_t n)
{
    char *s = malloc(n + 1);

    if (s) {
        memcpy(s, v, n);
        s[n] = '\0';
    }
    return s;
}

const enum seat FMT_LIN_SEATS[4] = {SEAT_S, SEAT_W, SEAT_N, SEAT_E};

/* pn|S,W,N,E[,S,W,N,E]|: the open room's four, then the closed room's (FMT_LIN_SEATS). */
static enum pd_status lin_players(struct lin_extra *x, const char *v, size_t n, struct pd_err *e)
{
    size_t i = 0;

    for (int k = 0; k < 8 && i <= n; k++) {
        size_t end = i;

        while (end < n && v[end] != ',')
            end++;
        free(x->players[k]);
        x->players[k] = dup_n(v + i, end - i);
        if (!x->players[k])
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        i = end + 1;
    }
    return PD_OK;
}

/* mb|call|: LIN's p, d, r, 1N and a trailing "!" (alert) in PBN's spelling. */
static enum pd_status lin_call(struct lin_extra *x, const char *v, size_t n, int line,
                               const char *name, struct pd_err *e)
{
    char call[8];
    bool alert = n > 0 && v[n - 1] == '!';

    n -= alert;
    if (x->ncalls == LIN_MAX_CALLS)
        return fmt_fail_line(e, name, line, 0, NULL, "mb: more than %d calls on a board",
                             LIN_MAX_CALLS);
    if (n == 1 && strchr("pP", v[0]))
        strcpy(call, "Pass");
    else if (n == 1 && strchr("dD", v[0]))
        strcpy(call, "X");
    else if (n == 1 && strchr("rR", v[0]))
        strcpy(call, "XX");
    else if (n == 2 && v[0] >= '1' && v[0] <= '7' && v[1] && strchr("SHDCNshdcn", v[1]))
        snprintf(call, sizeof call, "%c%s", v[0],
                 (toupper((unsigned char)v[1]) == 'N' ? "NT" : (const char *[]){
                     "S", "H", "D", "C"}[strchr("SHDC", toupper((unsigned char)v[1])) - "SHDC"]));
    else
        return fmt_fail_line(e, name, line, 0, NULL, "mb: \"%.*s\" is not a call",
                             (int)(n > 8 ? 8 : n), v);
    strcpy(x->calls[x->ncalls], call);
    x->note[x->ncalls] = alert ? strdup("alert") : NULL;
    if (alert && !x->note[x->ncalls])
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    x->ncalls++;
    return PD_OK;
}

/* pc|card|: a suit letter and a rank, either case. */
static enum pd_status lin_card(struct lin_extra *x, const char *v, size_t n, int line,
                               const char *name, struct pd_err *e)
{
    const char *s = n == 2 ? strchr("SHDCshdc", v[0]) : NULL;
    int r = n == 2 ? rank_from_char((unsigned char)v[1]) : -1;

    if (!s || !v[0] || r < 0)
        return fmt_fail_line(e, name, line, 0, NULL, "pc: \"%.*s\" is not a card",
                             (int)(n > 8 ? 8 : n), v);
    if (x->ncards == DEAL_NCARDS)
        return fmt_fail_line(e, name, line, 0, NULL, "pc: more than 52 cards on a board");
    x->cards[x->ncards][0] = SUIT_LETTER[(s - "SHDCshdc") % 4];
    x->cards[x->ncards][1] = RANK_CHAR[r];
    x->ncards++;
    return PD_OK;
}

static enum pd_status push_text(char ***list, int *n, const char *v, size_t len,
                                struct pd_err *e)
{
    char **bigger = realloc(*list, (size_t)(*n + 1) * sizeof **list);

    if (!bigger)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    *list = bigger;
    (*list)[*n] = dup_n(v, len);
    if (!(*list)[*n])
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    (*n)++;
    return PD_OK;
}

enum pd_status fmt_lin_extra_pair(struct lin_extra *x, const char *key, const char *v, size_t n,
                                  int line, const char *name, struct pd_err *e)
{
    if (strncasecmp(key, "pn", 2) == 0)
        return lin_players(x, v, n, e);
    if (strncasecmp(key, "mb", 2) == 0)
        return lin_call(x, v, n, line, name, e);
    if (strncasecmp(key, "an", 2) == 0 && x->ncalls > 0) {
        free(x->note[x->ncalls - 1]);
        x->note[x->ncalls - 1] = dup_n(v, n);
        return x->note[x->ncalls - 1] ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    if (strncasecmp(key, "pc", 2) == 0)
        return lin_card(x, v, n, line, name, e);
    if (strncasecmp(key, "mc", 2) == 0) {
        x->claim = -1;
        if (n >= 1 && n <= 2 && isdigit((unsigned char)v[0]) &&
            (n == 1 || isdigit((unsigned char)v[1])))
            x->claim = n == 1 ? v[0] - '0' : 10 * (v[0] - '0') + v[1] - '0';
        if (x->claim < 0 || x->claim > 13)
            return fmt_fail_line(e, name, line, 0, NULL, "mc: a claim is 0-13 tricks, not \"%.*s\"",
                                 (int)(n > 8 ? 8 : n), v);
        x->has_claim = true;
        return PD_OK;
    }
    if (strncasecmp(key, "nt", 2) == 0)
        return push_text(&x->nt, &x->nnt, v, n, e);
    if (strncasecmp(key, "vg", 2) == 0) {
        size_t len = 0;

        while (len < n && v[len] != ',')
            len++;
        free(x->event);
        x->event = dup_n(v, len);
        return x->event ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    return PD_OK;
}

/* ---------------------------------------------------------------- contract and play */

struct contract {
    int level;          /* 0: passed out (or no bid) */
    enum strain strain;
    int doubled;        /* 0, 1 (X), 2 (XX) */
    enum seat declarer;
};

/* The contract an auction (PBN spellings, the first call the dealer's) ends in. */
static struct contract auction_contract(char (*calls)[5], int n, enum seat dealer)
{
    struct contract c = {0, STRAIN_NT, 0, SEAT_N};
    int first[2][5];

    memset(first, -1, sizeof first);
    for (int i = 0; i < n; i++) {
        enum seat by = (enum seat)((dealer + i) % 4);

        if (calls[i][0] >= '1' && calls[i][0] <= '7') {
            const char *st = strchr("SHDCN", calls[i][1]);

            if (!st)
                continue;
            c.level = calls[i][0] - '0';
            c.strain = (enum strain)(st - "SHDCN");
            c.doubled = 0;
            if (first[by % 2][c.strain] < 0)
                first[by % 2][c.strain] = by;
            c.declarer = (enum seat)first[by % 2][c.strain];
        } else if (strcmp(calls[i], "X") == 0) {
            c.doubled = 1;
        } else if (strcmp(calls[i], "XX") == 0) {
            c.doubled = 2;
        }
    }
    return c;
}

/* Seat that wins a trick whose cards ("SA", ...) seats lead, lead+1 ... played. */
static enum seat trick_winner(const char (*card)[2], enum seat lead, enum strain trump)
{
    int best = 0;

    for (int k = 1; k < 4; k++) {
        bool ruff = trump != STRAIN_NT && card[k][0] == SUIT_LETTER[trump];
        bool best_ruff = trump != STRAIN_NT && card[best][0] == SUIT_LETTER[trump];

        if ((ruff && !best_ruff) ||
            (card[k][0] == card[best][0] &&
             rank_from_char(card[k][1]) > rank_from_char(card[best][1])))
            best = k;
    }
    return (enum seat)((lead + best) % 4);
}

static enum pd_status set_auction(struct pbn_game *g, const struct lin_extra *x, enum seat dealer,
                                  struct pd_err *e)
{
    char dl[2] = {SEAT_LETTER[dealer], 0}, line[128], note[16];
    int nnotes = 0;
    enum pd_status rc = pbn_tag_set(g, "Auction", dl, e);
    struct pbn_tag *t = pbn_tag_find(g, "Auction");

    line[0] = '\0';
    for (int i = 0; rc == PD_OK && i < x->ncalls; i++) {
        size_t len = strlen(line);

        snprintf(line + len, sizeof line - len, "%s%s", len ? " " : "", x->calls[i]);
        if (x->note[i]) {
            len = strlen(line);
            snprintf(line + len, sizeof line - len, " =%d=", ++nnotes);
        }
        if (i % 4 == 3 || i == x->ncalls - 1) {
            rc = pbn_tag_section_add(g, t, line, e);
            line[0] = '\0';
        }
    }
    for (int i = 0, k = 0; rc == PD_OK && i < x->ncalls; i++) {
        char *text;

        if (!x->note[i])
            continue;
        snprintf(note, sizeof note, "%d:", ++k);
        text = malloc(strlen(note) + strlen(x->note[i]) + 1);
        if (!text)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        strcat(strcpy(text, note), x->note[i]);
        rc = pbn_tag_add(g, "Note", text, e);
        free(text);
    }
    return rc;
}

/* Play section: one line a trick, the cards from the opening leader's seat round, "-" for a
 * card not played, "*" after a claim. *won counts declarer's side tricks of complete tricks. */
static enum pd_status set_play(struct pbn_game *g, const struct lin_extra *x,
                               const struct contract *c, int *won, struct pd_err *e)
{
    enum seat opening = (enum seat)((c->declarer + 1) % 4), lead = opening;
    char ll[2] = {SEAT_LETTER[opening], 0}, line[16];
    enum pd_status rc = pbn_tag_set(g, "Play", ll, e);
    struct pbn_tag *t = pbn_tag_find(g, "Play");

    *won = 0;
    for (int at = 0; rc == PD_OK && at < x->ncards; at += 4) {
        char row[4][3] = {"-", "-", "-", "-"};

        for (int k = 0; k < 4 && at + k < x->ncards; k++) {
            int col = ((lead + k) % 4 - opening + 4) % 4;

            row[col][0] = x->cards[at + k][0];
            row[col][1] = x->cards[at + k][1];
            row[col][2] = '\0';
        }
        snprintf(line, sizeof line, "%s %s %s %s", row[0], row[1], row[2], row[3]);
        rc = pbn_tag_section_add(g, t, line, e);
        if (at + 4 <= x->ncards) {
            lead = trick_winner((const char (*)[2])x->cards + at, lead, c->strain);
            *won += lead % 2 == c->declarer % 2;
        }
    }
    if (rc == PD_OK && x->has_claim)
        rc = pbn_tag_section_add(g, t, "*", e);
    return rc;
}

static enum pd_status set_players(struct pbn_game *g, const struct lin_extra *x,
                                  struct pd_err *e)
{
    int base = x->room == 'c' && x->players[4] ? 4 : 0;
    enum pd_status rc = PD_OK;

    for (int k = 0; rc == PD_OK && k < 4; k++)
        if (x->players[base + k] && *x->players[base + k])
            rc = pbn_tag_set(g, SEAT_NAME[FMT_LIN_SEATS[k]], x->players[base + k], e);
    if (rc == PD_OK && x->event)
        rc = pbn_tag_set(g, "Event", x->event, e);
    return rc;
}

static enum pd_status set_contract(struct pbn_game *g, const struct lin_extra *x,
                                   struct pd_err *e)
{
    struct contract c = auction_contract((char (*)[5])x->calls, x->ncalls, g->dealer);
    char contract[8], declarer[2] = {0, 0}, result[4];
    int won = 0;
    enum pd_status rc;

    if (c.level == 0) /* passed out */
        return pbn_tag_set(g, "Contract", "Pass", e);
    snprintf(contract, sizeof contract, "%d%s%s", c.level, c.strain == STRAIN_NT ? "NT"
             : (const char *[]){"S", "H", "D", "C"}[c.strain], c.doubled == 2 ? "XX"
             : c.doubled ? "X" : "");
    declarer[0] = SEAT_LETTER[c.declarer];
    rc = pbn_tag_set(g, "Contract", contract, e);
    if (rc == PD_OK)
        rc = pbn_tag_set(g, "Declarer", declarer, e);
    if (rc == PD_OK && x->ncards > 0)
        rc = set_play(g, x, &c, &won, e);
    if (rc == PD_OK && (x->has_claim || x->ncards == DEAL_NCARDS)) {
        snprintf(result, sizeof result, "%d", x->has_claim ? x->claim : won);
        rc = pbn_tag_set(g, "Result", result, e);
    }
    return rc;
}

enum pd_status fmt_lin_extra_apply(struct pbn_game *g, const struct lin_extra *x,
                                   struct pd_err *e)
{
    enum pd_status rc = set_players(g, x, e);

    if (rc == PD_OK && x->ncalls > 0)
        rc = set_auction(g, x, g->dealer, e);
    if (rc == PD_OK && x->ncalls > 0)
        rc = set_contract(g, x, e);
    for (int i = 0; rc == PD_OK && i < x->nnt; i++) {
        char **bigger = realloc(g->comments, (g->ncomments + 1) * sizeof *bigger);

        if (!bigger || !(bigger[g->ncomments] = strdup(x->nt[i])))
            rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
        if (bigger)
            g->comments = bigger;
        if (rc == PD_OK)
            g->ncomments++;
    }
    return rc;
}

/* ---------------------------------------------------------------- PBN to LIN */

/* pn|...|, the players in LIN's seat order (FMT_LIN_SEATS). */
void fmt_lin_extra_write_pre(FILE *out, const struct pbn_game *g)
{
    static const enum pbn_tag_id player_tag[4] = {[SEAT_N] = PBN_ID_North,
                                                  [SEAT_E] = PBN_ID_East,
                                                  [SEAT_S] = PBN_ID_South,
                                                  [SEAT_W] = PBN_ID_West};
    const char *name[4];
    bool any = false;

    for (int k = 0; k < 4; k++) {
        name[k] = pbn_tag_get_id(g, player_tag[FMT_LIN_SEATS[k]]);
        if (!name[k] || strcmp(name[k], "?") == 0 || strchr(name[k], '|'))
            name[k] = "";
        any |= *name[k] != '\0';
    }
    if (any)
        fprintf(out, "pn|%s,%s,%s,%s|", name[0], name[1], name[2], name[3]);
}

/* The text of Note "k:text", or NULL. */
static const char *note_text(const struct pbn_game *g, int k)
{
    char prefix[16];
    int n = snprintf(prefix, sizeof prefix, "%d:", k);

    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, "Note") == 0 &&
            strncmp(g->tags[i].value, prefix, (size_t)n) == 0)
            return g->tags[i].value + n;
    return NULL;
}

/* One Auction token in LIN: a call, a note reference (an|), AP (three passes); others none. */
static void write_call(FILE *out, const struct pbn_game *g, const char *tok, size_t n)
{
    char call[8];
    int k;

    while (n > 0 && strchr("!?", tok[n - 1])) /* suffix annotations */
        n--;
    snprintf(call, sizeof call, "%.*s", (int)(n < 7 ? n : 7), tok);
    if (sscanf(call, "=%d=", &k) == 1) {
        const char *text = note_text(g, k);

        if (text && !strchr(text, '|'))
            fprintf(out, "an|%s|", text);
    } else if (strcasecmp(call, "AP") == 0) {
        fputs("mb|p|mb|p|mb|p|", out);
    } else if (strcasecmp(call, "Pass") == 0) {
        fputs("mb|p|", out);
    } else if (strcasecmp(call, "X") == 0) {
        fputs("mb|d|", out);
    } else if (strcasecmp(call, "XX") == 0) {
        fputs("mb|r|", out);
    } else if (call[0] >= '1' && call[0] <= '7' && call[1] && strchr("SHDCNshdcn", call[1])) {
        fprintf(out, "mb|%c%c|", call[0], toupper((unsigned char)call[1]));
    }
}

/* Calls each token of the tag's section lines with fn. */
static void each_token(const struct pbn_tag *t, void (*fn)(void *, const char *, size_t),
                       void *arg)
{
    for (size_t i = 0; i < t->nsection; i++)
        for (const char *p = t->section[i]; *p;) {
            size_t n;

            p += strspn(p, " \t");
            n = strcspn(p, " \t");
            if (n)
                fn(arg, p, n);
            p += n;
        }
}

struct call_writer {
    FILE *out;
    const struct pbn_game *g;
};

static void call_token(void *arg, const char *tok, size_t n)
{
    struct call_writer *w = arg;

    write_call(w->out, w->g, tok, n);
}

struct play_reader {
    char cards[DEAL_NCARDS][2]; /* by trick, in column order; '-' for none */
    int n;
    bool stop;
};

static void play_token(void *arg, const char *tok, size_t n)
{
    struct play_reader *r = arg;

    if (r->stop || r->n == DEAL_NCARDS || tok[0] == '=' || tok[0] == '$')
        return;
    if (tok[0] == '*') {
        r->stop = true;
        return;
    }
    r->cards[r->n][0] = (char)toupper((unsigned char)tok[0]);
    r->cards[r->n][1] = n >= 2 ? (char)toupper((unsigned char)tok[1]) : '-';
    if (!strchr("SHDC", r->cards[r->n][0]) || rank_from_char(r->cards[r->n][1]) < 0)
        r->cards[r->n][0] = '-';
    r->n++;
}

/* The Play section in the order played, from the contract's trump and the trick winners. */
static int write_play(FILE *out, const struct pbn_game *g)
{
    const struct pbn_tag *t = pbn_tag_find(g, "Play");
    const char *contract = pbn_tag_get(g, "Contract");
    struct play_reader r = {.n = 0};
    int opening, lead, played = 0;
    enum strain trump = STRAIN_NT;

    if (!t || (opening = seat_from_char((unsigned char)t->value[0])) < 0 || !contract ||
        contract[0] < '1' || contract[0] > '7' || !contract[1] || !strchr("SHDCN", contract[1]))
        return 0;
    trump = (enum strain)(strchr("SHDCN", contract[1]) - "SHDCN");
    each_token(t, play_token, &r);
    lead = opening;
    for (int at = 0; at + 4 <= r.n; at += 4) {
        char trick[4][2];

        for (int k = 0; k < 4; k++) {
            int col = ((lead + k) % 4 - opening + 4) % 4;

            memcpy(trick[k], r.cards[at + col], 2);
            if (trick[k][0] == '-')
                return played;
            fprintf(out, "pc|%c%c|", trick[k][0], trick[k][1]);
            played++;
        }
        lead = trick_winner((const char (*)[2])trick, (enum seat)lead, trump);
    }
    return played;
}

void fmt_lin_extra_write_post(FILE *out, const struct pbn_game *g)
{
    const struct pbn_tag *auction = pbn_tag_find_id(g, PBN_ID_Auction);
    const char *result = pbn_tag_get_id(g, PBN_ID_Result);
    struct call_writer w = {out, g};
    int played = 0;

    if (auction)
        each_token(auction, call_token, &w);
    if (auction)
        played = write_play(out, g);
    if (auction && played < DEAL_NCARDS && result && *result && strspn(result, "0123456789") ==
        strlen(result) && atoi(result) <= 13)
        fprintf(out, "mc|%d|", atoi(result));
    for (size_t i = 0; i < g->ncomments; i++) { /* commentary as nt, one line each */
        fputs("nt|", out);
        for (const char *c = g->comments[i]; *c; c++)
            fputc(*c == '|' ? '!' : *c == '\n' || *c == '\r' ? ' ' : *c, out);
        fputc('|', out);
    }
}

/* ---------------------------------------------------------------- vugraph header */

/* A tag's value as one of vg's comma-separated fields, or "" (unknown or not writable). */
static const char *vg_field(const struct pbn_game *g, const char *tag)
{
    const char *v = pbn_tag_get(g, tag);

    return !v || strcmp(v, "?") == 0 || strpbrk(v, ",|\r\n") ? "" : v;
}

/* vg's scoring letter: I (IMPs), P (matchpoints), B (board-a-match); "" when unknown. */
static const char *vg_scoring(const struct pbn_game *g)
{
    const char *s = pbn_tag_get(g, "Scoring");

    if (!s)
        return "";
    if (strncasecmp(s, "IMP", 3) == 0)
        return "I";
    if (strncasecmp(s, "MP", 2) == 0 || strncasecmp(s, "MatchPoints", 11) == 0)
        return "P";
    return strncasecmp(s, "BAM", 3) == 0 ? "B" : "";
}

void fmt_lin_event_write(FILE *out, const struct pbn_set *set, size_t i, const char **written)
{
    const char *event = vg_field(&set->games[i], "Event");
    size_t last = i;

    if (!*event || (*written && strcmp(*written, event) == 0))
        return;
    while (last + 1 < set->n && strcmp(vg_field(&set->games[last + 1], "Event"), event) == 0)
        last++;
    /* EVENT,SEGMENT,SCORING,FIRST,LAST,TEAM1,SCORE1,TEAM2,SCORE2: unknown fields stay empty */
    fprintf(out, "vg|%s,,%s,%d,%d,%s,,%s,|\n", event, vg_scoring(&set->games[i]),
            fmt_board_info(set, i).number, fmt_board_info(set, last).number,
            vg_field(&set->games[i], "HomeTeam"), vg_field(&set->games[i], "VisitTeam"));
    *written = event;
}
