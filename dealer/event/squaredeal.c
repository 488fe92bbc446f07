/* dealer/event/squaredeal.c - SquareDeal events (Hans van Staveren's commit-then-reveal ceremony on
 * top of Big Deal): reads the public description (.sqd), checks the revealed key file (.sqk)
 * against the description's KH hash, and derives a session's Big Deal seed exactly as
 * SquareDeal's bigdealx call does (dealer/BIGDEAL.md). The .sqk holds secrets until the event
 * is over: no message here ever quotes a line of it. */
#include <ctype.h>
#include <errno.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dealer/event/event.h"

/* Sessions per phase as SquareDeal's file names hold them (SWISS## and wider runs); board
 * numbers as an event's sets do (EV_MAX_BOARD): a crafted "SN 9999:9999x1000000" would
 * otherwise ask for billions of boards. Sizes are checked before any product is formed. */
enum { MAX_SESSIONS = 9999, MAX_BOARD = EV_MAX_BOARD };

/* ---------------------------------------------------------------- the .sqd */

/* The next line of text from *p, NUL-terminated in place: without its CR, and without any
 * trailing blanks when trim is set (SquareDeal trims .sqd lines, not .sqk lines). */
static char *next_line(char **p, bool trim)
{
    char *line = *p, *end;

    if (!*line)
        return NULL;
    end = strchr(line, '\n');
    *p = end ? end + 1 : line + strlen(line);
    if (end)
        *end = '\0';
    size_t n = strlen(line);

    while (n > 0 && (line[n - 1] == '\r' || (trim && isspace((unsigned char)line[n - 1]))))
        line[--n] = '\0';
    return line;
}

static bool all_digits(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* Parses the decimal number s[0..n) into *out when it is 1..max. */
static bool small_number(const char *s, size_t n, int max, int *out)
{
    long v = 0;

    if (!all_digits(s, n) || n > 9)
        return false;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    if (v < 1 || v > max)
        return false;
    *out = (int)v;
    return true;
}

/* One entry of a board list: "16" (boards 1-16) or "11-20". */
static bool board_entry(const char *s, size_t n, int *first, int *last)
{
    const char *dash = memchr(s, '-', n);

    if (!dash) {
        *first = 1;
        return small_number(s, n, MAX_BOARD, last);
    }
    return small_number(s, (size_t)(dash - s), MAX_BOARD, first) &&
           small_number(dash + 1, n - (size_t)(dash - s) - 1, MAX_BOARD, last) &&
           *first <= *last;
}

/* "NxM": N entries of M boards ("2x16" = "1-16,17-32"). True when spec has that form, with
 * *count and *len set (up to nine digits each); the last board, N times M, is checked by the
 * caller, by division: the product may not fit in an int. */
static bool times_form(const char *spec, int *count, int *len)
{
    const char *x = strchr(spec, 'x');

    *count = *len = 0;
    if (!x)
        return false;
    return small_number(spec, (size_t)(x - spec), 999999999, count) &&
           small_number(x + 1, strlen(x + 1), 999999999, len);
}

/* A session's boards from a board list: entry (session - 1) modulo the number of entries, as
 * SquareDeal picks them; "NxM" stands for N entries of M boards. Every entry is checked, so
 * a list that passes once passes for every session. */
static enum pd_status session_boards(const char *spec, int session, int *first, int *last,
                                     struct pd_err *e)
{
    int count = 0, len, f, l;

    if (times_form(spec, &count, &len)) {
        int at = (session - 1) % count;

        if (count > MAX_BOARD / len)
            return pd_fail(e, PD_ERR_RANGE, "boards \"%s\": %d runs of %d boards go past "
                           "board %d, the highest board of an event", spec, count, len, MAX_BOARD);
        *first = at * len + 1;
        *last = (at + 1) * len;
        return PD_OK;
    }
    for (const char *p = spec;;) {
        size_t n = strcspn(p, ",");

        if (!board_entry(p, n, &f, &l))
            return pd_fail(e, PD_ERR_SYNTAX,
                           "boards \"%s\": want a list like 1-10,11-20 or 16 or 2x16, boards "
                           "1 to %d", spec, MAX_BOARD);
        count++;
        if (!p[n])
            break;
        p += n + 1;
    }
    const char *p = spec;

    for (int i = 0; i < (session - 1) % count; i++)
        p += strcspn(p, ",") + 1;
    board_entry(p, strcspn(p, ","), first, last);
    return PD_OK;
}

/* "SN sessions:boards:prefix:description". */
static enum pd_status parse_phase(const char *v, struct sqd_phase *ph, const char *path,
                                  int lineno, const char *line, struct pd_err *e)
{
    const char *c1 = strchr(v, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL,
               *c3 = c2 ? strchr(c2 + 1, ':') : NULL;
    int first, last;
    struct pd_err why;

    if (!c3 || strchr(c3 + 1, ':'))
        return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, 1, line,
                          "SN wants sessions:boards:fileprefix:description");
    if (!small_number(v, (size_t)(c1 - v), MAX_SESSIONS, &ph->sessions))
        return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, (int)(v - line) + 1, line,
                          "SN: the number of sessions must be 1 to %d", MAX_SESSIONS);
    ph->boards = strndup(c1 + 1, (size_t)(c2 - c1 - 1));
    ph->prefix = strndup(c2 + 1, (size_t)(c3 - c2 - 1));
    ph->descr = strdup(c3 + 1);
    if (!ph->boards || !ph->prefix || !ph->descr)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (!*ph->prefix)
        return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, (int)(c2 - line) + 2, line,
                          "SN: the file prefix is empty");
    if (strcmp(ph->boards, "?") != 0 &&
        session_boards(ph->boards, 1, &first, &last, &why) != PD_OK)
        return pd_fail_at(e, why.code, path, lineno, (int)(c1 - line) + 2, line, "SN: %s%s",
                          why.msg, why.code == PD_ERR_SYNTAX ? ", or ?" : "");
    return PD_OK;
}

