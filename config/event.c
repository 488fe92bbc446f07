/* config/event.c - the event file (config/events/demo.conf documents every key): an INI file
 * read with libinih into struct cfg_event - the parameters that decide the deals (they go into
 * the event record, dealer/EVENTS.md) and the ones that only say what to make of them (formats,
 * printing, machine, copies). Every key and value is checked, as strictly as the record's reader
 * will check it (dealer/event/event_texts.c, dealer/event/form.c); the first fault is reported as
 * file:line:col with a did-you-mean for a misspelt section or key. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "config/ini_lib.h"
#include "pbn/pbn.h"
#include "printing/printing.h"

static const char *const event_keys[] = {"name", "date", "site", "delayed_value",
                                          "public_form", "language"};
static const char *const set_keys[] = {"boards", "script", "dealer", "vul", "formats",
                                       "print", "machine", "copies"};

enum fault_at { AT_SECTION, AT_KEY, AT_VALUE };

struct loader {
    struct cfg_event *ev;
    char msg[400];      /* the first error, "" while none */
    enum fault_at at;   /* where on its line the column points */
    char what[128];     /* the key (or section) the error is about, to find its column */
    bool internal;      /* msg is no fault of the file: a rule could not be applied (ICU did
                         * not load): exit 70, no position */
    /* Keys and section headers seen, so that none is given twice: a second value would be a
     * second spelling of what decides a deal (libinih also hands an indented continuation
     * line to the handler as the same key again, so such a line is refused here too). */
    uint32_t event_keys_seen, set_keys_seen[EV_MAX_SETS];
    bool event_header_seen, set_header_seen[EV_MAX_SETS];
};

