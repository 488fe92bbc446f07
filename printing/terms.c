/* printing/terms.c - the words on paper, in the club's language: one table per language
 * (printing/terms/LANG.ini, embedded at build time as pr_terms_builtin, Makefile), read with
 * the same rules as a club's own file (--terms FILE), which extends or overrides the chosen
 * language. English is the list of keys: a table may set only its keys, and a key a table
 * leaves out reads English (tests/check_print_terms.c checks that every built-in table
 * has every key). The honours (rank.A .. rank.J) are no table's lines: each language's come
 * from the deal model's one table (deal_honours_of), which the machine's index sets read too;
 * a club's file may still set them. Values are templates: {1} .. {9} are filled with the
 * caller's values. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "printing/pr_int.h"

enum { MAX_TERMS = 256, MAX_VALUE = 160, MAX_LETTER = 8 };

struct pr_terms {
    size_t n;                    /* the keys of English, in its order */
    const char *key[MAX_TERMS];  /* the keys (English's strings, shared) */
    char *val[MAX_TERMS];        /* malloc'd */
    bool wide_ranks;             /* an honour of more than one character (sv "Kn") */
};

/* The honours' keys, ace to jack: their words are the deal model's table's (deal_honours_of). */
static const char *const honour_keys[4] = {"rank.A", "rank.K", "rank.Q", "rank.J"};

/* English, parsed once: the keys and the values every other table starts from. */
static struct pr_terms english;
static pthread_once_t english_once = PTHREAD_ONCE_INIT;
static bool english_ok;

/* A language as people write it: "de", "DE", "de-CH", "de_AT", "de_DE.UTF-8" are German. The
 * primary subtag (RFC 5646, up to the first '-', '_' or '.') chooses the table, any case. */
static const struct pr_terms_table *builtin(const char *lang)
{
    size_t n = strcspn(lang, "-_.");

    for (size_t i = 0; i < pr_terms_builtin_n; i++)
        if (strlen(pr_terms_builtin[i].lang) == n &&
            strncasecmp(pr_terms_builtin[i].lang, lang, n) == 0)
            return &pr_terms_builtin[i];
    return NULL;
}

static int key_index(const struct pr_terms *t, const char *key, size_t len)
{
    for (size_t i = 0; i < t->n; i++)
        if (strlen(t->key[i]) == len && strncmp(t->key[i], key, len) == 0)
            return (int)i;
    return -1;
}

/* One parsed line: the key's span and the value's, both in the line. */
struct term_line {
    const char *key, *val;
    size_t key_len, val_len;
    int key_col, val_col;
};

static bool key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '-';
}

/* Splits "key = value" (spaces around both trimmed). *col gets the column of a fault and
 * *why its reason when the line is not of that shape. */
