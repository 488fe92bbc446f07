/* dealer/deal/deal.h - the deal model room (dealer/deal/): cards, hands and deals (card.c),
 * boards by Law 2 (board.c), deal numbers (number.c), keys, key files and the keyed deal
 * streams (rng.c, keyfile.c), the dealing versions of boards with a script, practice dealing
 * version 2 (practice.c), double-dummy analysis (dd.c). Includes dealer/base/base.h only; hot.h is internal to this room. */
#ifndef PREDUP_DEALER_DEAL_H
#define PREDUP_DEALER_DEAL_H

#include <string.h>

#include "dealer/base/base.h"

/* ---------------------------------------------------------------- cards and deals */

enum seat { SEAT_N, SEAT_E, SEAT_S, SEAT_W };
enum suit { SUIT_S, SUIT_H, SUIT_D, SUIT_C }; /* PBN order: spades first */
enum strain { STRAIN_S, STRAIN_H, STRAIN_D, STRAIN_C, STRAIN_NT };
enum vul { VUL_NONE, VUL_NS, VUL_EW, VUL_ALL };
enum { DEAL_NCARDS = 52, HAND_NCARDS = 13, RANK_2 = 2, RANK_A = 14 };

/* A hand is a 64-bit mask: suit s occupies bits 16*s .. 16*s+12, rank r (2..14) is bit r-2 of
 * its suit, so the ace of spades is bit 12 and the two of clubs bit 48. A deal is four hands;
 * in a complete deal they are disjoint and hold 13 cards each. */
struct deal {
    uint64_t hand[4]; /* indexed by enum seat */
};

/* Card index in Pavlicek's order, 0 = spade ace .. 51 = club two: 13*suit + (14 - rank). */
static inline int card_index(enum suit s, int rank)
{
    return 13 * (int)s + (RANK_A - rank);
}
static inline uint64_t card_mask(enum suit s, int rank)
{
    return 1ULL << (16 * (int)s + rank - RANK_2);
}
static inline uint64_t card_mask_from_index(int idx)
{
    return card_mask((enum suit)(idx / 13), RANK_A - idx % 13);
}
/* The 13-bit holding of one suit: bit 12 = ace .. bit 0 = two. */
static inline unsigned hand_suit(uint64_t hand, enum suit s)
{
    return (unsigned)(hand >> (16 * (int)s)) & 0x1FFFu;
}
static inline int hand_length(uint64_t hand, enum suit s)
{
    return __builtin_popcount(hand_suit(hand, s));
}
static inline int hand_ncards(uint64_t hand)
{
    return __builtin_popcountll(hand);
}
/* Milton count 4-3-2-1, from four popcounts over the honour planes of all suits at once. */
static inline int hand_hcp(uint64_t hand)
{
    const uint64_t aces = 0x0001000100010001ULL << 12, kings = aces >> 1, queens = aces >> 2,
                   jacks = aces >> 3;
    return 4 * __builtin_popcountll(hand & aces) + 3 * __builtin_popcountll(hand & kings) +
           2 * __builtin_popcountll(hand & queens) + __builtin_popcountll(hand & jacks);
}
static inline bool deal_has_card(const struct deal *d, enum seat s, enum suit su, int rank)
{
    return (d->hand[s] & card_mask(su, rank)) != 0;
}

/* Every seat's shape, lengths in S-H-D-C order. */
void hand_shape(uint64_t hand, int len[4]);

/* True when the four hands are disjoint and hold 13 cards each; otherwise false, with a
 * sentence in why (may be NULL) naming the first fault: a duplicate, a missing card, a count. */
bool deal_is_complete(const struct deal *d, char *why, size_t why_len);

extern const char SEAT_LETTER[4];    /* "NESW" */
extern const char *const SEAT_NAME[4]; /* "North" ... */
extern const char SUIT_LETTER[4];    /* "SHDC" */
extern const char RANK_CHAR[15];     /* index by rank: [2]='2' .. [10]='T' .. [14]='A' */
extern const char *const VUL_PBN[4]; /* "None", "NS", "EW", "All" */

