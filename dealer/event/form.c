/* dealer/event/form.c - the public value's named forms and the set names of an event
 * (dealer/EVENTS.md, "What a value may be"). A form is committed in the record, so one
 * real-world value has one accepted spelling: `event public` reduces what it is given to that
 * spelling or refuses it, and a record holding anything else is not canonical. Nothing is
 * stripped silently: a character outside the form's alphabet is refused by name. */
#include <stdlib.h>
#include <string.h>

#include "dealer/event/event.h"

enum form_kind { FORM_NONE, FORM_NUMBERS, FORM_INTEGER, FORM_DECIMAL };
enum { NUMBERS_MAX = 40, NUMBER_TOP = 9999, INTEGER_DIGITS = 30, DECIMAL_PLACES = 6 };

struct form {
    enum form_kind kind;
    int count, top; /* numbers COUNT of TOP */
    int places;     /* decimal PLACES */
};

/* The form written canonically: the only spelling ev_form_check accepts. */
static void form_spell(const struct form *f, char *out, size_t n)
{
    if (f->kind == FORM_NUMBERS)
        snprintf(out, n, "numbers %d of %d", f->count, f->top);
    else if (f->kind == FORM_DECIMAL)
        snprintf(out, n, "decimal %d", f->places);
    else
        snprintf(out, n, "%s", f->kind == FORM_INTEGER ? "integer" : "");
}

static struct form form_parse(const char *text)
{
    struct form f = {FORM_NONE, 0, 0, 0};
    char again[EV_FORM_MAX + 8];
    int used = 0;

    if (!strcmp(text, "integer"))
        f.kind = FORM_INTEGER;
    else if (sscanf(text, "numbers %3d of %4d%n", &f.count, &f.top, &used) == 2 &&
             !text[used] && f.count >= 1 && f.count <= NUMBERS_MAX && f.top >= f.count &&
             f.top <= NUMBER_TOP)
        f.kind = FORM_NUMBERS;
    else if (sscanf(text, "decimal %1d%n", &f.places, &used) == 1 && !text[used] &&
             f.places >= 1 && f.places <= DECIMAL_PLACES)
        f.kind = FORM_DECIMAL;
    form_spell(&f, again, sizeof again);
    if (strcmp(again, text) != 0) /* "numbers 06 of 49", "numbers  6 of 49": one spelling */
        f.kind = FORM_NONE;
    return f;
}

/* C(top, count), the values of "numbers COUNT of TOP", saturated at VALUES_CAP: exact below. */
enum { FORM_MIN_VALUES = 1000000 };
#define VALUES_CAP 1000000000000ULL

static unsigned long long numbers_values(const struct form *f)
{
    unsigned long long c = 1;

    for (int i = 0; i < f->count && c < VALUES_CAP; i++) /* c * (top - i) / (i + 1): exact */
        c = c * (unsigned long long)(f->top - i) / (unsigned long long)(i + 1);
    return c < VALUES_CAP ? c : VALUES_CAP;
}

void ev_form_values(const char *form, char *out, size_t n)
{
    struct form f = form_parse(form);
    unsigned long long c = f.kind == FORM_NUMBERS ? numbers_values(&f) : 0;

    if (f.kind == FORM_NUMBERS && c < VALUES_CAP)
        snprintf(out, n, "%llu", c);
    else if (f.kind == FORM_NUMBERS)
        snprintf(out, n, "more than %llu", VALUES_CAP);
    else if (f.kind != FORM_NONE)
        snprintf(out, n, "10^%d", INTEGER_DIGITS + (f.kind == FORM_DECIMAL ? f.places : 0));
    else
        snprintf(out, n, "0");
}

enum pd_status ev_form_check(const char *form, struct pd_err *e)
{
    struct form f = form_parse(form);

    if (f.kind == FORM_NUMBERS && numbers_values(&f) < FORM_MIN_VALUES)
        return pd_fail(e, PD_ERR_USAGE, "public_form \"%.40s\" allows only %llu values: "
                       "whoever knows the form could try them all; a form must allow at least "
                       "%d (a 6-of-49 lottery allows 13983816)", form, numbers_values(&f),
                       FORM_MIN_VALUES);
    if (f.kind != FORM_NONE)
        return PD_OK;
    return pd_fail(e, PD_ERR_USAGE, "public_form \"%.40s\" is not one of: numbers K of N "
                   "(1 <= K <= %d, K <= N <= %d), integer, decimal P (1 <= P <= %d), spelt so",
                   form, NUMBERS_MAX, NUMBER_TOP, DECIMAL_PLACES);
}

