/* machine/machine.h - driving a card-sorting dealing machine: the open protocol, the controller
 * that fills boards, the transports (USB, in-process simulator), the simulator and the journal:
 * the one public header of machine/.
 *
 * Sections: 1 profile (options, filled by config/)  2 protocol frames  3 simulator
 *           4 transports  5 controller  6 subcommands
 * The protocol itself is specified in machine/PROTOCOL.md. */
#ifndef PREDUP_MACHINE_H
#define PREDUP_MACHINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dealer/run/run.h"
#include "pbn/pbn.h"

struct mach_transport; /* machine/transport.h */

/* ---------------------------------------------------------------- 1 profile */

/* Faults the simulator can inject (the fault matrix). Deck faults (short deck, extra card,
 * other deck, duplicate card) act when a deck is loaded, at the given position in it; the
 * others act when the card at that position is fed. */
enum mach_fault {
    MF_MISREAD,     /* OCR reads another card with a high confidence */
    MF_UNREADABLE,  /* no reading at all */
    MF_DOUBLE_FEED, /* two cards pulled at once: both go to the reject tray */
    MF_JAM,         /* the card sticks in the feed path */
    MF_SHORT_DECK,  /* the card at the position is missing from the deck */
    MF_EXTRA_CARD,  /* a card of another deck is inserted at the position */
    MF_OTHER_DECK,  /* the card at the position is replaced by one of another deck */
    MF_DUP_CARD,    /* the card at the position is replaced by a copy of another card */
    MF_UNPLUG,      /* the machine disappears from the bus, comes back after a while */
    MF_RESET,       /* the firmware restarts: it forgets the board in progress */
    MF_COVER_OPEN,  /* the cover is opened: feeding stops until it is closed */
    MF_NO_BOARD,    /* no board in the slot when the board begins */
    MF_UNPLUG_CAMERA, /* the camera machine's camera alone leaves the bus, comes back */
    MF_UNPLUG_BOARD,  /* the camera machine's Firmata board alone leaves the bus, comes back */
    MF_COUNT,
    MF_PROTOCOL_COUNT = MF_UNPLUG_CAMERA /* the protocol simulator's: those before it */
};
extern const char *const MACH_FAULT_NAME[MF_COUNT]; /* "misread", "unreadable" ... */
/* The fault named name, or -1. */
int mach_fault_from_name(const char *name);

enum { MACH_SIM_MAX_AT = 64 };
struct mach_fault_at {
    int board;            /* board number */
    int card;             /* 1..52: position in the deck (deck faults) or feed count */
    enum mach_fault kind;
};

/* Bits of a machine's methods. MACH_FRAME2 is the host's own (never on the wire): the camera
 * machine reads each card's index in two frames, its OCR and FRAME2 readings. */
enum mach_method { MACH_OCR = 1, MACH_BARCODE = 2, MACH_FRAME2 = 4 };

/* The letters on the honour cards' indices (a profile's card_index, the simulator's deck):
 * standard A K Q J, de A K D B, fr A R D V, nl A H V B, sv E K D Kn, da E K D B. The sets'
 * names (their numbers are the protocol's) are MACH_INDEX_NAME[]; their letters,
 * MACH_INDEX_HONOURS[set][k] (ace, king, queen, jack), are the rows of the deal model's one
 * table of honours (deal_honours_of), looked up by the set's language once. */
enum mach_index { MI_STANDARD, MI_DE, MI_FR, MI_NL, MI_SV, MI_DA, MI_COUNT };
extern const char *const MACH_INDEX_NAME[MI_COUNT];
typedef const char *const mach_index_row[4];
const mach_index_row *mach_index_honours(void);
#define MACH_INDEX_HONOURS (mach_index_honours())
/* The index set named name, or -1. */
int mach_index_from_name(const char *name);

