/* dealer/deal/rng.c - keys and keyed deal streams (the construction is in dealer/README.md,
 * "How a board is dealt (the construction)"; key files are dealer/deal/keyfile.c's). All
 * randomness comes from OpenSSL: RAND_priv_bytes for new keys, HMAC-SHA-256 and ChaCha20 for the streams. Key bytes are wiped
 * before they go out of scope and never reach a message. */
#include <errno.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/deal/hot.h"

static enum pd_status crypto_fail(struct pd_err *e, const char *what)
{
    char buf[120];

    ERR_error_string_n(ERR_get_error(), buf, sizeof buf);
    return pd_fail(e, PD_ERR_CRYPTO, "%s failed: %s", what, buf);
}

void key_commit_hex(const struct pd_key *key, char *hex)
{
    char text[2 * PD_KEY_BYTES + 2];

    pd_hex_encode(key->bytes, PD_KEY_BYTES, text);
    text[2 * PD_KEY_BYTES] = '\n';
    text[2 * PD_KEY_BYTES + 1] = '\0';
    pd_sha256_hex(text, sizeof text - 1, hex);
    pd_wipe(text, sizeof text);
}

unsigned stream_next16(struct deal_stream *s, size_t *pos, size_t *len)
{
    uint8_t b[2];

    s->pos = *pos;
    deal_stream_bytes(s, b, 2);
    *pos = s->pos;
    *len = s->len;
    return (unsigned)b[0] << 8 | b[1];
}

void key_from_seed(unsigned long long seed, struct pd_key *key)
{
    char msg[64];
    int n = snprintf(msg, sizeof msg, "predup/v1/seed%c%llu", '\0', seed);

    SHA256((const uint8_t *)msg, (size_t)n, key->bytes);
}

enum pd_status set_key_derive(const struct pd_key *key, const char *label, struct set_key *out,
                              struct pd_err *e)
{
    static const char prefix[] = "predup/v1/set"; /* sizeof includes the 0x00 separator */
    size_t llen = strlen(label);
    uint8_t *msg = malloc(sizeof prefix + llen);
    unsigned int outlen = 0;
    uint8_t *ok;

    if (!msg)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    memcpy(msg, prefix, sizeof prefix);
    memcpy(msg + sizeof prefix, label, llen);
    ok = HMAC(EVP_sha256(), key->bytes, PD_KEY_BYTES, msg, sizeof prefix + llen, out->bytes,
              &outlen);
    free(msg);
    if (!ok || outlen != sizeof out->bytes)
        return crypto_fail(e, "HMAC-SHA-256");
    return PD_OK;
}

enum pd_status set_key_derive_event(const struct pd_key *key, const char *digest_hex,
                                    const char *public_value, const char *set_name,
                                    struct set_key *out, struct pd_err *e)
{
    static const char prefix[] = "predup/v2/event"; /* sizeof includes the 0x00 separator */
    const char *parts[3] = {digest_hex, public_value, set_name};
    size_t len = sizeof prefix, at = sizeof prefix;
    unsigned int outlen = 0;
    uint8_t *msg, *ok;

    for (int i = 0; i < 3; i++)
        len += strlen(parts[i]) + (i < 2);
    msg = malloc(len);
    if (!msg)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    memcpy(msg, prefix, sizeof prefix);
    for (int i = 0; i < 3; i++) { /* digest 0x00 public 0x00 set: no part holds a 0x00 */
        size_t n = strlen(parts[i]) + (i < 2);

        memcpy(msg + at, parts[i], n);
        at += n;
    }
    ok = HMAC(EVP_sha256(), key->bytes, PD_KEY_BYTES, msg, len, out->bytes, &outlen);
    free(msg);
    if (!ok || outlen != sizeof out->bytes)
        return crypto_fail(e, "HMAC-SHA-256");
    return PD_OK;
}

/* OpenSSL's ChaCha20 IV is the 32-bit block counter (little-endian) then the 96-bit nonce. */
static void make_iv(uint8_t iv[16], enum stream_purpose purpose, uint64_t index)
{
    memset(iv, 0, 16);
    for (int i = 0; i < 4; i++)
        iv[4 + i] = (uint8_t)((uint32_t)purpose >> (24 - 8 * i));
    for (int i = 0; i < 8; i++)
        iv[8 + i] = (uint8_t)(index >> (56 - 8 * i));
}

enum pd_status deal_stream_open(struct deal_stream *s, const struct set_key *sk,
                                enum stream_purpose purpose, uint64_t index, struct pd_err *e)
{
    memset(s, 0, sizeof *s);
    s->ctx = EVP_CIPHER_CTX_new();
    if (!s->ctx)
        return crypto_fail(e, "EVP_CIPHER_CTX_new");
    s->sk = *sk;
    if (EVP_EncryptInit_ex(s->ctx, EVP_chacha20(), NULL, s->sk.bytes, NULL) != 1) {
        deal_stream_close(s);
        return crypto_fail(e, "ChaCha20 init");
    }
    return deal_stream_seek(s, purpose, index, e);
}

enum pd_status deal_stream_seek(struct deal_stream *s, enum stream_purpose purpose,
                                uint64_t index, struct pd_err *e)
{
    uint8_t iv[16];

    make_iv(iv, purpose, index);
    if (EVP_EncryptInit_ex(s->ctx, NULL, NULL, NULL, iv) != 1)
        return crypto_fail(e, "ChaCha20 init");
    s->pos = s->len = 0;
    /* A board needs about 18 bytes: start small, grow for long rejection runs. An attempt of a
     * board with a script (version 2) takes some 170: one call of 256 makes them. */
    s->fill = purpose == STREAM_SCRIPT ? 256 : 128;
    return PD_OK;
}

