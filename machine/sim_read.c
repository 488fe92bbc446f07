/* machine/sim_read.c - the simulated machine's decks and eyes: its piles of cards, the decks
 * the model operator loads (shuffled from the keyed stream, deck faults on top), the faults
 * at given cards, the recognition error model of OCR and barcodes, and the indices read in
 * the language the machine was told (SETUP). */
#include <string.h>

#include "machine/sim_int.h"

/* ---------------------------------------------------------------- piles of cards */

void mach_pile_push(struct pile *p, uint8_t c)
{
    if (p->n < SIM_MAXP)
        p->c[p->n++] = c;
}

uint8_t mach_pile_take_first(struct pile *p)
{
    uint8_t c = p->c[0];

    memmove(p->c, p->c + 1, (size_t)(p->n - 1));
    p->n--;
    return c;
}

void mach_pile_insert(struct pile *p, int at, uint8_t c)
{
    if (p->n >= SIM_MAXP)
        return;
    if (at > p->n)
        at = p->n;
    memmove(p->c + at + 1, p->c + at, (size_t)(p->n - at));
    p->c[at] = c;
    p->n++;
}

/* ---------------------------------------------------------------- randomness and decks */

static bool chance(struct mach_sim *s, uint32_t ppm)
{
    return ppm > 0 && deal_stream_below(&s->rng, 1000000) < ppm;
}

bool mach_sim_fault_here(struct mach_sim *s, enum mach_fault kind, int board, int card)
{
    for (int i = 0; i < s->o.nat; i++) {
        const struct mach_fault_at *f = &s->o.at[i];

        if (!s->at_used[i] && f->kind == kind && f->board == board && f->card == card &&
            s->w->decks[board] <= 1) {
            s->at_used[i] = true;
            s->st.injected[kind]++;
            return true;
        }
    }
    if (chance(s, s->o.rate_ppm[kind])) {
        s->st.injected[kind]++;
        return true;
    }
    return false;
}

static void deck_faults(struct mach_sim *s, int board, struct pile *d)
{
    for (int pos = 52; pos >= 1; pos--) {
        int at = pos - 1;

        if (mach_sim_fault_here(s, MF_SHORT_DECK, board, pos) && at < d->n) {
            memmove(d->c + at, d->c + at + 1, (size_t)(d->n - at - 1));
            d->n--;
        }
        if (mach_sim_fault_here(s, MF_EXTRA_CARD, board, pos))
            mach_pile_insert(d, at, (uint8_t)(OTHER_DECK | deal_stream_below(&s->rng, 52)));
        if (mach_sim_fault_here(s, MF_OTHER_DECK, board, pos) && at < d->n) {
            uint8_t face = (uint8_t)((d->c[at] & FACE) + 1 + deal_stream_below(&s->rng, 51));

            d->c[at] = (uint8_t)(OTHER_DECK | face % 52);
        }
        if (mach_sim_fault_here(s, MF_DUP_CARD, board, pos) && at < d->n && d->n > 1) {
            int other = (at + 1 + (int)deal_stream_below(&s->rng, (uint32_t)d->n - 1)) % d->n;

            d->c[at] = d->c[other];
        }
    }
}

void mach_sim_load_deck(struct mach_sim *s, int board)
{
    struct pile *d = &s->w->feeder;

    d->n = 52;
    for (int i = 0; i < 52; i++)
        d->c[i] = (uint8_t)i;
    for (int i = 51; i > 0; i--) {
        int j = (int)deal_stream_below(&s->rng, (uint32_t)i + 1);
        uint8_t t = d->c[i];

        d->c[i] = d->c[j];
        d->c[j] = t;
    }
    s->w->decks[board]++;
    deck_faults(s, board, d);
}

/* ---------------------------------------------------------------- recognition */

/* OCR's confusions: ranks whose corner indices look alike, and the two red suits (the black
 * ones more rarely). Rank 2..14 to the rank it is taken for. */
static int confuse(struct mach_sim *s, int face)
{
    static const int rank_as[15] = {0, 0, 7, 8, 14, 6, 9, 2, 3, 6, 11, 12, 13, 12, 4};
    int suit = face / 13, rank = RANK_A - face % 13;
    uint32_t r = deal_stream_below(&s->rng, 10);

    if ((suit == SUIT_H || suit == SUIT_D) && r < 5)
        suit = suit == SUIT_H ? SUIT_D : SUIT_H;
    else if ((suit == SUIT_S || suit == SUIT_C) && r < 1)
        suit = suit == SUIT_S ? SUIT_C : SUIT_S;
    else
        rank = rank_as[rank];
    return card_index((enum suit)suit, rank);
}

/* OCR of an honour's index: the letters printed on the deck (o.deck) read as the indices the
 * machine was told (SETUP): a letter of no honour there is no reading (-1); a letter of
 * another honour is that honour (a Dutch V, the queen, is a French jack). */
static int read_index(const struct mach_sim *s, int face)
{
    int suit = face / 13, rank = RANK_A - face % 13, honour = RANK_A - rank;
    const char *glyph;

    if (honour > 3 || s->o.deck == s->index)
        return face;
    glyph = MACH_INDEX_HONOURS[s->o.deck][honour];
    for (int k = 0; k < 4; k++)
        if (strcmp(MACH_INDEX_HONOURS[s->index][k], glyph) == 0)
            return card_index((enum suit)suit, RANK_A - k);
    return -1;
}

int mach_sim_read_card(struct mach_sim *s, uint8_t val, bool misread, bool unreadable,
                              struct reading r[2])
{
    int face = val & FACE, n = 0;

    if (s->o.methods & MACH_OCR) {
        int seen = read_index(s, face);

        r[n] = (struct reading){MACH_OCR, (uint8_t)face,
                                (uint8_t)(85 + deal_stream_below(&s->rng, 15))};
        if (seen != face)
            s->st.index_misses++;
        if (unreadable || seen < 0 || chance(s, s->o.ocr_unreadable_ppm)) {
            r[n].card = MP_CARD_NONE;
            r[n].conf = 0;
            s->st.unreadable++;
        } else if (seen != face) {
            r[n].card = (uint8_t)seen; /* confidently: the letter is clear, its meaning not */
        } else if (misread) {
            r[n].card = (uint8_t)confuse(s, face);
            r[n].conf = 95; /* the dangerous kind: confident and wrong */
            s->st.confusions++;
        } else if (chance(s, s->o.ocr_confusion_ppm)) {
            r[n].card = (uint8_t)confuse(s, face);
            r[n].conf = (uint8_t)(55 + deal_stream_below(&s->rng, 43));
            s->st.confusions++;
        }
        n++;
    }
    if (s->o.methods & MACH_BARCODE) {
        r[n] = (struct reading){MACH_BARCODE, (uint8_t)face, 100};
        if (unreadable || chance(s, s->o.barcode_unreadable_ppm)) {
            r[n].card = MP_CARD_NONE;
            r[n].conf = 0;
            s->st.unreadable++;
        } else if (misread && !(s->o.methods & MACH_OCR)) {
            r[n].card = (uint8_t)confuse(s, face); /* a card with a wrong label */
            s->st.confusions++;
        }
        n++;
    }
    return n;
}
