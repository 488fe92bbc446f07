/* config/ceremony.c - the ceremony of an honest event as a library: commit, public, deal and
 * reveal, each leaving the public event record NAME.record beside the event file
 * (dealer/EVENTS.md gives its bytes and the derivation). The record only grows: parameters and
 * key commitment, then the delayed public value, then the key; a step never replaces a record it
 * does not extend. Its home is config/, above every engine it drives: deal runs every step, it
 * deals by pbn/sets/event_set.c (the engine verify re-deals by), writes (pbn/), and calls the analyze and print engines (printing/) and the
 * fill engine (machine/) directly, from the event file config/event.c reads. `predup event`
 * (config/commands/cmd_event.c) is its front-end. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config/config.h"
#include "machine/machine.h"
#include "pbn/pbn.h"
#include "pbn/sets/sets.h"
#include "printing/printing.h"

/* An event file with its record, as every step after commit needs them. */
struct event {
    struct cfg_event cfg;
    struct ev_record rec;
    char record_path[1100], key_path[1100];
};

static void event_paths(struct event *ev)
{
    snprintf(ev->record_path, sizeof ev->record_path, "%s.record", ev->cfg.stem);
    snprintf(ev->key_path, sizeof ev->key_path, "%s.key", ev->cfg.stem);
}

/* Writes the record, which must extend the one on disk (or be new): never a replacement. */
static enum pd_status write_new_record(const char *path, const char *text, size_t len,
                                       struct pd_err *e)
{
    struct pd_outfile out;
    /* write_record has checked that the old record is a prefix of this one: an extension,
     * which the output layer would otherwise refuse as a different file. The record is public. */
    enum pd_status rc = pd_outfile_open_ex(&out, path, PD_OUT_FORCE | PD_OUT_PUBLIC, e);

    if (rc != PD_OK)
        return rc;
    if (fwrite(text, 1, len, out.f) != len) {
        pd_outfile_abort(&out);
        return pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
    }
    return pd_outfile_commit(&out, e);
}

static enum pd_status write_record(const struct event *ev, const struct ev_record *rec,
                                   struct pd_err *e)
{
    char *text = NULL, *old = NULL;
    size_t len = 0, oldlen = 0;
    enum pd_status rc = ev_record_text(rec, &text, &len, e);
    bool exists = rc == PD_OK && pd_read_file(ev->record_path, &old, &oldlen, NULL) == PD_OK;

    if (exists && (oldlen > len || memcmp(old, text, oldlen) != 0))
        rc = pd_fail(e, PD_ERR_EXISTS, "%s exists and differs from this event's record; a "
                     "record is never replaced (put the published one back, or commit a new "
                     "event under another name)", ev->record_path);
    if (rc == PD_OK && !(exists && oldlen == len)) /* identical: nothing to write */
        rc = write_new_record(ev->record_path, text, len, e);
    char *readable = rc == PD_OK ? ev_record_readable(text, len, ev->record_path) : NULL;
    char txt[1110];

    snprintf(txt, sizeof txt, "%s.txt", ev->record_path); /* a club's name as it is spelt */
    if (readable && (exists && oldlen == len ? access(txt, F_OK) != 0 : true))
        rc = write_new_record(txt, readable, strlen(readable), e);
    if (readable)
        pd_wipe(readable, strlen(readable));
    free(readable);
    if (old)
        pd_wipe(old, oldlen); /* a revealed record holds the key */
    if (text)
        pd_wipe(text, len);
    free(old);
    free(text);
    return rc;
}

/* The event file must still say what was committed: any change to a set name, a board range,
 * a script, an override or the event's own lines shows here (no grinding after commit). */
static enum pd_status check_unchanged(const struct event *ev, struct pd_err *e)
{
    struct ev_params now = ev->cfg.p;
    char *a = NULL, *b = NULL;
    enum pd_status rc;