/* The simulated machine: its firmware's behaviour, error model, speed and faults. */
struct mach_sim_opts {
    unsigned long long seed;    /* every random choice comes from keyed streams of this seed */
    unsigned methods;           /* MACH_OCR | MACH_BARCODE */
    bool reads_board_numbers;   /* reports the number of the board in the slot */
    int card_ms, board_ms;      /* mechanical time per card and per board; 0 for tests */
    uint32_t ocr_unreadable_ppm;     /* per card read by OCR, parts per million */
    uint32_t ocr_confusion_ppm;      /* similar ranks, hearts/diamonds */
    uint32_t barcode_unreadable_ppm; /* barcodes are far more reliable */
    uint32_t rate_ppm[MF_COUNT];     /* random faults: per card fed, or per deck loaded */
    struct mach_fault_at at[MACH_SIM_MAX_AT]; /* faults at given cards, first attempt only */
    int nat;
    int replug_after;           /* connection attempts refused after an unplug (>= 0) */
    /* protocol 1.1 (PROTOCOL.md): minor 0 makes an older machine (no SETUP, no stop cards) */
    int minor;
    enum mach_index deck;       /* the indices printed on the simulated decks */
    bool any_board;             /* fills whichever board is inserted (reads its sticker) */
    bool stop_dispenser;        /* can drop a stop card after each deal */
    int stop_cards;             /* stop cards in its magazine */
    bool pockets_fixed;         /* its pockets are wired as pockets_wired, whatever the
                                   profile says: a SETUP asking another order is refused */
    enum seat pockets_wired[4];
    int inserts[MACH_SIM_MAX_AT]; /* boards the model operator inserts, in order, when asked
                                     for any board; then the board the host suggests */
    int ninserts;
};

/* Parses "KIND@BOARD:CARD" (e.g. "jam@3:17"; no-board takes card 0) into *out. PD_ERR_RANGE
 * with a sentence naming what is wrong. */
enum pd_status mach_fault_parse(const char *spec, struct mach_fault_at *out, struct pd_err *e);

/* The row of the drivers' table (section 4) a profile names with transport = NAME; MACH_NONE: the
 * defaults name no machine. */
enum mach_kind { MACH_NONE, MACH_SIM, MACH_USB, MACH_CAMERA, MACH_KINDS };

/* The camera machine (machine/camera/): a camera reads every card on the host, a
 * microcontroller board running StandardFirmata (USB serial) moves them. */
enum { MACH_CAM_TRAY = 4, MACH_CAM_NO_PIN = -1 };
struct mach_camera_opts {
    bool simulated;          /* rendered frames and a fake Firmata board (camera-sim.conf) */
    char pipeline[400];      /* the GStreamer source, e.g. "v4l2src device=/dev/video0" */
    char board[200];         /* the Firmata board's serial port, e.g. /dev/ttyACM0 */
    char calibration[200];   /* the deck's templates (predup machine calibrate) */
    char board_log[200];     /* simulate = yes: the fake board's log of every card it moved */
    int region[4];           /* x y w h of the corner index in the frame (the profile's
                                WxH+X+Y); w 0: the whole frame */
    int feeder_pin;          /* digital output: runs the feed motor */
    int sensor_pin;          /* digital input: high while a card passes the exit */
    int diverter_pin;        /* servo pin of the diverter */
    int angle[5];            /* its angle (degrees) for pockets 0..3 and the reject tray */
    int gate_pin;            /* servo of the stop-card gate, or MACH_CAM_NO_PIN */
    int gate_angle;          /* its angle that drops one stop card (closed: 0) */
    int settle_ms;           /* the servo's travel before a card is moved */
    int pass_ms;             /* a card passes the sensor within this; longer: a double feed */
};

