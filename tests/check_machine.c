/* tests/check_machine.c - the dealing machine over the in-process simulator: frames and CRC,
 * the fault matrix (every fault alone and in pairs, at the start, middle and end of a board,
 * on OCR-only and two-method machines, and at random rates), transport faults (lost and
 * damaged replies, unplug), the journal (resume, another set, torn line) and kill -9 of the
 * controller at chosen points followed by a resume. After every run, every board the
 * controller reported good is compared card by card with the simulator's physical pockets. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "machine/machine.h"
#include "machine/transport.h"
#include "tests/check_suites.h"

/* ---------------------------------------------------------------- frames */

/* The check value of CRC-32/ISO-HDLC (zlib's crc32) for "123456789". */
START_TEST(test_crc32_check_value)
{
    ck_assert_uint_eq(mp_crc32((const uint8_t *)"123456789", 9), 0xCBF43926u);
    ck_assert_uint_eq(mp_crc32((const uint8_t *)"", 0), 0);
}
END_TEST

START_TEST(test_frame_roundtrip_and_damage)
{
    struct mp_msg m = {.type = MP_PLACE, .seq = 200, .len = 3, .payload = {7, 0, 2}}, back;
    uint8_t buf[MP_MAX_FRAME];
    struct pd_err e = {0};
    size_t n = mp_encode(&m, buf, sizeof buf);

    ck_assert_uint_eq(n, 13);
    ck_assert_int_eq(buf[0], 'P');
    ck_assert_int_eq(buf[2], 3);
    ck_assert_int_eq(mp_decode(buf, n, &back, &e), PD_OK);
    ck_assert_int_eq(back.type, MP_PLACE);
    ck_assert_int_eq(back.seq, 200);
    ck_assert_int_eq(back.len, 3);
    ck_assert_mem_eq(back.payload, m.payload, 3);
    buf[7] ^= 1;
    ck_assert_int_eq(mp_decode(buf, n, &back, &e), PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "frame CRC mismatch");
    buf[7] ^= 1;
    ck_assert_int_eq(mp_decode(buf, n - 1, &back, &e), PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "frame of 12 bytes, its header says 13");
    buf[0] = 'X';
    ck_assert_int_eq(mp_decode(buf, n, &back, &e), PD_ERR_DEVICE);
    ck_assert_ptr_nonnull(strstr(e.msg, "magic"));
    ck_assert_uint_eq(mp_encode(&m, buf, 12), 0);
}
END_TEST

/* Every index set's letters are a row of the deal model's one table of honours. */
START_TEST(test_index_sets_honours)
{
    for (int i = 0; i < MI_COUNT; i++)
        for (int k = 0; k < 4; k++)
            ck_assert_ptr_nonnull(MACH_INDEX_HONOURS[i][k]);
    ck_assert_str_eq(MACH_INDEX_HONOURS[MI_STANDARD][3], "J");
    ck_assert_str_eq(MACH_INDEX_HONOURS[MI_FR][1], "R");
    ck_assert_str_eq(MACH_INDEX_HONOURS[MI_SV][3], "Kn");
    ck_assert_str_eq(MACH_INDEX_HONOURS[MI_DA][0], "E");
}
END_TEST

START_TEST(test_fault_spec_parse)
{
    struct mach_fault_at f;
    struct pd_err e = {0};

    ck_assert_int_eq(mach_fault_parse("double-feed@3:52", &f, &e), PD_OK);
    ck_assert_int_eq(f.kind, MF_DOUBLE_FEED);
    ck_assert_int_eq(f.board, 3);
    ck_assert_int_eq(f.card, 52);
    ck_assert_int_eq(mach_fault_parse("no-board@2:0", &f, &e), PD_OK);
    ck_assert_int_eq(mach_fault_parse("jam@2:53", &f, &e), PD_ERR_RANGE);
    ck_assert_int_eq(mach_fault_parse("sneeze@2:5", &f, &e), PD_ERR_RANGE);
    ck_assert_str_eq(e.msg, "unknown fault \"sneeze\" (misread, unreadable, double-feed, jam, "
                            "short-deck, extra-card, other-deck, duplicate-card, unplug, reset, "
                            "cover-open, no-board, unplug-camera, unplug-board)");
    ck_assert_int_eq(mach_fault_parse("no-board@2:1", &f, &e), PD_ERR_RANGE);
    ck_assert_str_eq(e.msg, "fault \"no-board@2:1\": the card is 1..52 (0 for no-board)");
    ck_assert_int_eq(mach_fault_parse("jam", &f, &e), PD_ERR_RANGE);
}
END_TEST