    snprintf(now.generator, sizeof now.generator, "%s", ev->rec.p.generator);
    /* Like the generator, the dealing version is the committing predup's, not the file's: a
     * set committed before version 2 is still dealt by version 1. */
    for (int i = 0; i < now.nsets && i < ev->rec.p.nsets; i++)
        if (now.sets[i].script_sha[0] && ev->rec.p.sets[i].script_sha[0])
            now.sets[i].dealing = ev->rec.p.sets[i].dealing;
    rc = ev_params_text(&ev->rec.p, ev->rec.commitment, &a, NULL, e);
    if (rc == PD_OK)
        rc = ev_params_text(&now, ev->rec.commitment, &b, NULL, e);
    if (rc == PD_OK && strcmp(a, b) != 0) {
        char what[200];

        ev_params_diff(a, b, what, sizeof what);
        rc = pd_fail(e, PD_ERR_MISMATCH, "%s.conf differs from %s: %s; the deals are committed "
                     "(put it back, or commit a new event under another name)", ev->cfg.stem,
                     ev->record_path, what);
    }
    free(a);
    free(b);
    return rc;
}

/* What commit says, and what comes next for the event in the state its record is in. */
static void print_committed(const struct event *ev, const char *conf, bool recorded)
{
    printf("%s: %s event \"%s\", %d %s\n", ev->record_path,
           recorded ? "already committed:" : "committed", ev->rec.p.name, ev->rec.p.nsets,
           ev->rec.p.nsets == 1 ? "set" : "sets");
    cfg_event_print_sets(&ev->rec.p);
    printf("  key commitment %s\n  record digest  %s\n", ev->rec.commitment, ev->rec.digest);
    if (ev->rec.revealed)
        printf("the key is revealed in %s: the event is over; anyone checks its files with "
               "predup verify %s FILE...\n", ev->record_path, ev->record_path);
    else if (ev->rec.has_public)
        printf("public value \"%s\" given; keep %s secret until after play, then: predup "
               "event reveal %s\n", ev->rec.public_value, ev->key_path, conf);
    else
        printf("publish %s now; keep %s secret until after play\n", ev->record_path,
               ev->key_path);
}

/* What a step that writes the record is given: the event file, and its value or option. */
struct step {
    const char *conf, *value;
    bool reuse, yes;
};

/* The steps that write the record (commit, public, reveal) run under an exclusive lock on the
 * event file, from their reading of the record to the new one in place: a second step on the
 * same event meanwhile stops at once (two event public at once never both succeed). The event
 * file is locked, not the record, which each step replaces by a new file; the lock goes with
 * the descriptor, at close or exit. */
static enum pd_status run_locked(enum pd_status (*step)(const struct step *, struct pd_err *),
                                 const struct step *s, struct pd_err *e)
{
    enum pd_status rc = cfg_event_misnamed(s->conf, e); /* "dienstag" for dienstag.conf */
    int fd = rc == PD_OK ? open(s->conf, O_RDONLY | O_CLOEXEC) : -1;

    if (rc != PD_OK)
        return rc;
    if (fd < 0)
        return pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", s->conf, strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        rc = errno == EWOULDBLOCK
                 ? pd_fail(e, PD_ERR_EXISTS, "another predup event step is working on %s: wait "
                           "for it to finish, then run this step again (nothing was written)",
                           s->conf)
                 : pd_fail(e, PD_ERR_IO, "%s: cannot lock: %s", s->conf, strerror(errno));
        close(fd);
        return rc;
    }
    rc = step(s, e);
    close(fd);
    return rc;
}

/* One key, one event: a record of another event beside this one that mentions the key (its
 * commitment, or the key revealed) means the boards may be known to whoever holds it. */
static enum pd_status check_key_alone(const struct event *ev, struct pd_err *e)
{
    char found[4400];