static bool split_line(const char *line, size_t len, struct term_line *tl, int *col,
                       const char **why)
{
    size_t at = strspn(line, " \t"), k = at;

    while (k < len && key_char(line[k]))
        k++;
    tl->key = line + at;
    tl->key_len = k - at;
    tl->key_col = (int)at + 1;
    while (k < len && (line[k] == ' ' || line[k] == '\t'))
        k++;
    *col = (int)k + 1;
    if (tl->key_len == 0 || k >= len || line[k] != '=') {
        *why = tl->key_len == 0 ? "a line is KEY = VALUE: this one has no key"
                                : "a line is KEY = VALUE: \"=\" expected here";
        return false;
    }
    k++;
    k += strspn(line + k, " \t");
    size_t end = len;
    while (end > k && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        end--;
    tl->val = line + k;
    tl->val_len = end - k;
    tl->val_col = (int)k + 1;
    *col = (int)k + 1;
    *why = tl->val_len == 0 ? "the value is empty (write the word to print)" : NULL;
    return tl->val_len != 0;
}

/* A value may use only the {N} its English value uses: a template that asks for a value the
 * program does not give would print nothing in its place. Returns the offending offset or -1. */
static int bad_placeholder(const char *val, size_t len, const char *english_val)
{
    for (size_t i = 0; i + 2 < len; i++) {
        if (val[i] != '{' || val[i + 1] < '1' || val[i + 1] > '9' || val[i + 2] != '}')
            continue;
        char ph[4] = {'{', val[i + 1], '}', '\0'};
        if (!english_val || !strstr(english_val, ph))
            return (int)i;
    }
    return -1;
}

struct term_src {
    const char *name;  /* the file, or "built-in table LANG" */
    bool is_file;      /* messages name file:line:col */
    const struct pr_terms *base; /* a club's file: the table it lays over; else NULL */
};

/* The words that tell one seat, side, vulnerability or honour from another: within a group no
 * two may read alike, or the paper contradicts the set (North's cards under "S", None printed
 * as All). */
static const char *const distinct_groups[][5] = {
    {"seat.N", "seat.E", "seat.S", "seat.W", NULL},
    {"name.N", "name.E", "name.S", "name.W", NULL},
    {"side.NS", "side.EW", NULL},
    {"vul.None", "vul.NS", "vul.EW", "vul.All", NULL},
    {"rank.A", "rank.K", "rank.Q", "rank.J", NULL},
};

static bool same_word(const char *a, size_t alen, const char *b)
{
    return strlen(b) == alen && strncasecmp(a, b, alen) == 0;
}

/* The other key of key k's group whose word val[0..len) is: its value now (t), English's or
 * the language's (base, the table before a club's file), so that no swap passes; NULL when
 * none. */
static const char *word_taken(const struct pr_terms *t, const struct pr_terms *base, int k,
                              const char *val, size_t len)
{
    for (size_t g = 0; g < sizeof distinct_groups / sizeof distinct_groups[0]; g++) {
        const char *const *grp = distinct_groups[g];
        bool in = false;

        for (size_t i = 0; grp[i]; i++)
            in = in || strcmp(grp[i], english.key[k]) == 0;
        for (size_t i = 0; in && grp[i]; i++) {
            int j = key_index(&english, grp[i], strlen(grp[i]));

            if (j >= 0 && j != k && (same_word(val, len, t->val[j]) ||
                                     same_word(val, len, english.val[j]) ||
                                     (base && same_word(val, len, base->val[j]))))
                return grp[i];
        }
    }
    return NULL;
}

/* The offset of the first character no paper shows (a control, a bidirectional control:
 * pd_code_point_hidden), or -1. The value is valid UTF-8. */
static int hidden_char(const char *val, size_t len)
{
    for (size_t i = 0, n; i < len; i += n) {
        unsigned cp;

        n = pd_utf8_decode((const unsigned char *)val + i, len - i, &cp);
        if (n == 0 || pd_code_point_hidden(cp))
            return (int)i;
    }
    return -1;
}

/* The first {N} of English's value that val leaves out: a term that prints a value (the
 * board's number, a page, a score) must keep it. The offset in english_val, or -1. */
static int dropped_placeholder(const char *val, size_t len, const char *english_val)
{
    for (const char *p = english_val; *p; p++) {
        if (p[0] != '{' || p[1] < '1' || p[1] > '9' || p[2] != '}')
            continue;
        bool kept = false;
        for (size_t i = 0; i + 2 < len && !kept; i++)
            kept = val[i] == '{' && val[i + 1] == p[1] && val[i + 2] == '}';
        if (!kept)
            return (int)(p - english_val);
    }
    return -1;
}

static enum pd_status line_fail(struct pd_err *e, const struct term_src *src, int line, int col,
                                const char *text, size_t len, const char *why, const char *what)
{
    char src_line[160];

    snprintf(src_line, sizeof src_line, "%.*s", (int)(len < 159 ? len : 159), text);
    return pd_fail_at(e, PD_ERR_SYNTAX, src->name, line, col, src_line, "%s%s", why, what);
}

/* The rules a value keeps so that the paper cannot contradict the set: no character paper
 * does not show, every {N} English's value has, and a word no other seat, side, vulnerability
 * or honour has. The reason into why (n bytes) and the value's offset at fault, or -1. */
static int value_fault(const struct pr_terms *t, const struct term_src *src, int k,
                       const struct term_line *tl, char *why, size_t n)
{
    int at = hidden_char(tl->val, tl->val_len);
    const char *other;

    if (at >= 0) {
        snprintf(why, n, "the value holds a control character, which paper does not show");
        return at;
    }
    at = english_ok ? dropped_placeholder(tl->val, tl->val_len, english.val[k]) : -1;
    if (at >= 0) {
        snprintf(why, n, "the value leaves out %.3s, which prints the set's data (the English "
                 "table shows which {N} this term takes)", english.val[k] + at);
        return 0;
    }
    other = english_ok ? word_taken(t, src->base, k, tl->val, tl->val_len) : NULL;
    if (other) {
        snprintf(why, n, "%s would read as %s: seats, sides, vulnerabilities and honours must "
                 "read apart, or the paper contradicts the set", english.key[k], other);
        return 0;
    }
    return -1;
}

/* The key's known names for a did-you-mean. */
static void unknown_key_hint(const struct term_line *tl, char *hint, size_t n)
{
    char word[64];

    snprintf(word, sizeof word, "%.*s", (int)(tl->key_len < 63 ? tl->key_len : 63), tl->key);
    pd_did_you_mean(word, english.key, english.n, hint, n);
}

/* Sets the value of one line in t; seen marks the keys set by this table (a key twice is a
 * fault). */
static enum pd_status apply_line(struct pr_terms *t, const struct term_src *src, int line,
                                 const char *text, size_t len, bool *seen, struct pd_err *e)
{
    struct term_line tl;
    const char *why;
    int col, k;
    char hint[96] = "";

    if (!split_line(text, len, &tl, &col, &why))
        return line_fail(e, src, line, col, text, len, why, "");
    k = key_index(&english, tl.key, tl.key_len);
    if (k < 0) {
        unknown_key_hint(&tl, hint, sizeof hint);
        return line_fail(e, src, line, tl.key_col, text, len, "no such term", hint);
    }
    if (seen[k])
        return line_fail(e, src, line, tl.key_col, text, len, "this term is set twice", "");
    if (tl.val_len > MAX_VALUE)
        return line_fail(e, src, line, tl.val_col, text, len, "the value is too long (at most "
                         "160 bytes)", "");
    if (tl.val_len > MAX_LETTER && (!strncmp(tl.key, "rank.", 5) || !strncmp(tl.key, "seat.", 5)))
        return line_fail(e, src, line, tl.val_col, text, len, "a seat or an honour is written "
                         "in at most 8 bytes (a letter or two)", "");
    if (!pd_utf8_valid(tl.val, tl.val_len))
        return line_fail(e, src, line, tl.val_col, text, len, "the value is not UTF-8", "");
    int ph = bad_placeholder(tl.val, tl.val_len, english_ok ? english.val[k] : tl.val);
    if (ph >= 0)
        return line_fail(e, src, line, tl.val_col + ph, text, len, "this term has no such "
                         "value to fill in (the English table shows which {N} it takes)", "");
    char why_not[240];
    int at = value_fault(t, src, k, &tl, why_not, sizeof why_not);
    if (at >= 0)
        return line_fail(e, src, line, tl.val_col + at, text, len, why_not, "");
    char *v = strndup(tl.val, tl.val_len);
    if (!v)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    free(t->val[k]);
    t->val[k] = v;
    seen[k] = true;
    return PD_OK;
}

/* One line of a table's text: where it starts, its length without the line end (and a CR
 * before it), and whether it says nothing (blank, or a "# ..." or "; ..." comment). */
struct text_line {
    const char *at;
    size_t len;
    bool nothing;
};

/* The line at *p into l, and *p moved past it; false at the end of the text. The one reading of
 * a table's lines, for the built-in English keys and for every table applied. */
static bool next_line(const char **p, struct text_line *l)
{
    size_t len = strcspn(*p, "\n");
    const char *first = *p + strspn(*p, " \t");

    if (!**p)
        return false;
    l->at = *p;
    l->len = len > 0 && (*p)[len - 1] == '\r' ? len - 1 : len;
    l->nothing = first >= *p + l->len || *first == '#' || *first == ';';
    *p += len + ((*p)[len] == '\n');
    return true;
}

/* Reads a table's text into t, line by line. seen (MAX_TERMS) marks the keys the table sets. */
static enum pd_status apply_text(struct pr_terms *t, const struct term_src *src, const char *text,
                                 bool *seen, struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    struct text_line l;
    int line = 0;

    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
        text += 3; /* a byte-order mark, as Windows editors write UTF-8 */
    for (const char *p = text; rc == PD_OK && next_line(&p, &l);) {
        line++;
        if (!l.nothing)
            rc = apply_line(t, src, line, l.at, l.len, seen, e);
    }
    return rc;
}

/* English's keys come from its own table: each line's key, in order. */
static void parse_english(void)
{
    const struct pr_terms_table *en = builtin("en");
    const char *p = en ? en->text : "";
    struct text_line l;

    while (english.n < MAX_TERMS && next_line(&p, &l)) {
        struct term_line tl;
        const char *why;
        int col;

        if (!l.nothing && split_line(l.at, l.len, &tl, &col, &why)) {
            english.key[english.n] = strndup(tl.key, tl.key_len);
            english.val[english.n] = strndup(tl.val, tl.val_len);
            if (!english.key[english.n] || !english.val[english.n])
                return;
            english.n++;
        }
    }
    for (int i = 0; i < 4 && english.n < MAX_TERMS; i++, english.n++) {
        english.key[english.n] = honour_keys[i];
        english.val[english.n] = strdup(deal_honours_of("en")->letter[i]);
        if (!english.val[english.n])
            return;
    }
    english_ok = english.n > 4;
}

static const struct pr_terms *english_terms(void)
{
    pthread_once(&english_once, parse_english);
    return english_ok ? &english : NULL;
}

void pr_terms_free(struct pr_terms *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->val[i]);
    free(t);
}

