/* printing/web.c - hand records for a club's website (`predup print web SET -o DIR`): a folder
 * that stands alone, as a club posts it the evening of the session: index.html (the boards,
 * linked), one page per board (diagram, double-dummy tricks, par, the auction and commentary
 * when the set holds them, a link that opens the board in BBO's hand viewer with the board as
 * LIN in the address), style.css, and the set as PBN to download. No script and no font from
 * elsewhere; the words in the language of the paper (the terms tables); pages that read on a
 * phone and print. Every file is written through pd_outfile: all or nothing each. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "printing/teach_int.h"

/* The style sheet: one column on a phone, the diagram and tables side by side on a desktop. */
static const char web_css[] =
    "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60em;padding:1em;"
    "color:#111;line-height:1.35}\n"
    "h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.2em;margin:.6em 0 .3em}\n"
    "nav a{margin-right:1em}.where{color:#555}\n"
    ".board{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}\n"
    ".deal{display:grid;grid-template-columns:repeat(3,auto);gap:.3em 1em;"
    "font-size:1.1em}\n"
    ".n{grid-column:2}.w{grid-column:1}.mid{grid-column:2;border:1px solid #999;"
    "padding:.3em;text-align:center;font-size:.85em}.e{grid-column:3}.s{grid-column:2}\n"
    ".hand div{white-space:nowrap}.red{color:#c00}\n"
    "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.15em .5em;"
    "text-align:center}\n"
    ".comment{max-width:40em}.list td{text-align:left}\n"
    "@media print{nav,.bbo{display:none}body{max-width:none}}\n";

static void html_text(FILE *f, const char *s)
{
    for (; s && *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
}

/* Commentary: HTML-escaped, PBN's \S \H \D \C as suit symbols, paragraphs as <p>. */
static void html_comment(FILE *f, const char *s)
{
    fputs("<div class=\"comment\"><p>", f);
    for (; *s; s++) {
        const char *suit = s[0] == '\\' && s[1] ? strchr("SHDC", s[1]) : NULL;

        if (suit && *suit) {
            int su = (int)(suit - "SHDC");

            fprintf(f, "<span%s>%s</span>", su == 1 || su == 2 ? " class=\"red\"" : "",
                    PR_SUIT_SYMBOL[su]);
            s++;
        } else if (*s == '\n') {
            fputs("</p><p>", f);
        } else {
            char one[2] = {*s, 0};

            html_text(f, one);
        }
    }
    fputs("</p></div>\n", f);
}

static void page_head(FILE *f, const struct pr_options *o, const char *title)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
               "<title>",
            o->lang && *o->lang ? o->lang : "en");
    html_text(f, title);
    fputs("</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n", f);
}

static void hand_html(FILE *f, const struct pdoc *d, const struct deal *deal, enum seat s,
                      const char *cls)
{
    fprintf(f, "<div class=\"hand %s\">", cls);
    for (int su = 0; su < 4; su++) {
        fprintf(f, "<div><span%s>%s</span> ", su == 1 || su == 2 ? " class=\"red\"" : "",
                PR_SUIT_SYMBOL[su]);
        bool any = false;

        for (int r = RANK_A; r >= RANK_2; r--)
            if (deal_has_card(deal, s, (enum suit)su, r)) {
                char buf[3];

                fputs(pr_term_rank(d->terms, r, d->ten10, buf), f);
                any = true;
            }
        fputs(any ? "</div>" : "—</div>", f);
    }
    fputs("</div>\n", f);
}

static void diagram_html(FILE *f, const struct pdoc *d, const struct pr_board *b)
{
    char dealer[64], vul[64];

    PR_TERMF(d->terms, "dealer", dealer, sizeof dealer, pr_term_seat_name(d->terms, b->dealer));
    PR_TERMF(d->terms, "vul", vul, sizeof vul, pr_term_vul(d->terms, b->vul));
    fputs("<div class=\"deal\">\n", f);
    hand_html(f, d, &b->deal, SEAT_N, "n");
    hand_html(f, d, &b->deal, SEAT_W, "w");
    fputs("<div class=\"mid\">", f);
    html_text(f, dealer);
    fputs("<br>", f);
    html_text(f, vul);
    fputs("</div>\n", f);
    hand_html(f, d, &b->deal, SEAT_E, "e");
    hand_html(f, d, &b->deal, SEAT_S, "s");
    fputs("</div>\n", f);
}