/* A retransmitted request gets the same answer and does not act twice. */
START_TEST(test_sim_answers_repeat_once)
{
    struct mach_profile p;
    struct mach_sim *sim;
    struct mp_msg q = {.type = MP_HELLO, .seq = 1, .len = 2, .payload = {1, 0}}, r;
    uint8_t in[MP_MAX_FRAME], a[MP_MAX_FRAME], b[MP_MAX_FRAME];
    size_t n, na, nb;
    struct mach_sim_stats st;

    mach_profile_default(&p);
    ck_assert_int_eq(mach_sim_new(&p.sim, p.pocket, NULL, &sim, NULL), PD_OK);
    n = mp_encode(&q, in, sizeof in);
    mach_sim_handle(sim, in, n, a, sizeof a, &na);
    q = (struct mp_msg){.type = MP_RESUME, .seq = 2, .len = 3, .payload = {MA_START, 1, 0}};
    n = mp_encode(&q, in, sizeof in);
    mach_sim_handle(sim, in, n, a, sizeof a, &na);
    q = (struct mp_msg){.type = MP_BOARD_BEGIN, .seq = 3, .len = 2, .payload = {1, 0}};
    n = mp_encode(&q, in, sizeof in);
    mach_sim_handle(sim, in, n, a, sizeof a, &na);
    ck_assert_int_eq(mp_decode(a, na, &r, NULL), PD_OK);
    ck_assert_int_eq(r.type, MP_BOARD_READY);
    q = (struct mp_msg){.type = MP_FEED, .seq = 4};
    n = mp_encode(&q, in, sizeof in);
    mach_sim_handle(sim, in, n, a, sizeof a, &na);
    mach_sim_handle(sim, in, n, b, sizeof b, &nb);
    ck_assert_uint_eq(na, nb);
    ck_assert_mem_eq(a, b, na);
    mach_sim_stats(sim, &st);
    ck_assert_int_eq(st.fed, 1);
    in[7] ^= 0x55; /* damaged: a NAK, nothing done */
    mach_sim_handle(sim, in, n, b, sizeof b, &nb);
    ck_assert_int_eq(mp_decode(b, nb, &r, NULL), PD_OK);
    ck_assert_int_eq(r.type, MP_NAK);
    ck_assert_int_eq(r.payload[0], MPN_FRAME);
    mach_sim_free(sim);
}
END_TEST

/* ---------------------------------------------------------------- the rig */

struct faulty {
    struct mach_transport in;
    int sends;
    int drop_every;    /* swallow every n-th reply: a timeout */
    int corrupt_every; /* flip a bit in every n-th reply: a CRC error */
    int gone_at;       /* the n-th send fails as an unplugged device, once */
    int kill_at;       /* the n-th send kills this process (SIGKILL) */
};

struct rig {
    struct pbn_set *set;
    int boards[36], n;
    struct mach_profile prof;
    struct mach_sim_world *world;
    struct mach_sim *sim;
    char dir[256], journal[300];
    struct mach_job job;
    struct faulty f;
    bool use_faulty;
    int prompts;
};

static void make_dir(char *buf, size_t n)
{
    struct stat st;

    if (stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode)) { /* fsync costs nothing there */
        snprintf(buf, n, "/dev/shm/predup-mach-XXXXXX");
        if (mkdtemp(buf))
            return;
    }
    test_tmpdir(buf, n);
}

static void rig_init(struct rig *r, int nboards, unsigned methods)
{
    struct pd_key key;
    struct set_key sk;

    memset(r, 0, sizeof *r);
    ck_assert_int_eq(pbn_set_new(&r->set, NULL), PD_OK);
    key_from_seed(42, &key);
    ck_assert_int_eq(set_key_derive(&key, "original", &sk, NULL), PD_OK);
    for (int b = 1; b <= nboards; b++) {
        struct pbn_game *g;
        struct board_deal bd;

        ck_assert_int_eq(board_generate(&sk, b, NULL, NULL, 0, &bd, NULL), PD_OK);
        ck_assert_int_eq(pbn_game_add(r->set, &g, NULL), PD_OK);
        g->board = b;
        g->deal = bd.deal;
        g->known = 0xF;
        r->boards[r->n++] = b;
    }
    mach_profile_default(&r->prof);
    r->prof.sim.methods = methods;
    r->prof.sim.seed = 7;
    r->prof.pocket[0] = SEAT_W; /* a machine whose pockets are not in N E S W order */
    r->prof.pocket[3] = SEAT_N;
    make_dir(r->dir, sizeof r->dir);
    snprintf(r->journal, sizeof r->journal, "%s/set.pbn.journal", r->dir);
    r->job = (struct mach_job){r->set, r->boards, r->n, r->journal, {1, 2, 3}, false, &r->prof};
}