static bool ranks_wide(const struct pr_terms *t)
{
    for (size_t i = 0; i < 4; i++) {
        const char *v = pr_term(t, honour_keys[i]);
        unsigned cp;

        if (pd_utf8_decode((const unsigned char *)v, strlen(v), &cp) != strlen(v))
            return true;
    }
    return false;
}

/* A copy of from (English when NULL: the table every other is laid over), in *out. */
static enum pd_status terms_copy(const struct pr_terms *from, struct pr_terms **out,
                                 struct pd_err *e)
{
    const struct pr_terms *en = from ? from : english_terms();
    struct pr_terms *t = en ? calloc(1, sizeof *t) : NULL;

    *out = NULL;
    if (!en)
        return pd_fail(e, PD_ERR_INTERNAL, "the built-in English terms are missing");
    if (!t)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    t->n = en->n;
    for (size_t i = 0; i < en->n; i++) {
        t->key[i] = en->key[i];
        t->val[i] = strdup(en->val[i]);
        if (!t->val[i]) {
            pr_terms_free(t);
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        }
    }
    *out = t;
    return PD_OK;
}

/* The honours of lang's row of the deal model's table in t (seen, when not NULL, marks them
 * set): a built-in language's, or English's A K Q J (--intl-honours), whatever a club's file
 * says. */
