/* dealer/deal/card.c - cards, hands and deals as text: names, suit holdings, the PBN deal string
 * (PBN 2.1 section 3.4.11) both ways, and the completeness check of a deal. */
#include <ctype.h>
#include <pthread.h>
#include <string.h>

#include "dealer/deal/deal.h"

const char SEAT_LETTER[4] = {'N', 'E', 'S', 'W'};
const char *const SEAT_NAME[4] = {"North", "East", "South", "West"};
const char SUIT_LETTER[4] = {'S', 'H', 'D', 'C'};
const char RANK_CHAR[15] = {'?', '?', '2', '3', '4', '5', '6', '7',
                            '8', '9', 'T', 'J', 'Q', 'K', 'A'};
const char *const VUL_PBN[4] = {"None", "NS", "EW", "All"};

/* Sources: shared/reference/languages.md (the languages' glossary, and the Dealer4 manual's
 * card-index sets: AKDB, ARDV, AHVB, EKDB, EKDKn) and printing/README.md, "Languages". */
static const struct deal_honours honours[] = {
    {"en", {"A", "K", "Q", "J"}},  {"de", {"A", "K", "D", "B"}}, {"fr", {"A", "R", "D", "V"}},
    {"nl", {"A", "H", "V", "B"}},  {"pl", {"A", "K", "D", "W"}}, {"sv", {"E", "K", "D", "Kn"}},
    {"da", {"E", "K", "D", "B"}},
};

const struct deal_honours *deal_honours_of(const char *lang)
{
    for (size_t i = 0; lang && i < sizeof honours / sizeof honours[0]; i++)
        if (strcmp(honours[i].lang, lang) == 0)
            return &honours[i];
    return NULL;
}

void hand_shape(uint64_t hand, int len[4])
{
    for (int s = 0; s < 4; s++)
        len[s] = hand_length(hand, (enum suit)s);
}

int seat_from_char(int c)
{
    switch (toupper(c)) {
    case 'N':
        return SEAT_N;
    case 'E':
        return SEAT_E;
    case 'S':
        return SEAT_S;
    case 'W':
        return SEAT_W;
    default:
        return -1;
    }
}

int rank_from_char(int c)
{
    if (c >= 'a' && c <= 'z') /* toupper without the locale's table: deals are ASCII */
        c -= 'a' - 'A';
    if (c >= '2' && c <= '9')
        return c - '0';
    switch (c) {
    case 'T':
        return 10;
    case 'J':
        return 11;
    case 'Q':
        return 12;
    case 'K':
        return 13;
    case 'A':
        return 14;
    default:
        return -1;
    }
}

/* Holding of one suit as ranks high to low ("AKT2"), "" for a void, at buf (no NUL);
 * returns the number of ranks. */
static int suit_to_string(unsigned holding, char *buf)
{
    int n = 0;

    /* Highest rank first: walk the set bits from the top. */
    while (holding) {
        int bit = 31 - __builtin_clz(holding);

        buf[n++] = RANK_CHAR[bit + RANK_2];
        holding &= ~(1u << bit);
    }
    return n;
}

/* The two tables of hand_suit_text (deal.h), filled once. */
char hand_ranks_top[64][8], hand_ranks_low[128][8];
static pthread_once_t ranks_once = PTHREAD_ONCE_INIT;

static void fill_rank_tables(void)
{
    for (unsigned v = 0; v < 64; v++)
        hand_ranks_top[v][7] = (char)suit_to_string(v << 7, hand_ranks_top[v]);
    for (unsigned v = 0; v < 128; v++)
        hand_ranks_low[v][7] = (char)suit_to_string(v, hand_ranks_low[v]);
}

void hand_text_init(void)
{
    pthread_once(&ranks_once, fill_rank_tables);
}

/* 8 bytes beyond the end may be overwritten (hand_suit_text). */
static char *hand_to_pbn(uint64_t hand, char *p)
{
    p = hand_suit_text(hand_suit(hand, SUIT_S), p);
    *p++ = '.';
    p = hand_suit_text(hand_suit(hand, SUIT_H), p);
    *p++ = '.';
    p = hand_suit_text(hand_suit(hand, SUIT_D), p);
    *p++ = '.';
    return hand_suit_text(hand_suit(hand, SUIT_C), p);
}

