/* dealer/base/status.c - one status type, one message: recording errors, reporting them, exit codes,
 * whole-file input and the one parser of numeric options (safe output lives in dealer/base/outfile.c). */
#include <errno.h>
#include <openssl/crypto.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dealer/base/base.h"

/* Here, beside the other helpers every file uses, so that status.c needs no other .c file. */
void pd_wipe(void *p, size_t n)
{
    OPENSSL_cleanse(p, n);
}

bool pd_looks_like_key(const char *text, size_t len)
{
    size_t n = 0;

    while (n < len && ((text[n] >= '0' && text[n] <= '9') || (text[n] >= 'a' && text[n] <= 'f') ||
                       (text[n] >= 'A' && text[n] <= 'F')))
        n++;
    if (n != 64)
        return false;
    if (n < len && text[n] == '\r')
        n++;
    if (n < len && text[n] == '\n')
        n++;
    return n == len;
}

/* Key material is random hex or base64: a run of base64 characters is suspect when it holds 32
 * hex digits in a row, or when it is 32 characters or more and changes between lower case, upper
 * case and digits at least once every five characters. Random base64 changes about every other
 * character (not one of 300000 random 32-byte keys failed the test); a path of words, a name in
 * CamelCase or with a year, changes every six characters or less often. */
static bool base64_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           c == '+' || c == '/';
}

static int char_class(char c) /* 1 digit, 2 lower case, 3 upper case, 0 anything else */
{
    return c >= '0' && c <= '9' ? 1 : c >= 'a' && c <= 'z' ? 2 : c >= 'A' && c <= 'Z' ? 3 : 0;
}

static bool run_looks_like_key(const char *s, size_t n)
{
    size_t hex = 0, changes = 0;

    for (size_t i = 0; i < n; i++) {
        char c = s[i];

        if (i > 0 && char_class(c) && char_class(s[i - 1]) && char_class(c) != char_class(s[i - 1]))
            changes++;
        hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? hex + 1
                                                                                          : 0;
        if (hex >= 32)
            return true;
    }
    return n >= 32 && 5 * changes >= n;
}

static size_t base64_run(const char *s, size_t n)
{
    size_t r = 0;

    while (r < n && base64_char(s[r]))
        r++;
    return r;
}

bool pd_has_key_text(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        size_t r = base64_run(text + i, len - i);

        if (r > 0 && run_looks_like_key(text + i, r))
            return true;
        i += r;
    }
    return false;
}

/* Rewrites s (NUL-terminated) with every suspect run replaced by PD_KEY_TEXT_WITHHELD, which is
 * shorter than any such run: the text only shrinks. */
static void withhold_key_text(char *s)
{
    size_t out = 0, len = strlen(s);

    for (size_t i = 0; i < len;) {
        size_t r = base64_run(s + i, len - i);

        if (r > 0 && run_looks_like_key(s + i, r)) {
            memcpy(s + out, PD_KEY_TEXT_WITHHELD, strlen(PD_KEY_TEXT_WITHHELD));
            out += strlen(PD_KEY_TEXT_WITHHELD);
        } else {
            memmove(s + out, s + i, r ? r : 1);
            out += r ? r : 1;
        }
        i += r ? r : 1;
    }
    s[out] = '\0';
}

/* The offending line for the caret, escaped (tabs kept, for the caret's alignment), or
 * PD_LINE_WITHHELD in its place when it holds key text; the caret's offset in it (*caret) is
 * the column's, widened by the escapes before it. The whole line is judged before it is cut to
 * fit, so that no cut shows a piece of a key. */
static void copy_source_line(char *dst, size_t cap, const char *src, int col, int *caret)
{
    size_t len = src ? strcspn(src, "\r\n") : 0;
    size_t before = col > 1 && (size_t)(col - 1) < len ? (size_t)(col - 1) : len;
    char shown[4 * sizeof ((struct pd_err *)0)->src];

    *caret = 0;
    if (src && pd_has_key_text(src, len)) {
        snprintf(dst, cap, "%s", PD_LINE_WITHHELD);
        return;
    }
    *caret = (int)pd_escape(src ? src : "", before, true, shown, sizeof shown);
    pd_escape(src ? src : "", len, true, dst, cap);
}