/* The honours' letters (ace, king, queen, jack) of each language that hand records and the
 * cards' corner indices are written in: the one table, which printing's words (printing/terms.c)
 * and the machine's index sets (machine/proto.c, the simulated and the camera's cards) read.
 * Swedish cards and records write the jack (knekt) "Kn". */
struct deal_honours {
    const char *lang;      /* ISO 639-1: "en" (A K Q J), "de", "fr", "nl", "pl", "sv", "da" */
    const char *letter[4]; /* ace, king, queen, jack */
};
/* The row of lang (exact, lower case), or NULL when the table has none. */
const struct deal_honours *deal_honours_of(const char *lang);

/* Seat from a letter N/E/S/W (either case); -1 if none. */
int seat_from_char(int c);
/* Rank 2..14 from a character 2-9, T, J, Q, K, A (either case); -1 if none. */
int rank_from_char(int c);


/* The PBN deal string "N:AKQ.J.T98.765 ...", starting with seat first, clockwise; a hand whose
 * bit in known (1 << seat) is clear is written "-". buf needs DEAL_PBN_LEN bytes: room for any
 * struct deal, even one whose hands overlap (a malformed file's partial deal, which verify
 * shows): "N:", four hands of up to 52 cards and 3 dots, 3 spaces and the NUL (226). */
enum { DEAL_PBN_LEN = 2 + 4 * (52 + 3) + 3 + 1 };
/* Returns the string's length. */
size_t deal_to_pbn(const struct deal *d, enum seat first, unsigned known, char *buf);

/* The ranks of a 13-bit holding, ace first ("AKT2"), at p, by two table look-ups: the six top
 * ranks (A K Q J T 9) and the seven low ones (8 .. 2), 8 bytes each, copied whole and advanced
 * by their count (the entry's last byte); up to 8 bytes beyond the ranks may be overwritten
 * (no NUL). Returns the end. The tables are filled by hand_text_init, once (deal_to_pbn calls
 * it; call it before the first use otherwise). */
extern char hand_ranks_top[64][8], hand_ranks_low[128][8];
void hand_text_init(void);
static inline char *hand_suit_text(unsigned holding, char *p)
{
    const char *top = hand_ranks_top[holding >> 7], *low = hand_ranks_low[holding & 0x7F];

    memcpy(p, top, 8);
    p += top[7];
    memcpy(p, low, 8);
    return p + low[7];
}

/* Parses a PBN deal string, tolerant as PBN import allows: any first seat, lower-case ranks,
 * "10" for T, "-" for an unknown hand, extra spaces. Sets *known to the mask of seats given.
 * Does not require a complete deal: call deal_is_complete for that. Errors: PD_ERR_SYNTAX with
 * col set to the 1-based offset in text of the fault. */
enum pd_status deal_from_pbn(const char *text, struct deal *out, unsigned *known,
                             struct pd_err *e);

/* ---------------------------------------------------------------- boards */

/* Law 2: dealer N,E,S,W in turn; vulnerability in the 16-board cycle. Board numbers >= 1. */
struct board_info {
    int number;
    enum seat dealer;
    enum vul vul;
};
struct board_info board_law2(int number);

/* The highest board number predup deals, writes and reads back: deal refuses a range above
 * it, and verify, convert and the readers of every format that can hold such a board read up
 * to it, so that every set deal writes reads back. (A format's own smaller limit, DUP's 99, is
 * its writer's check; an event's sets stop at EV_MAX_BOARD.) */
enum { BOARD_MAX = 1000000 };

/* The one rule for which dealer and vulnerability a board gets: Law 2, unless an override sets
 * them for every board (deal's --dealer and --vul, a Generator tag's dealer= and vul=, an event
 * record's set), and a dealer script's dealer and vulnerable lines above both (deal refuses an
 * override that contradicts them, and a verifier re-derives them from the script alone).
 * Every field is -1 when not set. Used by deal, verify and SquareDeal alike. */
struct board_rule {
    int dealer, vul;               /* the override */
    int script_dealer, script_vul; /* the script's lines */
};
#define BOARD_RULE_LAW2 ((struct board_rule){-1, -1, -1, -1})
struct board_info board_conditions(const struct board_rule *r, int number);

