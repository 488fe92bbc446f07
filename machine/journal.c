/* machine/journal.c - the fill journal beside the set (SET.pbn.journal): one text line per
 * event, appended and fsynced before the event counts, so that after a crash, kill -9, power
 * loss or unplug `predup fill --resume` knows which boards are finished. Format (PROTOCOL.md,
 * "Journal"):
 *   predup-journal 1 sha256 <hex of the set file>
 *   begin B A            board B, attempt A started (its pockets are not trusted until good)
 *   place B A K CARD S   K-th card of the attempt, e.g. "SA", placed for seat S (N/E/S/W)
 *   good B | bad B text  the board is finished */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/mach_int.h"

static const char MAGIC[] = "predup-journal 1 sha256 ";

static void hex(const uint8_t h[32], char out[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

static enum pd_status replay_line(struct journal *j, const char *line, int lineno,
                                  struct pd_err *e)
{
    char word[8];
    int board = 0, n = 0;

    if (sscanf(line, "%7s %d%n", word, &board, &n) < 2 || board < 1)
        return pd_fail_at(e, PD_ERR_SYNTAX, j->path, lineno, 1, line, "garbled journal line");
    if (board > j->max_board)
        return PD_OK; /* a board outside this run's range: kept, not needed */
    if (strcmp(word, "begin") == 0) {
        j->state[board] = J_BEGUN;
        j->attempts[board]++;
    } else if (strcmp(word, "good") == 0) {
        j->state[board] = J_GOOD;
    } else if (strcmp(word, "bad") == 0) {
        j->state[board] = J_BAD;
    } else if (strcmp(word, "place") != 0) {
        return pd_fail_at(e, PD_ERR_SYNTAX, j->path, lineno, 1, line,
                          "unknown journal record \"%s\"", word);
    }
    return PD_OK;
}

static enum pd_status replay(struct journal *j, const char *text, size_t len,
                             const uint8_t hash[32], struct pd_err *e)
{
    char want[65], *copy;
    const char *p = text, *nl;
    size_t complete = 0;
    int lineno = 0;
    enum pd_status rc = PD_OK;

    hex(hash, want);
    nl = memchr(text, '\n', len);
    if (!nl || (size_t)(nl - text) != sizeof MAGIC - 1 + 64 ||
        memcmp(text, MAGIC, sizeof MAGIC - 1) != 0)
        return pd_fail_at(e, PD_ERR_SYNTAX, j->path, 1, 1, NULL, "not a predup journal");
    if (memcmp(text + sizeof MAGIC - 1, want, 64) != 0)
        return pd_fail(e, PD_ERR_MISMATCH,
                       "%s was started for another set (sha256 %.16s...), this set is %.16s...: "
                       "the set changed since the fill began",
                       j->path, text + sizeof MAGIC - 1, want);
    while (rc == PD_OK && (nl = memchr(p, '\n', len - (size_t)(p - text))) != NULL) {
        lineno++;
        if (lineno > 1) {
            copy = strndup(p, (size_t)(nl - p));
            if (!copy)
                return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal");
            rc = replay_line(j, copy, lineno, e);
            free(copy);
        }
        p = nl + 1;
        complete = (size_t)(p - text);
    }
    if (rc == PD_OK && complete < len && ftruncate(j->fd, (off_t)complete) != 0)
        return pd_fail(e, PD_ERR_IO, "%s: cannot cut its torn last line: %s", j->path,
                       strerror(errno));
    return rc;
}

static enum pd_status read_fd(int fd, const char *path, char **out, size_t *len,
                              struct pd_err *e)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    ssize_t got;

    while (buf) {
        if (n == cap) {
            char *nb = realloc(buf, cap * 2);

            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
        got = read(fd, buf + n, cap - n);
        if (got < 0) {
            free(buf);
            return pd_fail(e, PD_ERR_IO, "%s: %s", path, strerror(errno));
        }
        if (got == 0) {
            *out = buf;
            *len = n;
            return PD_OK;
        }
        n += (size_t)got;
    }
    free(buf);
    return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal");
}

static enum pd_status sync_dir(const char *path)
{
    char dir[1024];
    char *slash;
    int fd;

    snprintf(dir, sizeof dir, "%s", path);
    slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    return PD_OK;
}

enum pd_status journal_open(struct journal *j, const char *path, const uint8_t hash[32],
                            bool resume, int max_board, struct pd_err *e)
{
    char h[65], *text = NULL;
    size_t len = 0;
    enum pd_status rc;

    memset(j, 0, sizeof *j);
    j->fd = -1;
    snprintf(j->path, sizeof j->path, "%s", path);
    j->max_board = max_board;
    j->state = calloc((size_t)max_board + 1, 1);
    j->attempts = calloc((size_t)max_board + 1, sizeof *j->attempts);
    if (!j->state || !j->attempts)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal");
    /* 0600: the journal tells which boards exist before play, like the set it follows. */
    j->fd = open(path, O_RDWR | O_APPEND | O_CREAT | (resume ? 0 : O_EXCL) | O_CLOEXEC, 0600);
    if (j->fd < 0 && errno == EEXIST)
        return pd_fail(e, PD_ERR_USAGE,
                       "%s exists: add --resume to continue that fill, or remove it to start "
                       "over", path);
    if (j->fd < 0)
        return pd_fail(e, PD_ERR_IO, "%s: %s", path, strerror(errno));
    rc = read_fd(j->fd, path, &text, &len, e);
    if (rc == PD_OK && len > 0) {
        rc = replay(j, text, len, hash, e);
    } else if (rc == PD_OK) {
        hex(hash, h);
        rc = journal_add(j, e, "%s%s", MAGIC, h);
        if (rc == PD_OK)
            rc = sync_dir(path);
    }
    free(text);
    return rc;
}

enum pd_status journal_add(struct journal *j, struct pd_err *e, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return pd_fail(e, PD_ERR_INTERNAL, "journal line too long");
    line[n++] = '\n';
    if (write(j->fd, line, (size_t)n) != n || fdatasync(j->fd) != 0)
        return pd_fail(e, PD_ERR_IO, "%s: %s", j->path, strerror(errno));
    return PD_OK;
}

void journal_close(struct journal *j)
{
    if (j->fd >= 0)
        close(j->fd);
    j->fd = -1;
    free(j->state);
    free(j->attempts);
    j->state = NULL;
    j->attempts = NULL;
}