/* Formats text into dst, cap bytes, as every message is made: key-like runs withheld, then the
 * bytes a terminal acts on escaped (pd_escape), then key-like runs withheld again (an escape
 * must not join two harmless runs into one). The text is judged whole before it is cut to fit,
 * so that no cut shows a piece of a key: text is far longer than any field of struct pd_err,
 * so its own cut never reaches what is kept. */
__attribute__((format(printf, 3, 0)))
static void format_withheld(char *dst, size_t cap, const char *fmt, va_list ap)
{
    char text[1024], shown[4 * sizeof text];

    vsnprintf(text, sizeof text, fmt, ap);
    withhold_key_text(text);
    pd_escape(text, strlen(text), false, shown, sizeof shown);
    withhold_key_text(shown);
    pd_escape(shown, strlen(shown), false, dst, cap); /* cuts between whole characters */
}

void pd_message(char *dst, size_t cap, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    format_withheld(dst, cap, fmt, ap);
    va_end(ap);
}

__attribute__((format(printf, 3, 4)))
static void format_text(char *dst, size_t cap, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    format_withheld(dst, cap, fmt, ap);
    va_end(ap);
}

/* Formats before clearing, so that a message may quote the previous one (e->msg). */
__attribute__((format(printf, 3, 0)))
static void vrecord(struct pd_err *e, enum pd_status code, const char *fmt, va_list ap)
{
    char msg[sizeof e->msg];

    format_withheld(msg, sizeof msg, fmt, ap);
    memset(e, 0, sizeof *e);
    e->code = code;
    memcpy(e->msg, msg, sizeof msg);
}

enum pd_status pd_fail(struct pd_err *e, enum pd_status code, const char *fmt, ...)
{
    va_list ap;

    if (e) {
        va_start(ap, fmt);
        vrecord(e, code, fmt, ap);
        va_end(ap);
    }
    return code;
}

enum pd_status pd_fail_at(struct pd_err *e, enum pd_status code, const char *file, int line,
                          int col, const char *src_line, const char *fmt, ...)
{
    va_list ap;

    if (!e)
        return code;
    va_start(ap, fmt);
    vrecord(e, code, fmt, ap);
    va_end(ap);
    format_text(e->file, sizeof e->file, "%.*s", (int)(file ? strcspn(file, "\r\n") : 0),
                file ? file : "");
    copy_source_line(e->src, sizeof e->src, src_line, col, &e->caret);
    e->line = line;
    e->col = col;
    return code;
}

void pd_err_hint(struct pd_err *e, const char *hint)
{
    size_t at;

    if (!e)
        return;
    at = e->hint ? e->hint : strnlen(e->msg, sizeof e->msg - 1);
    snprintf(e->msg + at, sizeof e->msg - at, "%s", hint);
    e->hint = at;
}

/* The caret line keeps tabs where the source has them, so it lines up in any terminal; a
 * character of several bytes takes one column. */