static void rig_sim(struct rig *r, struct mach_sim_world *world)
{
    mach_sim_free(r->sim);
    ck_assert_int_eq(mach_sim_new(&r->prof.sim, r->prof.pocket, world, &r->sim, NULL), PD_OK);
}

static void rig_free(struct rig *r)
{
    char cmd[600];

    mach_sim_free(r->sim);
    pbn_set_free(r->set);
    unlink(r->journal);
    snprintf(cmd, sizeof cmd, "%s", r->dir);
    rmdir(cmd);
}

static enum pd_status faulty_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct faulty *f = self;

    f->sends++;
    if (f->kill_at && f->sends == f->kill_at)
        kill(getpid(), SIGKILL);
    if (f->gone_at && f->sends == f->gone_at)
        return pd_fail(e, PD_ERR_DEVICE, "test: device gone");
    return f->in.send(f->in.self, buf, len, e);
}

static enum pd_status faulty_recv(void *self, uint8_t *buf, size_t cap, size_t *got,
                                  int timeout_ms, struct pd_err *e)
{
    struct faulty *f = self;
    enum pd_status rc = f->in.recv(f->in.self, buf, cap, got, timeout_ms, e);

    if (rc != PD_OK)
        return rc;
    if (f->drop_every && f->sends % f->drop_every == 0)
        return pd_fail(e, PD_ERR_LIMIT, "test: reply lost");
    if (f->corrupt_every && f->sends % f->corrupt_every == 0)
        buf[*got / 2] ^= 0x10;
    return PD_OK;
}

static void faulty_close(void *self)
{
    struct faulty *f = self;

    if (f->in.close)
        f->in.close(f->in.self);
}

static enum pd_status rig_open(void *ctx, int wait_ms, struct mach_transport *out,
                               struct pd_err *e)
{
    struct rig *r = ctx;
    enum pd_status rc = PD_ERR_DEVICE;

    (void)wait_ms;
    for (int i = 0; i < 100 && rc != PD_OK; i++)
        rc = mach_fake_open(r->sim, r->use_faulty ? &r->f.in : out, e);
    if (rc == PD_OK && r->use_faulty)
        *out = (struct mach_transport){"faulty", &r->f, faulty_send, faulty_recv, faulty_close,
                                       r->f.in.machine}; /* the same machine, lossy */
    return rc;
}

static enum pd_status count_prompt(void *ctx, enum mach_action act, int board,
                                   const char *text, struct pd_err *e)
{
    (void)act, (void)board, (void)text, (void)e;
    ((struct rig *)ctx)->prompts++;
    return PD_OK;
}

static enum pd_status rig_fill(struct rig *r, struct mach_result *res, struct pd_err *e)
{
    struct mach_connector conn = {r, rig_open};
    struct mach_ui ui = {r, count_prompt, NULL, NULL};

    return mach_fill(&r->job, &conn, &ui, res, e);
}

/* The journal's "good" boards, as a bit set. */
static uint64_t journal_good(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    uint64_t good = 0;
    int b;

    ck_assert_ptr_nonnull(f);
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "good 1 %d", &b) == 1 && b < 64)
            good |= 1ULL << b;
    fclose(f);
    return good;
}

/* Every board the journal calls good holds exactly its deal in the simulator. With
 * swaps_ok (a machine with one recognition method), two cards each confidently misread as
 * the other cannot be told from a right deal by any host; such a board holds one complete
 * deck, 13 a pocket, with cards misplaced; returns how many. Nothing else is tolerated. */
static int audit_swaps(struct rig *r, bool swaps_ok)
{
    uint64_t good = journal_good(r->journal);
    char why[200];
    int swaps = 0;

    for (int i = 0; i < r->n; i++) {
        int b = r->boards[i];

        if (!(good & (1ULL << b)))
            continue;
        if (mach_sim_board_matches(r->sim, b, &r->set->games[b - 1].deal, why, sizeof why))
            continue;
        if (!swaps_ok || !strstr(why, "misplaced"))
            ck_abort_msg("board %d reported good but: %s", b, why);
        swaps++;
    }
    return swaps;
}