/* A machine profile (config/machines/NAME.conf). mach_profile_default gives the defaults. */
struct mach_profile {
    char name[64];
    enum mach_kind kind;
    uint16_t vid, pid;        /* USB ids; default 0x1209/0x0dea (pid.codes test range) */
    int interface;            /* vendor-specific interface number */
    uint8_t ep_out, ep_in;    /* bulk endpoint addresses, e.g. 0x01 and 0x81 */
    int timeout_ms;           /* one reply; a request is retransmitted after it */
    int send_timeout_ms;      /* one request frame handed to the machine (bulk OUT) */
    int retries;              /* retransmissions before the machine is counted as lost */
    int replug_wait_ms;       /* how long to wait for the machine to come back */
    enum seat pocket[4];      /* pocket i (as the machine numbers them) receives seat pocket[i] */
    int min_confidence;       /* 0..100: readings below are rejected and re-fed */
    int max_attempts;         /* attempts at one board before it is marked bad */
    enum mach_index card_index; /* the decks' honour indices, told to the machine (1.1) */
    bool stop_card;           /* a stop card after each deal (1.1, a machine with a dispenser) */
    char serial[64];          /* "" or the machine's USB serial number: which of one model */
    char usb_path[32];        /* "" or its USB port path, "1-1.4" (bus, then ports) */
    struct mach_sim_opts sim; /* kind MACH_SIM; and the camera simulator's world */
    struct mach_camera_opts camera; /* kind MACH_CAMERA */
};
void mach_profile_default(struct mach_profile *p);
/* The profile's serial or usb_path (name) set to value; false when value is not one. */
bool mach_usb_choice_set(struct mach_profile *p, const char *name, const char *value);

/* ---------------------------------------------------------------- 2 protocol frames */

/* Frame: 'P' 'D', payload length (u16 LE), type, sequence, payload, CRC-32 (IEEE, LE) of all
 * the bytes before it. PROTOCOL.md has the message types and their payloads. */
enum {
    MP_VERSION_MAJOR = 1,
    MP_VERSION_MINOR = 1,
    MP_HEADER = 6,
    MP_MAX_PAYLOAD = 240,
    MP_MAX_FRAME = MP_HEADER + MP_MAX_PAYLOAD + 4,
};
enum mp_type {
    MP_HELLO = 0x01,       /* host: [major, minor] */
    MP_BOARD_BEGIN = 0x02, /* host: [board u16] */
    MP_FEED = 0x03,        /* host: [] */
    MP_PLACE = 0x04,       /* host: [card_seq u16, pocket] (pocket 4 = reject tray) */
    MP_BOARD_END = 0x05,   /* host: [] */
    MP_RESUME = 0x06,      /* host: [action, board u16]: the operator did it */
    MP_SETUP = 0x07,       /* host (1.1): [card index, stop card, seat of pockets 0..3] */
    MP_HELLO_R = 0x81,     /* [major, minor, methods, pockets, flags, model..., firmware...] */
    MP_BOARD_READY = 0x82, /* [board number read u16, 0 = none] */
    MP_CARD = 0x83,        /* [card_seq u16, n, n x (method, card or 0xFF, confidence)] */
    MP_PLACED = 0x84,      /* [card_seq u16, pocket, count in that pocket] */
    MP_COUNTS = 0x85,      /* [pocket 0..3 counts, reject tray, feeder] */
    MP_ACK = 0x86,         /* [] */
    MP_FAULT = 0x87,       /* [fault, card_seq u16] */
    MP_NAK = 0x88,         /* [reason]: bad frame, unexpected message, bad state */
};
enum mp_fault { MPF_JAM = 1, MPF_FEEDER_EMPTY, MPF_DOUBLE_FEED, MPF_COVER_OPEN, MPF_NO_BOARD,
                MPF_RESET };
enum mp_nak { MPN_FRAME = 1, MPN_TYPE, MPN_STATE, MPN_VERSION, MPN_SETTING };
/* HELLO_R flags: reads board numbers; (1.1) drops stop cards; fills any board inserted
 * (BOARD_BEGIN 0). A SETUP refused: NAK MPN_SETTING, then which setting (MP_SET_*). */
enum { MP_POCKET_REJECT = 4, MP_CARD_NONE = 0xFF, MP_FLAG_BOARD_NUMBERS = 1,
       MP_FLAG_STOP_CARDS = 2, MP_FLAG_ANY_BOARD = 4 };
enum { MP_SET_INDEX = 1, MP_SET_STOP_CARD, MP_SET_POCKETS };

