/* dealer/deal/hot.h - the deal room's second face, for the innermost loops (rng.c's and the
 * language's: tests/tools/rooms.py names it). PD_HOT marks the few functions that count cards
 * (the practice shuffle in rng.c, the dealer language's evaluation and generation through
 * LANG_HOT in lang_int.h); stream_draw16 is the practice shuffle's
 * uniform draw, shared by rng.c and dealer/lang/gen.c so that both take the same bytes. */
#ifndef PREDUP_DEALER_HOT_H
#define PREDUP_DEALER_HOT_H

#include "dealer/deal/deal.h"

/* Hot functions are built twice, with and without the POPCNT instruction, and the loader
 * picks the one the CPU runs (GCC/clang function multi-versioning): card counting is all
 * popcounts, and without it they are library calls. */
#if defined(__x86_64__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(LANG_NO_CLONES)
#define PD_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define PD_HOT
#endif

/* rng.c: stream_draw16's slow path, past the end of the buffer: the next two bytes of the
 * stream as a big-endian 16-bit value, the caller's cursor (*pos, *len) carried across the
 * refill. Only rng.c touches the stream's cursor; the inline below reads the buffer. */
unsigned stream_next16(struct deal_stream *s, size_t *pos, size_t *len);

/* Uniform in [0, n), n <= 52, from 16-bit draws with rejection (Lemire: the low half of v*n
 * outside the short first block of size 65536 mod n). The buffer position is held by the
 * caller in *pos and *len, not in *s: every store to a card list (uint8_t) would otherwise
 * force a reload. */
static inline unsigned stream_draw16(struct deal_stream *s, size_t *pos, size_t *len, unsigned n)
{
    for (;;) {
        unsigned v;
        uint32_t m;

        if (*len - *pos >= 2) {
            v = (unsigned)s->buf[*pos] << 8 | s->buf[*pos + 1];
            *pos += 2;
        } else {
            v = stream_next16(s, pos, len);
        }
        m = (uint32_t)v * n;
        if ((uint16_t)m >= n || (uint16_t)m >= (uint16_t)((65536u - n) % n))
            return m >> 16;
    }
}

#endif