static void print_caret(FILE *out, const struct pd_err *e)
{
    if (strcmp(e->src, PD_LINE_WITHHELD) == 0) { /* no caret under a notice */
        fprintf(out, "  %s\n", e->src);
        return;
    }
    fprintf(out, "  %s\n  ", e->src);
    for (int i = 0; i < e->caret && e->src[i]; i++)
        if (((unsigned char)e->src[i] & 0xC0) != 0x80)
            fputc(e->src[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

void pd_err_print(FILE *out, const struct pd_err *e)
{
    if (e->file[0])
        fprintf(out, "%s:", e->file);
    if (e->line > 0)
        fprintf(out, "%d:", e->line);
    if (e->line > 0 && e->col > 0)
        fprintf(out, "%d:", e->col);
    fprintf(out, "%s%s%s\n", e->file[0] || e->line > 0 ? " " : "",
            e->code == PD_STOPPED ? "" : "error: ", e->msg[0] ? e->msg : "unknown error");
    if (e->src[0] && e->col > 0)
        print_caret(out, e);
}

void pd_err_report(const char *who, const struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);

    if (!m) { /* no memory for the text: in pieces, not lost */
        fprintf(stderr, "%s: ", who);
        pd_err_print(stderr, e);
        return;
    }
    fprintf(m, "%s: ", who);
    pd_err_print(m, e);
    if (fclose(m) == 0)
        fwrite(text, 1, len, stderr);
    free(text);
}

/* The one table of exit codes, one meaning each: `predup help exit-codes` prints it, and
 * README.md's "Exit codes" and predup.1's EXIT STATUS are tested against it
 * (tests/cli/help_exit_codes.sh). pd_exit_code gives every status one of these rows. */
static const struct pd_exit_row exit_rows[] = {
    {0, "success; verify before the reveal also says what is still to come"},
    {1, "a verification, check or fill found a fault (a file that differs, a bad board)"},
    {64, "usage: a wrong command line, or an event step before its time"},
    {65, "bad data: an input file or value that cannot be taken"},
    {69, "the dealing machine is unavailable or failed"},
    {70, "internal: out of memory, the crypto library failed, a part of predup missing (libdds, "
         "ICU, libmicrohttpd, the camera or MPI module), or a bug in predup"},
    {73, "would overwrite: an output differs (--force replaces it) or the record says otherwise"},
    {74, "I/O: a file cannot be opened, read or written"},
    {75, "stopped before done, no fault: a limit (--max-tries, dealer -t) or the operator"},
};

const struct pd_exit_row *pd_exit_row(size_t i)
{
    return i < sizeof exit_rows / sizeof exit_rows[0] ? &exit_rows[i] : NULL;
}

int pd_exit_code(enum pd_status code)
{
    static const int exit_of[] = {
        [PD_OK] = 0,
        [PD_ERR_MISMATCH] = 1,                     /* nothing broke: the answer is "no" */
        [PD_ERR_USAGE] = 64,                       /* sysexits(3): EX_USAGE */
        [PD_ERR_SYNTAX] = 65,  [PD_ERR_RANGE] = 65, /* EX_DATAERR */
        [PD_ERR_DEVICE] = 69,                      /* EX_UNAVAILABLE */
        [PD_ERR_NOMEM] = 70,   [PD_ERR_CRYPTO] = 70, [PD_ERR_INTERNAL] = 70, /* EX_SOFTWARE */
        [PD_ERR_EXISTS] = 73,                      /* EX_CANTCREAT */
        [PD_ERR_IO] = 74,                          /* EX_IOERR */
        [PD_ERR_LIMIT] = 75, /* EX_TEMPFAIL: no fault found; a higher limit or --resume goes on */
        [PD_STOPPED] = 75,   /* the operator's stop: the same row of the table */
    };

    return code >= PD_OK && (size_t)code < sizeof exit_of / sizeof exit_of[0] ? exit_of[code] : 70;
}

enum pd_status pd_parse_number(const char *text, unsigned long long min, unsigned long long max,
                               const char *what, unsigned long long *out, struct pd_err *e)
{
    char *end;
    unsigned long long n;

    /* strtoull alone takes " 7", "+7" and "-1" (as 2^64-1): only plain digits are a number. */
    errno = 0;
    n = text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    if (!(text[0] >= '0' && text[0] <= '9') || errno || *end || n < min || n > max)
        return pd_fail(e, PD_ERR_USAGE, "%s wants a number from %llu to %llu, not \"%s\"", what,
                       min, max, text);
    *out = n;
    return PD_OK;
}

bool pd_progress_wanted(bool quiet)
{
    return !quiet && isatty(STDERR_FILENO);
}

static enum pd_status read_stream(FILE *f, const char *name, char **text, size_t *len,
                                  struct pd_err *e)
{
    size_t cap = 65536, n = 0, got;
    char *buf = malloc(cap);

    if (!buf)
        return pd_fail(e, PD_ERR_NOMEM, "%s: out of memory", name);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            char *bigger = realloc(buf, cap * 2);

            if (!bigger) {
                free(buf);
                return pd_fail(e, PD_ERR_NOMEM, "%s: out of memory", name);
            }
            buf = bigger;
            cap *= 2;
        }
    }
    if (ferror(f)) {
        free(buf);
        return pd_fail(e, PD_ERR_IO, "%s: read error: %s", name, strerror(errno));
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return PD_OK;
}

enum pd_status pd_read_file(const char *path, char **text, size_t *len, struct pd_err *e)
{
    FILE *f;
    enum pd_status rc;

    if (strcmp(path, "-") == 0)
        return read_stream(stdin, "standard input", text, len, e);
    f = fopen(path, "rb");
    if (!f) {
        int err = errno;

        pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    rc = read_stream(f, path, text, len, e);
    fclose(f);
    return rc;
}

/* A key written as text: 64 hex digits, or 32 base64 characters or more (and at most two "="
 * of padding) mixing digits, lower and upper case as random base64 does (run_looks_like_key's
 * changes): what neither a word nor a machine file's line of digits (DUP, BRI) is. */
static bool key_token(const char *s, size_t n)
{
    size_t hex = 0, changes = 0;
    bool seen[4] = {false};

    while (hex < n && ((s[hex] >= '0' && s[hex] <= '9') || (s[hex] >= 'a' && s[hex] <= 'f') ||
                       (s[hex] >= 'A' && s[hex] <= 'F')))
        hex++;
    if (hex == 64 && n == 64)
        return true;
    for (int pad = 0; pad < 2 && n > 0 && s[n - 1] == '='; pad++)
        n--;
    if (n < 32 || base64_run(s, n) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        seen[char_class(s[i])] = true;
        changes += i > 0 && char_class(s[i]) != char_class(s[i - 1]);
    }
    return seen[1] && seen[2] && seen[3] && 5 * changes >= n;
}

/* A line of a key file: a key (key_token), a SquareDeal .sqk line ("1,2:KEY"), or the line
 * event reveal adds; *keyed is set by a key. */
static bool key_file_line(const char *line, size_t n, bool *keyed)
{
    static const char spent[] = KEY_SPENT_LINE;
    size_t i = 0;

    while (i < n && ((line[i] >= '0' && line[i] <= '9') || line[i] == ','))
        i++;
    i = i > 0 && i < n && line[i] == ':' ? i + 1 : 0; /* the .sqk's "phase,session:" */
    if (key_token(line + i, n - i))
        return *keyed = true;
    return n == 0 || (n == sizeof spent - 2 && memcmp(line, spent, n) == 0);
}

bool pd_is_key_file(const char *text, size_t len)
{
    bool keyed = false;

    if (pd_looks_like_key(text, len))
        return true;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (text + i)) : len - i, cut = n;

        while (cut > 0 && (text[i + cut - 1] == '\r' || text[i + cut - 1] == ' '))
            cut--;
        if (!key_file_line(text + i, cut, &keyed))
            return false;
        i += n + 1;
    }
    return keyed;
}