    if (!ev_key_mentioned(ev->record_path, ev->rec.commitment, ev->rec.digest, found,
                          sizeof found))
        return PD_OK;
    return pd_fail(e, PD_ERR_RANGE, "%s, another event's record, mentions the key committed in "
                   "%s (its commitment, or the key revealed): a key serves one event, and whoever "
                   "holds %s may know this event's boards; commit a new event with a new key",
                   found, ev->record_path, found);
}

static enum pd_status open_event(const char *conf, struct event *ev, struct pd_err *e)
{
    enum pd_status rc = cfg_load_event(conf, &ev->cfg, e);

    event_paths(ev);
    if (rc != PD_OK) /* the event file itself: its own message, not the record's */
        return rc;
    rc = ev_record_load(ev->record_path, &ev->rec, e);
    if (rc == PD_ERR_IO && access(ev->record_path, F_OK) != 0)
        return pd_fail(e, PD_ERR_USAGE, "%s does not exist yet: first predup event commit %s",
                       ev->record_path, conf);
    return rc == PD_OK ? check_unchanged(ev, e) : rc;
}

/* ---------------------------------------------------------------- commit */

/* A set's dealer and vul lines may repeat its script's dealer and vulnerable lines, not
 * contradict them (the script's lines set every board's, as in predup deal --script). */
static enum pd_status check_script_lines(const struct cfg_event *cfg, struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    char script[1200];

    for (int i = 0; rc == PD_OK && i < cfg->p.nsets; i++) {
        const struct ev_set *s = &cfg->p.sets[i];
        struct lang_prog *prog = NULL;

        if (!s->script_sha[0])
            continue;
        cfg_event_path(cfg, cfg->extra[i].script, script, sizeof script);
        rc = lang_compile_file(script, &prog, e);
        int dealer = rc == PD_OK ? lang_script_dealer(prog) : -1;
        int vul = rc == PD_OK ? lang_script_vul(prog) : -1;

        if (s->dealer >= 0 && dealer >= 0 && s->dealer != dealer)
            rc = pd_fail(e, PD_ERR_USAGE, "%s.conf: set \"%s\": dealer = %c contradicts the "
                         "script's dealer line (%s): drop dealer = or edit the script", cfg->stem,
                         s->name, SEAT_LETTER[s->dealer], SEAT_NAME[dealer]);
        else if (s->vul >= 0 && vul >= 0 && s->vul != vul)
            rc = pd_fail(e, PD_ERR_USAGE, "%s.conf: set \"%s\": vul = %s contradicts the "
                         "script's vulnerable line (%s): drop vul = or edit the script", cfg->stem,
                         s->name, VUL_PBN[s->vul], VUL_PBN[vul]);
        lang_free(prog);
    }
    return rc;
}

/* The key of a first commit: a new one, or with --reuse-key a NAME.key made for this event
 * and never published (a commit that stopped half-way). An existing key is never adopted
 * silently: it may be last year's, revealed since, or planted by someone else. */
static enum pd_status commit_key(const struct event *ev, const char *conf, bool reuse,
                                 char *commit, struct pd_err *e)
{
    struct pd_key key;
    bool spent = false;
    enum pd_status rc;

    if (access(ev->key_path, F_OK) != 0 && errno == ENOENT)
        return key_new_file(ev->key_path, commit, e);
    rc = key_load_file(ev->key_path, &key, &spent, e);
    if (rc == PD_OK)
        rc = ev_key_check_unspent(ev->key_path, ev->record_path, &key, spent, e);
    if (rc == PD_OK)
        key_commit_hex(&key, commit);
    pd_wipe(&key, sizeof key);
    if (rc == PD_OK && !reuse)
        rc = pd_fail(e, PD_ERR_EXISTS, "%s exists but %s does not: a new event gets a new key "
                     "(move %s away); adopt a key made for this event and never published with "
                     "predup event commit %s --reuse-key", ev->key_path, ev->record_path,
                     ev->key_path, conf);
    return rc;
}