static void audit(struct rig *r)
{
    audit_swaps(r, false);
}

/* ---------------------------------------------------------------- fault matrix */

static const int where[3] = {1, 26, 52}; /* start, middle, end of the board */

/* Fault kind _i / 3 at position where[_i % 3] of board 2 of 3, alone. */
static void one_fault(int i, unsigned methods)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    enum mach_fault kind = (enum mach_fault)(i / 3);
    struct mach_sim_stats st;

    rig_init(&r, 3, methods);
    r.prof.sim.at[r.prof.sim.nat++] =
        (struct mach_fault_at){2, kind == MF_NO_BOARD ? 0 : where[i % 3], kind};
    rig_sim(&r, NULL);
    ck_assert_msg(rig_fill(&r, &res, &e) == PD_OK, "%s at %d: %s", MACH_FAULT_NAME[kind],
                  where[i % 3], e.msg);
    mach_sim_stats(r.sim, &st);
    ck_assert_msg(st.injected[kind] == 1, "%s was not injected", MACH_FAULT_NAME[kind]);
    /* every single fault is recoverable: all boards good, and proved so physically */
    ck_assert_int_eq(res.good, 3);
    ck_assert_int_eq(res.bad, 0);
    ck_assert_uint_eq(journal_good(r.journal), 0xE);
    audit(&r);
    rig_free(&r);
}

START_TEST(test_fault_alone_two_methods)
{
    one_fault(_i, MACH_OCR | MACH_BARCODE);
}
END_TEST

START_TEST(test_fault_alone_ocr_only)
{
    one_fault(_i, MACH_OCR);
}
END_TEST

START_TEST(test_fault_alone_barcode_only)
{
    one_fault(_i, MACH_BARCODE);
}
END_TEST

/* Pairs of faults in one board: fault a at one place, fault b at another. */
START_TEST(test_fault_pairs)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    int a = _i / MF_PROTOCOL_COUNT, b = _i % MF_PROTOCOL_COUNT;

    if (a >= b)
        return;
    rig_init(&r, 2, (_i % 2) ? MACH_OCR : MACH_OCR | MACH_BARCODE);
    r.prof.max_attempts = 4;
    r.prof.sim.at[r.prof.sim.nat++] =
        (struct mach_fault_at){1, a == MF_NO_BOARD ? 0 : where[_i % 3], (enum mach_fault)a};
    r.prof.sim.at[r.prof.sim.nat++] = (struct mach_fault_at){
        1, b == MF_NO_BOARD ? 0 : where[(_i + 1) % 3], (enum mach_fault)b};
    rig_sim(&r, NULL);
    ck_assert_msg(rig_fill(&r, &res, &e) == PD_OK, "%s + %s: %s", MACH_FAULT_NAME[a],
                  MACH_FAULT_NAME[b], e.msg);
    ck_assert_int_eq(res.good + res.bad, 2);
    ck_assert_int_eq(res.good, 2); /* faults come on the first attempt only: a redo is clean */
    audit(&r);
    rig_free(&r);
}
END_TEST

/* Random faults of every kind at once over 24 boards, several seeds and machines; boards may
 * end bad, but none reported good may be wrong. The OCR-only machine has a camera that
 * misreads 2% of cards, often confidently, so reciprocal misreads (HQ read as DQ and DQ as HQ
 * in one deck) happen: no host can see them, and they are the only wrong boards allowed
 * there; the two-method machine must have none. */
START_TEST(test_random_faults_never_wrong_good)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};

    rig_init(&r, 24, _i % 2 == 0 ? MACH_OCR : MACH_OCR | MACH_BARCODE);
    r.prof.sim.seed = 1000 + (unsigned)_i;
    for (int k = 0; k < MF_PROTOCOL_COUNT; k++)
        r.prof.sim.rate_ppm[k] = k == MF_NO_BOARD ? 20000 : 1500;
    r.prof.sim.ocr_confusion_ppm = 20000; /* a bad camera: many confident misreads */
    rig_sim(&r, NULL);
    ck_assert_msg(rig_fill(&r, &res, &e) == PD_OK, "seed %d: %s", 1000 + _i, e.msg);
    ck_assert_int_eq(res.good + res.bad, 24);
    ck_assert_int_gt(res.good, 12);
    ck_assert_int_le(audit_swaps(&r, _i % 2 == 0), 1);
    rig_free(&r);
}
END_TEST