/* Operator actions the host confirms with MP_RESUME (the simulator performs them). */
enum mach_action {
    MA_START = 1,  /* board n inserted empty, its deck in the feeder */
    MA_REFEED,     /* the reject tray's cards put back in the feeder */
    MA_CLEAR_JAM,  /* the jammed card taken out and put back on the feeder */
    MA_CLOSE_COVER,
    MA_INSERT,     /* board n put in the slot */
    MA_REDO,       /* board n, feeder and tray emptied, a complete deck in the feeder */
    MA_STOP_CARD,  /* (1.1) a stop card put by hand after board n's deal */
};

struct mp_msg {
    uint8_t type, seq;
    uint16_t len;
    uint8_t payload[MP_MAX_PAYLOAD];
};

/* CRC-32 (IEEE 802.3, reflected): zlib's crc32 (CRC-32/ISO-HDLC; "123456789" gives 0xCBF43926). */
uint32_t mp_crc32(const uint8_t *p, size_t n);
/* Payload numbers are 16-bit little-endian (PROTOCOL.md): the one reader and writer of them,
 * for the controller and the simulated firmware alike. */
static inline void mp_put_u16(uint8_t *p, int v)
{
    p[0] = (uint8_t)(v & 0xFF);
    p[1] = (uint8_t)((v >> 8) & 0xFF);
}
static inline uint16_t mp_get_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}
/* Writes the frame of m into buf; returns its length, 0 if cap is too small. */
size_t mp_encode(const struct mp_msg *m, uint8_t *buf, size_t cap);
/* Parses one frame: PD_ERR_DEVICE naming the fault (magic, length, CRC). */
enum pd_status mp_decode(const uint8_t *buf, size_t len, struct mp_msg *out, struct pd_err *e);
/* Card names "SA", "HT", "C2" for indices 0..51 (Pavlicek order, dealer/deal/deal.h); "??" otherwise. */
const char *mach_card_name(int idx);

/* ---------------------------------------------------------------- 3 simulator */

/* The machine's physical state (feeder, pockets, tray, boards on the shelf), kept apart from
 * the firmware so that it can outlive a firmware (reset) or a controller (kill -9): tests put
 * it in shared memory. mach_sim_world_size bytes, set up by mach_sim_world_init. */
struct mach_sim_world;
size_t mach_sim_world_size(void);
void mach_sim_world_init(struct mach_sim_world *w);

struct mach_sim;
/* A simulated machine over world (NULL: one of its own). pocket: as the profile's. */
enum pd_status mach_sim_new(const struct mach_sim_opts *o, const enum seat pocket[4],
                            struct mach_sim_world *world, struct mach_sim **out,
                            struct pd_err *e);
void mach_sim_free(struct mach_sim *sim);
/* One request frame in, the reply frame out (*outlen 0: no reply, as a lost or unplugged
 * machine gives). Never fails: protocol faults are answered with MP_NAK. */
void mach_sim_handle(struct mach_sim *sim, const uint8_t *in, size_t n, uint8_t *out,
                     size_t cap, size_t *outlen);
/* True while the machine is off the bus (an injected unplug). */
bool mach_sim_unplugged(const struct mach_sim *sim);
/* A connection attempt: false while unplugged and replug_after attempts are not used up. */
bool mach_sim_try_connect(struct mach_sim *sim);
/* The ground truth: true when board's pockets hold exactly its deal, every card from the
 * board's own deck. Otherwise false with a sentence in why. */
bool mach_sim_board_matches(const struct mach_sim *sim, int board, const struct deal *d,
                            char *why, size_t why_len);
/* Counters for tests and the bench: cards fed, faults injected, by kind. */
struct mach_sim_stats {
    long fed, injected[MF_COUNT], confusions, unreadable;
    long index_misses; /* honours whose index letter the machine was not told */
};
void mach_sim_stats(const struct mach_sim *sim, struct mach_sim_stats *out);

/* ---------------------------------------------------------------- 4 drivers, transports */

/* One row per kind of machine (machine/drivers.c): a profile's transport = NAME, --machine
 * NAME (the row's built-in profile), fill --list, help, completion and docs read this table.
 * HACKING.md, "Adding a machine driver", says every place a new row touches. */
