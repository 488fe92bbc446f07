/* dealer/event/event_record.c - the event record (dealer/EVENTS.md): the canonical, line-oriented
 * public text that commits an event's parameters and the key's commitment (SHA-256, never the
 * key), then receives the delayed public value and, after play, the key itself. Written only here
 * (ev_record_text, for `predup event`: config/commands/cmd_event.c) and read only here (ev_record_load,
 * for every step of `predup event` and for `predup verify`: pbn/sets/verify.c), so that all agree
 * byte for byte and apply every rule. A record is accepted only in its canonical form (parsed,
 * written again, the two identical), every line by its rule (ev_params_check: the same rules the
 * event file's loader applies), its digest that of its parameters and a revealed key that of its
 * commitment. */
#include <stdlib.h>
#include <string.h>

#include "dealer/event/event.h"

/* A growing text buffer; on allocation failure it stays NULL and the caller reports. */
struct text {
    char *p;
    size_t len, cap;
    bool failed;
};

static void text_addf(struct text *t, const char *key, const char *value)
{
    size_t need = strlen(key) + 1 + strlen(value) + 2;

    if (t->failed)
        return;
    if (t->len + need > t->cap) {
        size_t cap = (t->len + need) * 2;
        char *p = realloc(t->p, cap);

        if (!p) {
            t->failed = true;
            return;
        }
        t->p = p;
        t->cap = cap;
    }
    t->len += (size_t)snprintf(t->p + t->len, t->cap - t->len, "%s %s\n", key, value);
}

static const char *or_unknown(const char *s)
{
    return *s ? s : "?";
}

/* A text of the event (name, site, description): the record is ASCII only, every other
 * character written \u{XXXX}, so that no two texts look alike in it. */
static void text_add_text(struct text *t, const char *key, const char *value)
{
    char escaped[EV_ESCAPED_MAX];

    ev_text_escape(value, escaped, sizeof escaped);
    text_addf(t, key, escaped);
}

static const char *d_version(int version, char *buf)
{
    snprintf(buf, 12, "%d", version);
    return buf;
}

static void params_lines(struct text *t, const struct ev_params *p, const char *commitment)
{
    text_addf(t, "predup-event-record", "1");
    text_addf(t, "generator", p->generator);
    text_addf(t, "derivation", "predup/v2/event");
    text_add_text(t, "event", or_unknown(p->name));
    text_addf(t, "date", or_unknown(p->date));
    text_add_text(t, "site", or_unknown(p->site));
    text_add_text(t, "delayed-value", or_unknown(p->delayed));
    text_addf(t, "public-form", or_unknown(p->public_form));
    if (p->language[0]) /* records without it keep their bytes (and print in English) */
        text_addf(t, "language", p->language);
    for (int i = 0; i < p->nsets; i++) {
        const struct ev_set *s = &p->sets[i];
        char dv[12];
        char d[2] = {s->dealer >= 0 ? SEAT_LETTER[s->dealer] : 0, 0};

        text_addf(t, "set", s->name);
        text_addf(t, "boards", s->boards);
        text_addf(t, "script-sha256", s->script_sha[0] ? s->script_sha : "none");
        if (s->script_sha[0] && s->dealing > DEALING_V1) /* records before versions: 1 */
            text_addf(t, "dealing", d_version(s->dealing, dv));
        text_addf(t, "dealer", s->dealer >= 0 ? d : "law2");
        text_addf(t, "vul", s->vul >= 0 ? VUL_PBN[s->vul] : "law2");
    }
    text_addf(t, "commitment", commitment);
}

