/* dealer/deal/keyfile.c - key files: made atomically by `key new`, read only when they are the
 * user's own private regular file of exactly a key's bytes, marked spent when `event reveal`
 * publishes them (dealer/deal/deal.h, "keys and streams"); whether event commit may adopt one
 * is dealer/event/spent.c's question.
 * Key bytes are wiped before they go out of scope and never reach a message. */
#include <errno.h>
#include <fcntl.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dealer/deal/deal.h"

/* A key file: 64 hex digits, an optional CR, an optional LF, and after event reveal this line. */
static const char spent_line[] = KEY_SPENT_LINE;
enum { KEY_FILE_MAX = 2 * PD_KEY_BYTES + 2 + sizeof spent_line };

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static enum pd_status write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);

        if (w < 0) {
            if (errno == EINTR)
                continue;
            return PD_ERR_IO;
        }
        buf += w;
        n -= (size_t)w;
    }
    return PD_OK;
}

/* Writes text to a new temporary file beside path, mode 0600, fsynced; tmp receives its name. */
static enum pd_status write_temp_beside(const char *path, const char *text, size_t n, char *tmp,
                                        size_t cap, struct pd_err *e)
{
    int fd, err;

    if ((size_t)snprintf(tmp, cap, "%s.new-XXXXXX", path) >= cap)
        return pd_fail(e, PD_ERR_USAGE, "%s: the name is too long", path);
    fd = mkostemp(tmp, O_CLOEXEC); /* mode 0600 whatever the umask */
    if (fd < 0)
        return pd_fail(e, PD_ERR_IO, "%s: cannot create: %s", path, strerror(errno));
    if (fchmod(fd, 0600) != 0 || write_all(fd, text, n) != PD_OK || fsync(fd) != 0) {
        err = errno;
        close(fd);
        unlink(tmp);
        return pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", path, strerror(err));
    }
    if (close(fd) != 0) {
        err = errno;
        unlink(tmp);
        return pd_fail(e, PD_ERR_IO, "%s: cannot close: %s", path, strerror(err));
    }
    return PD_OK;
}

/* The key is written whole under a temporary name and then linked to its own name, which link
 * never replaces: a crash leaves no NAME.key, or a whole one, never an empty or short one. */
enum pd_status key_new_file(const char *path, char *commit_hex, struct pd_err *e)
{
    uint8_t key[PD_KEY_BYTES];
    char text[2 * PD_KEY_BYTES + 2], tmp[4200];
    enum pd_status rc;
    bool made;

    if (RAND_priv_bytes(key, sizeof key) != 1)
        return pd_fail(e, PD_ERR_CRYPTO, "RAND_priv_bytes failed: no key was made");
    pd_hex_encode(key, sizeof key, text);
    pd_wipe(key, sizeof key);
    text[2 * PD_KEY_BYTES] = '\n';
    text[2 * PD_KEY_BYTES + 1] = '\0';
    rc = write_temp_beside(path, text, sizeof text - 1, tmp, sizeof tmp, e);
    made = rc == PD_OK;
    if (rc == PD_OK && link(tmp, path) != 0)
        rc = errno == EEXIST ? pd_fail(e, PD_ERR_EXISTS, "%s: already exists; a key is never "
                                                         "overwritten", path)
                             : pd_fail(e, PD_ERR_IO, "%s: cannot create: %s", path, strerror(errno));
    if (made)
        unlink(tmp);
    if (rc == PD_OK) /* the new name must survive a crash as the key's bytes do */
        rc = pd_fsync_dir(path, e);
    if (rc == PD_OK)
        pd_sha256_hex(text, sizeof text - 1, commit_hex);
    pd_wipe(text, sizeof text);
    return rc;
}

/* Why a key file may not be read, or PD_OK. */
static enum pd_status key_file_refusal(const char *path, const struct stat *st, struct pd_err *e)
{
    if (!S_ISREG(st->st_mode))
        return pd_fail(e, PD_ERR_RANGE, "%s: not a regular file; refused: a key file is one, "
                       "made by predup key new", path);
    if (st->st_uid != geteuid())
        return pd_fail(e, PD_ERR_RANGE, "%s: owned by another user (uid %u); refused: a key "
                       "file must be your own, made by predup key new", path,
                       (unsigned)st->st_uid);
    if ((st->st_mode & 077) != 0)
        return pd_fail(e, PD_ERR_RANGE, "%s: key file is readable by group or others; refused "
                       "(fix: chmod 600 %s)", path, path);
    if (st->st_size == 0)
        return pd_fail(e, PD_ERR_SYNTAX, "%s: empty: it never held a key (a key new that "
                       "stopped before writing it); remove it and run again for a new key", path);
    return PD_OK;
}

/* Opens a key file that is the user's own private regular file (a symbolic link to one is
 * followed); a FIFO or a device is refused before anything is read, so none can block. */
static enum pd_status open_key_file(const char *path, int *fd, struct pd_err *e)
{
    struct stat st;
    enum pd_status rc;

