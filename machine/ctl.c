/* machine/ctl.c - the controller: fills the boards of a set on a machine, card by card, and
 * reports a board good only when every reading, placement and count proves it (PROTOCOL.md,
 * "Host rules"). Anything short of proof throws the attempt away; the board is redone from an
 * emptied board. Every placement and finished board is in the journal before it counts.
 *
 * Sections: one board  the run (the requests: machine/link.c) */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/ctl_int.h"

/* ---------------------------------------------------------------- one board */

struct attempt {
    int board, n;          /* board number, attempt number */
    int seat_of[52];       /* the deal: card -> seat */
    bool placed[52];
    int nplaced, count[4]; /* count per pocket */
    bool tray_pending;     /* cards went to the tray since the last refeed */
    bool refeed_done;      /* a refeed happened and no card was read since */
    int barren;            /* refeeds in a row after which no card was placed */
};

static enum outcome redo(struct ctl *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static enum outcome redo(struct ctl *c, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(c->why, sizeof c->why, fmt, ap);
    va_end(ap);
    return OUT_REDO;
}

static void progress(struct ctl *c, const struct attempt *a)
{
    struct mach_progress p = {a->board, c->index, c->job->nboards, a->nplaced, c->res->cards,
                              c->copy, c->job->copies > 1 ? c->job->copies : 1,
                              mach_since(&c->t0), -1, false};

    /* a rate from the first few cards (the operator's first prompt, a jam) means nothing */
    p.estimate = c->res->cards > 0 && (c->res->cards >= 52 || p.elapsed_s >= 5);
    if (p.estimate)
        p.left_s = (double)c->cards_left * p.elapsed_s / (double)c->res->cards;
    if (c->ui && c->ui->progress)
        c->ui->progress(c->ui->ctx, &p);
}

static const char *resume_cmd(const struct ctl *c)
{
    return c->job->resume_cmd ? c->job->resume_cmd : "predup fill --resume";
}

/* The machine's count of the pocket after a card placed in it must be the host's: more means
 * the board was not empty (a filled copy inserted again, say): the fill stops there, since
 * emptying that board would throw a good copy away; fewer means a card is gone. */
static bool pocket_count_ok(struct ctl *c, const struct attempt *a, int pocket, int count,
                            int card)
{
    int want = a->count[pocket];
    const char *seat = SEAT_NAME[c->p->pocket[pocket]];

    if (count == want)
        return true;
    if (count > want) {
        mach_note(c, a->board, "%s is not empty: pocket %d (%s) counts %d cards after %d card%s "
                  "of this attempt, not %d. A filled copy inserted again? Do not empty that "
                  "board: take the card just placed (%s) off pocket %d, put it back with the "
                  "deck, and keep that board apart", mach_which_board(c, a->board), pocket, seat,
                  count, a->nplaced, a->nplaced == 1 ? "" : "s", want, mach_card_name(card),
                  pocket);
        pd_fail(&c->stop, PD_ERR_MISMATCH, "the board in the slot was not empty (see above): "
                "insert an empty %s, then run %s", mach_which_board(c, a->board), resume_cmd(c));
    } else {
        pd_fail(&c->stop, PD_ERR_MISMATCH, "%s: pocket %d (%s) counts %d after %d cards placed "
                "there: a card is gone; check the board, then run %s",
                mach_which_board(c, a->board), pocket, seat, count, want, resume_cmd(c));
    }
    return false;
}

/* Places the card (card < 0: the reject tray). With then_feed the machine feeds the next
 * card at once and its reply rides along with PLACED (one round trip a card): *next. */
static enum outcome place(struct ctl *c, struct attempt *a, int seq, int card, bool then_feed,
                          struct mp_msg *next, struct pd_err *e)
{
    int pocket = card < 0 ? MP_POCKET_REJECT : c->pocket_of[a->seat_of[card]];
    struct mp_msg r;

    next->type = 0;
    if (c->ops->place(c->dev, seq, pocket, then_feed, &r, e) != PD_OK)
        return OUT_LOST;
    /* stuck or pulled with another on its way: what the pocket holds is not known */
    if (mach_is_fault(&r, MPF_JAM) || mach_is_fault(&r, MPF_DOUBLE_FEED))
        return redo(c, "card %d %s on its way to pocket %d: what the pocket holds is not "
                       "known", seq, mach_is_fault(&r, MPF_JAM) ? "jammed" : "went with another",
                    pocket);
    if (r.type != MP_PLACED)
        return mach_is_fault(&r, MPF_RESET)
                   ? mach_lost(e, "the machine restarted (reset)")
                   : mach_lost(e, "the machine answered 0x%02x to PLACE", r.type);
    if (r.len < 4 || mp_get_u16(r.payload) != seq || r.payload[2] != pocket)
        return redo(c, "the machine placed card %d in pocket %d, not %d", seq,
                    r.len >= 3 ? r.payload[2] : -1, pocket);
    if (then_feed && r.len >= 6 && r.len >= 6 + r.payload[5]) {
        next->type = r.payload[4];
        next->seq = r.seq;
        next->len = r.payload[5];
        memcpy(next->payload, r.payload + 6, next->len);
    }
    if (card < 0) {
        a->tray_pending = true;
        return OUT_GOOD;
    }
    a->barren = 0;
    if (mach_journal_add(&c->j, &c->stop, "place %d %d %d %d %s %c", c->copy, a->board, a->n,
                         a->nplaced + 1,
                         mach_card_name(card), SEAT_LETTER[a->seat_of[card]]) != PD_OK)
        return OUT_STOP;
    a->placed[card] = true;
    a->nplaced++;
    a->count[pocket]++;
    c->res->cards++;
    c->cards_left--;
    return pocket_count_ok(c, a, pocket, r.payload[3], card) ? OUT_GOOD : OUT_STOP;
}

/* Honours read as nothing, again and again: the profile's card_index is probably not the
 * deck's. The fill stops (the board is redone on --resume) with every index set named. */
static bool index_suspect(struct ctl *c, struct attempt *a, const struct mp_msg *r)
{
    static const char *const rank_name[5] = {"aces", "kings", "queens", "jacks", "cards"};
    int h = mp_index_suspect(r, c->methods, c->index_miss, &c->ocr_streak);
    char sets[160];
    size_t used = 0;

    if (h < 0)
        return false;
    for (int i = 0; i < MI_COUNT; i++)
        used += (size_t)snprintf(sets + used, sizeof sets - used, "%s%s %s %s %s %s",
                                 i ? ", " : "", MACH_INDEX_NAME[i], MACH_INDEX_HONOURS[i][0],
                                 MACH_INDEX_HONOURS[i][1], MACH_INDEX_HONOURS[i][2],
                                 MACH_INDEX_HONOURS[i][3]);
    mach_note(c, a->board, "card indices by card_index: %s", sets);
    pd_fail(&c->stop, PD_ERR_MISMATCH, "%d %s in a row had no readable index: the profile's "
            "card_index = %s is probably not the deck's; correct it, then %s",
            h < 4 ? MP_INDEX_MISSES : MP_INDEX_STREAK, rank_name[h],
            MACH_INDEX_NAME[c->p->card_index], resume_cmd(c));
    return true;
}

static enum outcome on_card(struct ctl *c, struct attempt *a, const struct mp_msg *r,
                            struct mp_msg *next, struct pd_err *e)
{
    char why[120];
    int seq = r->len >= 2 ? mp_get_u16(r->payload) : 0;
    int card = mp_judge_card(r, c->methods, c->p->min_confidence, why, sizeof why);
    enum outcome o;

    a->refeed_done = false;
    if (index_suspect(c, a, r))
        return OUT_STOP;
    if (card == MP_UNTRUSTED || (card >= 0 && a->placed[card])) {
        o = place(c, a, seq, -1, false, next, e);
        if (o != OUT_GOOD)
            return o;
        if (card == MP_UNTRUSTED)
            return redo(c, "%s: the machine's readings cannot be trusted", why);
        return redo(c, "%s read twice: a duplicate card, a card of another deck, or a misread "
                       "card already in a pocket",
                    mach_card_name(card));
    }
    return place(c, a, seq, card, card < 0 || a->nplaced < 51, next, e);
}

static void missing_list(const struct attempt *a, char *buf, size_t n)
{
    size_t used = 0;
    int shown = 0;

    buf[0] = '\0';
    for (int i = 0; i < 52 && used + 8 < n; i++) {
        if (a->placed[i])
            continue;
        if (shown++ == 8) {
            snprintf(buf + used, n - used, " ...");
            return;
        }
        used += (size_t)snprintf(buf + used, n - used, "%s%s", shown > 1 ? " " : "",
                                 mach_card_name(i));
    }
}

static enum outcome on_fault(struct ctl *c, struct attempt *a, const struct mp_msg *r,
                             struct pd_err *e)
{
    char text[240], miss[120];

    if (mach_is_fault(r, MPF_JAM))
        return mach_ask_operator(c, MA_CLEAR_JAM, a->board, "card jam: open the feed path, take "
                                 "the jammed card out and put it on top of the feeder", e);
    if (mach_is_fault(r, MPF_COVER_OPEN))
        return mach_ask_operator(c, MA_CLOSE_COVER, a->board, "the cover is open: close it", e);
    if (mach_is_fault(r, MPF_DOUBLE_FEED)) {
        mach_note(c, a->board, "double feed: both cards went to the reject tray");
        a->tray_pending = true;
        return OUT_GOOD;
    }
    if (mach_is_fault(r, MPF_FEEDER_EMPTY)) {
        if (a->tray_pending && ++a->barren > MAX_BARREN)
            return redo(c, "the cards of the reject tray were read as nothing %d times over: "
                           "a deck the machine cannot read (its indices, its calibration)",
                        MAX_BARREN);
        if (a->tray_pending) {
            a->tray_pending = false;
            a->refeed_done = true;
            snprintf(text, sizeof text, "put the %s cards of the reject tray back in the feeder",
                     a->nplaced < 52 ? "rejected" : "left-over");
            return mach_ask_operator(c, MA_REFEED, a->board, text, e);
        }
        missing_list(a, miss, sizeof miss);
        return redo(c, "the feeder is empty and %d card%s never read: %s (a short deck, or "
                       "a card misread into another's place)", 52 - a->nplaced,
                    52 - a->nplaced == 1 ? " was" : "s were", miss);
    }
    /* reset, no board mid-board, or nonsense: start over with a hello */
    if (mach_is_fault(r, MPF_RESET))
        return mach_lost(e, "the machine restarted (reset)");
    return mach_lost(e, "unexpected reply 0x%02x (fault %d) while feeding", r->type,
                     r->len ? r->payload[0] : 0);
}

static enum outcome begin(struct ctl *c, struct attempt *a, struct pd_err *e)
{
    struct mp_msg r;
    char text[160];
    enum outcome o;

    for (int tries = 0; tries < MAX_PROMPTS; tries++) {
        if (c->ops->begin(c->dev, a->board, &r, e) != PD_OK)
            return OUT_LOST;
        /* a machine that reads board numbers must read this one: 0 proves nothing */
        if (r.type == MP_BOARD_READY && r.len >= 2 &&
            (!c->reads_numbers || mp_get_u16(r.payload) == a->board))
            return OUT_GOOD;
        if (r.type == MP_BOARD_READY && r.len >= 2 && mp_get_u16(r.payload) == 0)
            snprintf(text, sizeof text, "the machine read no board number in the slot: insert "
                                        "%s, its number where the machine reads it",
                     mach_which_board(c, a->board));
        else if (r.type == MP_BOARD_READY && r.len >= 2)
            snprintf(text, sizeof text, "board %d is in the slot, not board %d: insert %s",
                     mp_get_u16(r.payload), a->board, mach_which_board(c, a->board));
        else if (mach_is_fault(&r, MPF_NO_BOARD))
            snprintf(text, sizeof text, "no board in the slot: insert %s",
                     mach_which_board(c, a->board));
        else
            return mach_is_fault(&r, MPF_RESET)
                       ? mach_lost(e, "the machine restarted (reset)")
                       : mach_lost(e, "the machine answered 0x%02x to BOARD_BEGIN", r.type);
        o = mach_ask_operator(c, MA_INSERT, a->board, text, e);
        if (o != OUT_GOOD)
            return o;
    }
    return redo(c, "the machine does not see board %d", a->board);
}

static enum outcome finish(struct ctl *c, struct attempt *a, struct pd_err *e)
{
    struct mp_msg r;

    if (c->ops->counts(c->dev, &r, e) != PD_OK)
        return OUT_LOST;
    if (r.type != MP_COUNTS || r.len < 6)
        return mach_lost(e, "the machine answered 0x%02x to BOARD_END", r.type);
    for (int i = 0; i < 4; i++)
        if (r.payload[i] != 13 || a->count[i] != 13)
            return redo(c, "pocket %d (%s) counts %d card%s, not 13", i,
                        SEAT_NAME[c->p->pocket[i]], r.payload[i], r.payload[i] == 1 ? "" : "s");
    if (r.payload[4] || r.payload[5])
        return redo(c, "%d card%s in the reject tray and %d in the feeder after all 52 were "
                       "placed: extra cards, maybe of another deck", r.payload[4],
                    r.payload[4] == 1 ? "" : "s", r.payload[5]);
    /* the deal is proven; a missing stop card is the operator's to put, by hand */
    if (c->p->stop_card && (r.len < 7 || r.payload[6] != 1)) {
        char text[200];

        snprintf(text, sizeof text, "the machine dropped no stop card after %s (its magazine "
                                    "may be empty: refill it): put one after this deck by hand",
                 mach_which_board(c, a->board));
        return mach_ask_operator(c, MA_STOP_CARD, a->board, text, e);
    }
    return OUT_GOOD;
}

static enum outcome fill_board(struct ctl *c, struct attempt *a, enum mach_action act,
                               struct pd_err *e)
{
    struct mp_msg r, next;
    char text[200];
    enum outcome o;

    snprintf(text, sizeof text,
             act == MA_START ? "insert %s, empty, and put its deck in the feeder"
                             : "empty %s, the feeder and the reject tray, and put the "
                               "board's complete deck (52 cards, one deck) in the feeder",
             mach_which_board(c, a->board));
    /* any-board: the board asked for, read and begun already (take_any) */
    bool begun = act == MA_START && c->begun_board == a->board;

    c->begun_board = 0;
    o = begun ? OUT_GOOD : mach_ask_operator(c, act, a->board, text, e);
    if (o != OUT_GOOD)
        return o;
    if (mach_journal_add(&c->j, &c->stop, "begin %d %d %d", c->copy, a->board, a->n) != PD_OK)
        return OUT_STOP;
    if (!begun)
        o = begin(c, a, e);
    next.type = 0;
    while (o == OUT_GOOD && a->nplaced < 52) {
        if (next.type)
            r = next; /* the feed that came with the last placement */
        else if (c->ops->feed(c->dev, &r, e) != PD_OK)
            return OUT_LOST;
        next.type = 0;
        if (r.type == MP_CARD)
            o = on_card(c, a, &r, &next, e);
        else
            o = on_fault(c, a, &r, e);
        progress(c, a);
    }
    return o == OUT_GOOD ? finish(c, a, e) : o;
}

/* ---------------------------------------------------------------- the run */

static void deal_seats(const struct deal *d, int seat_of[52])
{
    for (int i = 0; i < 52; i++)
        for (int s = 0; s < 4; s++)
            if (d->hand[s] & card_mask_from_index(i))
                seat_of[i] = s;
}

static void finished(struct ctl *c, int board, bool good, bool earlier)
{
    if (good)
        c->res->good++;
    else
        c->res->bad++;
    if (c->ui && c->ui->finished)
        c->ui->finished(c->ui->ctx, c->copy, board, good, earlier);
}

static enum pd_status bad_board(struct ctl *c, int board, const char *why, struct pd_err *e)
{
    *mach_journal_state(&c->j, c->copy, board) = J_BAD;
    mach_note(c, board, "%s is BAD after %d attempt%s (%s): fill it by hand or rerun it",
              mach_which_board(c, board), c->p->max_attempts, c->p->max_attempts == 1 ? "" : "s",
              why);
    if (mach_journal_add(&c->j, e, "bad %d %d %s", c->copy, board, why) != PD_OK)
        return e->code;
    finished(c, board, false, false);
    return PD_OK;
}

/* After the machine was lost: reconnect (waiting for it), or stop with the command that
 * resumes. */
static enum pd_status after_lost(struct ctl *c, int board, int nlost, struct pd_err *e)
{
    struct pd_err sub = {0};
    char why[sizeof e->msg];

    snprintf(why, sizeof why, "%s", e->msg[0] ? e->msg : "no reason given");
    if (nlost > MAX_LOST)
        return pd_fail(e, PD_ERR_DEVICE, "board %d: the machine was lost %d times (%s); run %s "
                                         "when it works", board, nlost, why, resume_cmd(c));
    mach_note(c, board, "%s: lost the machine (%s): reconnecting, then the board is redone",
              mach_which_board(c, board), why);
    if (mach_reconnect(c, c->p->replug_wait_ms, &sub) != PD_OK)
        return pd_fail(e, PD_ERR_DEVICE, "the machine did not come back (%s): run %s when it "
                                         "is back", sub.msg, resume_cmd(c));
    return PD_OK;
}

/* A fill the operator stopped: the prompt's own error (stopped before done, exit 75). */
static enum pd_status stopped(struct ctl *c, struct pd_err *e)
{
    if (c->stop.code == PD_OK)
        return pd_fail(e, PD_STOPPED, "stopped by the operator");
    *e = c->stop;
    return e->code;
}

static enum pd_status run_board(struct ctl *c, int board, const struct deal *d,
                                struct pd_err *e)
{
    struct attempt a;
    uint8_t *st = mach_journal_state(&c->j, c->copy, board);
    enum mach_action act = *st == J_BEGUN ? MA_REDO : MA_START;
    int tries = 0, nlost = 0;
    enum outcome o;

    if (act == MA_REDO)
        mach_note(c, board, "%s was being filled when the last run stopped: it is redone from "
                            "an emptied board", mach_which_board(c, board));
    for (;;) {
        memset(&a, 0, sizeof a);
        a.board = board;
        a.n = ++*mach_journal_attempts(&c->j, c->copy, board);
        deal_seats(d, a.seat_of);
        e->msg[0] = '\0';
        o = fill_board(c, &a, act, e);
        c->cards_left += a.nplaced; /* the placed cards are to do again unless good */
        if (o == OUT_GOOD) {
            c->cards_left -= 52;
            *st = J_GOOD;
            if (mach_journal_add(&c->j, e, "good %d %d", c->copy, board) != PD_OK)
                return e->code;
            finished(c, board, true, false);
            return PD_OK;
        }
        if (o == OUT_STOP)
            return stopped(c, e);
        *st = J_BEGUN;
        c->res->redone++;
        act = MA_REDO;
        if (o == OUT_LOST) {
            if (after_lost(c, board, ++nlost, e) != PD_OK)
                return e->code;
            continue;
        }
        mach_note(c, board, "%s, attempt %d: %s; the board is redone", mach_which_board(c, board),
                  a.n, c->why);
        if (++tries >= c->p->max_attempts)
            return bad_board(c, board, c->why, e);
    }
}

/* Every board of the job has a complete deal; *max_board: the highest board of the set. */
static enum pd_status check_job(const struct mach_job *job, int *max_board, struct pd_err *e)
{
    *max_board = 1;
    for (size_t i = 0; i < job->set->n; i++)
        if (job->set->games[i].board > *max_board)
            *max_board = job->set->games[i].board;
    if (job->copies < 0 || job->copies > MACH_MAX_COPIES)
        return pd_fail(e, PD_ERR_USAGE, "--copies %d: from 1 to %d", job->copies,
                       (int)MACH_MAX_COPIES);
    for (int i = 0; i < job->nboards; i++) {
        const struct deal *d = pbn_set_deal_of(job->set, job->boards[i]);
        char why[120];

        if (!d)
            return pd_fail(e, PD_ERR_RANGE, "the set has no complete deal for board %d",
                           job->boards[i]);
        if (!deal_is_complete(d, why, sizeof why))
            return pd_fail(e, PD_ERR_RANGE, "board %d: %s", job->boards[i], why);
    }
    return PD_OK;
}

/* Without resume, a board an earlier run left half filled is not redone silently. */
static enum pd_status check_half_filled(struct ctl *c, int copies, struct pd_err *e)
{
    char which[24] = "";

    for (int k = 1; k <= copies; k++)
        for (int i = 0; i < c->job->nboards; i++) {
            if (*mach_journal_state(&c->j, k, c->job->boards[i]) != J_BEGUN)
                continue;
            if (copies > 1)
                snprintf(which, sizeof which, " (copy %d)", k);
            return pd_fail(e, PD_ERR_USAGE, "board %d%s was being filled when the last run "
                                            "stopped: run %s to redo it from an emptied board",
                           c->job->boards[i], which, resume_cmd(c));
        }
    return PD_OK;
}

/* Board b of copy c->copy finished before this run (good or bad): counted as skipped and
 * reported as finished earlier; true then. */
static bool skip_finished(struct ctl *c, int b)
{
    uint8_t st = *mach_journal_state(&c->j, c->copy, b);

    if (st != J_GOOD && st != J_BAD)
        return false;
    c->res->skipped++;
    finished(c, b, st == J_GOOD, true);
    return true;
}

static enum pd_status run_all(struct ctl *c, int copies, struct pd_err *e)
{
    const struct mach_job *job = c->job;
    enum pd_status rc = PD_OK;

    for (c->copy = 1; rc == PD_OK && c->copy <= copies; c->copy++)
        for (int i = 0; rc == PD_OK && i < job->nboards; i++) {
            int b = job->boards[i];

            c->index = i + 1;
            if (!skip_finished(c, b))
                rc = run_board(c, b, pbn_set_deal_of(job->set, b), e);
        }
    return rc;
}

/* ---------------------------------------------------------------- any board (1.1) */

/* The first board-copy not finished, in the job's order (copy after copy), or 0; *left: how
 * many are not finished; *copy: its copy. */
static int next_left(struct ctl *c, int copies, int *left, int *copy)
{
    int first = 0;

    *left = 0;
    for (int k = copies; k >= 1; k--)
        for (int i = c->job->nboards - 1; i >= 0; i--)
            if (*mach_journal_state(&c->j, k, c->job->boards[i]) < J_GOOD) {
                first = c->job->boards[i];
                *copy = k;
                ++*left;
            }
    return first;
}

/* The copy of board filled next (its first not finished); 0 when board is not in the job
 * (*in false) or is full. */
static int copy_left(struct ctl *c, int board, int copies, bool *in)
{
    *in = false;
    for (int i = 0; i < c->job->nboards && !*in; i++)
        *in = c->job->boards[i] == board;
    for (int k = 1; *in && k <= copies; k++)
        if (*mach_journal_state(&c->j, k, board) < J_GOOD)
            return k;
    return 0;
}

/* Asks for any board not full, and takes the board the machine reads, when the job has a
 * copy of it to fill (c->copy): never a board outside the job, a full one, or board 0. */
static enum outcome take_any(struct ctl *c, int copies, int suggest, int left, int *board,
                             struct pd_err *e)
{
    struct mp_msg r;
    char text[240];
    enum mach_action act = MA_START;
    bool in;

    snprintf(text, sizeof text, "insert any board of the set not filled yet (%d board-cop%s "
             "left; board %d is next in order), empty, and put a deck in the feeder", left,
             left == 1 ? "y" : "ies", suggest);
    for (int tries = 0; tries < MAX_PROMPTS; tries++, act = MA_INSERT) {
        enum outcome o = mach_ask_operator(c, act, suggest, text, e);
        int n, k;

        if (o != OUT_GOOD)
            return o;
        if (c->ops->begin(c->dev, 0, &r, e) != PD_OK) /* 0: whichever board is in the slot */
            return OUT_LOST;
        if (mach_is_fault(&r, MPF_RESET) ||
            (r.type != MP_BOARD_READY && !mach_is_fault(&r, MPF_NO_BOARD)))
            return mach_lost(e, "the machine answered 0x%02x to BOARD_BEGIN", r.type);
        n = r.type == MP_BOARD_READY && r.len >= 2 ? mp_get_u16(r.payload) : 0;
        k = n ? copy_left(c, n, copies, &in) : 0;
        if (k) {
            *board = n;
            c->copy = k;
            return OUT_GOOD;
        }
        if (r.type != MP_BOARD_READY)
            snprintf(text, sizeof text, "no board in the slot: insert a board of the set "
                     "(board %d is next)", suggest);
        else if (n == 0)
            snprintf(text, sizeof text, "%s", "the machine read no board number: insert a board "
                     "of the set, "
                     "its number where the machine reads it");
        else
            snprintf(text, sizeof text, "board %d is %s: take it out and insert another (board "
                     "%d is next)", n, in ? "full (every copy filled)" : "not one to fill in "
                     "this run", suggest);
    }
    pd_fail(&c->stop, PD_ERR_DEVICE, "no board to fill came in %d tries: run %s",
            (int)MAX_PROMPTS, resume_cmd(c));
    return OUT_STOP;
}

/* A machine that fills any board (it reads the board's sticker): the operator inserts the
 * boards in any order; each board-copy is journaled as in order. */
static enum pd_status run_any(struct ctl *c, int copies, struct pd_err *e)
{
    int left, board = 0, suggest, nlost = 0;

    for (c->copy = 1; c->copy <= copies; c->copy++) /* those finished before this run */
        for (int i = 0; i < c->job->nboards; i++)
            skip_finished(c, c->job->boards[i]);
    while ((suggest = next_left(c, copies, &left, &c->copy)) != 0) {
        enum outcome o;

        o = take_any(c, copies, suggest, left, &board, e);
        c->index = 1; /* its place in its copy: the boards of that copy finished, and it */
        for (int i = 0; i < c->job->nboards; i++)
            c->index += *mach_journal_state(&c->j, c->copy, c->job->boards[i]) >= J_GOOD;
        if (o == OUT_STOP)
            return stopped(c, e);
        if (o == OUT_LOST) {
            if (after_lost(c, suggest, ++nlost, e) != PD_OK)
                return e->code;
            continue;
        }
        c->begun_board = board;
        if (run_board(c, board, pbn_set_deal_of(c->job->set, board), e) != PD_OK)
            return e->code;
    }
    return PD_OK;
}

/* Connects and binds the journal to the machine that answered: nothing in the journal counts
 * before the machine is known to be the one that filled its boards. */
static enum pd_status connect_and_bind(struct ctl *c, struct pd_err *e)
{
    int wait_ms = c->p->replug_wait_ms < 3000 ? c->p->replug_wait_ms : 3000;
    /* at the start, absent is likelier than late */
    enum pd_status rc = mach_reconnect(c, wait_ms, e);

    if (rc == PD_OK)
        rc = mach_journal_bind(&c->j, mach_machine_id(c), e);
    if (rc == PD_OK)
        snprintf(c->machine, sizeof c->machine, "%s", mach_machine_id(c));
    return rc;
}

enum pd_status mach_fill(const struct mach_job *job, struct mach_connector *conn,
                         struct mach_ui *ui, struct mach_result *res, struct pd_err *e)
{
    struct ctl c = {.job = job, .p = job->profile, .conn = conn, .ui = ui, .res = res};
    struct pd_err local = {0};
    int max_board, copies = job->copies > 0 ? job->copies : 1;
    enum pd_status rc;

    c.j.fd = -1; /* not open: closing it must not close fd 0 (stdin) */
    if (!e)
        e = &local; /* the controller reads its own messages back for notes */
    memset(res, 0, sizeof *res);
    rc = check_job(job, &max_board, e);
    for (int i = 0; i < 4; i++)
        c.pocket_of[job->profile->pocket[i]] = i;
    clock_gettime(CLOCK_MONOTONIC, &c.t0);
    if (rc == PD_OK)
        rc = mach_journal_open(&c.j, job->journal, job->set_hash, max_board, e);
    if (rc == PD_OK)
        rc = connect_and_bind(&c, e);
    if (rc == PD_OK && !job->resume)
        rc = check_half_filled(&c, copies, e);
    for (int k = 1; rc == PD_OK && k <= copies; k++)
        for (int i = 0; i < job->nboards; i++)
            if (*mach_journal_state(&c.j, k, job->boards[i]) < J_GOOD)
                c.cards_left += 52;
    if (rc == PD_OK)
        rc = c.any_board ? run_any(&c, copies, e) : run_all(&c, copies, e);
    mach_close_transport(&c);
    mach_journal_close(&c.j);
    return rc;
}