static int bad(struct loader *l, enum fault_at at, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int bad(struct loader *l, enum fault_at at, const char *what, const char *fmt, ...)
{
    va_list ap;

    if (l->msg[0])
        return 0;
    va_start(ap, fmt);
    vsnprintf(l->msg, sizeof l->msg, fmt, ap);
    va_end(ap);
    l->at = at;
    snprintf(l->what, sizeof l->what, "%s", what);
    return 0;
}

/* A value a rule refused, at its column; or the rule's own failure (PD_ERR_INTERNAL: ICU did
 * not load), which is no fault of the value. */
static int value_fault(struct loader *l, const char *name, const struct pd_err *e)
{
    if (!l->msg[0])
        l->internal = e->code == PD_ERR_INTERNAL;
    return bad(l, AT_VALUE, name, "%s", e->msg);
}

static int text_value(struct loader *l, const char *name, const char *value, char *dst,
                      size_t n)
{
    struct pd_err e;

    if (pd_text_check(name, value, n - 1, &e) != PD_OK)
        return bad(l, AT_VALUE, name, "%s", e.msg);
    snprintf(dst, n, "%s", value);
    return 1;
}

/* An event text (name, site, description) as the record will hold and check it: a value the
 * reader of the record would refuse is refused here, at the first step (dealer/EVENTS.md). */
static int event_text(struct loader *l, const char *name, const char *value, char *dst,
                      size_t n)
{
    struct pd_err e;

    if (!strcmp(name, "name") && !strcmp(value, "?"))
        return bad(l, AT_VALUE, name, "name = ?: \"?\" stands for an unknown value in the "
                   "record, and an event has a name");
    if (!strcmp(name, "delayed_value") && ev_delayed_check(value, &e) != PD_OK)
        return value_fault(l, name, &e);
    if ((*value || strcmp(name, "site") != 0) && ev_text_check(name, value, &e) != PD_OK)
        return value_fault(l, name, &e); /* "site =": unknown, "?" in the record */
    snprintf(dst, n, "%s", value);
    return 1;
}

static int event_key(struct loader *l, const char *name, const char *value)
{
    struct ev_params *p = &l->ev->p;
    struct pd_err e;
    char hint[64];

    if (!strcmp(name, "name"))
        return event_text(l, name, value, p->name, sizeof p->name);
    if (!strcmp(name, "site"))
        return event_text(l, name, value, p->site, sizeof p->site);
    if (!strcmp(name, "delayed_value"))
        return event_text(l, name, value, p->delayed, sizeof p->delayed);
    if (!strcmp(name, "public_form")) {
        if (ev_form_check(value, &e) != PD_OK)
            return bad(l, AT_VALUE, name, "%s", e.msg);
        snprintf(p->public_form, sizeof p->public_form, "%s", value);
        return 1;
    }
    if (!strcmp(name, "language")) { /* the one rule of a language, as --lang's: its spelling */
        const char *lang;

        if (pr_lang_parse(value, &lang, &e) != PD_OK)
            return bad(l, AT_VALUE, name, "%s", e.msg);
        snprintf(p->language, sizeof p->language, "%s", lang);
        return 1;
    }
    if (!strcmp(name, "date")) {
        if (!pbn_date_valid(value))
            return bad(l, AT_VALUE, name, "date wants YYYY.MM.DD, not \"%s\"", value);
        snprintf(p->date, sizeof p->date, "%s", value);
        return 1;
    }
    pd_did_you_mean(name, event_keys, sizeof event_keys / sizeof event_keys[0], hint,
                    sizeof hint);
    return bad(l, AT_KEY, name, "unknown key \"%s\" in [event]%s", name, hint);
}

static int list_value(struct loader *l, const char *name, const char *value, char *dst,
                      size_t n, bool (*known)(const char *))
{
    char item[32], kinds[96];

    pr_kind_list(kinds, sizeof kinds, ", ", ", ");
    if (strlen(value) >= n)
        return bad(l, AT_VALUE, name, "%s: too long", name);
    for (const char *p = value; *p;) {
        size_t len = strcspn(p, ", ");

        snprintf(item, sizeof item, "%.*s", (int)(len < 31 ? len : 31), p);
        if (len && !known(item))
            return bad(l, AT_VALUE, name, "%s: \"%s\" is not one of them (%s)", name, item,
                       known == pbn_format_known ? "pbn/FORMATS.md lists the formats"
                                                 : kinds);
        p += len;
        p += strspn(p, ", ");
    }
    snprintf(dst, n, "%s", value);
    return 1;
}

static bool print_known(const char *kind)
{
    return pr_kind_find(kind) != NULL; /* the one table and its case rule (printing/kind.c) */
}

/* dealer = N|E|S|W and vul = None|NS|EW|All: read as deal reads --dealer and --vul. */
static int set_override(struct loader *l, struct ev_set *s, const char *name, const char *value)
{
    struct pd_err e;
    enum pd_status rc = !strcmp(name, "dealer") ? board_opt_seat(name, value, &s->dealer, &e)
                                                : board_opt_vul(name, value, &s->vul, &e);

    return rc == PD_OK ? 1 : bad(l, AT_VALUE, name, "%s", e.msg);
}

static int set_key(struct loader *l, int si, const char *name, const char *value)
{
    struct ev_set *s = &l->ev->p.sets[si];
    struct cfg_event_set *x = &l->ev->extra[si];
    struct board_range r;
    struct pd_err e;
    char hint[64];

    if (!strcmp(name, "boards")) {
        if (board_range_parse(value, EV_MAX_BOARD, &r, &e) != PD_OK)
            return bad(l, AT_VALUE, name, "%s", e.msg);
        board_range_free(&r);
        return text_value(l, name, value, s->boards, sizeof s->boards);
    }
    if (!strcmp(name, "script"))
        return text_value(l, name, value, x->script, sizeof x->script);
    if (!strcmp(name, "machine"))
        return text_value(l, name, value, x->machine, sizeof x->machine);
    if (!strcmp(name, "dealer") || !strcmp(name, "vul"))
        return set_override(l, s, name, value);
    if (!strcmp(name, "formats"))
        return list_value(l, name, value, x->formats, sizeof x->formats, pbn_format_known);
    if (!strcmp(name, "print"))
        return list_value(l, name, value, x->print, sizeof x->print, print_known);
    if (!strcmp(name, "copies")) {
        unsigned long long n;

        /* fill's own limit, so that a copies fill would refuse is refused at commit */
        if (pd_parse_number(value, 1, MACH_MAX_COPIES, "copies", &n, &e) != PD_OK)
            return bad(l, AT_VALUE, name, "%s", e.msg);
        x->copies = (int)n;
        return 1;
    }
    pd_did_you_mean(name, set_keys, 8, hint, sizeof hint);
    return bad(l, AT_KEY, name, "unknown key \"%s\" in a [set]%s", name, hint);
}

/* The index of [set NAME], added on first sight. */
static int find_or_add_set(struct loader *l, const char *name)
{
    struct ev_params *p = &l->ev->p;
    struct pd_err e;
    int i = ev_find_set(p, name);

    if (i >= 0)
        return i;
    if (ev_set_name_check(name, &e) != PD_OK) /* no "/", no "x.dd" beside x's analysis */
        return bad(l, AT_SECTION, name, "%s", e.msg) - 1;
    if (p->nsets == EV_MAX_SETS)
        return bad(l, AT_SECTION, name, "more than %d sets", (int)EV_MAX_SETS) - 1;
    i = p->nsets++;
    p->sets[i] = (struct ev_set){.dealer = -1, .vul = -1};
    snprintf(p->sets[i].name, sizeof p->sets[i].name, "%s", name);
    snprintf(p->sets[i].boards, sizeof p->sets[i].boards, "1-36");
    l->ev->extra[i] = (struct cfg_event_set){.copies = 1};
    snprintf(l->ev->extra[i].formats, sizeof l->ev->extra[i].formats, "pbn");
    return i;
}

/* 0 (and the fault) when name, one of the n known keys, was seen before in its section. */
static int first_time(struct loader *l, const char *name, const char *const *known, size_t n,
                      uint32_t *seen)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(name, known[i])) {
            if (*seen & (1u << i))
                return bad(l, AT_KEY, name, "%s is given twice in this section (or continued "
                           "on an indented line): give each key once, on one line", name);
            *seen |= 1u << i;
        }
    return 1;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    struct loader *l = user;
    static const char *const sections[] = {"event", "set"};
    char hint[64];
    int si;

    if (l->msg[0])
        return 0;
    if (!strcmp(section, "event"))
        return first_time(l, name, event_keys, sizeof event_keys / sizeof event_keys[0],
                          &l->event_keys_seen) &&
               event_key(l, name, value);
    if (!strncmp(section, "set ", 4) && section[4]) {
        si = find_or_add_set(l, section + 4);
        return si < 0 ? 0
                      : first_time(l, name, set_keys, sizeof set_keys / sizeof set_keys[0],
                                   &l->set_keys_seen[si]) &&
                            set_key(l, si, name, value);
    }
    char word[32];

    snprintf(word, sizeof word, "%.*s", (int)strcspn(section, " "), section);
    pd_did_you_mean(word, sections, 2, hint, sizeof hint);
    if (!strcmp(word, "set"))
        snprintf(hint, sizeof hint, " (a set section is [set NAME])");
    return bad(l, AT_SECTION, section, "unknown section [%s]%s", section, hint);
}