size_t deal_to_pbn(const struct deal *d, enum seat first, unsigned known, char *buf)
{
    char text[DEAL_PBN_LEN + 8], *p = text; /* + 8: what hand_suit_text may write beyond */

    hand_text_init();
    *p++ = SEAT_LETTER[first];
    *p++ = ':';
    for (int i = 0; i < 4; i++) {
        int seat = ((int)first + i) % 4;

        if (i > 0)
            *p++ = ' ';
        if (known & (1u << seat))
            p = hand_to_pbn(d->hand[seat], p);
        else
            *p++ = '-';
    }
    *p = '\0';
    memcpy(buf, text, (size_t)(p - text) + 1);
    return (size_t)(p - text);
}

bool deal_is_complete(const struct deal *d, char *why, size_t why_len)
{
    uint64_t seen = 0;

    for (int s = 0; s < 4; s++) {
        uint64_t dup = seen & d->hand[s];

        if (dup) {
            int bit = __builtin_ctzll(dup);

            if (why)
                snprintf(why, why_len, "%c%c is in two hands (again in %s)",
                         SUIT_LETTER[bit / 16], RANK_CHAR[bit % 16 + 2], SEAT_NAME[s]);
            return false;
        }
        seen |= d->hand[s];
    }
    for (int s = 0; s < 4; s++)
        if (hand_ncards(d->hand[s]) != HAND_NCARDS) {
            if (why)
                snprintf(why, why_len, "%s has %d card%s", SEAT_NAME[s],
                         hand_ncards(d->hand[s]), hand_ncards(d->hand[s]) == 1 ? "" : "s");
            return false;
        }
    return true;
}

struct pbn_scan {
    const char *text;
    size_t i;
    struct pd_err *e;
};

static enum pd_status scan_fail(struct pbn_scan *sc, const char *what)
{
    return pd_fail_at(sc->e, PD_ERR_SYNTAX, NULL, 0, (int)sc->i + 1, sc->text,
                      "deal: %s", what);
}

/* isspace, with the ASCII bytes decided inline: a deal is read a character at a time, and
 * isspace asks the locale's table through a call for each. */
static inline bool deal_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') ||
           ((unsigned char)c >= 0x80 && isspace((unsigned char)c));
}

/* One hand: four suits separated by dots, ranks in any order and case, "10" for T. */
static enum pd_status scan_hand(struct pbn_scan *sc, uint64_t *hand)
{
    const char *t = sc->text;
    int suit = 0;

    *hand = 0;
    for (;;) {
        char c = t[sc->i];

        if (c == '.') {
            if (++suit > 3)
                return scan_fail(sc, "a hand has more than four suits");
            sc->i++;
            continue;
        }
        if (c == '\0' || deal_space(c))
            break;
        int rank = rank_from_char(c);

        if (c == '1' && t[sc->i + 1] == '0') {
            rank = 10;
            sc->i++;
        }
        if (rank < 0)
            return scan_fail(sc, "not a rank");
        uint64_t m = card_mask((enum suit)suit, rank);

        if (*hand & m)
            return scan_fail(sc, "a card appears twice in one hand");
        *hand |= m;
        sc->i++;
    }
    if (suit != 3)
        return scan_fail(sc, "a hand needs four suits separated by dots");
    return PD_OK;
}

static void skip_spaces(struct pbn_scan *sc)
{
    while (deal_space(sc->text[sc->i]))
        sc->i++;
}

enum pd_status deal_from_pbn(const char *text, struct deal *out, unsigned *known,
                             struct pd_err *e)
{
    struct pbn_scan sc = {text, 0, e};
    struct deal d = {{0}};
    unsigned got = 0;
    int first;

    skip_spaces(&sc);
    first = seat_from_char(text[sc.i]);
    if (first < 0 || text[sc.i + 1] != ':')
        return scan_fail(&sc, "must start with a seat and a colon, as \"N:\"");
    sc.i += 2;
    for (int k = 0; k < 4; k++) {
        int seat = (first + k) % 4;

        skip_spaces(&sc);
        if (text[sc.i] == '\0')
            return scan_fail(&sc, "fewer than four hands");
        if (text[sc.i] == '-' && (text[sc.i + 1] == '\0' || deal_space(text[sc.i + 1]))) {
            sc.i++;
            continue;
        }
        enum pd_status rc = scan_hand(&sc, &d.hand[seat]);

        if (rc != PD_OK)
            return rc;
        got |= 1u << seat;
    }
    skip_spaces(&sc);
    if (text[sc.i] != '\0')
        return scan_fail(&sc, "more than four hands");
    *out = d;
    *known = got;
    return PD_OK;
}