static enum pd_status text_done(struct text *t, char **out, size_t *len, struct pd_err *e)
{
    if (t->failed || !t->p) {
        free(t->p);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    *out = t->p;
    if (len)
        *len = t->len;
    return PD_OK;
}

enum pd_status ev_params_text(const struct ev_params *p, const char *commitment, char **out,
                              size_t *len, struct pd_err *e)
{
    struct text t = {0};

    params_lines(&t, p, commitment);
    return text_done(&t, out, len, e);
}

void ev_record_set_digest(struct ev_record *r)
{
    char *text = NULL;
    size_t len = 0;

    r->digest[0] = '\0';
    if (ev_params_text(&r->p, r->commitment, &text, &len, NULL) == PD_OK)
        pd_sha256_hex(text, len, r->digest);
    free(text);
}

enum pd_status ev_record_text(const struct ev_record *r, char **out, size_t *len,
                              struct pd_err *e)
{
    struct text t = {0};

    params_lines(&t, &r->p, r->commitment);
    text_addf(&t, "digest", r->digest);
    if (r->has_public)
        text_addf(&t, "public", r->public_value);
    if (r->revealed)
        text_addf(&t, "key", r->key_hex);
    return text_done(&t, out, len, e);
}

/* ---------------------------------------------------------------- reading */

struct rd {
    const char *name;
    char *line;     /* the current line, NUL-terminated, without its "\n" */
    char *rest;     /* the text after it */
    int lineno;
    struct pd_err *e;
};

static enum pd_status rd_fail(struct rd *r, int col, const char *msg)
{
    return pd_fail_at(r->e, PD_ERR_SYNTAX, r->name, r->lineno, col, r->line, "%s", msg);
}

/* Takes the next line, which must be "key value"; *value points into the record text. */
static enum pd_status rd_field(struct rd *r, const char *key, char **value)
{
    char *nl;
    size_t kl = strlen(key);

    if (!r->rest || !*r->rest) {
        r->line = "";
        return pd_fail_at(r->e, PD_ERR_SYNTAX, r->name, r->lineno + 1, 1, NULL,
                          "the record ends where \"%s\" was expected", key);
    }
    r->line = r->rest;
    r->lineno++;
    nl = strchr(r->rest, '\n');
    if (!nl)
        return rd_fail(r, (int)strlen(r->line) + 1, "the last line has no newline");
    *nl = '\0';
    r->rest = nl + 1;
    if (strncmp(r->line, key, kl) != 0 || r->line[kl] != ' ')
        return pd_fail_at(r->e, PD_ERR_SYNTAX, r->name, r->lineno, 1, r->line,
                          "expected \"%s VALUE\" here", key);
    *value = r->line + kl + 1;
    return PD_OK;
}

static bool peek(const struct rd *r, const char *key)
{
    size_t kl = strlen(key);

    return r->rest && strncmp(r->rest, key, kl) == 0 && r->rest[kl] == ' ';
}

static enum pd_status rd_copy(struct rd *r, const char *key, char *dst, size_t n)
{
    char *v = NULL;
    enum pd_status rc = rd_field(r, key, &v);

    if (rc != PD_OK)
        return rc;
    if (strlen(v) >= n)
        return rd_fail(r, (int)strlen(key) + 2, "value too long");
    snprintf(dst, n, "%s", strcmp(v, "?") == 0 ? "" : v);
    return PD_OK;
}

/* A script set's dealing version (dealer/README.md): a record without the line is version 1. */
static enum pd_status rd_dealing(struct rd *r, struct ev_set *s)
{
    char v[12], known[12];
    enum pd_status rc = rd_copy(r, "dealing", v, sizeof v);

    if (rc != PD_OK)
        return rc;
    for (int k = DEALING_V2; k <= DEALING_LATEST; k++) /* exactly as written: "02" is not 2 */
        if (strcmp(v, d_version(k, known)) == 0)
            s->dealing = k;
    if (s->dealing == DEALING_V1)
        return pd_fail(r->e, PD_ERR_RANGE, "%s: set \"%s\": dealt by dealing version %s, this "
                       "predup knows versions %d to %d: verify it with a later predup", r->name,
                       s->name, v, DEALING_V1, DEALING_LATEST);
    return PD_OK;
}

static enum pd_status rd_set(struct rd *r, struct ev_set *s)
{
    char dealer[8], vul[8];
    enum pd_status rc = rd_copy(r, "set", s->name, sizeof s->name);