/* Vulnerability text that decides a deal (an option, an event file, a record, a Generator
 * tag) has one spelling, PBN's: None, NS, EW or All, exactly. The vulnerability, or -1. */
int vul_from_text(const char *text);
/* --dealer: one of N E S W (seat_from_char), else PD_ERR_USAGE naming opt. */
enum pd_status board_opt_seat(const char *opt, const char *text, int *out, struct pd_err *e);
/* --vul: vul_from_text, else PD_ERR_USAGE naming opt. */
enum pd_status board_opt_vul(const char *opt, const char *text, int *out, struct pd_err *e);

/* A set of board numbers, as "1-36", "7", "1-8,17-24". */
struct board_range {
    int n;       /* how many boards */
    int *boards; /* ascending, distinct; owned: free with board_range_free */
};
/* Parses spec; boards must be 1..max_board. PD_ERR_USAGE with a sentence on a bad spec. */
enum pd_status board_range_parse(const char *spec, int max_board, struct board_range *out,
                                 struct pd_err *e);
void board_range_free(struct board_range *r);

/* ---------------------------------------------------------------- deal numbers */

/* D = 52!/(13!)^4 = 53,644,737,765,488,792,839,237,440,000 (about 2^95.4). */
typedef unsigned __int128 deal_num;
extern const deal_num DEAL_COUNT;

/* Pavlicek's bijection: cards in order spade ace .. club two, each given to the first seat in
 * N,E,S,W whose block of the remaining count holds the number. 0 gives N all spades, E hearts,
 * S diamonds, W clubs; D-1 gives N clubs, E diamonds, S hearts, W spades. */
enum pd_status deal_from_number(deal_num n, struct deal *out, struct pd_err *e);
/* The number of a complete deal; PD_ERR_RANGE if the deal is not complete. */
enum pd_status deal_to_number(const struct deal *d, deal_num *out, struct pd_err *e);

/* Decimal text of n, no separators. buf needs 40 bytes. Returns the text's length. */
size_t deal_num_to_dec(deal_num n, char *buf);
/* Parses decimal digits (no sign, no separators); PD_ERR_RANGE when >= D. */
enum pd_status deal_num_from_dec(const char *text, deal_num *out, struct pd_err *e);

/* ---------------------------------------------------------------- keys and streams */

/* The construction, written so that an outsider can reimplement it (dealer/README.md has the
 * same text with a worked example):
 *   key       32 bytes from the key file (64 hex digits and a newline).
 *   set key   SK = HMAC-SHA-256(key, "predup/v1/set" || 0x00 || label), label in UTF-8.
 *   stream    ChaCha20 (RFC 8439) under SK, block counter 0, 96-bit nonce =
 *             purpose (4 bytes big-endian) || index (8 bytes big-endian).
 *   board b   purpose 1 ("deal"), index b. Read the keystream in 12-byte chunks, each a
 *             big-endian 96-bit number; the first one below D is the deal number, and the deal is
 *             its Pavlicek decoding. With a constraint script: dealing version 1 takes the
 *             first of these candidates that satisfies the script; version 2 draws attempts
 *             from purpose 4 ("script"), index b (dealer/README.md, "Boards with a script").
 * Commitment = SHA-256 of the key's canonical file text (64 lower-case hex digits and "\n"),
 * in lower-case hex: `sha256sum` of any key file predup makes (until event reveal marks it
 * spent, KEY_SPENT_LINE in dealer/base/base.h), and the same for an upper-case,
 * CRLF or newline-less copy of the same key.
 * Events (dealer/EVENTS.md) derive the set key instead as
 *   SK = HMAC-SHA-256(key, "predup/v2/event" || 0x00 || record digest (64 hex) || 0x00 ||
 *                     public value || 0x00 || set name). */
