/* dealer/lang_gen.c - conditional generation: not enabled yet, every run shuffles plainly. */
#include "dealer/lang_gen.h"

struct lgen {
    int unused;
};

struct lgen *lgen_plan(const struct lang_prog *p)
{
    (void)p;
    return NULL;
}

void lgen_deal(const struct lgen *g, struct deal_stream *s, struct deal *out)
{
    (void)g;
    deal_stream_shuffle(s, NULL, out);
}

void lgen_free(struct lgen *g)
{
    (void)g;
}