    if (rc == PD_OK)
        rc = rd_copy(r, "boards", s->boards, sizeof s->boards);
    if (rc == PD_OK)
        rc = rd_copy(r, "script-sha256", s->script_sha, sizeof s->script_sha);
    if (rc == PD_OK && strcmp(s->script_sha, "none") == 0)
        s->script_sha[0] = '\0';
    s->dealing = s->script_sha[0] ? DEALING_V1 : 0;
    if (rc == PD_OK && s->script_sha[0] && peek(r, "dealing"))
        rc = rd_dealing(r, s);
    if (rc == PD_OK)
        rc = rd_copy(r, "dealer", dealer, sizeof dealer);
    if (rc == PD_OK)
        rc = rd_copy(r, "vul", vul, sizeof vul);
    if (rc != PD_OK)
        return rc;
    s->dealer = strlen(dealer) == 1 && seat_from_char(dealer[0]) >= 0 ? seat_from_char(dealer[0])
                                                                       : -2;
    if (strcmp(dealer, "law2") == 0)
        s->dealer = -1;
    s->vul = strcmp(vul, "law2") == 0 ? -1 : vul_from_text(vul) >= 0 ? vul_from_text(vul) : -2;
    if (s->dealer < -1 || s->vul < -1)
        return pd_fail(r->e, PD_ERR_SYNTAX, "%s: set \"%s\": bad dealer or vul", r->name, s->name);
    return PD_OK;
}

/* The public value's form (required: its rule is ev_params_check's); the texts above are
 * ASCII with \u{XXXX} escapes. */
static enum pd_status rd_form(struct rd *r, struct ev_params *p)
{
    enum pd_status rc = rd_copy(r, "public-form", p->public_form, sizeof p->public_form);

    if (rc == PD_OK && !(ev_text_unescape(p->name) && ev_text_unescape(p->site) &&
                         ev_text_unescape(p->delayed)))
        return pd_fail(r->e, PD_ERR_SYNTAX, "%s: the event, site or delayed-value line holds "
                       "a backslash that is not a \\u{XXXX} escape of a character", r->name);
    return rc;
}

/* The language everything of the event is printed in, as the record spells it: the one
 * spelling the event file's language = was taken in (pr_lang_parse, printing/terms.c: the
 * rule of a language and the languages there are, a layer above this reader), the table's
 * name, 2 to 8 lower-case letters; which ones exist is the printer's, asked when the event
 * file is read. */
static enum pd_status rd_language(struct rd *r, struct ev_params *p)
{
    enum pd_status rc = rd_copy(r, "language", p->language, sizeof p->language);
    size_t len = strlen(p->language);

    if (rc == PD_OK && (len < 2 || strspn(p->language, "abcdefghijklmnopqrstuvwxyz") != len))
        return rd_fail(r, 10, "language: the record spells a language by 2 to 8 lower-case "
                              "letters (de, fr ...)");
    return rc;
}

static enum pd_status rd_params(struct rd *r, struct ev_record *rec)
{
    char magic[8], deriv[32];
    enum pd_status rc = rd_copy(r, "predup-event-record", magic, sizeof magic);