enum pd_status pd_refuse_key_file(const char *name, const char *kind, const char *text,
                                  size_t len, struct pd_err *e)
{
    if (!pd_is_key_file(text, len))
        return PD_OK;
    return pd_fail(e, PD_ERR_SYNTAX, "%s looks like a key file, not %s",
                   strcmp(name, "-") == 0 ? "standard input" : name, kind);
}

enum pd_status pd_refuse_input(const char *path, const char *kind, const char *text,
                               size_t len, struct pd_err *e)
{
    const char *binary = pd_binary_kind(text, len);

    if (binary) /* one check for every input: a PDF given where a set is wanted */
        return pd_fail(e, PD_ERR_SYNTAX, "%s is %s, not %s", strcmp(path, "-") == 0 ?
                       "standard input" : path, binary, kind);
    return pd_refuse_key_file(path, kind, text, len, e);
}

enum pd_status pd_read_input(const char *path, const char *kind, char **text, size_t *len,
                             struct pd_err *e)
{
    enum pd_status rc = pd_read_file(path, text, len, e);

    if (rc != PD_OK || (rc = pd_refuse_input(path, kind, *text, *len, e)) == PD_OK)
        return rc;
    pd_wipe(*text, *len);
    free(*text);
    *text = NULL;
    *len = 0;
    return rc;
}