static enum pd_status commit_locked(const struct step *s, struct pd_err *e)
{
    const char *conf = s->conf;
    bool reuse = s->reuse;
    struct event *ev = calloc(1, sizeof *ev);
    enum pd_status rc = ev ? cfg_load_event(conf, &ev->cfg, e)
                           : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (rc != PD_OK) {
        free(ev);
        return rc;
    }
    event_paths(ev);
    ev->rec.p = ev->cfg.p;
    rc = check_script_lines(&ev->cfg, e); /* (the language: taken as the file is read) */
    bool recorded = access(ev->record_path, F_OK) == 0;

    if (rc == PD_OK && !recorded) /* a record committed to one board already says so */
        rc = cfg_event_one_board_sets(conf, &ev->cfg.p, e);

    /* With a record, the key must be the one it commits to: checked below. */
    if (rc == PD_OK && recorded)
        rc = key_commitment(ev->key_path, ev->rec.commitment, e);
    else if (rc == PD_OK)
        rc = commit_key(ev, conf, reuse, ev->rec.commitment, e);
    if (rc == PD_OK && recorded) {
        /* Committed already: the same parameters and key are fine (nothing written). */
        char commit[65];

        memcpy(commit, ev->rec.commitment, sizeof commit);
        rc = ev_record_load(ev->record_path, &ev->rec, e);
        if (rc == PD_OK && strcmp(commit, ev->rec.commitment) != 0)
            rc = pd_fail(e, PD_ERR_MISMATCH, "%s is not the key committed in %s (put the "
                         "committed key back from its copy)", ev->key_path, ev->record_path);
        if (rc == PD_OK)
            rc = check_unchanged(ev, e);
    } else if (rc == PD_OK) {
        ev_record_set_digest(&ev->rec);
        rc = write_record(ev, &ev->rec, e);
    }
    if (rc == PD_OK)
        print_committed(ev, conf, recorded);
    free(ev);
    return rc;
}

enum pd_status ceremony_commit(const char *conf, bool reuse, struct pd_err *e)
{
    return run_locked(commit_locked, &(struct step){.conf = conf, .reuse = reuse}, e);
}

/* ---------------------------------------------------------------- public, reveal */

static enum pd_status public_locked(const struct step *s, struct pd_err *e)
{
    const char *conf = s->conf, *value = s->value;
    struct event *ev = calloc(1, sizeof *ev);
    char canon[PD_LABEL_MAX + 1];
    enum pd_status rc = ev ? open_event(conf, ev, e)
                           : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (rc == PD_OK)
        rc = check_key_alone(ev, e);
    if (rc == PD_OK) /* the value in the one spelling of the committed form */
        rc = ev_public_canon(ev->rec.p.public_form, value, canon, sizeof canon, e);
    /* A published value is final: the same one again changes nothing, another is refused as
     * an output that would be overwritten, and no option replaces it. */
    if (rc == PD_OK && ev->rec.has_public && strcmp(ev->rec.public_value, canon) != 0)
        rc = pd_fail(e, PD_ERR_EXISTS, "%s already holds the public value \"%s\": it is given "
                     "once and never replaced (the boards are dealt from it)", ev->record_path,
                     ev->rec.public_value);
    else if (rc == PD_OK && ev->rec.has_public) {
        printf("%s: public value \"%s\" already given, unchanged; deal with: predup event deal "
               "%s\n", ev->record_path, canon, conf);
        free(ev);
        return PD_OK;
    }
    if (rc == PD_OK) {
        ev->rec.has_public = true;
        snprintf(ev->rec.public_value, sizeof ev->rec.public_value, "%s", canon);
        rc = write_record(ev, &ev->rec, e);
    }
    if (rc == PD_OK)
        printf("%s: public value \"%s\" (form \"%s\"); deal with: predup event deal %s\n",
               ev->record_path, canon, ev->rec.p.public_form, conf);
    free(ev);
    return rc;
}

enum pd_status ceremony_public(const char *conf, const char *value, struct pd_err *e)
{
    return run_locked(public_locked, &(struct step){.conf = conf, .value = value}, e);
}