/* The 20 tricks: a row per strain (NT, then the suits), a column per declarer. */
static void dd_html(FILE *f, const struct pdoc *d, const struct pbn_game *g)
{
    static const enum seat cols[4] = {SEAT_N, SEAT_S, SEAT_E, SEAT_W};
    static const enum strain rows[5] = {STRAIN_NT, STRAIN_S, STRAIN_H, STRAIN_D, STRAIN_C};
    char par[160];

    if (!g->has_dd)
        return;
    fputs("<div><table><tr><th></th>", f);
    for (int c = 0; c < 4; c++)
        fprintf(f, "<th>%s</th>", pr_term_seat(d->terms, cols[c]));
    fputs("</tr>\n", f);
    for (int r = 0; r < 5; r++) {
        int su = rows[r] == STRAIN_NT ? -1 : (int)rows[r];

        fprintf(f, "<tr><th%s>%s</th>", su == 1 || su == 2 ? " class=\"red\"" : "",
                su < 0 ? pr_term(d->terms, "nt") : PR_SUIT_SYMBOL[su]);
        for (int c = 0; c < 4; c++)
            fprintf(f, "<td>%d</td>", g->dd.tricks[cols[c]][rows[r]]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
    if (g->has_par) {
        pr_par_text_in(d->terms, &g->par, par, sizeof par);
        fputs("<p>", f);
        html_text(f, par);
        fputs("</p>", f);
    }
    fputs("</div>\n", f);
}

/* The auction as four columns W N E S, and the contract line, when the game holds them. */
static void play_html(FILE *f, const struct pdoc *d, const struct pbn_game *g)
{
    static const enum seat order[4] = {SEAT_W, SEAT_N, SEAT_E, SEAT_S};
    struct pr_play p;
    char line[256];

    pr_play_from_game(d->terms, g, d->ten10, &p);
    pr_play_line(d->terms, &p, line, sizeof line);
    if (p.first >= 0 && p.n > 0) {
        int skip = 0;

        while (order[skip] != (enum seat)p.first)
            skip++;
        fputs("<table class=\"auction\"><tr>", f);
        for (int c = 0; c < 4; c++)
            fprintf(f, "<th>%s</th>", pr_term_seat(d->terms, order[c]));
        fputs("</tr><tr>", f);
        for (int i = 0; i < skip + p.n; i++) {
            if (i > 0 && i % 4 == 0)
                fputs("</tr><tr>", f);
            fputs("<td>", f);
            html_text(f, i < skip ? "" : p.call[i - skip]);
            fputs("</td>", f);
        }
        fputs("</tr></table>\n", f);
    }
    if (*line) {
        fputs("<p>", f);
        html_text(f, line);
        fputs("</p>\n", f);
    }
}

/* One board's LIN for the hand viewer's address: every byte but LIN's unreserved ones as %XX. */
static void url_lin(FILE *f, const char *lin, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)lin[i];

        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
            strchr("-._~", c))
            fputc(c, f);
        else
            fprintf(f, "%%%02X", c);
    }
}

/* The set as LIN, each board's own line (from "qx|" to its end) found by position. */
struct web_lin {
    char *text;
    size_t len;
};

static enum pd_status lin_of_set(const struct pbn_set *set, struct web_lin *l, struct pd_err *e)
{
    FILE *mem = open_memstream(&l->text, &l->len);
    enum pd_status rc = mem ? pbn_write_format(mem, "lin", set, e)
                            : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (mem)
        fclose(mem);
    return rc;
}

static bool lin_board(const struct web_lin *l, size_t i, const char **at, size_t *n)
{
    size_t k = 0;

    for (const char *p = l->text; p && p < l->text + l->len;) {
        const char *end = memchr(p, '\n', (size_t)(l->text + l->len - p));
        size_t len = end ? (size_t)(end - p) : (size_t)(l->text + l->len - p);

        if (len > 3 && strncmp(p, "qx|", 3) == 0 && k++ == i) {
            *at = p;
            *n = len;
            return true;
        }
        p += len + 1;
    }
    return false;
}

struct web {
    const struct pbn_set *set;
    const struct pr_options *o;
    struct pdoc *d; /* the terms and the ten; no PDF is drawn */
    const char *dir, *pbn_name;
    unsigned flags; /* PD_OUT_FORCE */
    struct web_lin lin;
    struct pr_title title;
};

static void board_file(size_t i, char *out, size_t n)
{
    snprintf(out, n, "board-%zu.html", i + 1);
}

static void nav_html(FILE *f, const struct web *w, size_t i)
{
    char prev[32], next[32];

    fputs("<nav><a href=\"index.html\">", f);
    html_text(f, pr_term(w->d->terms, "web.boards"));
    fputs("</a>", f);
    if (i > 0) {
        board_file(i - 1, prev, sizeof prev);
        fprintf(f, "<a href=\"%s\">← %s</a>", prev, pr_term(w->d->terms, "web.prev"));
    }
    if (i + 1 < w->set->n) {
        board_file(i + 1, next, sizeof next);
        fprintf(f, "<a href=\"%s\">%s →</a>", next, pr_term(w->d->terms, "web.next"));
    }
    fputs("</nav>\n", f);
}