static enum pd_status set_honours(struct pr_terms *t, const char *lang, bool *seen,
                                  struct pd_err *e)
{
    const struct deal_honours *h = deal_honours_of(lang);

    if (!h) /* tests/check_print_terms.c: every printed language has its row */
        return pd_fail(e, PD_ERR_INTERNAL, "no honours for the language %s (dealer/deal/card.c)",
                       lang);
    for (size_t i = 0; i < 4; i++) {
        int k = key_index(t, honour_keys[i], strlen(honour_keys[i]));
        char *v = k >= 0 ? strdup(h->letter[i]) : NULL;

        if (!v)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        free(t->val[k]);
        t->val[k] = v;
        if (seen)
            seen[k] = true;
    }
    return PD_OK;
}

static enum pd_status apply_file(struct pr_terms *t, const char *path, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = pd_read_input(path, "a terms file", &text, &len, e);
    struct pr_terms *base = NULL; /* the language's words, against which no swap passes */
    bool seen[MAX_TERMS] = {false};

    if (rc == PD_OK && strlen(text) != len)
        rc = pd_fail(e, PD_ERR_SYNTAX, "%s: a terms file is text: it holds a NUL byte", path);
    if (rc == PD_OK)
        rc = terms_copy(t, &base, e);
    struct term_src src = {path, true, base};
    if (rc == PD_OK)
        rc = apply_text(t, &src, text, seen, e);
    pr_terms_free(base);
    free(text);
    return rc;
}