void deal_stream_close(struct deal_stream *s)
{
    if (s->ctx)
        EVP_CIPHER_CTX_free(s->ctx);
    s->ctx = NULL;
    pd_wipe(&s->sk, sizeof s->sk);
    pd_wipe(s->buf, sizeof s->buf);
    s->pos = s->len = 0;
}

/* The keystream is ChaCha20 applied to zero bytes. */
static void refill(struct deal_stream *s)
{
    static const uint8_t zeros[sizeof s->buf];
    int out = 0;

    /* ChaCha20 encryption of a buffer cannot fail once initialised; a failure here would be a
     * broken libcrypto, and producing zeros silently would be worse than stopping. */
    if (EVP_EncryptUpdate(s->ctx, s->buf, &out, zeros, (int)s->fill) != 1 ||
        out != (int)s->fill)
        abort();
    s->pos = 0;
    s->len = s->fill;
    if (s->fill < sizeof s->buf)
        s->fill *= 2;
}

void deal_stream_reserve(struct deal_stream *s, size_t n)
{
    static const uint8_t zeros[sizeof s->buf];
    size_t r = s->len - s->pos, want;
    int out = 0;

    if (r >= n)
        return;
    /* The unread bytes move to the front and the keystream continues after them: the bytes
     * of the stream are the same whatever the buffer boundaries. Whole 64-byte blocks. */
    memmove(s->buf, s->buf + s->pos, r);
    want = (sizeof s->buf - r) / 64 * 64;
    if (s->fill < want && s->fill >= n)
        want = s->fill;
    if (EVP_EncryptUpdate(s->ctx, s->buf + r, &out, zeros, (int)want) != 1 || out != (int)want)
        abort(); /* as in refill: a broken libcrypto */
    s->pos = 0;
    s->len = r + want;
    if (s->fill < sizeof s->buf)
        s->fill *= 2;
}

void deal_stream_bytes(struct deal_stream *s, uint8_t *out, size_t n)
{
    while (n > 0) {
        size_t take;

        if (s->pos == s->len)
            refill(s);
        take = s->len - s->pos < n ? s->len - s->pos : n;
        memcpy(out, s->buf + s->pos, take);
        s->pos += take;
        out += take;
        n -= take;
    }
}

uint32_t deal_stream_u32(struct deal_stream *s)
{
    uint8_t tail[4];
    const uint8_t *b = s->buf + s->pos;

    if (s->len - s->pos >= 4) { /* the usual case: read in place */
        s->pos += 4;
    } else {
        deal_stream_bytes(s, tail, 4);
        b = tail;
    }
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* Lemire's multiply-and-reject: x*n / 2^32 is uniform in [0, n) once the low part of the
 * product is outside the short first block of size 2^32 mod n. */
uint32_t deal_stream_below(struct deal_stream *s, uint32_t n)
{
    uint64_t m = (uint64_t)deal_stream_u32(s) * n;
    uint32_t low = (uint32_t)m;

    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;

        while (low < threshold) {
            m = (uint64_t)deal_stream_u32(s) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

deal_num deal_stream_number(struct deal_stream *s)
{
    for (;;) {
        uint8_t b[12];
        deal_num n = 0;

        if (s->len - s->pos >= 12) {
            memcpy(b, s->buf + s->pos, 12);
            s->pos += 12;
        } else {
            deal_stream_bytes(s, b, 12);
        }
        for (int i = 0; i < 12; i++)
            n = n << 8 | b[i];
        if (n < DEAL_COUNT)
            return n;
    }
}

void deal_stream_deal(struct deal_stream *s, struct deal *out, deal_num *num)
{
    deal_num n = deal_stream_number(s);

    deal_from_number(n, out, NULL); /* n < D by construction: cannot fail */
    if (num)
        *num = n;
}

/* Fisher-Yates over the free cards: position i takes a uniform card from positions i..nfree-1
 * (stream_draw16, dealer/deal/hot.h). The hottest loop of practice runs. */
PD_HOT void deal_stream_shuffle(struct deal_stream *s, const struct deal *fixed,
                                struct deal *out)
{
    uint8_t free_bits[DEAL_NCARDS];
    int vac[4], nfree = 0;
    uint64_t taken = 0;
    struct deal d;
    size_t pos = s->pos, len = s->len;

    for (int h = 0; h < 4; h++) {
        d.hand[h] = fixed ? fixed->hand[h] : 0;
        taken |= d.hand[h];
        vac[h] = HAND_NCARDS - hand_ncards(d.hand[h]);
    }
    for (uint64_t rest = 0x1FFF1FFF1FFF1FFFULL & ~taken; rest; rest &= rest - 1)
        free_bits[nfree++] = (uint8_t)__builtin_ctzll(rest);
    for (int i = 0; i < nfree - 1; i++) {
        int j = i + (int)stream_draw16(s, &pos, &len, (unsigned)(nfree - i));
        uint8_t t = free_bits[i];

        free_bits[i] = free_bits[j];
        free_bits[j] = t;
    }
    s->pos = pos;
    int k = 0;

    for (int h = 0; h < 4; h++) {
        uint64_t hand = d.hand[h];

        for (int c = 0; c < vac[h]; c++)
            hand |= 1ULL << free_bits[k++];
        out->hand[h] = hand;
    }
}