    if (rc == PD_OK && strcmp(magic, "1") != 0)
        rc = rd_fail(r, 21, "not a version 1 event record");
    if (rc == PD_OK)
        rc = rd_copy(r, "generator", rec->p.generator, sizeof rec->p.generator);
    if (rc == PD_OK)
        rc = rd_copy(r, "derivation", deriv, sizeof deriv);
    if (rc == PD_OK && strcmp(deriv, "predup/v2/event") != 0)
        rc = rd_fail(r, 12, "unknown derivation (this predup knows predup/v2/event)");
    if (rc == PD_OK)
        rc = rd_copy(r, "event", rec->p.name, sizeof rec->p.name);
    if (rc == PD_OK)
        rc = rd_copy(r, "date", rec->p.date, sizeof rec->p.date);
    if (rc == PD_OK)
        rc = rd_copy(r, "site", rec->p.site, sizeof rec->p.site);
    if (rc == PD_OK)
        rc = rd_copy(r, "delayed-value", rec->p.delayed, sizeof rec->p.delayed);
    if (rc == PD_OK)
        rc = rd_form(r, &rec->p);
    if (rc == PD_OK && peek(r, "language"))
        rc = rd_language(r, &rec->p);
    while (rc == PD_OK && peek(r, "set")) {
        if (rec->p.nsets == EV_MAX_SETS)
            return rd_fail(r, 1, "too many sets");
        rc = rd_set(r, &rec->p.sets[rec->p.nsets++]);
    }
    if (rc == PD_OK && rec->p.nsets == 0)
        rc = pd_fail(r->e, PD_ERR_SYNTAX, "%s: the record names no set", r->name);
    if (rc == PD_OK)
        rc = rd_copy(r, "commitment", rec->commitment, sizeof rec->commitment);
    return rc;
}

static enum pd_status rd_all(struct rd *r, struct ev_record *rec)
{
    enum pd_status rc = rd_params(r, rec);

    if (rc == PD_OK)
        rc = rd_copy(r, "digest", rec->digest, sizeof rec->digest);
    if (rc == PD_OK && peek(r, "public")) {
        rec->has_public = true;
        rc = rd_copy(r, "public", rec->public_value, sizeof rec->public_value);
    }
    if (rc == PD_OK && peek(r, "key") && !rec->has_public)
        rc = rd_fail(r, 1, "a key but no public value before it: a record gets the public "
                     "value first");
    if (rc == PD_OK && peek(r, "key")) {
        rec->revealed = true;
        rc = rd_copy(r, "key", rec->key_hex, sizeof rec->key_hex);
    }
    if (rc == PD_OK && r->rest && *r->rest) {
        r->line = r->rest;
        r->lineno++;
        rc = rd_fail(r, 1, "unexpected line (after the digest come only public, then key)");
    }
    return rc;
}

/* The public value: its form's one spelling (ev_public_canon refuses any character outside
 * the form's alphabet, naming it). */
static enum pd_status check_public(const struct ev_record *rec, struct pd_err *why)
{
    char canon[PD_LABEL_MAX + 1];

    if (ev_public_canon(rec->p.public_form, rec->public_value, canon, sizeof canon, why) != PD_OK)
        return PD_ERR_SYNTAX;
    if (strcmp(canon, rec->public_value) != 0)
        return pd_fail(why, PD_ERR_SYNTAX, "the public value is not spelt as its form \"%s\" "
                       "spells it (\"%.100s\")", rec->p.public_form, canon);
    return PD_OK;
}

/* Every rule of every line (dealer/EVENTS.md, "Every rule a record obeys"): the parameters'
 * (ev_params_check, as the event file's loader applies them), the commitment's and the public
 * value's, so that a record made by hand cannot say what no event file could. */
static enum pd_status check_rules(const char *name, const struct ev_record *rec,
                                  struct pd_err *e)
{
    struct pd_err why;
    enum pd_status rc = ev_params_check(&rec->p, &why);

    if (rc == PD_OK)
        rc = ev_hex64_check("commitment", rec->commitment, &why);
    if (rc == PD_OK && rec->has_public)
        rc = check_public(rec, &why);
    if (rc != PD_OK && why.code == PD_ERR_INTERNAL) /* a rule not applied (ICU missing) */
        return pd_fail(e, why.code, "%s", why.msg);
    return rc == PD_OK ? PD_OK : pd_fail(e, PD_ERR_SYNTAX, "%s: %s", name, why.msg);
}

/* The committed values must match: digest of the parameters, key against commitment. */
static enum pd_status check_bindings(const char *name, struct ev_record *rec, struct pd_err *e)
{
    char digest[65], commit[65];
    struct ev_record again = *rec;