/* Sets *field to a copy of v; a second line of the same kind is an error. */
static enum pd_status set_field(char **field, const char *v, const char *path, int lineno,
                                const char *line, struct pd_err *e)
{
    if (*field)
        return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, 1, line, "a second %.2s line", line);
    *field = strdup(v);
    return *field ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
}

static enum pd_status add_phase(struct sqd_event *ev, const char *v, const char *path,
                                int lineno, const char *line, struct pd_err *e)
{
    struct sqd_phase *grown = realloc(ev->phases, (size_t)(ev->nphases + 1) * sizeof *grown);

    if (!grown)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    ev->phases = grown;
    memset(&grown[ev->nphases], 0, sizeof *grown);
    return parse_phase(v, &grown[ev->nphases++], path, lineno, line, e);
}

/* One line: comments and blank lines pass; TN DI DV KH SN as SquareDeal reads them (the two
 * letters, then any spaces, then the value). */
static enum pd_status sqd_line(struct sqd_event *ev, const char *line, int lineno,
                               struct pd_err *e)
{
    const char *v = line + 2, *path = ev->path;

    if (!*line || line[0] == '#')
        return PD_OK;
    while (*v == ' ')
        v++;
    if (strncmp(line, "TN", 2) == 0)
        return set_field(&ev->name, v, path, lineno, line, e);
    if (strncmp(line, "DI", 2) == 0)
        return set_field(&ev->di, v, path, lineno, line, e);
    if (strncmp(line, "DV", 2) == 0)
        return set_field(&ev->dv, v, path, lineno, line, e);
    if (strncmp(line, "SN", 2) == 0)
        return add_phase(ev, v, path, lineno, line, e);
    if (strncmp(line, "KH", 2) != 0)
        return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, 1, line,
                          "not a SquareDeal line: expected TN, DI, DV, SN, KH or a # comment");
    if (strlen(v) != 64 || strspn(v, "0123456789abcdefABCDEF") != 64)
        return pd_fail_at(e, PD_ERR_SYNTAX, path, lineno, (int)(v - line) + 1, line,
                          "KH wants 64 hex digits (the SHA-256 of the .sqk)");
    return set_field(&ev->kh, v, path, lineno, line, e);
}

enum pd_status sqd_load(const char *path, struct sqd_event *ev, struct pd_err *e)
{
    char *text, *p, *line;
    size_t len;
    int lineno = 0;
    enum pd_status rc;

    memset(ev, 0, sizeof *ev);
    snprintf(ev->path, sizeof ev->path, "%s", path);
    rc = pd_read_input(path, "a SquareDeal .sqd", &text, &len, e);
    if (rc != PD_OK)
        return rc;
    if (strlen(text) != len)
        rc = pd_fail(e, PD_ERR_SYNTAX, "%s: holds a NUL byte: not a SquareDeal .sqd", path);
    for (p = text; rc == PD_OK && (line = next_line(&p, true)) != NULL;)
        rc = sqd_line(ev, line, ++lineno, e);
    if (rc == PD_OK && ev->nphases == 0)
        rc = pd_fail(e, PD_ERR_SYNTAX, "%s: no SN line: not a SquareDeal .sqd", path);
    free(text);
    if (rc != PD_OK)
        sqd_free(ev);
    return rc;
}

