/* machine/journal.c - the fill journal beside the set (SET.pbn.journal): one text line per
 * event, appended and fsynced before the event counts, so that after a crash, kill -9, power
 * loss or unplug `predup fill --resume` knows which boards are finished. The format is in
 * machine/README.md ("The journal's format"): a header binding the journal to the deals, then
 * records, each ending in " *" and the CRC-32 of the bytes before it:
 *   predup-journal 3 deals <sha256 hex> machine <identity> *crc
 *   begin C B A *crc            copy C of board B, attempt A started
 *   place C B A K CARD S *crc   K-th card of the attempt ("SA") placed for seat S (NESW)
 *   good C B *crc | bad C B text *crc
 * Reading is strict: every number in range, every line well formed and its CRC right, or
 * the journal is reported damaged at file:line; only a last line without its newline (a
 * write torn by a power cut) is cut off. The open journal is locked (fcntl), so that two
 * fills never interleave one journal. The header names the machine that fills it: its boards
 * are done only for that machine (a simulator's rehearsal fills no real board). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/mach_int.h"

static const char MAGIC[] = "predup-journal 3 deals ";
static const char MAGIC2[] = "predup-journal 2 deals "; /* before machines were named */
static const char MACHINE[] = " machine ";
enum { HEAD = sizeof MAGIC - 1 + 64 }; /* the magic and the deals' hash */