    ev_record_set_digest(&again);
    snprintf(digest, sizeof digest, "%s", again.digest);
    if (strcmp(digest, rec->digest) != 0)
        return pd_fail(e, PD_ERR_MISMATCH,
                       "%s: digest %.16s... does not match the parameters above it (their SHA-256 "
                       "is %.16s...)", name, rec->digest, digest);
    if (rec->revealed) {
        struct pd_key key;
        enum pd_status rc = ev_record_key(rec, &key, e);

        if (rc != PD_OK)
            return rc;
        key_commit_hex(&key, commit);
        pd_wipe(&key, sizeof key);
        if (strcmp(commit, rec->commitment) != 0)
            return pd_fail(e, PD_ERR_MISMATCH,
                           "%s: the revealed key does not match the commitment %.16s...", name,
                           rec->commitment);
    }
    return PD_OK;
}

/* A record's lines end with LF alone: a copy saved with CR LF (downloaded from a club's site)
 * is said to be one, not taken for another fault. */
static enum pd_status no_cr(const char *name, const char *text, struct pd_err *e)
{
    const char *cr = strchr(text, '\r'), *start = text;
    int line = 1;

    if (!cr)
        return PD_OK;
    for (const char *p = text; p < cr; p++)
        if (*p == '\n') {
            line++;
            start = p + 1;
        }
    return pd_fail_at(e, PD_ERR_SYNTAX, name, line, (int)(cr - start) + 1, NULL, "a CR (0x0D) "
                      "in the record: its lines end with LF alone (a copy saved with CR LF "
                      "line ends: convert it back, e.g. with dos2unix)");
}

enum pd_status ev_record_parse(const char *name, const char *text, size_t len,
                               struct ev_record *rec, struct pd_err *e)
{
    char *copy = malloc(len + 1), *canon = NULL;
    size_t clen = 0;
    struct rd r = {name, "", copy, 0, e};
    enum pd_status rc;

    if (!copy)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    memcpy(copy, text, len);
    copy[len] = '\0';
    memset(rec, 0, sizeof *rec);
    rc = strlen(copy) != len ? pd_fail(e, PD_ERR_SYNTAX, "%s: a NUL byte in the record", name)
                             : no_cr(name, copy, e);
    if (rc == PD_OK)
        rc = rd_all(&r, rec);
    if (rc == PD_OK)
        rc = ev_record_text(rec, &canon, &clen, e);
    if (rc == PD_OK && (clen != len || memcmp(canon, text, len) != 0))
        rc = pd_fail(e, PD_ERR_SYNTAX,
                     "%s: not in canonical form (dealer/EVENTS.md gives the exact bytes)", name);
    if (canon)
        pd_wipe(canon, clen); /* both copies may hold a revealed key */
    pd_wipe(copy, len);
    free(canon);
    free(copy);
    if (rc == PD_OK)
        rc = check_rules(name, rec, e);
    if (rc == PD_OK)
        rc = check_bindings(name, rec, e);
    return rc;
}

enum pd_status ev_record_load(const char *path, struct ev_record *rec, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = pd_read_file(path, &text, &len, e);

    if (rc != PD_OK)
        return rc;
    rc = ev_record_parse(path, text, len, rec, e);
    pd_wipe(text, len);
    free(text);
    return rc;
}

enum pd_status ev_record_key(const struct ev_record *rec, struct pd_key *key, struct pd_err *e)
{
    for (int i = 0; i < PD_KEY_BYTES; i++) {
        unsigned v;

        if (sscanf(rec->key_hex + 2 * i, "%2x", &v) != 1 ||
            !strchr("0123456789abcdef", rec->key_hex[2 * i]) ||
            !strchr("0123456789abcdef", rec->key_hex[2 * i + 1])) {
            pd_wipe(key, sizeof *key);
            return pd_fail(e, PD_ERR_SYNTAX, "the record's key is not 64 lower-case hex "
                           "digits");
        }
        key->bytes[i] = (uint8_t)v;
    }
    if (strlen(rec->key_hex) != 2 * PD_KEY_BYTES)
        return pd_fail(e, PD_ERR_SYNTAX, "the record's key is not 64 lower-case hex digits");
    return PD_OK;
}

int ev_find_set(const struct ev_params *p, const char *name)
{
    for (int i = 0; i < p->nsets; i++)
        if (strcmp(p->sets[i].name, name) == 0)
            return i;
    return -1;
}

/* The record's key for an event file's key ("delayed-value" is written delayed_value there). */
static const char *conf_key(const char *key)
{
    static const char *const map[][2] = {{"event", "name"}, {"delayed-value", "delayed_value"},
                                         {"public-form", "public_form"},
                                         {"script-sha256", "script"}, {"set", "set name"}};

    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(key, map[i][0]))
            return map[i][1];
    return key;
}

