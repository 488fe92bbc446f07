/* dealer/status.c - one status type, one message: recording errors, reporting them, exit codes,
 * and the small file helpers every module shares (atomic output, whole-file input). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dealer/dealer.h"

static void copy_field(char *dst, size_t cap, const char *src)
{
    size_t n = 0;

    if (src)
        while (src[n] && src[n] != '\n' && src[n] != '\r' && n + 1 < cap) {
            dst[n] = src[n];
            n++;
        }
    dst[n] = '\0';
}

/* Formats before clearing, so that a message may quote the previous one (e->msg). */
static void vrecord(struct pd_err *e, enum pd_status code, const char *fmt, va_list ap)
{
    char msg[sizeof e->msg];

    vsnprintf(msg, sizeof msg, fmt, ap);
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
    copy_field(e->file, sizeof e->file, file);
    copy_field(e->src, sizeof e->src, src_line);
    e->line = line;
    e->col = col;
    return code;
}

/* The caret line keeps tabs where the source has them, so it lines up in any terminal. */
static void print_caret(FILE *out, const struct pd_err *e)
{
    fprintf(out, "  %s\n  ", e->src);
    for (int i = 1; i < e->col && e->src[i - 1]; i++)
        fputc(e->src[i - 1] == '\t' ? '\t' : ' ', out);
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
    fprintf(out, "%serror: %s\n", e->file[0] || e->line > 0 ? " " : "",
            e->msg[0] ? e->msg : "unknown error");
    if (e->src[0] && e->col > 0)
        print_caret(out, e);
}

int pd_exit_code(enum pd_status code)
{
    switch (code) {
    case PD_OK:
        return 0;
    case PD_ERR_MISMATCH:
        return 1;
    case PD_ERR_LIMIT:
        return 1;
    case PD_ERR_USAGE:
        return 64; /* EX_USAGE */
    case PD_ERR_SYNTAX:
    case PD_ERR_RANGE:
        return 65; /* EX_DATAERR */
    case PD_ERR_DEVICE:
        return 69; /* EX_UNAVAILABLE */
    case PD_ERR_NOMEM:
    case PD_ERR_CRYPTO:
    case PD_ERR_INTERNAL:
        return 70; /* EX_SOFTWARE */
    case PD_ERR_IO:
        return 74; /* EX_IOERR */
    }
    return 70;
}

bool pd_progress_wanted(bool quiet)
{
    return !quiet && isatty(STDERR_FILENO);
}

enum pd_status pd_outfile_open(struct pd_outfile *o, const char *path, struct pd_err *e)
{
    int fd;

    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        snprintf(o->path, sizeof o->path, "-");
        return PD_OK;
    }
    if (snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path)
        return pd_fail(e, PD_ERR_IO, "%s: path too long", path);
    /* A device or pipe (/dev/null, a FIFO) is written in place: renaming over it would replace
     * the device node, and there is nothing partial to protect. */
    struct stat st;

    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            return pd_fail(e, PD_ERR_IO, "%s: is a directory", path);
        o->f = fopen(path, "wb");
        if (!o->f)
            return pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
        return PD_OK;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.tmpXXXXXX", path);
    fd = mkstemp(o->tmp);
    if (fd < 0) {
        int err = errno;

        o->tmp[0] = '\0';
        pd_fail(e, PD_ERR_IO, "%s: cannot create: %s", path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    /* mkstemp makes 0600; output files are ordinary documents, readable as umask allows. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
        return pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    }
    return PD_OK;
}

enum pd_status pd_outfile_commit(struct pd_outfile *o, struct pd_err *e)
{
    int err = 0;

    if (!o->f)
        return pd_fail(e, PD_ERR_INTERNAL, "%s: output not open", o->path);
    if (fflush(o->f) != 0 || ferror(o->f))
        err = errno ? errno : EIO;
    if (!o->tmp[0]) {
        if (o->f != stdout && fclose(o->f) != 0 && !err)
            err = errno;
        o->f = NULL;
        return err ? pd_fail(e, PD_ERR_IO, "writing %s: %s",
                             strcmp(o->path, "-") == 0 ? "standard output" : o->path,
                             strerror(err))
                   : PD_OK;
    }
    if (!err && fsync(fileno(o->f)) != 0)
        err = errno;
    if (fclose(o->f) != 0 && !err)
        err = errno;
    o->f = NULL;
    if (!err && rename(o->tmp, o->path) != 0)
        err = errno;
    if (err) {
        unlink(o->tmp);
        o->tmp[0] = '\0';
        pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", o->path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    o->tmp[0] = '\0';
    return PD_OK;
}

void pd_outfile_abort(struct pd_outfile *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0])
        unlink(o->tmp);
    o->tmp[0] = '\0';
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