/* A machine that lies: confident misreads on every 5th card, OCR only. Never a wrong good
 * board; most boards end bad after their attempts. */
START_TEST(test_confident_misreads_never_good)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};

    rig_init(&r, 4, MACH_OCR);
    r.prof.sim.rate_ppm[MF_MISREAD] = 200000;
    rig_sim(&r, NULL);
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_OK);
    ck_assert_int_eq(res.good + res.bad, 4);
    ck_assert_int_gt(res.redone, 3);
    audit(&r);
    rig_free(&r);
}
END_TEST

/* ---------------------------------------------------------------- transport faults */

START_TEST(test_lost_and_damaged_replies_recovered)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};

    rig_init(&r, 3, MACH_OCR | MACH_BARCODE);
    r.use_faulty = true;
    r.f.drop_every = 7;
    r.f.corrupt_every = 11;
    r.f.gone_at = 90;
    rig_sim(&r, NULL);
    ck_assert_msg(rig_fill(&r, &res, &e) == PD_OK, "%s", e.msg);
    ck_assert_int_eq(res.good, 3);
    ck_assert_int_ge(res.redone, 1); /* the unplug threw away the board in progress */
    audit(&r);
    rig_free(&r);
}
END_TEST

/* A machine that never answers: the controller gives up with a clear message. */
START_TEST(test_silent_machine_stops_clearly)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};

    rig_init(&r, 1, MACH_OCR);
    r.use_faulty = true;
    r.f.drop_every = 1;
    rig_sim(&r, NULL);
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_ERR_DEVICE);
    ck_assert_msg(strstr(e.msg, "no answer after 4 tries") != NULL, "%s", e.msg);
    rig_free(&r);
}
END_TEST

/* ---------------------------------------------------------------- journal */

/* Appends one record with its checksum, as the controller writes it. */
static void append_record(const char *path, const char *rec)
{
    FILE *f = fopen(path, "a");

    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s *%08x\n", rec, mp_crc32((const uint8_t *)rec, strlen(rec)));
    fclose(f);
}

START_TEST(test_journal_guards_and_resume)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    FILE *f;

    rig_init(&r, 4, MACH_OCR | MACH_BARCODE);
    rig_sim(&r, NULL);
    r.job.nboards = 2;
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_OK);
    ck_assert_int_eq(res.good, 2);
    /* a finished journal does not block a second run: nothing left to do */
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_OK);
    ck_assert_int_eq(res.skipped, 2);
    ck_assert_int_eq(res.cards, 0);
    /* a torn last line (power loss mid-write) is cut off; boards 1-2 stay done */
    f = fopen(r.journal, "a");
    fputs("place 1 3 1 1 S", f);
    fclose(f);
    r.job.nboards = 4;
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_OK);
    ck_assert_int_eq(res.skipped, 2);
    ck_assert_int_eq(res.good, 4);
    ck_assert_int_eq(res.cards, 104);
    ck_assert_uint_eq(journal_good(r.journal), 0x1E);
    /* a board left half filled is redone only when asked (--resume) */
    append_record(r.journal, "begin 2 4 1");
    r.job.copies = 2;
    r.job.nboards = 4;
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "board 4 (copy 2) was being filled when the last run stopped: run "
                            "predup fill --resume to redo it from an emptied board");
    r.job.resume = true;
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_OK);
    ck_assert_int_eq(res.good, 8);
    ck_assert_int_eq(res.skipped, 4);
    /* other deals: refused */
    r.job.set_hash[0] ^= 1;
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_ERR_MISMATCH);
    ck_assert_ptr_nonnull(strstr(e.msg, "started for other deals"));
    rig_free(&r);
}
END_TEST

START_TEST(test_journal_garbled_line_named)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    FILE *f;

    rig_init(&r, 1, MACH_OCR);
    rig_sim(&r, NULL);
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_OK);
    f = fopen(r.journal, "a");
    fputs("good 1 1\n", f); /* no checksum */
    fclose(f);
    r.job.resume = true;
    ck_assert_int_eq(rig_fill(&r, &res, &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, 56); /* header, begin, 52 places, good, then the bad line */
    ck_assert_str_eq(e.file, r.journal);
    ck_assert_ptr_nonnull(strstr(e.msg, "damaged journal: the line's checksum does not match"));
    rig_free(&r);
}
END_TEST

/* ---------------------------------------------------------------- kill -9 and resume */