void sqd_free(struct sqd_event *ev)
{
    char **lines[] = {&ev->name, &ev->di, &ev->dv, &ev->kh}; /* the .sqd's TN DI DV KH */

    for (int i = 0; i < ev->nphases; i++) {
        free(ev->phases[i].boards);
        free(ev->phases[i].prefix);
        free(ev->phases[i].descr);
    }
    free(ev->phases);
    ev->phases = NULL;
    ev->nphases = 0;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        free(*lines[i]);
        *lines[i] = NULL;
    }
}

void sqd_file_name(const struct sqd_phase *ph, int first, int last, bool reserve, char *buf,
                   size_t n)
{
    const char *run = strchr(ph->prefix, '#');
    int width = run ? (int)strspn(run, "#") : 0, head = run ? (int)(run - ph->prefix) : 0;
    const char *tail = run ? run + width : "", *res = reserve ? "reserve" : "";

    if (!run)
        snprintf(buf, n, "%s%s", ph->prefix, res);
    else if (first == last)
        snprintf(buf, n, "%.*s%0*d%s%s", head, ph->prefix, width, first, tail, res);
    else
        snprintf(buf, n, "%.*s%0*d-%0*d%s%s", head, ph->prefix, width, first, width, last, tail,
                 res);
}

/* ---------------------------------------------------------------- the .sqk and a session */

/* The .sqk beside the .sqd: the same name with .sqk for .sqd (or .sqk appended). */
static void sqk_path_of(const char *sqd, char *buf, size_t n)
{
    size_t len = strlen(sqd);

    if (len > 4 && strcmp(sqd + len - 4, ".sqd") == 0)
        snprintf(buf, n, "%.*s.sqk", (int)(len - 4), sqd);
    else
        snprintf(buf, n, "%s.sqk", sqd);
}

/* SquareDeal reads the .sqk line by line and hashes each line followed by CR LF: a copy whose
 * line ends became LF still matches KH in that form. Returns the hash of that form. */
static enum pd_status crlf_form_hash(const char *text, size_t len, char hex[65],
                                     struct pd_err *e)
{
    char *crlf = malloc(2 * len + 2), *q = crlf;

    if (!crlf)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    for (const char *p = text; p < text + len;) {
        const char *nl = memchr(p, '\n', (size_t)(text + len - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);

        if (n > 0 && p[n - 1] == '\r')
            n--;
        memcpy(q, p, n);
        q += n;
        *q++ = '\r';
        *q++ = '\n';
        p = nl ? nl + 1 : text + len;
    }
    pd_sha256_hex(crlf, (size_t)(q - crlf), hex);
    pd_wipe(crlf, 2 * len + 2);
    free(crlf);
    return PD_OK;
}

/* The .sqk's bytes must hash to KH (lower or upper case hex). */
static enum pd_status check_kh(const struct sqd_event *ev, const char *sqk, const char *text,
                               size_t len, bool *lf, struct pd_err *e)
{
    char hex[65], alt[65];
    enum pd_status rc;

    *lf = false;
    pd_sha256_hex(text, len, hex);
    if (strcasecmp(hex, ev->kh) == 0)
        return PD_OK;
    rc = crlf_form_hash(text, len, alt, e);
    if (rc != PD_OK)
        return rc;
    if (strcasecmp(alt, ev->kh) == 0) {
        *lf = true;
        return PD_OK;
    }
    return pd_fail(e, PD_ERR_MISMATCH,
                   "%s: SHA-256 %.16s... does not match KH %.16s... in %s: these are not the keys the "
                   "event committed to",
                   sqk, hex, ev->kh, ev->path);
}

/* Finds "phase,session:key" in the .sqk text (modified in place) and points *key at the key.
 * Messages give line numbers only: the lines are secrets. */
static enum pd_status find_key(char *text, const char *sqk, int phase, int session,
                               char **key, struct pd_err *e)
{
    char ident[32], *p = text, *line;
    int lineno = 0;

    snprintf(ident, sizeof ident, "%d,%d", phase, session);
    while ((line = next_line(&p, false)) != NULL) {
        char *colon = strchr(line, ':');

        lineno++;
        if (!*line)
            continue;
        if (!colon)
            return pd_fail_at(e, PD_ERR_SYNTAX, sqk, lineno, 0, NULL,
                              "not a \"phase,session:key\" line");
        *colon = '\0';
        if (strcmp(line, ident) != 0)
            continue;
        colon[1 + strcspn(colon + 1, ":")] = '\0';
        if (!colon[1])
            return pd_fail_at(e, PD_ERR_SYNTAX, sqk, lineno, 0, NULL, "session %s: empty key",
                              ident);
        *key = colon + 1;
        return PD_OK;
    }
    return pd_fail(e, PD_ERR_SYNTAX, "%s: no key for session %s", sqk, ident);
}

/* SquareDeal's bigdealx call: -W left half of the key (the owner), -e right half, -e the
 * delayed value in base64, -e "original" or "reserve" (the entropy, hashed as one string). */
static enum pd_status derive_seed(const char *key, const char *dv, bool reserve,
                                  struct bigdeal_seed *out, struct pd_err *e)
{
    size_t klen = strlen(key), half = klen / 2, dvlen = strlen(dv);
    char *left = strndup(key, half), *b64 = malloc(4 * ((dvlen + 2) / 3) + 1);
    enum pd_status rc;