enum { PD_KEY_BYTES = 32 };
struct pd_key {
    uint8_t bytes[PD_KEY_BYTES];
};
struct set_key {
    uint8_t bytes[32];
};
enum stream_purpose {
    STREAM_DEAL = 1,     /* tournament boards: index = board number */
    STREAM_PRACTICE = 2, /* practice runs (predup dealer): index = block of deals */
    STREAM_RND = 3,      /* rnd() in scripts: index = deal ordinal, separate from the deals */
    STREAM_SCRIPT = 4,   /* script boards, dealing version 2: index = board number */
    STREAM_PRACTICE_GAPS = 5, /* conditional generation's plain-deal counts: index = block */
};

/* Key files (dealer/deal/keyfile.c). key_new_file creates path, mode 0600, with a new key from
 * OpenSSL's CSPRNG and writes its commitment (64 hex digits + NUL) to commit_hex. The key is
 * written and fsynced under a temporary name beside path, then linked to path, which is never
 * replaced (PD_ERR_IO if it exists): a crash leaves no key or a whole one, never a short one. */
enum pd_status key_new_file(const char *path, char *commit_hex, struct pd_err *e);
/* Reads a key file ("-": stdin). Refuses (PD_ERR_RANGE) what is not a regular file (a symbolic
 * link to one is followed; a FIFO or device is refused before it is read), a file owned by
 * another user, and one group or others may read (naming the chmod that fixes it, as ssh
 * does). PD_ERR_SYNTAX for an empty or short file (which never held a key: remove it) and for
 * anything but 64 hex digits and an optional CR LF or LF, and then the line KEY_SPENT_LINE
 * (*spent is then true). No message quotes the file's bytes. */
enum pd_status key_load_file(const char *path, struct pd_key *key, bool *spent,
                             struct pd_err *e);
/* key_mark_spent adds KEY_SPENT_LINE (dealer/base/base.h) to a key file event reveal
 * published. */
enum pd_status key_mark_spent(const char *path, const struct pd_key *key, struct pd_err *e);
/* The commitment of a key (above) as 64 hex digits + NUL. */
void key_commit_hex(const struct pd_key *key, char *hex);
/* Loads the key file (key_load_file) and gives its commitment. */
enum pd_status key_commitment(const char *path, char *hex, struct pd_err *e);
/* The key for practice seeds: SHA-256("predup/v1/seed" || 0x00 || decimal seed). Seeds are
 * guessable; they are for practice, keys are for events. */
void key_from_seed(unsigned long long seed, struct pd_key *key);
enum pd_status set_key_derive(const struct pd_key *key, const char *label, struct set_key *out,
                              struct pd_err *e);
/* The set key of one set of an event (dealer/EVENTS.md): digest_hex is the record's digest. */
enum pd_status set_key_derive_event(const struct pd_key *key, const char *digest_hex,
                                    const char *public_value, const char *set_name,
                                    struct set_key *out, struct pd_err *e);

/* A keystream with a buffer; open and close allocate and free the cipher context, so open one
 * per thread and reuse it with deal_stream_seek for many boards. */
struct deal_stream {
    void *ctx;           /* EVP_CIPHER_CTX */
    struct set_key sk;   /* copied, wiped on close */
    size_t pos, len;     /* unread bytes are buf[pos..len) */
    size_t fill;         /* bytes to make at the next refill: 128, doubling up to the buffer */
    uint8_t buf[2048];   /* a multiple of 64: ChaCha20 makes whole blocks */
};
enum pd_status deal_stream_open(struct deal_stream *s, const struct set_key *sk,
                                enum stream_purpose purpose, uint64_t index, struct pd_err *e);
/* Restarts the same stream object at another (purpose, index), as if newly opened. */
enum pd_status deal_stream_seek(struct deal_stream *s, enum stream_purpose purpose,
                                uint64_t index, struct pd_err *e);