struct mach_connector;
struct mach_driver {
    enum mach_kind kind;
    const char *name;       /* "sim", "usb", "camera" */
    const char *what;       /* what it drives, for --list and help */
    const char *builtin;    /* the name of --machine NAME's profile (its defaults) */
    /* A simulated machine: its journal is SET.sim-journal (a rehearsal never touches the real
     * one) and every board it fills is audited against its world. */
    bool (*rehearsal)(const struct mach_profile *p);
    /* Starts one run on p's machine (p outlives it): *run its state, conn how the controller
     * (re)opens the machine. */
    enum pd_status (*start)(const struct mach_profile *p, void **run,
                            struct mach_connector *conn, struct pd_err *e);
    /* A rehearsal's ground truth: board's pockets hold the deal d (else why). May be NULL. */
    bool (*audit)(void *run, int board, const struct deal *d, char *why, size_t n);
    /* After a failed connection: what the operator should check, on stderr. May be NULL. */
    void (*explain)(void *run, const struct mach_profile *p);
    void (*stop)(void *run); /* safe on NULL */
};
/* The row of kind, or NULL (MACH_NONE, out of range, or a kind without a row). */
const struct mach_driver *mach_driver_of(int kind);
/* The row named name, or NULL. */
const struct mach_driver *mach_driver_named(const char *name);
/* The rows' names joined by sep ("sim, usb or camera" with ", " and " or "). */
void mach_driver_names(const char *sep, const char *last, char *buf, size_t cap);

/* In-process transport to sim (borrowed: it must outlive the transport). PD_ERR_DEVICE while
 * the simulated machine is unplugged. */
enum pd_status mach_fake_open(struct mach_sim *sim, struct mach_transport *out,
                              struct pd_err *e);
/* libusb: one context for a whole run (p is borrowed and must outlive it). */
struct mach_usb;
enum pd_status mach_usb_new(const struct mach_profile *p, struct mach_usb **out,
                            struct pd_err *e);
void mach_usb_free(struct mach_usb *m);
/* Finds the profile's VID/PID on the bus, opens it and claims the interface, retrying every
 * transient failure (not on the bus, no device, busy) until wait_ms have passed. A permission
 * problem is reported at once, with the udev rule to add. PD_ERR_DEVICE naming what failed. */
enum pd_status mach_usb_open(struct mach_usb *m, int wait_ms, struct mach_transport *out,
                             struct pd_err *e);
/* True when the last mach_usb_open found no device with the profile's ids on the bus. */
bool mach_usb_absent(const struct mach_usb *m);
/* A USB device on the bus (fill --list): ids, place, whether this user may open it (open_err
 * 0, else a LIBUSB_ERROR_*; denied: a permission problem), its product text (or ""). */
struct mach_usb_dev {
    uint16_t vid, pid;
    int bus, addr;
    int open_err;
    bool denied;
    char product[64];
    char path[32];    /* its port path, "1-1.4": what a profile's usb_path names */
    char serial[64];  /* its serial number, printable ("" when none or unread) */
};
typedef void (*mach_usb_dev_fn)(void *ctx, const struct mach_usb_dev *d);
/* Calls fn for every USB device libusb sees (*n of them). PD_ERR_DEVICE when libusb cannot
 * start (no USB in this system or container). */
enum pd_status mach_usb_list(mach_usb_dev_fn fn, void *ctx, int *n, struct pd_err *e);
/* libusb's text for a LIBUSB_ERROR_* code. */
const char *mach_usb_error_name(int err);
/* The message of a failed open: err a LIBUSB_ERROR_*, step "open" or "claim interface", bus
 * and addr where the device was found (exposed for tests). */
enum pd_status mach_usb_open_error(const struct mach_profile *p, int err, const char *step,
                                   int bus, int addr, struct pd_err *e);

/* ---------------------------------------------------------------- 5 controller */

/* Opens a transport to the machine; the controller calls it at the start and after the
 * machine was lost (unplug, reset of the bus), with wait_ms to wait for it to come back. */
struct mach_ops; /* machine/driver.h */
struct mach_connector {
    void *ctx;
    /* a machine of the open protocol: its transport */
    enum pd_status (*open)(void *ctx, int wait_ms, struct mach_transport *out,
                           struct pd_err *e);
    /* (or) a machine driven by its own primitives: *ops and its state *dev */
    enum pd_status (*open_dev)(void *ctx, int wait_ms, const struct mach_ops **ops,
                               void **dev, struct pd_err *e);
};

