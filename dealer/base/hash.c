/* dealer/base/hash.c - the foundations' digests: SHA-256 of a buffer or a file as hex, and the
 * one hex encoder. Here, below the deal model, so that every room can hash without including
 * dealer/deal/deal.h. It reads files through status.c, which calls nothing here. */
#include <openssl/sha.h>
#include <stdlib.h>

#include "dealer/base/base.h"

void pd_hex_encode(const void *bytes, size_t n, char *out)
{
    const uint8_t *b = bytes;
    static const char digits[] = "0123456789abcdef";

    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * n] = '\0';
}

void pd_sha256_hex(const void *data, size_t n, char *hex)
{
    uint8_t md[SHA256_DIGEST_LENGTH];

    SHA256(data, n, md);
    pd_hex_encode(md, sizeof md, hex);
}

enum pd_status pd_sha256_file(const char *path, char *hex, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = pd_read_file(path, &text, &len, e);

    if (rc != PD_OK)
        return rc;
    pd_sha256_hex(text, len, hex);
    pd_wipe(text, len);
    free(text);
    return PD_OK;
}