void deal_stream_close(struct deal_stream *s);
void deal_stream_bytes(struct deal_stream *s, uint8_t *out, size_t n);
/* Makes at least n (<= 1024) unread bytes contiguous at buf + pos; the stream is unchanged. */
void deal_stream_reserve(struct deal_stream *s, size_t n);
uint32_t deal_stream_u32(struct deal_stream *s);
/* Uniform in [0, n), n >= 1, by rejection: never a modulo bias. */
uint32_t deal_stream_below(struct deal_stream *s, uint32_t n);
/* The next candidate number below D (12-byte chunks, those >= D skipped). */
deal_num deal_stream_number(struct deal_stream *s);
/* The next candidate deal: the decoding of deal_stream_number. */
void deal_stream_deal(struct deal_stream *s, struct deal *out, deal_num *num);
/* A uniform deal by Fisher-Yates from 16-bit draws (rejection, unbiased): faster than numbers,
 * used for practice runs where no deal number is published. Cards in fixed are kept where they
 * are (predeal): pass NULL for none. */
void deal_stream_shuffle(struct deal_stream *s, const struct deal *fixed, struct deal *out);

/* ---------------------------------------------------------------- practice dealing */
/* How `predup dealer` makes its plain deals is versioned too (dealer/README.md, "Practice
 * dealing"): a seed gives the same deals of one version on every machine, and --dealing N
 * asks for version N.
 *   1  the practice stream (STREAM_PRACTICE, block): ChaCha20, a Fisher-Yates shuffle of the
 *      free cards by 16-bit draws (deal_stream_shuffle; lazily, dealer/lang/lazy.c);
 *   2  per hand, 13 draws from a 32-byte slot of AES-128-CTR addressed by (hand, deal
 *      ordinal): a hand costs only its own bytes (practice.c, struct practice). */
enum { PRACTICE_V1 = 1, PRACTICE_V2 = 2, PRACTICE_LATEST = PRACTICE_V2 };
enum { PRACTICE_SLOT_BYTES = 32 };
struct practice;
typedef uint64_t practice_take_fn(struct practice *pr, const uint8_t *slot, uint64_t ordinal,
                                  int h, uint64_t *free, int k);
/* Version 2's source: the AES key (from the set key: HMAC-SHA-256(SK, "predup/practice/2"),
 * its first 16 bytes) in two contexts, and the slots made ahead for a block of ordinals.
 * One per thread. */
struct practice {
    void *ctr, *ecb;         /* EVP_CIPHER_CTX: AES-128-CTR (slots in bulk), -ECB (one block) */
    uint64_t first;          /* slots[h] holds ordinals first .. first + n - 1 ... */
    long n, cap;
    int bulk;                /* ... of hands 0 .. bulk - 1 */
    uint8_t *slots[3], *zeros;
    uint64_t *hands, *left;  /* hands 0 .. bulk - 1 of each deal held, 3 a deal; the cards
                              * still free after them */
    practice_take_fn *take;  /* with PDEP where the CPU has BMI2, else without */
};
enum pd_status deal_practice_open(struct practice *pr, const struct set_key *sk, struct pd_err *e);
void deal_practice_close(struct practice *pr); /* also after a failed open */
/* Makes the slots of hands 0 .. hands-1 (at most 3) for ordinals first .. first + n - 1 at
 * once, and deals those hands (the predealt cards fixed, NULL: none, kept); a hand outside
 * them costs one AES call of its own. False when out of memory. */
bool deal_practice_prepare(struct practice *pr, uint64_t first, long n, int hands,
                      const struct deal *fixed);
/* Hands 0 .. 2 of deal ordinal into out (west empty), *free the cards still free after the
 * first of them that the block holds, when it holds them (deal_practice_prepare): returns how many
 * it holds (0: none, out and *free untouched). Inline: the innermost loop of practice runs. */
static inline int practice_held(const struct practice *pr, uint64_t ordinal, struct deal *out,
                                uint64_t *free)
{
    uint64_t i = ordinal - pr->first;
    const uint64_t *h;

    if (i >= (uint64_t)pr->n)
        return 0;
    h = pr->hands + 3 * i;
    out->hand[0] = h[0];
    out->hand[1] = h[1];
    out->hand[2] = h[2];
    out->hand[3] = 0;
    *free = pr->left[i];
    return pr->bulk;
}
/* k cards of *free for hand h (0..2) of deal ordinal; they leave *free. */
uint64_t deal_practice_hand(struct practice *pr, uint64_t ordinal, int h, uint64_t *free, int k);
/* For the Check test: the same by one implementation (0 without PDEP, 1 the CPU's best),
 * from the slot made on its own. */