static enum pd_status load_event_key(const struct event *ev, struct pd_key *key,
                                     struct pd_err *e)
{
    bool spent; /* a spent key still deals and reveals: its record says it was revealed */
    char commit[65];
    enum pd_status rc = key_load_file(ev->key_path, key, &spent, e);

    if (rc != PD_OK)
        return rc;
    key_commit_hex(key, commit);
    if (strcmp(commit, ev->rec.commitment) != 0) {
        pd_wipe(key, sizeof *key);
        return pd_fail(e, PD_ERR_MISMATCH, "%s is not the key committed in %s (put the "
                       "committed key back from its copy)", ev->key_path, ev->record_path);
    }
    return PD_OK;
}

/* Revealing the key lets anyone compute every board: it comes after play. Refused while no set
 * was dealt in NAME/ (the deal's folder; dealt elsewhere with -o, --yes says so); before the
 * event's date (a date with '?' says no day), or typed at a terminal, only with --yes. */
static enum pd_status check_play_over(const struct event *ev, const char *conf, bool yes,
                                      struct pd_err *e)
{
    char path[1400], today[16];
    int dealt = 0;
    time_t now = time(NULL);

    for (int i = 0; i < ev->rec.p.nsets; i++) {
        snprintf(path, sizeof path, "%s/%s.pbn", ev->cfg.stem, ev->rec.p.sets[i].name);
        dealt += access(path, F_OK) == 0;
    }
    strftime(today, sizeof today, "%Y.%m.%d", localtime(&now));
    if (yes)
        return PD_OK;
    if (dealt == 0)
        return pd_fail(e, PD_ERR_USAGE, "no set of the event has been dealt (no %s/SET.pbn): "
                       "revealing the key lets anyone compute every board, so it comes after "
                       "play; deal first (predup event deal %s), or, dealt with -o elsewhere: "
                       "predup event reveal %s --yes", ev->cfg.stem, conf, conf);
    if (ev->rec.p.date[0] && !strchr(ev->rec.p.date, '?') && strcmp(today, ev->rec.p.date) < 0)
        return pd_fail(e, PD_ERR_USAGE, "the event's date is %s, today is %s: revealing the key "
                       "lets anyone compute every board, so play must be over; if it is: "
                       "predup event reveal %s --yes", ev->rec.p.date, today, conf);
    if (isatty(STDIN_FILENO))
        return pd_fail(e, PD_ERR_USAGE, "revealing the key lets anyone compute every board: play "
                       "must be over; if it is: predup event reveal %s --yes", conf);
    return PD_OK;
}

static enum pd_status reveal_locked(const struct step *s, struct pd_err *e)
{
    const char *conf = s->conf;
    struct event *ev = calloc(1, sizeof *ev);
    struct pd_key key;
    enum pd_status rc = ev ? open_event(conf, ev, e) : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    bool again = rc == PD_OK && ev->rec.revealed; /* a second reveal changes nothing */

    if (rc == PD_OK && !ev->rec.has_public)
        rc = pd_fail(e, PD_ERR_USAGE, "%s has no public value yet: the key is revealed after "
                     "play (predup event public %s VALUE comes first)", ev->record_path, conf);
    if (rc == PD_OK && !again)
        rc = check_play_over(ev, conf, s->yes, e);
    if (rc == PD_OK)
        rc = load_event_key(ev, &key, e);
    /* spent before published: no commit adopts the key once it may be public */
    if (rc == PD_OK && (rc = key_mark_spent(ev->key_path, &key, e)) != PD_OK)
        pd_wipe(&key, sizeof key);
    if (rc == PD_OK) {
        pd_hex_encode(key.bytes, PD_KEY_BYTES, ev->rec.key_hex);
        ev->rec.revealed = true;
        pd_wipe(&key, sizeof key);
        rc = write_record(ev, &ev->rec, e);
    }
    /* The key itself is not printed even now: it is in the record for anyone to read, and a
     * terminal log is no place for it (keys are never printed). */
    if (rc == PD_OK)
        printf("%s: the key is %s; anyone can now run: predup verify %s FILE...\n",
               ev->record_path, again ? "already revealed, unchanged" : "revealed in it",
               ev->record_path);
    if (ev)
        pd_wipe(ev->rec.key_hex, sizeof ev->rec.key_hex);
    free(ev);
    return rc;
}