    *fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (*fd < 0) {
        int err = errno;

        pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    rc = fstat(*fd, &st) != 0 ? pd_fail(e, PD_ERR_IO, "%s: cannot stat: %s", path, strerror(errno))
                              : key_file_refusal(path, &st, e);
    if (rc != PD_OK)
        close(*fd);
    return rc;
}

static enum pd_status read_key_text(const char *path, char *text, size_t cap, size_t *len,
                                    struct pd_err *e)
{
    int fd;
    enum pd_status rc = open_key_file(path, &fd, e);
    ssize_t got = 0;

    *len = 0;
    if (rc != PD_OK)
        return rc;
    while (rc == PD_OK && *len < cap && (got = read(fd, text + *len, cap - *len)) != 0) {
        if (got < 0 && errno != EINTR)
            rc = pd_fail(e, PD_ERR_IO, "%s: read error: %s", path, strerror(errno));
        else if (got > 0)
            *len += (size_t)got;
    }
    close(fd);
    return rc;
}

/* Parses text[0..len): 64 hex digits, an optional CR LF or LF, and the spent line after a
 * line end. */
static enum pd_status parse_key_text(const char *path, const char *text, size_t len,
                                     struct pd_key *key, bool *spent, struct pd_err *e)
{
    size_t hexlen = len, n = sizeof spent_line - 1, digits = 0;

    if (len >= KEY_FILE_MAX + 1)
        return pd_fail(e, PD_ERR_SYNTAX, "%s: not a predup key: longer than a key file",
                       path);
    *spent = len > n && text[len - n - 1] == '\n' && memcmp(text + len - n, spent_line, n) == 0;
    if (*spent)
        hexlen -= n;
    if (hexlen > 0 && text[hexlen - 1] == '\n')
        hexlen--;
    if (hexlen > 0 && text[hexlen - 1] == '\r')
        hexlen--;
    while (digits < hexlen && hex_value(text[digits]) >= 0)
        digits++;
    if (digits == hexlen && hexlen < 2 * PD_KEY_BYTES)
        return pd_fail(e, PD_ERR_SYNTAX, "%s: not a predup key: expected 64 hex digits and a "
                       "newline, found only %zu: never a whole key (a key new that stopped "
                       "half-way); remove it and make a new key", path, digits);
    if (hexlen != 2 * PD_KEY_BYTES)
        return pd_fail(e, PD_ERR_SYNTAX, "%s: not a predup key: expected 64 hex digits and a "
                       "newline, found %zu byte%s", path, len, len == 1 ? "" : "s");
    if (digits < hexlen)
        return pd_fail(e, PD_ERR_SYNTAX, "%s: not a predup key: byte %zu is not a hex digit",
                       path, digits + 1);
    for (size_t i = 0; i < PD_KEY_BYTES; i++)
        key->bytes[i] = (uint8_t)(hex_value(text[2 * i]) << 4 | hex_value(text[2 * i + 1]));
    return PD_OK;
}

enum pd_status key_load_file(const char *path, struct pd_key *key, bool *spent,
                             struct pd_err *e)
{
    char buf[KEY_FILE_MAX + 1], *text = buf;
    size_t len = 0;
    enum pd_status rc = strcmp(path, "-") == 0 ? pd_read_file(path, &text, &len, e)
                                               : read_key_text(path, buf, sizeof buf, &len, e);

    if (rc == PD_OK && len == 0)
        rc = pd_fail(e, PD_ERR_SYNTAX, "%s: empty: no key to read",
                     strcmp(path, "-") == 0 ? "standard input" : path);
    if (rc == PD_OK)
        rc = parse_key_text(strcmp(path, "-") == 0 ? "standard input" : path, text, len, key,
                            spent, e);
    pd_wipe(text, text == buf ? sizeof buf : len);
    if (text != buf)
        free(text);
    if (rc != PD_OK)
        pd_wipe(key, sizeof *key);
    return rc;
}

enum pd_status key_commitment(const char *path, char *hex, struct pd_err *e)
{
    struct pd_key key;
    bool spent;
    enum pd_status rc = key_load_file(path, &key, &spent, e);

    if (rc == PD_OK)
        key_commit_hex(&key, hex);
    pd_wipe(&key, sizeof key);
    return rc;
}

/* ---------------------------------------------------------------- spent keys */

enum pd_status key_mark_spent(const char *path, const struct pd_key *key, struct pd_err *e)
{
    char text[2 * PD_KEY_BYTES + 2];
    struct pd_outfile out;
    /* the same key, marked: written whole beside it and renamed over it, mode 0600 */
    enum pd_status rc = pd_outfile_open_ex(&out, path, PD_OUT_FORCE | PD_OUT_KEY, e);

    if (rc != PD_OK)
        return rc;
    pd_hex_encode(key->bytes, PD_KEY_BYTES, text);
    text[2 * PD_KEY_BYTES] = '\n';
    text[2 * PD_KEY_BYTES + 1] = '\0';
    if (fputs(text, out.f) == EOF || fputs(spent_line, out.f) == EOF) {
        pd_outfile_abort(&out);
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
    } else {
        rc = pd_outfile_commit(&out, e);
    }
    pd_wipe(text, sizeof text);
    return rc;
}