uint64_t deal_practice_take_by(int impl, struct practice *pr, uint64_t ordinal, int h,
                          uint64_t *free, int k);
/* Hands from .. to-1 of deal ordinal into out (to = 4: west takes the rest), the predealt
 * cards fixed (NULL: none) kept; from = 0 starts the deal (out and *free set), a later call
 * goes on with the same out and *free. Hands are dealt in order N, E, S, W. */
void deal_practice_deal(struct practice *pr, uint64_t ordinal, const struct deal *fixed,
                   int from, int to, uint64_t *free, struct deal *out);

/* ---------------------------------------------------------------- dealing versions */
/* Boards with a script (deal --script, verify --script). How such a board is drawn is
 * versioned, so that a set dealt by one version verifies with every later one; the set's
 * Generator tag names the version (dealer/README.md, "Boards with a script"):
 *   1  the first candidate of stream (DEAL, board) that the script accepts (slow when rare);
 *   2  attempts drawn from stream (SCRIPT, board): one bounded seat's hand drawn exactly from
 *      the hands the condition's bounds allow, the other cards shuffled; the first attempt the
 *      script accepts. Same distribution (uniform over accepted deals), far fewer attempts. */
enum { DEALING_V1 = 1, DEALING_V2 = 2, DEALING_LATEST = DEALING_V2 };
/* The most attempts a board with a script may take before it is given up: deal's --max-tries
 * default, and what verify and an event's sets deal with (a set verifies as it was dealt). */
#define DEAL_MAX_TRIES 100000000ULL

/* ---------------------------------------------------------------- double dummy */
/* (dealer/deal/dd.c: libdds, one module and one cache for tricks(), analyze and the hand record) */

/* Double-dummy tricks for declarer seat (N,E,S,W) and strain (S,H,D,C,NT). */
struct dd_table {
    int8_t tricks[4][5]; /* [enum seat][enum strain], 0..13 */
};
/* Par for one vulnerability: score from North-South's side and the par contracts as text. */
struct dd_par {
    int score_ns;        /* e.g. 420, -600, 0 when passed out */
    char contracts[64];  /* the PBN ParContract value, e.g. "NS 4S", "EW 3NTx", "NS 4S,NS 5D" */
};

/* libdds 2.9 underneath. Each call is thread-safe given a distinct thread slot: libdds keeps
 * per-thread search memory, so callers working on several threads pass 0, 1, 2 ... as thread
 * (below dd_max_threads()). */
int dd_max_threads(void);
/* Caps libdds's threads (n >= 1); loads libdds, which happens on first use of any dd_ call.
 * PD_ERR_INTERNAL when libdds cannot be loaded. */
enum pd_status dd_set_threads(int threads, struct pd_err *e);
/* Full tables for n complete deals (CalcAllTables in batches), out[i] for deals[i]. */
enum pd_status dd_tables(const struct deal *deals, size_t n, struct dd_table *out,
                         struct pd_err *e);
/* Par score and contracts for a table, vulnerability and dealer (libdds DealerPar). */
enum pd_status dd_par(const struct dd_table *t, enum vul vul, enum seat dealer,
                      struct dd_par *out, struct pd_err *e);
/* Whether a table lists only the contracts that make, every other written as 1 (Dealmaster Pro
 * and Dealer4 write so): every entry is 1 or at least 7, and one at least is 1. Such a table is
 * no double-dummy table; par from it is wrong (dealer/deal/dd.c says why this test). */
bool dd_table_makeable_only(const struct dd_table *t);
/* Per-deal memo, so that a script asking several strains of one deal solves each once. */
struct dd_memo {
    struct deal deal;
    int8_t tricks[4][5]; /* -1 = not solved yet */
};
void dd_memo_reset(struct dd_memo *m, const struct deal *d);
enum pd_status dd_memo_tricks(struct dd_memo *m, enum seat declarer, enum strain strain,
                              int thread, int *tricks, struct pd_err *e);

#endif