static void board_html(FILE *f, const struct web *w, size_t i, const struct pr_board *b)
{
    const struct pbn_game *g = &w->set->games[i];
    char head[64];
    const char *lin;
    size_t nlin;
    char *comment = w->o->comments ? pbn_game_commentary(g) : NULL;

    pr_board_title(w->d, b->number, head, sizeof head);
    page_head(f, w->o, head);
    nav_html(f, w, i);
    fputs("<h1>", f);
    html_text(f, head);
    fputs("</h1>\n<p class=\"where\">", f);
    html_text(f, w->title.event);
    fputs("</p>\n<div class=\"board\">\n", f);
    diagram_html(f, w->d, b);
    dd_html(f, w->d, g);
    fputs("</div>\n", f);
    play_html(f, w->d, g);
    if (comment)
        html_comment(f, comment);
    free(comment);
    if (lin_board(&w->lin, i, &lin, &nlin)) {
        fputs("<p class=\"bbo\"><a href=\"https://www.bridgebase.com/tools/handviewer.html?lin=", f);
        url_lin(f, lin, nlin);
        fputs("\">", f);
        html_text(f, pr_term(w->d->terms, "web.bbo"));
        fputs("</a></p>\n", f);
    }
    fputs("</body>\n</html>\n", f);
}

static void index_html(FILE *f, const struct web *w)
{
    char file[32], head[64];

    page_head(f, w->o, w->title.event);
    fputs("<h1>", f);
    html_text(f, w->title.event);
    fputs("</h1>\n<p class=\"where\">", f);
    html_text(f, w->title.where);
    fputs("</p>\n<ul>\n", f);
    for (size_t i = 0; i < w->set->n; i++) {
        board_file(i, file, sizeof file);
        pr_board_title(w->d, w->set->games[i].board, head, sizeof head);
        fprintf(f, "<li><a href=\"%s\">", file);
        html_text(f, head);
        fputs("</a></li>\n", f);
    }
    fputs("</ul>\n<p><a href=\"", f);
    html_text(f, w->pbn_name);
    fputs("\" download>", f);
    html_text(f, pr_term(w->d->terms, "web.download"));
    fputs("</a></p>\n</body>\n</html>\n", f);
}

typedef void web_page_fn(FILE *f, const struct web *w, size_t i, const struct pr_board *b);

/* DIR/name, written whole or not at all (pd_outfile), readable by the web server. */
static enum pd_status write_page(const struct web *w, const char *name, web_page_fn *page,
                                 size_t i, const struct pr_board *b, const char *text,
                                 struct pd_err *e)
{
    char path[4096];
    struct pd_outfile out;
    enum pd_status rc;

    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    rc = pd_outfile_open_ex(&out, path, PD_OUT_PUBLIC | w->flags, e);
    if (rc != PD_OK)
        return rc;
    if (page)
        page(out.f, w, i, b);
    else
        fputs(text, out.f);
    return pd_outfile_commit(&out, e);
}

static void index_page(FILE *f, const struct web *w, size_t i, const struct pr_board *b)
{
    (void)i;
    (void)b;
    index_html(f, w);
}

static enum pd_status write_boards(const struct web *w, struct pd_err *e)
{
    enum pd_status rc = PD_OK;

    for (size_t i = 0; rc == PD_OK && i < w->set->n; i++) {
        struct pr_board b;
        char name[32];

        rc = pr_board_from_game(&w->set->games[i], i, &b, e);
        board_file(i, name, sizeof name);
        if (rc == PD_OK)
            rc = write_page(w, name, board_html, i, &b, NULL, e);
    }
    return rc;
}

enum pd_status pr_write_web(const struct pbn_set *set, const struct pr_options *o,
                            const char *dir, const char *pbn_name, unsigned flags,
                            struct pd_err *e)
{
    struct pdoc d = {.ten10 = o->ten_as_10};
    struct pr_terms *terms = NULL;
    struct web w = {set, o, &d, dir, pbn_name, flags & PD_OUT_FORCE, {NULL, 0}, {{0}}};
    char pbn_path[4096];
    enum pd_status rc = set->n ? pr_terms_load(o, &terms, e)
                               : pd_fail(e, PD_ERR_RANGE, "the set has no boards");

    d.terms = terms;
    if (rc == PD_OK && mkdir(dir, 0777) != 0 && errno != EEXIST)
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot make the folder: %s", dir, strerror(errno));
    if (rc == PD_OK)
        rc = lin_of_set(set, &w.lin, e);
    if (rc == PD_OK) {
        pr_title_from_set(set, o->title, &d, &w.title);
        rc = write_boards(&w, e);
    }
    if (rc == PD_OK)
        rc = write_page(&w, "style.css", NULL, 0, NULL, web_css, e);
    snprintf(pbn_path, sizeof pbn_path, "%s/%s", dir, pbn_name);
    if (rc == PD_OK)
        rc = pbn_write_file_ex(pbn_path, PD_OUT_PUBLIC | w.flags, set, e);
    if (rc == PD_OK) /* last: a folder with an index is a whole one */
        rc = write_page(&w, "index.html", index_page, 0, NULL, NULL, e);
    free(w.lin.text);
    pr_terms_free(terms);
    return rc;
}