/* The controller is killed at its k-th request (points spread over the run by a fixed
 * formula), then a new controller resumes over the same physical machine (its firmware
 * restarted). Boards good before the kill stay good and are not redone; every good board
 * holds its deal. */
START_TEST(test_kill9_then_resume)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    struct mach_sim_world *w;
    int status, kill_at = 23 + _i * 43; /* 8 points over the ~370 requests of 6 boards */
    uint64_t before;
    pid_t pid;

    rig_init(&r, 6, _i % 2 ? MACH_OCR : MACH_OCR | MACH_BARCODE);
    r.prof.sim.rate_ppm[MF_JAM] = 5000;
    w = mmap(NULL, mach_sim_world_size(), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
             -1, 0);
    ck_assert_ptr_ne(w, MAP_FAILED);
    mach_sim_world_init(w);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        rig_sim(&r, w);
        r.use_faulty = true;
        r.f.kill_at = kill_at;
        rig_fill(&r, &res, &e);
        fprintf(stderr, "child not killed: %s\n", e.msg);
        _exit(3); /* not killed: the run was shorter than kill_at */
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "child not killed (%d)", status);
    before = journal_good(r.journal);
    rig_sim(&r, w); /* a new controller, the machine powered up again */
    r.job.resume = true;
    ck_assert_msg(rig_fill(&r, &res, &e) == PD_OK, "%s", e.msg);
    ck_assert_int_eq(res.good, 6);
    ck_assert_int_eq(res.skipped, __builtin_popcountll(before));
    ck_assert_uint_eq(journal_good(r.journal), 0x7E);
    audit(&r);
    rig_free(&r);
    munmap(w, mach_sim_world_size());
}
END_TEST

/* Same seed, same run: the simulator's randomness is keyed, not time-based. */
START_TEST(test_sim_deterministic)
{
    struct mach_sim_stats st[2];

    for (int k = 0; k < 2; k++) {
        struct rig r;
        struct mach_result res;

        rig_init(&r, 4, MACH_OCR);
        r.prof.sim.ocr_confusion_ppm = 30000;
        r.prof.sim.rate_ppm[MF_JAM] = 10000;
        rig_sim(&r, NULL);
        ck_assert_int_eq(rig_fill(&r, &res, NULL), PD_OK);
        mach_sim_stats(r.sim, &st[k]);
        rig_free(&r);
    }
    ck_assert_mem_eq(&st[0], &st[1], sizeof st[0]);
    ck_assert_int_gt(st[0].confusions, 0);
}
END_TEST

Suite *machine_suite(void);
Suite *machine_suite(void)
{
    Suite *s = suite_create("machine");
    TCase *tc = tcase_create("protocol");
    TCase *fm = tcase_create("faults");
    TCase *jr = tcase_create("journal");

    tcase_add_test(tc, test_crc32_check_value);
    tcase_add_test(tc, test_frame_roundtrip_and_damage);
    tcase_add_test(tc, test_index_sets_honours);
    tcase_add_test(tc, test_fault_spec_parse);
    tcase_add_test(tc, test_sim_answers_repeat_once);
    tcase_add_test(tc, test_sim_deterministic);
    suite_add_tcase(s, tc);
    tcase_set_timeout(fm, 120);
    tcase_add_loop_test(fm, test_fault_alone_two_methods, 0, 3 * MF_PROTOCOL_COUNT);
    tcase_add_loop_test(fm, test_fault_alone_ocr_only, 0, 3 * MF_PROTOCOL_COUNT);
    tcase_add_loop_test(fm, test_fault_alone_barcode_only, 0, 3 * MF_PROTOCOL_COUNT);
    tcase_add_loop_test(fm, test_fault_pairs, 0, MF_PROTOCOL_COUNT * MF_PROTOCOL_COUNT);
    tcase_add_loop_test(fm, test_random_faults_never_wrong_good, 0, 4);
    tcase_add_test(fm, test_confident_misreads_never_good);
    tcase_add_test(fm, test_lost_and_damaged_replies_recovered);
    tcase_add_test(fm, test_silent_machine_stops_clearly);
    suite_add_tcase(s, fm);
    tcase_set_timeout(jr, 60);
    tcase_add_test(jr, test_journal_guards_and_resume);
    tcase_add_test(jr, test_journal_garbled_line_named);
    tcase_add_loop_test(jr, test_kill9_then_resume, 0, 8);
    suite_add_tcase(s, jr);
    return s;
}
REGISTER_SUITE(machine_suite)