    if (!left || !b64) {
        free(left);
        free(b64);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    EVP_EncodeBlock((unsigned char *)b64, (const unsigned char *)dv, (int)dvlen);
    const char *entropy[3] = {key + half, b64, reserve ? "reserve" : "original"};

    rc = bigdeal_seed_make(left, entropy, 3, out, e);
    pd_wipe(left, half);
    free(left);
    free(b64);
    return rc;
}

static enum pd_status check_session(const struct sqd_event *ev, int phase, int session,
                                    struct pd_err *e)
{
    if (!ev->kh)
        return pd_fail(e, PD_ERR_RANGE, "%s: no KH line: the event is not published yet",
                       ev->path);
    if (!ev->dv)
        return pd_fail(e, PD_ERR_RANGE,
                       "%s: no DV line: the delayed value is not known yet, so no session can "
                       "be dealt", ev->path);
    if (phase < 1 || phase > ev->nphases)
        return pd_fail(e, PD_ERR_USAGE, "%s has %d phase%s: no phase %d", ev->path, ev->nphases,
                       ev->nphases == 1 ? "" : "s", phase);
    if (session < 1 || session > ev->phases[phase - 1].sessions)
        return pd_fail(e, PD_ERR_USAGE, "phase %d of %s has %d session%s: no session %d", phase,
                       ev->path, ev->phases[phase - 1].sessions,
                       ev->phases[phase - 1].sessions == 1 ? "" : "s", session);
    return PD_OK;
}

static enum pd_status open_boards(const struct sqd_event *ev, const struct sqd_phase *ph,
                                  const char *boards, struct sqd_session *out, struct pd_err *e)
{
    if (strcmp(ph->boards, "?") == 0 && !boards)
        return pd_fail(e, PD_ERR_USAGE,
                       "phase %d of %s gives its boards at dealing time (\"?\"): add --boards "
                       "LIST", out->phase, ev->path);
    if (strcmp(ph->boards, "?") != 0 && boards)
        return pd_fail(e, PD_ERR_USAGE, "phase %d of %s fixes its boards (%s): drop --boards",
                       out->phase, ev->path, ph->boards);
    return session_boards(boards ? boards : ph->boards, out->session, &out->first, &out->last,
                          e);
}

enum pd_status sqd_session_open(const struct sqd_event *ev, int phase, int session, bool reserve,
                                const char *boards, struct sqd_session *out, struct pd_err *e)
{
    char sqk[1040], *text = NULL, *key = NULL;
    size_t len = 0;
    enum pd_status rc = check_session(ev, phase, session, e);

    memset(out, 0, sizeof *out);
    out->phase = phase;
    out->session = session;
    out->reserve = reserve;
    if (rc == PD_OK)
        rc = open_boards(ev, &ev->phases[phase - 1], boards, out, e);
    if (rc != PD_OK)
        return rc;
    sqd_file_name(&ev->phases[phase - 1], session, session, reserve, out->file,
                  sizeof out->file);
    sqk_path_of(ev->path, sqk, sizeof sqk);
    rc = pd_read_file(sqk, &text, &len, e);
    if (rc == PD_ERR_IO && e && e->sys == ENOENT)
        rc = pd_fail(e, PD_ERR_IO, "%s: no such file: SquareDeal reveals the keys (.sqk) after "
                     "the event; put it beside %s", sqk, ev->path);
    if (rc == PD_OK)
        rc = check_kh(ev, sqk, text, len, &out->sqk_lf, e);
    if (rc == PD_OK)
        rc = find_key(text, sqk, phase, session, &key, e);
    if (rc == PD_OK)
        rc = derive_seed(key, ev->dv, reserve, &out->seed, e);
    if (text)
        pd_wipe(text, len);
    free(text);
    return rc;
}