/* English with the built-in table of lang laid over it, in *out (NULL on failure); seen
 * (MAX_TERMS) marks the keys the table sets. */
static enum pd_status builtin_terms(const char *lang, struct pr_terms **out, bool *seen,
                                    struct pd_err *e)
{
    /* the table of a language the options' parse took (pr_lang_parse); a caller that gave
     * one unparsed gets the one message */
    enum pd_status rc = builtin(lang) ? PD_OK : pr_lang_parse(lang, NULL, e);
    char name[48];

    *out = NULL;
    if (rc == PD_OK)
        rc = terms_copy(NULL, out, e);
    if (rc == PD_OK) /* a table that sets them too fails: "this term is set twice" */
        rc = set_honours(*out, builtin(lang)->lang, seen, e);
    snprintf(name, sizeof name, "built-in table %s", rc == PD_OK ? builtin(lang)->lang : lang);
    struct term_src src = {name, false, NULL};
    if (rc == PD_OK)
        rc = apply_text(*out, &src, builtin(lang)->text, seen, e);
    if (rc != PD_OK) {
        pr_terms_free(*out);
        *out = NULL;
    }
    return rc;
}

enum pd_status pr_terms_load(const struct pr_options *o, struct pr_terms **out, struct pd_err *e)
{
    bool seen[MAX_TERMS] = {false};
    struct pr_terms *t = NULL;
    enum pd_status rc = builtin_terms(o->lang && *o->lang ? o->lang : "en", &t, seen, e);

    *out = NULL;
    if (rc == PD_OK && o->terms_file)
        rc = apply_file(t, o->terms_file, e);
    if (rc == PD_OK && o->intl_honours)
        rc = set_honours(t, "en", NULL, e);
    if (rc != PD_OK) {
        pr_terms_free(t);
        return rc;
    }
    t->wide_ranks = ranks_wide(t);
    *out = t;
    return PD_OK;
}

enum pd_status pr_terms_clean(struct pr_terms *t, pr_clean_fn *clean,
                              bool (*has_glyph)(void *ctx, unsigned cp), void *ctx,
                              struct pd_err *e)
{
    for (size_t i = 0; i < t->n; i++) {
        char *c = clean(t->val[i], has_glyph, ctx);

        if (!c)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        free(t->val[i]);
        t->val[i] = c;
    }
    return PD_OK;
}

const char *pr_term(const struct pr_terms *t, const char *key)
{
    const struct pr_terms *from = t ? t : english_terms();
    int k = from ? key_index(from, key, strlen(key)) : -1;

    if (k < 0) { /* a program error (tests/cli/print_terms_keys.sh): never a key on paper */
        fprintf(stderr, "predup: internal error: no words for the key \"%s\" "
                        "(printing/terms/en.ini)\n", key);
        abort();
    }
    return from->val[k];
}

