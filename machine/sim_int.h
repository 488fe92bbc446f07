/* machine/sim_int.h - internal to machine/: the simulated machine's state, shared by its
 * firmware (machine/sim.c) and its decks and recognition (machine/sim_read.c). */
#ifndef PREDUP_MACHINE_SIM_INT_H
#define PREDUP_MACHINE_SIM_INT_H

#include "machine/machine.h"

enum { SIM_MAX_BOARDS = 256, SIM_MAXP = 64, OTHER_DECK = 0x40, FACE = 0x3F };

struct pile {
    int n;
    uint8_t c[SIM_MAXP]; /* face 0..51, | OTHER_DECK for a card of another deck */
};

struct mach_sim_world {
    int slot;                                /* board in the slot, 0 = none */
    struct pile pocket[4], tray, feeder, jam; /* feeder: c[0] is fed first */
    struct pile shelf[SIM_MAX_BOARDS + 1][4];
    int decks[SIM_MAX_BOARDS + 1];           /* decks loaded for a board so far */
    bool cover_open;
};

struct mach_sim {
    struct mach_sim_opts o;
    enum seat pocket[4];
    struct mach_sim_world *w;
    bool own_world;
    struct deal_stream rng;
    bool at_used[MACH_SIM_MAX_AT];
    /* firmware state, lost on a reset */
    bool hello_done;
    int board;           /* begun board, 0 = none */
    int feeds;           /* cards fed in this board */
    bool holding;        /* a card read, waiting for its PLACE */
    uint8_t held;
    int minor;                /* the protocol minor agreed in HELLO */
    enum mach_index index;    /* SETUP: the indices it reads (standard until told) */
    bool stop_card;           /* SETUP: a stop card after each deal */
    int next_insert;          /* the model operator's next board of o.inserts */
    /* the last reply, resent for a retransmitted request */
    bool have_last;
    uint8_t last_seq, last_type;
    uint8_t last[MP_MAX_FRAME];
    size_t last_len;
    /* the bus */
    bool unplugged;
    int refusals;
    struct mach_sim_stats st;
};

/* sim_read.c: the piles of cards (feeder, pockets, tray), then the decks and recognition. */
void mach_pile_push(struct pile *p, uint8_t c);
uint8_t mach_pile_take_first(struct pile *p);
void mach_pile_insert(struct pile *p, int at, uint8_t c);

/* ---------------------------------------------------------------- sim_read.c */

/* The fault of kind at (board, card) from the list (first attempt of the board only), or
 * drawn at its random rate. */
bool mach_sim_fault_here(struct mach_sim *s, enum mach_fault kind, int board, int card);
/* A shuffled complete deck in the feeder; deck faults on top. */
void mach_sim_load_deck(struct mach_sim *s, int board);
struct reading {
    uint8_t method, card, conf;
};
/* The readings of the card val (face | OTHER_DECK) into r; their number. */
int mach_sim_read_card(struct mach_sim *s, uint8_t val, bool misread, bool unreadable,
                       struct reading r[2]);

#endif