enum pd_status ceremony_reveal(const char *conf, bool yes, struct pd_err *e)
{
    return run_locked(reveal_locked, &(struct step){.conf = conf, .yes = yes}, e);
}

/* ---------------------------------------------------------------- deal */

/* The set's analysis beside it, NAME.dd.pbn, as predup analyze SET.pbn -o NAME.dd.pbn --quiet. */
static enum pd_status analyze_set(const char *pbn, const char *dd, struct pd_err *e)
{
    struct pr_analyze_opts o = {.in = pbn, .out = dd, .quiet = true};
    struct pr_analyze_result r;
    enum pd_status rc = pr_analyze_file(&o, &r, e);

    if (rc == PD_OK)
        pr_analyze_report(dd, &r);
    return rc;
}

/* Each PDF of the set's print line, NAME-KIND.pdf from the analysed set, as predup print KIND
 * NAME.dd.pbn -o NAME-KIND.pdf --quiet (web: the folder NAME-web). */
static enum pd_status print_set(const char *print, const char *lang, bool one_set,
                                const char *stem, const char *dd, struct pd_err *e)
{
    char pdf[1400], kind[16];
    enum pd_status rc = PD_OK;

    for (const char *p = print; rc == PD_OK && *p;) {
        size_t len = strcspn(p, ", "), boards = 0;
        struct pr_print_opts o = {.in = dd, .out = pdf, .quiet = true};

        snprintf(kind, sizeof kind, "%.*s", (int)(len < 15 ? len : 15), p);
        /* the kind called so in the one table (printing/kind.c): the event file's reader
         * admits no other name (config/event.c) */
        if (len && (rc = pr_kind_parse("print", kind, &o.kind, e)) != PD_OK)
            break;
        pr_kind_out_name(stem, o.kind, pdf, sizeof pdf);
        pr_options_default(&o.o);
        o.o.lang = lang; /* the committed language */
        o.o.one_set = one_set;
        if (len && (rc = pr_print_file(&o, &boards, e)) == PD_OK)
            pr_print_report(pdf, pr_kind_name(o.kind), boards);
        p += len;
        p += strspn(p, ", ");
    }
    return rc;
}

/* The set on the machine of the set's machine line: every copy in one journal (the machine's:
 * the simulator's is another). Run again, the fill resumes and finds what is left (resume does
 * nothing without a journal). */
static enum pd_status fill_set(const struct event *ev, const struct cfg_event_set *x,
                               const char *pbn, const struct ceremony_deal_opts *d,
                               struct pd_err *e)
{
    char profile[1200], copies[16];
    static const char *const yes[] = {"--yes", NULL}; /* the resume hint repeats it */
    /* who answers the prompts: fill's one rule (MACH_PROMPTS_HELP) */
    struct fill_opts o = {.set_path = pbn, .machine = profile, .copies = x->copies,
                          .copies_arg = copies, .resume = true, .yes = d->yes, .quiet = true,
                          .resume_also = d->yes ? yes : NULL, .watch = d->watch,
                          .lang = ev->rec.p.language};
    struct mach_profile prof;
    enum pd_status rc;

    if (cfg_profile_is_path(x->machine))
        cfg_event_path(&ev->cfg, x->machine, profile, sizeof profile);
    else /* by name: a driver's or an installed profile (the resume hint names it so) */
        snprintf(profile, sizeof profile, "%s", x->machine);
    snprintf(copies, sizeof copies, "%d", x->copies);
    printf("%s: filling %d %s of each board on %s\n", pbn, x->copies,
           x->copies == 1 ? "copy" : "copies", profile);
    fflush(stdout);
    rc = cfg_find_profile(x->machine, ev->cfg.dir, &prof, e);
    return rc == PD_OK ? mach_fill_run(&o, &prof, e) : rc;
}

