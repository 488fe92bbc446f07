/* dealer/event/rules.c - the rules of an event's parameters that are not a text or a form
 * (dealer/EVENTS.md, "Every rule a record obeys"), and ev_params_check, which applies every
 * parameter rule at once: the event file's loader calls it before event commit writes
 * anything, and the record's reader (event_record.c) on every record it reads, so that no step
 * accepts what another refuses. */
#include <string.h>

#include "dealer/event/event.h"

enum { GENERATOR_VERSION_MAX = 32 };

/* The generator line ("predup 0.1.0"). */
static enum pd_status ev_generator_check(const char *generator, struct pd_err *e)
{
    const char *v = generator + strlen("predup ");
    size_t len = strncmp(generator, "predup ", strlen("predup ")) == 0 ? strlen(v) : 0;

    if (len >= 1 && len <= GENERATOR_VERSION_MAX && v[0] >= '0' && v[0] <= '9' &&
        strspn(v, "0123456789abcdefghijklmnopqrstuvwxyz.+-") == len)
        return PD_OK;
    return pd_fail(e, PD_ERR_SYNTAX, "generator: \"predup VERSION\" wants a version of 1 to %d "
                   "digits, lower-case letters, \".\", \"+\" or \"-\", from a digit",
                   GENERATOR_VERSION_MAX);
}

/* The date ("" or YYYY.MM.DD, a digit may be '?'). */
static enum pd_status ev_date_check(const char *date, struct pd_err *e)
{
    bool shaped = strlen(date) == 10 && date[4] == '.' && date[7] == '.';

    for (int i = 0; shaped && i < 10; i++)
        shaped = i == 4 || i == 7 || (date[i] >= '0' && date[i] <= '9') || date[i] == '?';
    if (!*date || shaped) /* "": unknown, "?" in the record */
        return PD_OK;
    return pd_fail(e, PD_ERR_SYNTAX, "date wants YYYY.MM.DD (a digit may be ?) or ?");
}

enum pd_status ev_delayed_check(const char *delayed, struct pd_err *e)
{
    if (!*delayed || !strcmp(delayed, "?"))
        return pd_fail(e, PD_ERR_SYNTAX, "delayed_value: an event says which real-world value "
                       "will be its public value, and when it is known (\"the first number "
                       "drawn in the national lottery on 2026.11.22\"): without it any number "
                       "could be called the public value");
    return ev_text_check("delayed_value", delayed, e);
}

enum pd_status ev_hex64_check(const char *what, const char *hex, struct pd_err *e)
{
    if (strlen(hex) == 64 && strspn(hex, "0123456789abcdef") == 64)
        return PD_OK;
    return pd_fail(e, PD_ERR_SYNTAX, "%s wants 64 lower-case hex digits", what);
}

/* A set's lines: its name, a range of boards 1 to EV_MAX_BOARD, a script's SHA-256, dealer and
 * vulnerability. */
static enum pd_status set_check(const struct ev_set *s, struct pd_err *e)
{
    struct board_range range = {0, NULL};
    enum pd_status rc = ev_set_name_check(s->name, e);

    if (rc == PD_OK)
        rc = board_range_parse(s->boards, EV_MAX_BOARD, &range, e);
    board_range_free(&range);
    if (rc == PD_OK && s->script_sha[0])
        rc = ev_hex64_check("script-sha256", s->script_sha, e);
    if (rc == PD_OK && (s->dealer < -1 || s->dealer > 3 || s->vul < -1 || s->vul > 3))
        rc = pd_fail(e, PD_ERR_SYNTAX, "set \"%s\": dealer or vul out of range", s->name);
    return rc;
}

enum pd_status ev_params_check(const struct ev_params *p, struct pd_err *e)
{
    enum pd_status rc = ev_generator_check(p->generator, e);

    if (rc == PD_OK && (!p->name[0] || !strcmp(p->name, "?")))
        rc = pd_fail(e, PD_ERR_SYNTAX, "the event has no name (\"?\" stands for an unknown "
                     "value, and an event has a name)");
    if (rc == PD_OK)
        rc = ev_text_check("event", p->name, e);
    if (rc == PD_OK)
        rc = ev_date_check(p->date, e);
    if (rc == PD_OK && p->site[0])
        rc = ev_text_check("site", p->site, e);
    if (rc == PD_OK)
        rc = ev_delayed_check(p->delayed, e);
    if (rc == PD_OK && !p->public_form[0])
        rc = pd_fail(e, PD_ERR_SYNTAX, "public_form is missing: the public value's one spelling "
                     "is committed (numbers K of N, integer or decimal P)");
    if (rc == PD_OK)
        rc = ev_form_check(p->public_form, e);
    if (rc == PD_OK && (p->nsets < 1 || p->nsets > EV_MAX_SETS))
        rc = pd_fail(e, PD_ERR_SYNTAX, "an event has 1 to %d sets", EV_MAX_SETS);
    for (int i = 0; rc == PD_OK && i < p->nsets; i++)
        rc = set_check(&p->sets[i], e);
    if (rc == PD_OK)
        rc = ev_texts_distinct(p, e);
    return rc;
}