struct mach_progress {
    int board, index, nboards; /* board number, its 1-based place in the run, run length */
    int card;                  /* cards placed in this board, 0..52 */
    long cards_total;          /* cards placed in the run */
    int copy, copies;          /* the copy being filled, 1..copies */
    double elapsed_s, left_s;  /* left_s < 0 when not known yet; the terminal and the page
                                * are shown both without the operator's pauses (fill_ui.c) */
    bool estimate;             /* enough done (a board, or 5 s) for a rate and left_s */
};

/* The operator's side: prompts, progress, results. Any member may be NULL. */
struct mach_ui {
    void *ctx;
    /* Ask the operator to do something (text says what), return PD_OK once done; another
     * status stops the fill (nothing is lost: the journal has everything). */
    enum pd_status (*prompt)(void *ctx, enum mach_action act, int board, const char *text,
                             struct pd_err *e);
    void (*progress)(void *ctx, const struct mach_progress *p);
    /* A message for the operator: what went wrong with a board, that it is redone ... */
    void (*note)(void *ctx, int board, const char *text);
    /* A board (of one copy) is finished: good or bad; earlier: finished in an earlier run. */
    void (*finished)(void *ctx, int copy, int board, bool good, bool earlier);
};

/* An onlooker of the fill beside the terminal: the operator page (machine/operator/) is told
 * what the terminal is told (and, unlike it, never a card: the deals stay secret), and may
 * answer a prompt. Any member may be NULL. fill_ui.c calls it, one call per event. */
enum mach_answer { MACH_ANSWER_NONE, MACH_ANSWER_CONTINUE, MACH_ANSWER_STOP };
struct mach_watch {
    void *ctx;
    /* The fill starts: the set's file, its Event tag (NULL without one), the event's language
     * (NULL: none; the page then speaks the browser's), the boards of the run and the copies
     * of each. */
    void (*begin)(void *ctx, const char *set_path, const char *event, const char *lang,
                  int nboards, int copies);
    void (*progress)(void *ctx, const struct mach_progress *p);
    void (*note)(void *ctx, int board, const char *text);
    void (*finished)(void *ctx, int copy, int board, bool good, bool earlier);
    /* A prompt opens: returns a descriptor that turns readable once the page answered it. */
    int (*ask)(void *ctx, enum mach_action act, int board, const char *text);
    /* Settles the open prompt, exactly once whoever answers first: mine is the terminal's
     * answer (MACH_ANSWER_NONE: none yet). Returns the answer that counts (NONE: still open),
     * *by_page true when the page's came first. */
    enum mach_answer (*settle)(void *ctx, enum mach_answer mine, bool *by_page);
    /* The fill begun has ended: rc is mach_fill_run's (PD_OK: every board good; PD_ERR_MISMATCH:
     * some bad; PD_STOPPED: stopped by the operator; anything else: failed). */
    void (*end)(void *ctx, enum pd_status rc);
};

enum { MACH_MAX_COPIES = 16 }; /* copies of one set in one journal (fill --copies) */
enum { MACH_ID_MAX = 128 };    /* a machine's identity in the journal, with its NUL */

struct mach_job {
    const struct pbn_set *set;   /* the deals (borrowed) */
    const int *boards;           /* board numbers to fill, in order */
    int nboards;
    const char *journal;         /* path of the journal */
    uint8_t set_hash[32];        /* mach_hash_deals of the set: the journal is bound to it */
    bool resume;                 /* redo boards an earlier run left half filled */
    const struct mach_profile *profile;
    int copies;                  /* fill copies 1..copies of each board (0: 1) */
    const char *resume_cmd;      /* the command that resumes this fill, for messages (NULL:
                                    "predup fill --resume") */
};

struct mach_result {
    int good, bad;          /* boards x copies, including those finished before this run */
    int skipped;            /* boards x copies already finished in the journal */
    int redone;             /* board attempts thrown away */
    long cards;             /* cards placed in this run */
};