/* With --fill, every machine line of the sets to deal names a profile that reads, and one
 * set at least has one: checked before anything is written, so that a fault is not found
 * after the PDFs (and never leaves a set undealt), nor --fill filling nothing unsaid. */
static enum pd_status check_machines(const struct event *ev, int only, struct pd_err *e)
{
    struct mach_profile prof;
    int machines = 0;
    char names[120];

    for (int i = 0; i < ev->rec.p.nsets; i++) {
        const struct cfg_event_set *x = &ev->cfg.extra[i];

        if ((only >= 0 && i != only) || !x->machine[0])
            continue;
        machines++;
        if (cfg_find_profile(x->machine, ev->cfg.dir, &prof, e) != PD_OK)
            return e->code; /* it names the file, and where in it */
    }
    mach_driver_names(", ", ", ", names, sizeof names);
    if (machines == 0)
        return pd_fail(e, PD_ERR_USAGE, "--fill: %s: add a machine line to its section "
                       "(machine = %s or a profile)",
                       only >= 0 ? "the set names no machine" : "no set names a machine", names);
    return PD_OK;
}

/* path (a set written by an earlier run) holds the deals of set, board for board: board,
 * dealer, vulnerability and the four hands; with analysed, each with its whole double-dummy
 * table and par. A file that does not read, or differs, is not the same. */
static bool same_deals(const struct pbn_set *set, const char *path, bool analysed)
{
    struct pbn_set *old = NULL;
    struct pd_err quiet = {0};
    bool same = access(path, F_OK) == 0 && pbn_read_any(path, "pbn", &old, &quiet) == PD_OK &&
                old->n == set->n;

    for (size_t i = 0; same && i < set->n; i++) {
        const struct pbn_game *a = &set->games[i], *b = &old->games[i];

        same = a->board == b->board && a->dealer == b->dealer && a->vul == b->vul &&
               !memcmp(&a->deal, &b->deal, sizeof a->deal) && b->known == 0xf &&
               (!analysed || (b->has_dd && b->has_par));
    }
    pbn_set_free(old);
    return same;
}

/* Analysis beside the set (NAME.dd.pbn), kept when it holds the same deals (kept: a rerun
 * solves nothing again), the PDFs from it, then the machine. */
static enum pd_status make_outputs(const struct event *ev, int si, const char *stem, bool kept,
                                   const struct ceremony_deal_opts *o, struct pd_err *e)
{
    const struct cfg_event_set *x = &ev->cfg.extra[si];
    char pbn[1320], dd[1320];
    enum pd_status rc = PD_OK;

    snprintf(pbn, sizeof pbn, "%s.pbn", stem);
    snprintf(dd, sizeof dd, "%s.dd.pbn", stem);
    if (kept)
        printf("%s: analysis unchanged (the same deals)\n", dd);
    else
        rc = analyze_set(pbn, dd, e);
    if (rc == PD_OK)
        rc = print_set(x->print, ev->rec.p.language, ev->rec.p.nsets == 1, stem, dd, e);
    if (rc != PD_OK || !o->fill || !x->machine[0])
        return rc;
    return fill_set(ev, x, pbn, o, e);
}
static enum pd_status deal_and_write(const struct event *ev, int si, const struct pd_key *key,
                                     const char *dir, const struct ceremony_deal_opts *o,
                                     struct pd_err *e)
{
    const struct ev_set *s = &ev->rec.p.sets[si];
    struct pbn_set *set = NULL;
    char stem[1300], pbn[1310], dd[1310], formats[200], script[1200];
    enum pd_status rc = pbn_set_new(&set, e);
    bool same = false, kept = false; /* the set's deals, its analysis: as an earlier run's */