/* One line of text (line from 1) split into its key and value (the rest, at most 40 bytes,
 * "..." after a longer one): both as the record writes them, ASCII. */
static void line_parts(const char *text, int line, char *key, char *value)
{
    for (int l = 1; l < line && *text; text++)
        l += *text == '\n';
    size_t klen = strcspn(text, " \n"), vlen = 0;
    const char *v = text[klen] == ' ' ? text + klen + 1 : text + klen;

    vlen = strcspn(v, "\n");
    snprintf(key, 32, "%.*s", (int)(klen < 31 ? klen : 31), text);
    snprintf(value, 48, "%.*s%s", (int)(vlen < 40 ? vlen : 40), v, vlen > 40 ? "..." : "");
}

void ev_params_diff(const char *committed, const char *now, char *out, size_t n)
{
    int line = 1, set_line = 0;
    size_t i = 0;
    char key[32], was[48], is[48], set[32], name[48];

    for (; committed[i] && committed[i] == now[i]; i++)
        if (committed[i] == '\n')
            set_line = !strncmp(committed + i + 1, "set ", 4) ? line + 1 : set_line, line++;
    line_parts(committed, line, key, was);
    line_parts(now, line, set, is);
    if (strcmp(key, set)) { /* a line added or gone: a set, or the language */
        bool added = !strcmp(key, "commitment") || !strcmp(set, "language");
        bool gone = !strcmp(set, "commitment") || !strcmp(key, "language");
        const char *k = added ? set : key, *v = added ? is : was;
        char thing[96];

        if (!strcmp(k, "set"))
            snprintf(thing, sizeof thing, "[set %s]", v);
        else
            snprintf(thing, sizeof thing, "%s = \"%s\"", k, v);
        if (added || gone)
            snprintf(out, n, "%s is %s (record line %d)", thing,
                     added ? "new, not committed" : "committed, and gone now", line);
        else
            snprintf(out, n, "record line %d: \"%s %s\" committed, \"%s %s\" now", line, key,
                     was, set, is);
        return;
    }
    name[0] = 0;
    if (set_line && set_line < line)
        line_parts(committed, set_line, set, name);
    snprintf(out, n, "%s%s%s%s = \"%s\" committed, \"%s\" now (record line %d)",
             name[0] ? "[set " : "", name, name[0] ? "] " : "", conf_key(key), was, is, line);
}

char *ev_record_readable(const char *text, size_t len, const char *name)
{
    static const char head[] = "The readable text of %s: each \\u{XXXX} there is the "
                               "character it names here. predup verify reads %s, not this file.\n\n";
    size_t n = len + 2 * strlen(name) + sizeof head;
    char *out = strstr(text, "\\u{") ? malloc(n) : NULL;
    int h = out ? snprintf(out, n, head, name, name) : 0;

    if (!out)
        return NULL;
    memcpy(out + h, text, len);
    out[h + len] = 0;
    if (!ev_text_unescape(out + h)) { /* a record always unescapes: it was checked */
        free(out);
        return NULL;
    }
    return out;
}

