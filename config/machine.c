/* config/machine.c - machine profiles: an INI file ([machine] and [sim] sections, read with
 * libinih) into struct mach_profile. Every key is checked; the first fault is reported with
 * its file and line (libinih's handler returns nonzero for success, and ini_parse returns the
 * line of the first error). */
#include <ctype.h>
#include <stdio.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "config/config.h"
#include "config/ini_lib.h"

enum { VIS_REGION_MAX = 8192 }; /* a frame's side, in pixels */

enum { MAX_PROFILE_KEYS = 64 };

struct loader {
    struct mach_profile p;
    int nkeys;     /* keys seen: 0 in an empty (or comments only) file */
    char msg[400]; /* the first error, "" while none */
    /* "section.key" of every key given, so that none is given twice: a second transport or
     * vid line would silently decide which machine is driven (sim.fault alone repeats). */
    char seen[MAX_PROFILE_KEYS][48];
    int nseen;
};

/* Keeps the first fault only; 0, what an inih handler returns to stop. */
static int bad(struct loader *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int bad(struct loader *l, const char *fmt, ...)
{
    va_list ap;

    if (l->msg[0] == '\0') {
        va_start(ap, fmt);
        vsnprintf(l->msg, sizeof l->msg, fmt, ap);
        va_end(ap);
    }
    return 0;
}

/* A number from lo to hi: decimal through the one parser (pd_parse_number), or hexadecimal
 * after 0x, as USB ids are often written (vid = 0x1209). No sign, no space, no octal. */
static bool get_long(const char *v, long lo, long hi, long *out)
{
    unsigned long long n;
    char *end;

    if ((v[0] == '0' && (v[1] == 'x' || v[1] == 'X'))) {
        errno = 0;
        n = isxdigit((unsigned char)v[2]) ? strtoull(v + 2, &end, 16) : 0;
        if (!isxdigit((unsigned char)v[2]) || errno || *end || n < (unsigned long long)lo ||
            n > (unsigned long long)hi)
            return false;
    } else if (pd_parse_number(v, (unsigned long long)lo, (unsigned long long)hi, "", &n, NULL) !=
               PD_OK) {
        return false;
    }
    *out = (long)n;
    return true;
}

static bool get_bool(const char *v, bool *out)
{
    if (!strcasecmp(v, "yes") || !strcasecmp(v, "true") || !strcmp(v, "1"))
        *out = true;
    else if (!strcasecmp(v, "no") || !strcasecmp(v, "false") || !strcmp(v, "0"))
        *out = false;
    else
        return false;
    return true;
}

/* "N E S W" (or N-E-S-W, S-W-E-N ...): the seat each pocket receives, pocket 0 first; each
 * seat once. */
static bool get_pockets(const char *v, enum seat out[4])
{
    unsigned seen = 0;
    int n = 0;

    for (; *v; v++) {
        int s = seat_from_char(*v);

        if (*v == ' ' || *v == ',' || *v == '-')
            continue;
        if (s < 0 || n == 4 || (seen & (1u << s)))
            return false;
        seen |= 1u << s;
        out[n++] = (enum seat)s;
    }
    return n == 4;
}

static bool get_methods(const char *v, unsigned *out)
{
    if (!strcmp(v, "ocr"))
        *out = MACH_OCR;
    else if (!strcmp(v, "barcode"))
        *out = MACH_BARCODE;
    else if (!strcmp(v, "ocr+barcode") || !strcmp(v, "both"))
        *out = MACH_OCR | MACH_BARCODE;
    else
        return false;
    return true;
}

/* The integer keys of [machine]: name, bounds, where the value goes. */
struct int_key {
    const char *name;
    long lo, hi;
    size_t off;
    int size; /* 1, 2 or 4 bytes */
};
#define PK(field) offsetof(struct mach_profile, field), (int)sizeof(((struct mach_profile *)0)->field)
static const struct int_key machine_ints[] = {
    {"vid", 0, 0xFFFF, PK(vid)},           {"pid", 0, 0xFFFF, PK(pid)},
    {"interface", 0, 255, PK(interface)},  {"ep_out", 0x01, 0x0F, PK(ep_out)},
    {"ep_in", 0x81, 0x8F, PK(ep_in)},      {"timeout_ms", 10, 600000, PK(timeout_ms)},
    {"send_timeout_ms", 10, 600000, PK(send_timeout_ms)},
    {"retries", 0, 100, PK(retries)},      {"replug_wait_ms", 0, 3600000, PK(replug_wait_ms)},
    {"min_confidence", 0, 100, PK(min_confidence)},
    {"max_attempts", 1, 100, PK(max_attempts)},
    {"sim.card_ms", 0, 60000, PK(sim.card_ms)}, {"sim.board_ms", 0, 600000, PK(sim.board_ms)},
    {"sim.ocr_unreadable_ppm", 0, 1000000, PK(sim.ocr_unreadable_ppm)},
    {"sim.ocr_confusion_ppm", 0, 1000000, PK(sim.ocr_confusion_ppm)},
    {"sim.barcode_unreadable_ppm", 0, 1000000, PK(sim.barcode_unreadable_ppm)},
    {"sim.replug_after", 0, 1000, PK(sim.replug_after)},
    {"sim.stop_cards", 0, 100000, PK(sim.stop_cards)},
    {"camera.feeder_pin", 0, 127, PK(camera.feeder_pin)},
    {"camera.sensor_pin", 0, 127, PK(camera.sensor_pin)},
    {"camera.diverter_pin", 0, 15, PK(camera.diverter_pin)},
    {"camera.gate_pin", -1, 15, PK(camera.gate_pin)},
    {"camera.gate_angle", 0, 180, PK(camera.gate_angle)},
    {"camera.settle_ms", 0, 5000, PK(camera.settle_ms)},
    {"camera.pass_ms", 1, 10000, PK(camera.pass_ms)},
};

/* n numbers from lo to hi, separated by blanks, into out. */
static bool get_ints(const char *v, int n, long lo, long hi, int *out)
{
    char buf[120], *save = NULL, *t;
    int k = 0;
    long x;

    snprintf(buf, sizeof buf, "%s", v);
    for (t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        if (k == n || !get_long(t, lo, hi, &x))
            return false;
        out[k++] = (int)x;
    }
    return k == n;
}

/* [camera]'s keys that are not one number (machine/README.md, "Build your own machine");
 * -1 when name is none of them. */
static int camera_key(struct loader *l, const char *name, const char *value)
{
    struct mach_camera_opts *c = &l->p.camera;
    char *text = !strcmp(name, "pipeline") ? c->pipeline : !strcmp(name, "board") ? c->board
               : !strcmp(name, "calibration") ? c->calibration
               : !strcmp(name, "board_log") ? c->board_log : NULL;
    size_t cap = !strcmp(name, "pipeline") ? sizeof c->pipeline : sizeof c->board;

    if (text) {
        if (strlen(value) >= cap)
            return bad(l, "%s: longer than %zu bytes", name, cap - 1);
        snprintf(text, cap, "%s", value);
        return 1;
    }
    if (!strcmp(name, "simulate"))
        return get_bool(value, &c->simulated) ? 1 : bad(l, "%s: \"%s\" is not yes/no", name,
                                                        value);
    if (!strcmp(name, "region")) { /* as predup machine calibrate --region: WxH+X+Y */
        int *g = c->region;
        char tail;

        if (sscanf(value, "%dx%d+%d+%d%c", &g[2], &g[3], &g[0], &g[1], &tail) == 4 &&
            g[2] >= 1 && g[3] >= 1 && g[0] >= 0 && g[1] >= 0 && g[2] <= VIS_REGION_MAX &&
            g[3] <= VIS_REGION_MAX)
            return 1;
        return bad(l, "%s: \"%s\" is not WxH+X+Y (the corner index's place in the frame, "
                   "as predup machine calibrate --region)", name, value);
    }
    if (!strcmp(name, "angles"))
        return get_ints(value, 5, 0, 180, c->angle)
                   ? 1 : bad(l, "%s: \"%s\" is not five angles 0..180 (pockets 0 1 2 3, then "
                             "the reject tray)", name, value);
    return -1;
}

static void store(void *base, const struct int_key *k, long v)
{
    uint8_t *p = (uint8_t *)base + k->off;

    if (k->size == 1)
        *(uint8_t *)p = (uint8_t)v;
    else if (k->size == 2)
        *(uint16_t *)p = (uint16_t)v;
    else
        *(int32_t *)p = (int32_t)v;
}

/* An unknown card_index or deck, with the names of the one table (MACH_INDEX_NAME). */
static int bad_index(struct loader *l, const char *name, const char *value)
{
    char names[80];

    pd_join_words(MACH_INDEX_NAME, MI_COUNT, ", ", ", ", names, sizeof names);
    return bad(l, "%s: \"%s\" is not one of %s", name, value, names);
}

/* "3 99 0": the boards the simulated operator inserts when asked for any board. */
static int sim_inserts(struct loader *l, const char *name, const char *value)
{
    struct mach_sim_opts *s = &l->p.sim;
    char buf[400], *save = NULL;
    long v;

    snprintf(buf, sizeof buf, "%s", value);
    for (char *t = strtok_r(buf, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
        if (s->ninserts == MACH_SIM_MAX_AT || !get_long(t, 0, 65535, &v))
            return bad(l, "%s: \"%s\" is not at most %d board numbers (0..65535)", name, value,
                       (int)MACH_SIM_MAX_AT);
        s->inserts[s->ninserts++] = (int)v;
    }
    return 1;
}

/* The keys of protocol 1.1's simulated machine (PROTOCOL.md); -1: not one of them. */
static int sim_key_11(struct loader *l, const char *name, const char *value)
{
    struct mach_sim_opts *s = &l->p.sim;
    bool *flag = !strcmp(name, "any_board")        ? &s->any_board
                 : !strcmp(name, "stop_dispenser") ? &s->stop_dispenser
                                                   : NULL;
    int idx;

    if (flag)
        return get_bool(value, flag) ? 1 : bad(l, "%s: \"%s\" is not yes/no", name, value);
    if (!strcmp(name, "pockets")) { /* wired so, whatever the host asks */
        s->pockets_fixed = true;
        return get_pockets(value, s->pockets_wired)
                   ? 1
                   : bad(l, "%s: \"%s\" is not the four seats N E S W in some order", name,
                         value);
    }
    if (!strcmp(name, "protocol")) {
        if (strcmp(value, "1.0") && strcmp(value, "1.1"))
            return bad(l, "%s: \"%s\" is not 1.0 or 1.1", name, value);
        s->minor = value[2] - '0';
        return 1;
    }
    if (!strcmp(name, "deck")) {
        if ((idx = mach_index_from_name(value)) < 0)
            return bad_index(l, name, value);
        s->deck = (enum mach_index)idx;
        return 1;
    }
    return !strcmp(name, "inserts") ? sim_inserts(l, name, value) : -1;
}

static int sim_key(struct loader *l, const char *name, const char *value)
{
    struct mach_sim_opts *s = &l->p.sim;
    int r = sim_key_11(l, name, value);

    if (r >= 0)
        return r;
    if (!strcmp(name, "seed")) {
        return pd_parse_number(value, 0, ULLONG_MAX, name, &s->seed, NULL) == PD_OK
                   ? 1
                   : bad(l, "%s: \"%s\" is not a seed number", name, value);
    }
    if (!strcmp(name, "methods"))
        return get_methods(value, &s->methods)
                   ? 1
                   : bad(l, "%s: \"%s\" is not ocr, barcode or ocr+barcode", name, value);
    if (!strcmp(name, "reads_board_numbers"))
        return get_bool(value, &s->reads_board_numbers) ? 1
                                                         : bad(l, "%s: \"%s\" is not yes/no",
                                                               name, value);
    if (!strcmp(name, "fault")) {
        struct pd_err e;

        if (s->nat >= MACH_SIM_MAX_AT)
            return bad(l, "%s: more than %d faults (%s)", name, (int)MACH_SIM_MAX_AT, value);
        if (mach_fault_parse(value, &s->at[s->nat], &e) != PD_OK)
            return bad(l, "%s: %s", name, e.msg);
        s->nat++;
        return 1;
    }
    if (!strncmp(name, "rate_", 5)) {
        int kind = mach_fault_from_name(name + 5);
        long v;

        if (kind < 0)
            return bad(l, "unknown key \"%s\" (rate_ + a fault name)", name);
        if (!get_long(value, 0, 1000000, &v))
            return bad(l, "%s: \"%s\" is not parts per million (0..1000000)", name, value);
        s->rate_ppm[kind] = (uint32_t)v;
        return 1;
    }
    return -1; /* not a special key */
}

/* card_index and stop_card of [machine] (protocol 1.1); -1: not one of them. */
static int machine_key_11(struct loader *l, const char *name, const char *value)
{
    int idx;

    if (!strcmp(name, "stop_card"))
        return get_bool(value, &l->p.stop_card) ? 1
                                                : bad(l, "%s: \"%s\" is not yes/no", name, value);
    if (!strcmp(name, "serial") || !strcmp(name, "usb_path")) /* which of two of one model */
        return mach_usb_choice_set(&l->p, name, value) ? 1
                   : bad(l, "%s: \"%s\" is not %s", name, value, !strcmp(name, "serial")
                         ? "a serial number (printable ASCII, at most 63 characters)"
                         : "a USB port path such as 1-1.4 (bus, then ports)");
    if (strcmp(name, "card_index"))
        return -1;
    if ((idx = mach_index_from_name(value)) < 0)
        return bad_index(l, name, value);
    l->p.card_index = (enum mach_index)idx;
    return 1;
}

/* 0 (and the fault) when section.name was given before; sim.fault may be given many times. */
static int first_time(struct loader *l, const char *section, const char *name)
{
    char key[48];

    snprintf(key, sizeof key, "%s.%s", section, name);
    if (!strcmp(key, "sim.fault"))
        return 1;
    for (int i = 0; i < l->nseen; i++)
        if (!strcmp(l->seen[i], key))
            return bad(l, "%s is given twice in [%s]: give each key once", name, section);
    if (l->nseen == MAX_PROFILE_KEYS)
        return bad(l, "more than %d keys", (int)MAX_PROFILE_KEYS);
    snprintf(l->seen[l->nseen++], sizeof l->seen[0], "%s", key);
    return 1;
}

/* transport = NAME: a row of the machine drivers' table. */
static int transport_key(struct loader *l, const char *value)
{
    const struct mach_driver *d = mach_driver_named(value);
    char names[120];

    if (d) {
        l->p.kind = d->kind;
        return 1;
    }
    mach_driver_names(", ", " or ", names, sizeof names);
    return bad(l, "transport: \"%s\" is not %s", value, names);
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    struct loader *l = user;
    char full[80];
    long v;
    int r;

    l->nkeys++;
    if (strcmp(section, "machine") != 0 && strcmp(section, "sim") != 0 &&
        strcmp(section, "camera") != 0)
        return bad(l, "unknown section [%s]", section);
    if (!first_time(l, section, name))
        return 0;
    if (!strcmp(section, "sim") && (r = sim_key(l, name, value)) >= 0)
        return r;
    if (!strcmp(section, "camera") && (r = camera_key(l, name, value)) >= 0)
        return r;
    if (!strcmp(section, "machine") && !strcmp(name, "name")) {
        snprintf(l->p.name, sizeof l->p.name, "%s", value);
        return 1;
    }
    if (!strcmp(section, "machine") && !strcmp(name, "transport"))
        return transport_key(l, value);
    if (!strcmp(section, "machine") && (r = machine_key_11(l, name, value)) >= 0)
        return r;
    if (!strcmp(section, "machine") && !strcmp(name, "pockets"))
        return get_pockets(value, l->p.pocket)
                   ? 1
                   : bad(l, "%s: \"%s\" is not the four seats N E S W in some order", name,
                         value);
    snprintf(full, sizeof full, "%s%s%s", strcmp(section, "machine") ? section : "",
             strcmp(section, "machine") ? "." : "", name);
    for (size_t i = 0; i < sizeof machine_ints / sizeof machine_ints[0]; i++) {
        const struct int_key *k = &machine_ints[i];

        if (strcmp(full, k->name) != 0)
            continue;
        if (!get_long(value, k->lo, k->hi, &v)) {
            if (!l->msg[0])
                snprintf(l->msg, sizeof l->msg, "%s: \"%s\" is not a number from %ld to %ld",
                         name, value, k->lo, k->hi);
            return 0;
        }
        store(&l->p, k, v);
        return 1;
    }
    return bad(l, "unknown key \"%s\"", name);
}

/* The whole file in memory, NUL-terminated: a NUL byte inside would cut libinih's lines
 * short unseen, so the bytes are checked before parsing. */
static enum pd_status slurp(FILE *f, const char *name, char **out, size_t *len,
                            struct pd_err *e)
{
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);

    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *nb = realloc(buf, cap * 2);

            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    if (!buf)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the profile");
    if (ferror(f)) {
        free(buf);
        return pd_fail(e, PD_ERR_IO, "%s: cannot read the machine profile", name);
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return PD_OK;
}

/* A NUL byte: reported at its line and column (1-based). */
static enum pd_status no_nul(const char *text, size_t len, const char *name, struct pd_err *e)
{
    const char *nul = memchr(text, '\0', len);
    const char *bol = text;
    int line = 1;

    if (!nul)
        return PD_OK;
    for (const char *p = text; p < nul; p++)
        if (*p == '\n') {
            line++;
            bol = p + 1;
        }
    return pd_fail_at(e, PD_ERR_SYNTAX, name, line, (int)(nul - bol) + 1, NULL,
                      "NUL byte: a machine profile is text");
}

/* An indented line with content: libinih (built with INI_ALLOW_MULTILINE) hands it to the
 * handler as one more value of the key above, so "transport = usb" followed by "  sim" would
 * drive the simulator. Nothing in a profile may depend on indentation: refused, at its line. */
static enum pd_status no_continuation(const char *text, const char *name, struct pd_err *e)
{
    int line = 1;

    for (const char *p = text; *p; line++) {
        size_t n = strcspn(p, "\n"), lead = 0;

        while (lead < n && p[lead] != '\r' && isspace((unsigned char)p[lead]))
            lead++;
        if (lead > 0 && lead < n && p[lead] != ';' && p[lead] != '#' && p[lead] != '\r')
            return pd_fail_at(e, PD_ERR_SYNTAX, name, line, (int)lead + 1, NULL,
                              "an indented line would continue the value of the key above it: "
                              "start every key at the beginning of its line");
        p += n + (p[n] == '\n');
    }
    return PD_OK;
}

enum pd_status cfg_read_machine(FILE *f, const char *name, struct mach_profile *out,
                                struct pd_err *e)
{
    struct loader *l = calloc(1, sizeof *l);
    char *text = NULL, names[120];
    size_t len = 0;
    int line;
    enum pd_status rc;

    if (!l)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the profile");
    l->p = *out;
    rc = slurp(f, name, &text, &len, e);
    if (rc == PD_OK)
        rc = pd_refuse_key_file(name, "a machine profile", text, len, e);
    if (rc == PD_OK)
        rc = no_nul(text, len, name, e);
    if (rc == PD_OK)
        rc = no_continuation(text, name, e);
    if (rc == PD_OK)
        rc = cfg_ini_parse(text, handler, l, &line, e);
    if (rc == PD_OK && line != 0)
        rc = pd_fail_at(e, PD_ERR_SYNTAX, name, line, 0, NULL, "%s",
                        l->msg[0] ? l->msg : "not an INI line (key = value or [section])");
    mach_driver_names(", ", " or ", names, sizeof names);
    if (rc == PD_OK && l->nkeys == 0)
        rc = pd_fail_at(e, PD_ERR_SYNTAX, name, 0, 0, NULL,
                        "the machine profile is empty: it needs [machine] and transport = %s",
                        names);
    else if (rc == PD_OK && l->p.kind == MACH_NONE)
        rc = pd_fail_at(e, PD_ERR_SYNTAX, name, 0, 0, NULL,
                        "the profile names no machine: add transport = %s under [machine]",
                        names);
    if (rc == PD_OK)
        *out = l->p;
    if (text) /* it may have been a key */
        pd_wipe(text, len);
    free(text);
    free(l);
    return rc;
}

enum pd_status cfg_load_machine(const char *path, struct mach_profile *out, struct pd_err *e)
{
    FILE *f = fopen(path, "r");
    struct stat st;
    enum pd_status rc;

    if (!f)
        return pd_fail(e, PD_ERR_IO, "%s: cannot open the machine profile", path);
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return pd_fail(e, PD_ERR_USAGE, "%s is a directory: --machine wants a profile file "
                                         "(e.g. config/machines/usb-example.conf)", path);
    }
    rc = cfg_read_machine(f, path, out, e);
    fclose(f);
    return rc;
}