bool pr_terms_wide_ranks(const struct pr_terms *t)
{
    return t && t->wide_ranks;
}

char *pr_term_fill(const struct pr_terms *t, const char *key, char *out, size_t n,
                   const char *const args[])
{
    const char *v = pr_term(t, key);
    size_t o = 0, nargs = 0;

    while (args[nargs])
        nargs++;
    if (n == 0)
        return out;
    for (; *v && o + 1 < n; v++) {
        size_t a = (size_t)(v[1] - '1');

        if (v[0] == '{' && v[1] >= '1' && v[1] <= '9' && v[2] == '}' && a < nargs) {
            o += (size_t)snprintf(out + o, n - o, "%s", args[a]);
            v += 2;
        } else {
            out[o++] = *v;
        }
    }
    out[o < n ? o : n - 1] = '\0';
    return out;
}

/* A rank no table names: the pips, and the ten as "10" or "T". */
static const char *pr_rank_text(int rank, bool ten10, char buf[3])
{
    if (rank == 10 && ten10)
        return strcpy(buf, "10");
    buf[0] = RANK_CHAR[rank];
    buf[1] = '\0';
    return buf;
}

const char *pr_term_seat(const struct pr_terms *t, enum seat s)
{
    static const char *const keys[4] = {"seat.N", "seat.E", "seat.S", "seat.W"};

    return pr_term(t, keys[s & 3]);
}

const char *pr_term_seat_name(const struct pr_terms *t, enum seat s)
{
    static const char *const keys[4] = {"name.N", "name.E", "name.S", "name.W"};

    return pr_term(t, keys[s & 3]);
}

const char *pr_term_vul(const struct pr_terms *t, enum vul v)
{
    static const char *const keys[4] = {"vul.None", "vul.NS", "vul.EW", "vul.All"};

    return pr_term(t, keys[v & 3]);
}

const char *pr_term_side(const struct pr_terms *t, int side)
{
    return pr_term(t, side ? "side.EW" : "side.NS");
}

const char *pr_term_rank(const struct pr_terms *t, int rank, bool ten10, char buf[3])
{
    if (rank >= 11 && rank <= RANK_A)
        return pr_term(t, honour_keys[RANK_A - rank]); /* A = 14 .. J = 11 */
    return pr_rank_text(rank, ten10, buf);
}

/* ---------------------------------------------------------------- the languages */

size_t pr_lang_count(void)
{
    return pr_terms_builtin_n;
}

const char *pr_lang_name(size_t i)
{
    return i < pr_terms_builtin_n ? pr_terms_builtin[i].lang : NULL;
}

void pr_lang_list(char *out, size_t n)
{
    const char *names[32] = {NULL};
    size_t k = 0;

    for (; k < pr_terms_builtin_n && k < 32; k++)
        names[k] = pr_terms_builtin[k].lang;
    pd_join_words(names, k, ", ", " or ", out, n);
}

enum pd_status pr_lang_parse(const char *text, const char **name, struct pd_err *e)
{
    const struct pr_terms_table *t = text ? builtin(text) : NULL;
    char list[128];

    if (t) {
        if (name)
            *name = t->lang;
        return PD_OK;
    }
    pr_lang_list(list, sizeof list);
    return pd_fail(e, PD_ERR_USAGE, "unknown language \"%.40s\": predup prints %s",
                   text ? text : "", list);
}

enum pd_status pr_terms_check_table(const char *lang, char *missing, size_t n, struct pd_err *e)
{
    bool seen[MAX_TERMS] = {false};
    struct pr_terms *t = NULL;
    enum pd_status rc = builtin_terms(lang, &t, seen, e);
    size_t o = 0;

    missing[0] = '\0';
    for (size_t i = 0; rc == PD_OK && i < t->n && o < n; i++)
        if (!seen[i])
            o += (size_t)snprintf(missing + o, n - o, "%s%s", o ? " " : "", t->key[i]);
    pr_terms_free(t);
    return rc;
}