    snprintf(stem, sizeof stem, "%s/%s", dir, s->name);
    snprintf(pbn, sizeof pbn, "%s.pbn", stem);
    snprintf(dd, sizeof dd, "%s.dd.pbn", stem);
    /* PBN always: analysis, printing, filling and verification read it. */
    snprintf(formats, sizeof formats, "%s%s", strstr(ev->cfg.extra[si].formats, "pbn") ? ""
                                                                                          : "pbn,",
             ev->cfg.extra[si].formats);
    /* The script as committed (open_event checked its hash); pbn/sets deals the set. */
    cfg_event_path(&ev->cfg, ev->cfg.extra[si].script, script, sizeof script);
    if (rc == PD_OK)
        rc = event_set_deal(&ev->rec, si, key, s->script_sha[0] ? script : NULL, set, e);
    if (rc == PD_OK) {
        same = same_deals(set, pbn, false);
        kept = same_deals(set, dd, true);
        rc = pbn_write_formats(pbn, formats, set, e);
    }
    if (rc == PD_ERR_RANGE && e && e->hint) /* event deal has no --drop-conditions */
        pd_err_hint(e, " (take it out of the set's formats; predup convert "
                       "--drop-conditions writes them from the PBN)");
    if (rc == PD_OK)
        printf("%s: set \"%s\", %zu %s %s (%s)\n", pbn, s->name, set->n,
               set->n == 1 ? "board" : "boards", same ? "unchanged" : "written", formats);
    fflush(stdout);
    pbn_set_free(set);
    rc = rc == PD_OK ? make_outputs(ev, si, stem, kept, o, e) : rc;
    if (rc == PD_OK && o->fill && !ev->cfg.extra[si].machine[0])
        printf("%s: not filled: the set names no machine\n", pbn);
    return rc;
}

/* The output layer's hint names --force, which event deal does not take: an event's files are
 * the same bytes on every run of one predup, so one that differs was changed, or written by
 * another version (a PDF's layout may change between versions; the deals never do), and is
 * kept. */
static enum pd_status event_exists_hint(enum pd_status rc, struct pd_err *e)
{
    if (rc == PD_ERR_EXISTS && e->hint)
        pd_err_hint(e, " (changed since, or written by another predup version: move it away, "
                       "then run event deal again)");
    return rc;
}

enum pd_status ceremony_deal(const struct ceremony_deal_opts *o, struct pd_err *e)
{
    struct event *ev = calloc(1, sizeof *ev);
    struct pd_key key;
    char dir[1100];
    int only = -1;
    enum pd_status rc = ev ? open_event(o->conf, ev, e)
                           : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (rc == PD_OK && !ev->rec.has_public)
        rc = pd_fail(e, PD_ERR_USAGE, "%s has no public value yet: nobody may deal before it "
                     "(predup event public %s VALUE)", ev->record_path, o->conf);
    if (rc == PD_OK && o->set && (only = ev_find_set(&ev->rec.p, o->set)) < 0)
        rc = pd_fail(e, PD_ERR_USAGE, "the event has no set \"%s\"", o->set);
    if (rc == PD_OK && o->fill)
        rc = check_machines(ev, only, e);
    if (rc == PD_OK)
        rc = check_key_alone(ev, e);
    if (rc == PD_OK)
        rc = load_event_key(ev, &key, e);
    if (rc != PD_OK) {
        free(ev);
        return rc;
    }
    snprintf(dir, sizeof dir, "%s", o->dir ? o->dir : ev->cfg.stem);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot create the directory: %s", dir, strerror(errno));
    for (int i = 0; rc == PD_OK && i < ev->rec.p.nsets; i++)
        if (only < 0 || i == only)
            rc = deal_and_write(ev, i, &key, dir, o, e);
    pd_wipe(&key, sizeof key);
    free(ev);
    return event_exists_hint(rc, e);
}