static void hex(const uint8_t h[32], char out[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

uint8_t *mach_journal_state(struct journal *j, int copy, int board)
{
    return &j->state[(size_t)(copy - 1) * ((size_t)j->max_board + 1) + (size_t)board];
}

int *mach_journal_attempts(struct journal *j, int copy, int board)
{
    return &j->attempts[(size_t)(copy - 1) * ((size_t)j->max_board + 1) + (size_t)board];
}

/* ---------------------------------------------------------------- strict reading */

/* A decimal number lo..hi at *p (digits only: no sign, no blank, at most 9 digits, so no
 * wrap), followed by a space or the end; *p moves past it and the space. */
static bool number(const char **p, long lo, long hi, long *out)
{
    const char *s = *p;
    long v = 0;
    int n = 0;

    while (s[n] >= '0' && s[n] <= '9' && n < 10)
        v = v * 10 + (s[n++] - '0');
    if (n == 0 || n > 9 || (s[n] != ' ' && s[n] != '\0') || v < lo || v > hi)
        return false;
    *out = v;
    *p = s + n + (s[n] == ' ');
    return true;
}

static int card_from_name(const char *s)
{
    for (int i = 0; i < 52; i++)
        if (strncmp(s, mach_card_name(i), 2) == 0)
            return i;
    return -1;
}

/* Splits off the " *xxxxxxxx" CRC of line (len bytes, no newline) and checks it; *len becomes
 * the record's length. */
static bool crc_ok(const char *line, size_t *len)
{
    char want[9];

    if (*len < 11 || memcmp(line + *len - 10, " *", 2) != 0)
        return false;
    snprintf(want, sizeof want, "%08x", mp_crc32((const uint8_t *)line, *len - 10));
    if (memcmp(line + *len - 8, want, 8) != 0)
        return false;
    *len -= 10;
    return true;
}

static enum pd_status damaged(struct journal *j, int lineno, const char *what,
                              struct pd_err *e)
{
    return pd_fail_at(e, PD_ERR_SYNTAX, j->path, lineno, 1, NULL,
                      "damaged journal: %s; nothing was changed (rm %s to start the fill "
                      "over)", what, j->path);
}

/* One record (CRC already checked and cut off, NUL-terminated). */
static enum pd_status replay_record(struct journal *j, const char *rec, int lineno,
                                    struct pd_err *e)
{
    static const char *const words[] = {"begin ", "place ", "good ", "bad "};
    const char *p = rec;
    long copy, board, att, k;
    int w = 0;

    while (w < 4 && strncmp(p, words[w], strlen(words[w])) != 0)
        w++;
    if (w == 4)
        return damaged(j, lineno, "unknown record", e);
    p += strlen(words[w]);
    if (!number(&p, 1, MACH_MAX_COPIES, &copy) || !number(&p, 1, j->max_board, &board))
        return damaged(j, lineno, "copy or board number out of range", e);
    if (w == 0 || w == 1) {
        int *a = mach_journal_attempts(j, (int)copy, (int)board);

        if (!number(&p, 1, 1000000, &att) || att != *a + (w == 0))
            return damaged(j, lineno, "attempt number out of order", e);
        if (w == 0 && *p == '\0') {
            *a = (int)att;
            *mach_journal_state(j, (int)copy, (int)board) = J_BEGUN;
            return PD_OK;
        }
    }
    if (w == 1) {
        if (!number(&p, 1, 52, &k) || card_from_name(p) < 0 || p[2] != ' ' ||
            !strchr("NESW", p[3]) || p[3] == '\0' || p[4] != '\0')
            return damaged(j, lineno, "malformed place record", e);
        if (*mach_journal_state(j, (int)copy, (int)board) != J_BEGUN)
            return damaged(j, lineno, "a card placed on a board not begun", e);
        j->places++;
        return PD_OK;
    }
    if ((w == 2 && *p != '\0') || w == 0)
        return damaged(j, lineno, "malformed record", e);
    *mach_journal_state(j, (int)copy, (int)board) = w == 2 ? J_GOOD : J_BAD;
    return PD_OK;
}

static enum pd_status replay_line(struct journal *j, const char *line, size_t len, int lineno,
                                  struct pd_err *e)
{
    char *rec;
    enum pd_status rc;

    if (memchr(line, '\0', len) || !crc_ok(line, &len))
        return damaged(j, lineno, "the line's checksum does not match", e);
    rec = strndup(line, len);
    if (!rec)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal");
    rc = replay_record(j, rec, lineno, e);
    free(rec);
    return rc;
}

/* A machine's identity as the journal records it: printable ASCII, MACH_ID_MAX at most. */
static bool machine_ok(const char *id, size_t n)
{
    if (n == 0 || n >= MACH_ID_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (id[i] < ' ' || id[i] > '~')
            return false;
    return true;
}

/* The header: *same when it is for these deals, its machine in j->machine; *old for a
 * journal of format 2, which names no machine. Anything else is an error. */
static enum pd_status header(struct journal *j, const char *text, size_t len,
                             const uint8_t hash[32], bool *same, bool *old, struct pd_err *e)
{
    char want[65];
    const char *nl = memchr(text, '\n', len);
    size_t n = nl ? (size_t)(nl - text) : 0;

    *old = nl && n == HEAD + 10 && memcmp(text, MAGIC2, sizeof MAGIC2 - 1) == 0 &&
           crc_ok(text, &n);
    if (!*old && (!nl || n < HEAD + sizeof MACHINE + 10 || memcmp(text, MAGIC, sizeof MAGIC - 1) ||
                  !crc_ok(text, &n) || memcmp(text + HEAD, MACHINE, sizeof MACHINE - 1) ||
                  !machine_ok(text + HEAD + sizeof MACHINE - 1, n - HEAD - (sizeof MACHINE - 1))))
        return pd_fail_at(e, PD_ERR_SYNTAX, j->path, 1, 1, NULL,
                          "not a predup journal (format 3), or its first line is damaged");
    if (!*old)
        snprintf(j->machine, sizeof j->machine, "%.*s", (int)(n - HEAD - (sizeof MACHINE - 1)),
                 text + HEAD + sizeof MACHINE - 1);
    hex(hash, want);
    *same = memcmp(text + sizeof MAGIC - 1, want, 64) == 0;
    return PD_OK;
}

/* Replays every complete line; *complete is the length of the complete lines. */
static enum pd_status replay(struct journal *j, const char *text, size_t len, size_t *complete,
                             struct pd_err *e)
{
    const char *p = text, *nl;
    int lineno = 1;
    enum pd_status rc = PD_OK;

    *complete = 0;
    while (rc == PD_OK && (nl = memchr(p, '\n', len - (size_t)(p - text))) != NULL) {
        if (lineno++ > 1)
            rc = replay_line(j, p, (size_t)(nl - p), lineno - 1, e);
        p = nl + 1;
        *complete = (size_t)(p - text);
    }
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

/* ---------------------------------------------------------------- open, lock, write */

/* The directory entry of a new journal must survive a power cut too. */
static enum pd_status sync_dir(const char *path, struct pd_err *e)
{
    char *dir = strdup(path), *slash;
    int fd, ok;

    if (!dir)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal");
    slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0)
        close(fd);
    free(dir);
    return ok ? PD_OK
              : pd_fail(e, PD_ERR_IO, "%s: cannot sync its directory: %s", path,
                        strerror(errno));
}

/* One fill at a time: a write lock on the whole file, held while it is open. A POSIX lock
 * (F_GETLK names its holder, unlike an OFD lock) is dropped when this process closes any fd
 * of the file, so nothing else in a fill may open the journal while it runs. */
static enum pd_status lock(struct journal *j, struct pd_err *e)
{
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};

    if (fcntl(j->fd, F_SETLK, &fl) == 0)
        return PD_OK;
    if (errno != EACCES && errno != EAGAIN)
        return pd_fail(e, PD_ERR_IO, "%s: cannot lock it: %s", j->path, strerror(errno));
    fl = (struct flock){.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(j->fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
        return pd_fail(e, PD_ERR_DEVICE, "the journal %s is in use by process %ld (another "
                                         "predup fill)", j->path, (long)fl.l_pid);
    return pd_fail(e, PD_ERR_DEVICE, "the journal %s is in use by another process", j->path);
}

static enum pd_status alloc_state(struct journal *j, const char *path, int max_board,
                                  struct pd_err *e)
{
    size_t n = (size_t)MACH_MAX_COPIES * ((size_t)max_board + 1);

    memset(j, 0, sizeof *j);
    j->fd = -1;
    j->max_board = max_board;
    j->path = strdup(path);
    j->state = calloc(n, 1);
    j->attempts = calloc(n, sizeof *j->attempts);
    if (!j->path || !j->state || !j->attempts)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the journal");
    return PD_OK;
}

/* Starts the journal afresh for machine: empty, then the header. */
static enum pd_status start(struct journal *j, const char *machine, struct pd_err *e)
{
    char h[65];

    memset(j->state, 0, (size_t)MACH_MAX_COPIES * ((size_t)j->max_board + 1));
    memset(j->attempts, 0,
           (size_t)MACH_MAX_COPIES * ((size_t)j->max_board + 1) * sizeof *j->attempts);
    j->places = 0;
    if (ftruncate(j->fd, 0) != 0)
        return pd_fail(e, PD_ERR_IO, "%s: %s", j->path, strerror(errno));
    hex(j->hash, h);
    snprintf(j->machine, sizeof j->machine, "%s", machine);
    j->fresh = false;
    return mach_journal_add(j, e, "%s%s%s%s", MAGIC, h, MACHINE, machine);
}

/* A journal with cards placed that is not for these deals, or names no machine. */
static enum pd_status foreign(struct journal *j, const char *text, bool old, struct pd_err *e)
{
    if (old)
        return pd_fail(e, PD_ERR_MISMATCH,
                       "%s is of format 2, which names no machine (it may be a simulator's "
                       "rehearsal): none of its boards counts as filled; rm %s to fill them "
                       "again", j->path, j->path);
    return pd_fail(e, PD_ERR_MISMATCH,
                   "%s was started for other deals (sha256 %.16s...): the deals changed since "
                   "the fill began; rm %s to start the fill over",
                   j->path, text + sizeof MAGIC - 1, j->path);
}

/* The len bytes of text (no newline among them) could be the start of a header this
 * program writes: the magic, hex digits, " machine ", printable ASCII, " *", hex digits. Only
 * such a torn header is restarted; any other file (a key, a set, a note) is never truncated. */
static bool header_prefix(const char *text, size_t len)
{
    static const char hexd[] = "0123456789abcdef";
    size_t i = 0, m = sizeof MAGIC - 1, k = sizeof MACHINE - 1;

    for (; i < len && i < m; i++)
        if (text[i] != MAGIC[i])
            return false;
    for (; i < len && i < HEAD; i++)
        if (!strchr(hexd, text[i]) || text[i] == '\0')
            return false;
    for (; i < len && i < HEAD + k; i++)
        if (text[i] != MACHINE[i - HEAD])
            return false;
    for (; i < len; i++) /* the identity, then " *" and the CRC: all printable ASCII */
        if (text[i] < ' ' || text[i] > '~')
            return false;
    return true;
}

static enum pd_status load(struct journal *j, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0, complete = 0;
    bool same = false, old = false;
    enum pd_status rc = read_fd(j->fd, j->path, &text, &len, e);

    /* empty, or a header torn by a power cut (no newline yet): nothing was placed */
    j->fresh = rc == PD_OK && (len == 0 || !memchr(text, '\n', len));
    if (j->fresh && !header_prefix(text, len))
        rc = pd_fail_at(e, PD_ERR_SYNTAX, j->path, 1, 1, NULL, "not a predup journal (its "
                        "first bytes are no journal header); nothing was changed: pass "
                        "--journal a new file, or the set's own journal");
    j->fresh = j->fresh && rc == PD_OK;
    if (j->fresh)
        len = 0;
    if (rc == PD_OK && len > 0)
        rc = header(j, text, len, j->hash, &same, &old, e);
    if (rc == PD_OK && len > 0 && (!same || old)) /* blocks only if a card was placed */
        j->fresh = !memmem(text, len, "\nplace ", 7);
    if (rc == PD_OK && len > 0 && (!same || old) && !j->fresh)
        rc = foreign(j, text, old, e);
    if (rc == PD_OK && len > 0 && same && !old)
        rc = replay(j, text, len, &complete, e);
    if (rc == PD_OK && len > 0 && same && !old && j->places == 0)
        j->fresh = true; /* a start that failed before any card: nothing to keep */
    if (rc == PD_OK && !j->fresh && complete < len && ftruncate(j->fd, (off_t)complete) != 0)
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot cut its torn last line: %s", j->path,
                     strerror(errno));
    free(text);
    return rc;
}

/* Opens path without blocking (a FIFO would hang the fill), then insists on a regular file.
 * created NULL: for reading only (fill --status); else a missing journal is created and
 * *created set, and a journal that existed (or was reached through a symlink) with wider
 * rights is made 0600: it tells every card's seat. */
static enum pd_status open_regular(struct journal *j, int flags, bool *created,
                                   struct pd_err *e)
{
    struct stat st;

    j->fd = open(j->path, flags | O_NONBLOCK | O_CLOEXEC);
    if (j->fd < 0 && errno == ENOENT && created) {
        j->fd = open(j->path, flags | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        *created = j->fd >= 0;
    }
    if (j->fd < 0)
        return pd_fail(e, errno == ENOENT && !created ? PD_ERR_USAGE : PD_ERR_IO, "%s: %s",
                       j->path, errno == ENOENT && !created ? "no journal: no fill was started"
                                                            : strerror(errno));
    if (fstat(j->fd, &st) != 0)
        return pd_fail(e, PD_ERR_IO, "%s: %s", j->path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return pd_fail(e, PD_ERR_IO, "%s is not a regular file: a journal must be one (pass "
                                     "--journal FILE)", j->path);
    if (fcntl(j->fd, F_SETFL, flags & O_APPEND) != 0 ||
        (created && (st.st_mode & 077) && fchmod(j->fd, 0600) != 0))
        return pd_fail(e, PD_ERR_IO, "%s: cannot make it private (mode 0600): %s", j->path,
                       strerror(errno));
    return PD_OK;
}

enum pd_status mach_journal_open(struct journal *j, const char *path, const uint8_t hash[32],
                                 int max_board, struct pd_err *e)
{
    enum pd_status rc = alloc_state(j, path, max_board, e);
    bool created = false;

    if (rc != PD_OK)
        return rc;
    memcpy(j->hash, hash, sizeof j->hash);
    rc = open_regular(j, O_RDWR | O_APPEND, &created, e);
    if (rc == PD_OK)
        rc = lock(j, e);
    if (rc == PD_OK)
        rc = load(j, e);
    if (rc == PD_OK && created)
        rc = sync_dir(path, e);
    return rc;
}

enum pd_status mach_journal_bind(struct journal *j, const char *machine, struct pd_err *e)
{
    if (!machine_ok(machine, strlen(machine)))
        return pd_fail(e, PD_ERR_INTERNAL, "the machine's identity is malformed");
    if (j->fresh)
        return start(j, machine, e);
    if (strcmp(j->machine, machine) == 0)
        return PD_OK;
    return pd_fail(e, PD_ERR_MISMATCH,
                   "%s belongs to machine \"%s\", not to \"%s\": none of its boards counts as "
                   "filled here; pass another --journal, or rm %s to start over", j->path,
                   j->machine, machine, j->path);
}

enum pd_status mach_journal_read(struct journal *j, const char *path, const uint8_t hash[32],
                                 int max_board, struct pd_err *e)
{
    enum pd_status rc = alloc_state(j, path, max_board, e);
    char *text = NULL;
    size_t len = 0, complete;
    bool same = false, old = false;

    if (rc != PD_OK)
        return rc;
    rc = open_regular(j, O_RDONLY, NULL, e);
    if (rc == PD_OK)
        rc = read_fd(j->fd, path, &text, &len, e);
    if (rc == PD_OK)
        rc = header(j, text, len, hash, &same, &old, e);
    if (rc == PD_OK && old)
        rc = foreign(j, text, old, e);
    if (rc == PD_OK && !same)
        rc = pd_fail(e, PD_ERR_MISMATCH, "%s was started for other deals", path);
    if (rc == PD_OK)
        rc = replay(j, text, len, &complete, e);
    free(text);
    return rc;
}

/* A write or sync that failed: a full disk by name (a short write sets no errno: the error
 * would be a stale one), else the system's reason. */
static enum pd_status write_failed(const struct journal *j, int err, struct pd_err *e)
{
    if (err == ENOSPC || err == EDQUOT)
        return pd_fail(e, PD_ERR_IO, "%s: no space left on its disk: the last event was not "
                                     "recorded and does not count; free some space, then "
                                     "resume (nothing recorded is lost)", j->path);
    return pd_fail(e, PD_ERR_IO, "%s: %s", j->path, strerror(err));
}

/* The whole line, then fdatasync: a short write is retried, and the retry says why. */
static enum pd_status write_line(struct journal *j, const char *line, size_t n,
                                 struct pd_err *e)
{
    while (n > 0) {
        ssize_t w = write(j->fd, line, n);

        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) /* 0: nothing written and no reason given: only a full disk does that */
            return write_failed(j, w == 0 ? ENOSPC : errno, e);
        line += w;
        n -= (size_t)w;
    }
    return fdatasync(j->fd) == 0 ? PD_OK : write_failed(j, errno, e);
}

enum pd_status mach_journal_add(struct journal *j, struct pd_err *e, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(line, sizeof line - 11, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 11 || memchr(line, '\n', (size_t)n))
        return pd_fail(e, PD_ERR_INTERNAL, "journal line too long or with a newline");
    n += snprintf(line + n, 12, " *%08x\n", mp_crc32((const uint8_t *)line, (size_t)n));
    return write_line(j, line, (size_t)n, e);
}

void mach_journal_close(struct journal *j)
{
    if (j->fd >= 0)
        close(j->fd); /* releases the lock */
    j->fd = -1;
    free(j->path);
    free(j->state);
    free(j->attempts);
    j->path = NULL;
    j->state = NULL;
    j->attempts = NULL;
}