/* Fills the job's boards in order, copy after copy (PROTOCOL.md, "Host rules"). A board is
 * reported good only when its 52 distinct cards were read with enough confidence (readings
 * agree), each placed in its deal's pocket and confirmed, and the machine counts 13/13/13/13
 * with nothing left in the feeder or tray; any other outcome throws the attempt away and
 * redoes the board from an emptied board, up to max_attempts, then marks it bad. Every
 * placement and every finished board is appended to the journal and fsynced first; each
 * finished board (including those finished before this run) is told to ui->finished.
 * Errors: PD_ERR_MISMATCH (journal of other deals), PD_ERR_IO (journal), PD_ERR_DEVICE
 * (machine lost for good, journal in use), PD_ERR_USAGE (a half-filled board without
 * resume), or the prompt's. */
enum pd_status mach_fill(const struct mach_job *job, struct mach_connector *conn,
                         struct mach_ui *ui, struct mach_result *res, struct pd_err *e);

/* What the journal says of each copy of the job's boards (fill --status), one line a copy
 * on out: good, bad, half filled and not started boards. */
enum pd_status mach_fill_status(const struct mach_job *job, FILE *out, struct pd_err *e);

/* SHA-256 over the set's board numbers and deals (board order, seat of each card): what the
 * journal is bound to, so that changing tags, comments or the file's format between two runs
 * (analyze, convert) does not block a resume, while any changed deal does. */
enum pd_status mach_hash_deals(const struct pbn_set *set, uint8_t out[32], struct pd_err *e);

/* ---------------------------------------------------------------- 6 subcommands */

/* The front-ends of machine/ (argv[0] is the subcommand's name): predup fill
 * (config/commands/cmd_fill.c), predup sim (config/commands/cmd_sim.c) and predup event (config/commands/cmd_event.c,
 * the whole ceremony: it ends by filling). --machine profiles are read with config/. */

/* ---------------------------------------------------------------- fill.c, the fill engine */

/* What to fill and how: predup fill and predup sim parse their options into it (config/commands/),
 * the event ceremony sets it (config/ceremony.c). copies_arg is --copies as given, for the
 * resume hint (NULL: not given). */
/* Who answers the operator's prompts: one rule for fill, sim and event deal --fill, applied
 * by mach_fill_run (prompts_by in machine/fill.c) and said in each command's help. */
#define MACH_PROMPTS_HELP                                                                       \
    "  Operator prompts, one rule for fill, sim and the fill of event deal: with --web they\n" \
    "  show on the page and at the terminal, and the first answer counts; else at the terminal;\n" \
    "  --yes takes each as done without asking (scripts; predup sim always does). With no\n"   \
    "  terminal, no page and no --yes, the simulator's model operator does what each asks\n"   \
    "  (a rehearsal needs no hands), and a fill on a real machine refuses to start.\n"

struct fill_opts {
    const char *set_path, *boards, *machine, *journal, *copies_arg;
    int copies;
    bool resume; /* continue the journal; without one, a fresh fill (the ceremony always sets it) */
    bool yes, quiet;
    bool descending; /* the boards from the highest down (the DUP's "reverse order") */
    const char *command; /* the command the resume hint names: "fill" when NULL, "sim" */
    const char *const *resume_also; /* what the hint repeats after the engine's options (the
                                       caller's "--yes", "--web" PORT), NULL-ended, or NULL */
    const struct mach_watch *watch; /* the operator page, or NULL; prompts then need no tty */
    const char *lang; /* the event's language (the page speaks it), or NULL */
};
/* Fills the set on prof's machine. Exit status: PD_ERR_MISMATCH when boards are bad. */
enum pd_status mach_fill_run(const struct fill_opts *o, struct mach_profile *prof, struct pd_err *e);
/* What the journal says is done, per copy (fill --status): the set's boards as mach_fill_run would
 * fill them, prof's journal (and a rehearsal's, SET.pbn.sim-journal, said to be one). */
enum pd_status mach_fill_journal_status(const struct fill_opts *o, struct mach_profile *prof,
                                        struct pd_err *e);

#endif