/* The refusal of the character at p, named so that an invisible one shows. */
static enum pd_status outside(const char *value, const char *p, const char *form,
                              const char *alphabet, struct pd_err *e)
{
    char what[96];
    int len;

    ev_char_describe(p, what, sizeof what, &len);
    return pd_fail(e, PD_ERR_USAGE, "the public value: character %d is %s, outside the form "
                   "\"%s\" (%s); type the value again", (int)(p - value) + 1, what, form,
                   alphabet);
}

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* "7, 45 13 21 34 40" -> "7 13 21 34 40 45": any order, spaces or commas between. */
static enum pd_status canon_numbers(const struct form *f, const char *form, const char *value,
                                    char *out, size_t n, struct pd_err *e)
{
    int nums[NUMBERS_MAX + 1], k = 0;
    size_t used = 0;

    for (const char *p = value; *p;) {
        if (*p == ' ' || *p == ',') {
            p++;
            continue;
        }
        if (*p < '0' || *p > '9')
            return outside(value, p, form, "digits, spaces and commas", e);
        long v = 0;

        for (; *p >= '0' && *p <= '9'; p++)
            v = v > NUMBER_TOP ? v : v * 10 + (*p - '0');
        if (v < 1 || v > f->top)
            return pd_fail(e, PD_ERR_USAGE, "the public value: %ld is outside 1 to %d (form "
                           "\"%s\")", v, f->top, form);
        if (k == f->count)
            return pd_fail(e, PD_ERR_USAGE, "the public value has more than %d numbers (form "
                           "\"%s\")", f->count, form);
        nums[k++] = (int)v;
    }
    if (k != f->count)
        return pd_fail(e, PD_ERR_USAGE, "the public value has %d numbers; the form \"%s\" "
                       "wants %d", k, form, f->count);
    qsort(nums, (size_t)k, sizeof nums[0], by_value);
    for (int i = 0; i < k; i++) {
        if (i && nums[i] == nums[i - 1])
            return pd_fail(e, PD_ERR_USAGE, "the public value holds %d twice: the numbers of "
                           "\"%s\" are all different", nums[i], form);
        used += (size_t)snprintf(out + used, n - used, i ? " %d" : "%d", nums[i]);
    }
    return PD_OK;
}

/* A decimal comma ("4512,37", "4.512,37" as German writes it: one comma, no point after it) is
 * refused, never read as a point: the message says to use one, with the value so written. */
static enum pd_status decimal_comma(const char *value, const char *form, struct pd_err *e)
{
    char point[48];
    size_t k = 0;

    if (strspn(value, "0123456789.,") != strlen(value) || strlen(value) >= sizeof point ||
        strchr(value, ',') != strrchr(value, ',') || strchr(strchr(value, ','), '.'))
        return PD_OK;
    for (const char *p = value; *p; p++)
        if (*p != '.')
            point[k++] = *p == ',' ? '.' : *p;
    point[k] = 0;
    return pd_fail(e, PD_ERR_USAGE, "the public value \"%s\" has a decimal comma: the form \"%s\" "
                   "writes a point and no thousands separator: use a point (%s)", value, form,
                   point);
}

/* "0042" -> "42"; with places, "4512.3" -> "4512.30" (never rounded: more places refused). */
static enum pd_status canon_decimal(const struct form *f, const char *form, const char *value,
                                    char *out, size_t n, struct pd_err *e)
{
    const char *alphabet = f->kind == FORM_INTEGER ? "digits only" : "digits and one \".\"";
    const char *p = value + strspn(value, "0");
    size_t whole = strspn(value, "0123456789"), frac = 0;

    if (f->kind == FORM_DECIMAL && strchr(value, ',') && decimal_comma(value, form, e))
        return PD_ERR_USAGE;
    if (!whole)
        return *value ? outside(value, value, form, alphabet, e)
                      : pd_fail(e, PD_ERR_USAGE, "the public value is empty");
    if (value[whole] == '.' && f->kind == FORM_DECIMAL) {
        frac = strspn(value + whole + 1, "0123456789");
        if (!frac || (int)frac > f->places || value[whole + 1 + frac])
            return pd_fail(e, PD_ERR_USAGE, "the public value \"%.40s\": the form \"%s\" "
                           "wants digits, then \".\" and 1 to %d digits", value, form,
                           f->places);
    } else if (value[whole]) {
        return outside(value, value + whole, form, alphabet, e);
    }
    if (whole > INTEGER_DIGITS)
        return pd_fail(e, PD_ERR_USAGE, "the public value has more than %d digits",
                       INTEGER_DIGITS);
    if (p >= value + whole) /* all zeros: one "0" */
        p = value + whole - 1;
    snprintf(out, n, "%.*s", (int)(value + whole - p), p);
    if (f->kind == FORM_DECIMAL)
        snprintf(out + strlen(out), n - strlen(out), ".%.*s%.*s", (int)frac,
                 value + whole + 1, f->places - (int)frac, "000000");
    return PD_OK;
}

enum pd_status ev_public_canon(const char *form, const char *value, char *out, size_t n,
                               struct pd_err *e)
{
    struct form f = form_parse(form);

    out[0] = '\0';
    if (f.kind == FORM_NONE)
        return ev_form_check(form, e);
    if (f.kind == FORM_NUMBERS)
        return canon_numbers(&f, form, value, out, n, e);
    return canon_decimal(&f, form, value, out, n, e);
}