/* 0 (and the fault) for a section header seen before: its keys would silently join or
 * replace the first one's. */
static int first_header(struct loader *l, bool *seen, const char *section)
{
    if (*seen)
        return bad(l, AT_SECTION, section, "[%s] is given twice: give each section once",
                   section);
    *seen = true;
    return 1;
}

/* libinih calls the handler only for key lines, so a section with no key would go unseen:
 * every section header is checked here first, and the sets are added in their order. Returns
 * the line of the first bad header, 0 when all are good. */
static int scan_sections(const char *text, struct loader *l)
{
    int line = 1;

    for (const char *p = text; *p; line++) {
        const char *q = p + strspn(p, " \t"), *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - q) : strlen(q);
        const char *close = memchr(q, ']', len);
        char section[EV_TEXT_MAX];

        if (*q == '[' && close) {
            snprintf(section, sizeof section, "%.*s", (int)(close - q - 1), q + 1);
            if (!strncmp(section, "set ", 4) && section[4]) {
                int si = find_or_add_set(l, section + 4);

                if (si < 0 || !first_header(l, &l->set_header_seen[si], section))
                    return line;
            } else if (!strcmp(section, "event")) {
                if (!first_header(l, &l->event_header_seen, section))
                    return line;
            } else {
                handler(l, section, "", "");
                return line;
            }
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}

/* Column of the fault on its line: the key, the value after "=", or the section name. */
static int fault_column(const char *line, const struct loader *l)
{
    const char *p = line + strspn(line, " \t");

    if (!l->msg[0]) /* libinih's own fault: the line as a whole */
        return (int)(p - line) + 1;
    if (l->at == AT_SECTION)
        return (int)(p - line) + 2;
    if (l->at == AT_VALUE && strchr(p, '=')) {
        p = strchr(p, '=') + 1;
        p += strspn(p, " \t");
    }
    return (int)(p - line) + 1;
}

static enum pd_status report(const char *path, const char *text, int lineno,
                             const struct loader *l, struct pd_err *e)
{
    const char *line = text;

    if (l->internal)
        return pd_fail(e, PD_ERR_INTERNAL, "%s", l->msg);
    for (int i = 1; i < lineno && line; i++) {
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    if (!line)
        line = "";
    char copy[400];

    snprintf(copy, sizeof copy, "%.*s", (int)strcspn(line, "\r\n"), line);
    return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, fault_column(copy, l), copy, "%s",
                      l->msg[0] ? l->msg : "not an INI line (key = value or [section])");
}

/* A path given in the event file is relative to the event file's directory. */
void cfg_event_path(const struct cfg_event *ev, const char *rel, char *out, size_t n)
{
    if (rel[0] == '/' || !ev->dir[0])
        snprintf(out, n, "%s", rel);
    else
        snprintf(out, n, "%s/%s", ev->dir, rel);
}

/* What the INI syntax cannot say: an event name, a set, each script's hash (and the dealing
 * version this predup deals a script set by). */
static enum pd_status complete(const char *path, struct cfg_event *ev, struct pd_err *e)
{
    char script[1200];
    struct pd_err why;
    enum pd_status rc = PD_OK;

    if (!ev->p.name[0])
        return pd_fail(e, PD_ERR_SYNTAX, "%s: [event] needs name = ...", path);
    if (ev->p.nsets == 0)
        return pd_fail(e, PD_ERR_SYNTAX, "%s: no [set NAME] section: an event deals at least "
                       "one set", path);
    for (int i = 0; rc == PD_OK && i < ev->p.nsets; i++) {
        if (!ev->extra[i].script[0])
            continue;
        cfg_event_path(ev, ev->extra[i].script, script, sizeof script);
        rc = pd_sha256_file(script, ev->p.sets[i].script_sha, e);
        ev->p.sets[i].dealing = DEALING_LATEST; /* committed with the set (dealer/EVENTS.md) */
    }
    if (rc == PD_OK && !ev->p.public_form[0])
        rc = pd_fail(e, PD_ERR_SYNTAX, "%s: [event] needs public_form = numbers K of N, "
                     "integer or decimal P: the one spelling of the public value, committed "
                     "(dealer/EVENTS.md)", path);
    else if (rc == PD_OK && !ev->p.delayed[0])
        rc = pd_fail(e, PD_ERR_SYNTAX, "%s: [event] needs delayed_value = ...: which "
                     "real-world value will be the public value, and when it is known "
                     "(dealer/EVENTS.md)", path);
    else if (rc == PD_OK && ev_params_check(&ev->p, &why) != PD_OK) /* the record's rules */
        rc = why.code == PD_ERR_INTERNAL ? pd_fail(e, why.code, "%s", why.msg) /* ICU missing */
                                         : pd_fail(e, PD_ERR_SYNTAX, "%s: %s", path, why.msg);
    return rc;
}

static void split_path(const char *path, struct cfg_event *ev)
{
    const char *slash = strrchr(path, '/');
    size_t stem = strlen(path);

    if (stem > 5 && !strcmp(path + stem - 5, ".conf"))
        stem -= 5;
    snprintf(ev->dir, sizeof ev->dir, "%.*s", slash ? (int)(slash - path) : 0, path);
    if (slash == path)
        snprintf(ev->dir, sizeof ev->dir, "/");
    snprintf(ev->stem, sizeof ev->stem, "%.*s", (int)stem, path);
}

enum pd_status cfg_parse_event(const char *path, const char *text, size_t len,
                               struct cfg_event *ev, struct pd_err *e)
{
    struct loader *l = calloc(1, sizeof *l);
    int line;
    enum pd_status rc = l ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    memset(ev, 0, sizeof *ev);
    split_path(path, ev);
    snprintf(ev->p.generator, sizeof ev->p.generator, "predup %s", PREDUP_VERSION);
    if (rc == PD_OK && strlen(text) != len) { /* libinih would stop there without a word */
        int nul_line = 1;

        for (const char *p = text; *p; p++)
            nul_line += *p == '\n';
        rc = pd_fail_at(e, PD_ERR_SYNTAX, path, nul_line, 0, NULL,
                        "a NUL byte (byte %zu): not a text file", strlen(text) + 1);
    }
    if (rc == PD_OK) {
        l->ev = ev;
        line = scan_sections(text, l);
        if (line == 0)
            rc = cfg_ini_parse(text, handler, l, &line, e);
        if (rc == PD_OK && line != 0)
            rc = report(path, text, line, l, e);
    }
    if (rc == PD_OK)
        rc = complete(path, ev, e);
    free(l);
    return rc;
}

enum pd_status cfg_event_misnamed(const char *path, struct pd_err *e)
{
    char conf[1100];
    struct stat st;
    size_t n = strlen(path);
    bool folder = stat(path, &st) == 0 && S_ISDIR(st.st_mode), missing = access(path, F_OK) != 0;

    while (n > 1 && path[n - 1] == '/') /* "dienstag/" as a shell completes it */
        n--;
    snprintf(conf, sizeof conf, "%.*s.conf", (int)n, path);
    if ((!folder && !missing) || access(conf, F_OK) != 0)
        return PD_OK;
    return pd_fail(e, PD_ERR_USAGE, "%s is %s; the event file is %s: give that name", path,
                   folder ? "a folder (an event's files are dealt into it)" : "no file", conf);
}

enum pd_status cfg_load_event(const char *path, struct cfg_event *ev, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = cfg_event_misnamed(path, e);

    if (rc == PD_OK)
        rc = pd_read_input(path, "an event file", &text, &len, e);

    if (rc == PD_OK)
        rc = cfg_parse_event(path, text, len, ev, e);
    else
        memset(ev, 0, sizeof *ev);
    free(text);
    return rc;
}

/* One line a set: what was committed for it, so that a slip ("boards = 27") shows at once. */
void cfg_event_print_sets(const struct ev_params *p)
{
    for (int i = 0; i < p->nsets; i++) {
        const struct ev_set *s = &p->sets[i];
        struct board_range range = {0, NULL};
        char rule[64] = "dealer and vulnerability by Law 2";

        board_range_parse(s->boards, EV_MAX_BOARD, &range, NULL); /* checked at load */
        if (s->dealer >= 0 || s->vul >= 0)
            snprintf(rule, sizeof rule, "dealer %s%s, vulnerability %s",
                     s->dealer >= 0 ? (char[2]){SEAT_LETTER[s->dealer], 0} : "",
                     s->dealer >= 0 ? "" : "by Law 2", s->vul >= 0 ? VUL_PBN[s->vul] : "by Law 2");
        printf("  set %s: boards %s, %d %s, %s%s\n", s->name, s->boards, range.n,
               range.n == 1 ? "board" : "boards", rule, s->script_sha[0] ? ", with a script" : "");
        board_range_free(&range);
    }
}

/* "boards = 27" is board 27 alone, and most often meant 27 boards: a new event's set of one
 * board is written as the range 27-27, so that one board is what the director meant ("boards
 * = 1" means both). */
enum pd_status cfg_event_one_board_sets(const char *conf, const struct ev_params *p,
                                        struct pd_err *e)
{
    for (int i = 0; i < p->nsets; i++) {
        const struct ev_set *s = &p->sets[i];
        struct board_range range = {0, NULL};
        bool one = board_range_parse(s->boards, EV_MAX_BOARD, &range, NULL) == PD_OK &&
                   range.n == 1 && range.boards[0] > 1 && !strchr(s->boards, '-');

        board_range_free(&range);
        if (one)
            return pd_fail(e, PD_ERR_SYNTAX, "%s: [set %s] boards = %s is one board, board %s: "
                           "for %s boards write boards = 1-%s; for that one board alone write "
                           "boards = %s-%s (nothing was committed)", conf, s->name, s->boards,
                           s->boards, s->boards, s->boards, s->boards, s->boards);
    }
    return PD_OK;
}
