/* dealer/event/event_texts.c - what an event's name, site and description and its set names may
 * hold, and how the record shows them (dealer/EVENTS.md, "Texts" and "Set names"): the one home of
 * the text rules, applied by the event file's loader and by every reader of a record. Two texts
 * that look the same on screen must not be two different events or sets: ICU refuses text that is
 * not its own NFKC, holds an invisible, format or bidi character, mixes scripts deceptively, or is
 * confusable with another text of the same record (set names also under the house table of
 * look-alikes: rn/m, cl/d, vv/w, 0/o, 1/l); and the record writes every character outside ASCII as
 * \u{XXXX}. */
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/uvernum.h>

#include "dealer/event/event.h"

/* ICU is loaded on first use (icu_ready), not linked (HACKING.md "Libraries loaded on first
 * use"): its three libraries and libstdc++ cost every start of predup, and only the commands
 * that check an event's texts use them. Each entry point used here is a field of icu of the
 * header's own type. ICU's names carry its major version (u_charName is a macro for
 * u_charName_72: unicode/urename.h), so the name looked up is the header's expansion of it
 * (ICU_NAME), and the library's name ends in the header's U_ICU_VERSION_MAJOR_NUM; libicui18n
 * brings libicuuc, where the u_ functions are. */
#define ICU_NAME(f) ICU_NAME_EXPANDED(f)
#define ICU_NAME_EXPANDED(f) #f
#define ICU_ENTRY_POINTS(X)                                                                      \
    X(char_name, u_charName) X(char_type, u_charType) X(has_property, u_hasBinaryProperty)     \
    X(error_name, u_errorName) X(str_from_utf8, u_strFromUTF8)                                  \
    X(nfkc_instance, unorm2_getNFKCInstance) X(is_normalized, unorm2_isNormalized)              \
    X(spoof_open, uspoof_open) X(spoof_close, uspoof_close) X(spoof_check, uspoof_check)        \
    X(spoof_set_level, uspoof_setRestrictionLevel) X(spoof_set_checks, uspoof_setChecks)        \
    X(confusable_utf8, uspoof_areConfusableUTF8)
#define ICU_SYMBOL(field, f) {ICU_NAME(f), (void **)&icu.field},
static struct {
    ICU_ENTRY_POINTS(PD_LIB_FIELD)
} icu;
static const struct pd_lib_symbol icu_symbols[] = {ICU_ENTRY_POINTS(ICU_SYMBOL){NULL, NULL}};
static struct pd_lib icu_lib = {.name = "ICU",
                                .soname = "libicui18n.so." ICU_NAME(U_ICU_VERSION_MAJOR_NUM),
                                .package = "libicu" ICU_NAME(U_ICU_VERSION_MAJOR_NUM),
                                .symbols = icu_symbols};

/* Loads ICU once; PD_ERR_INTERNAL with the loader's reason when it cannot. */
static enum pd_status icu_ready(struct pd_err *e)
{
    return pd_lib_ready(&icu_lib, e);
}

void ev_char_describe(const char *p, char *out, size_t n, int *len)
{
    const unsigned char *s = (const unsigned char *)p;
    unsigned c;
    size_t got = pd_utf8_decode(s, strnlen(p, 4), &c);
    char name[80] = "";
    UErrorCode st = U_ZERO_ERROR;

    *len = got ? (int)got : 1;
    if (!got) {
        snprintf(out, n, "byte 0x%02X (not UTF-8)", s[0]);
        return;
    }
    if (icu_ready(NULL) == PD_OK) /* else the code point alone */
        icu.char_name((UChar32)c, U_EXTENDED_CHAR_NAME, name, sizeof name, &st);
    snprintf(out, n, "U+%04X %s", (unsigned)c, U_SUCCESS(st) ? name : "");
}

/* A character that shows as nothing, or as a space that is not the space, or not at all
 * (U+2800 BRAILLE PATTERN BLANK is a symbol that shows as a blank). */
static bool invisible(UChar32 c)
{
    int8_t type = icu.char_type(c);

    return c == 0x2800 || type == U_FORMAT_CHAR || type == U_CONTROL_CHAR || type == U_PRIVATE_USE_CHAR ||
           type == U_SURROGATE || type == U_UNASSIGNED || type == U_LINE_SEPARATOR ||
           type == U_PARAGRAPH_SEPARATOR || (type == U_SPACE_SEPARATOR && c != ' ') ||
           icu.has_property(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
           icu.has_property(c, UCHAR_BIDI_CONTROL);
}

static enum pd_status check_characters(const char *what, const char *text, struct pd_err *e)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t len = strlen(text);
    int count = 0;
    char name[96];
    int bytes;

    /* got is never 0 past the test: a byte that is not UTF-8 ends the loop with its message */
    for (size_t i = 0, got; i < len; i += got, count++) {
        unsigned c;

        got = pd_utf8_decode(s + i, len - i, &c);
        if (got && !invisible((UChar32)c) && !(c == ' ' && text[i + got] == ' '))
            continue;
        ev_char_describe(text + i, name, sizeof name, &bytes);
        return pd_fail(e, PD_ERR_USAGE, "%s: character %d is %s%s", what, count + 1, name,
                       got && c == ' ' ? ", two spaces in a row (they look like one)"
                                       : ", which does not show as itself: type the text "
                                         "without it");
    }
    return PD_OK;
}

/* Its own NFKC (no compatibility character: mathematical bold letters, full-width forms,
 * ligatures; no decomposed accent), and ICU's moderately restrictive mix of scripts (Latin with
 * one other script, never Cyrillic or Greek: "оriginal" with a Cyrillic о is refused). */
static enum pd_status check_unicode(const char *what, const char *text, struct pd_err *e)
{
    UChar wide[EV_TEXT_MAX];
    int32_t n = 0;
    UErrorCode st = U_ZERO_ERROR;
    const UNormalizer2 *nfkc = icu.nfkc_instance(&st);
    USpoofChecker *sc;
    int32_t spoof = 0;

    icu.str_from_utf8(wide, EV_TEXT_MAX, &n, text, -1, &st);
    if (U_SUCCESS(st) && !icu.is_normalized(nfkc, wide, n, &st) && U_SUCCESS(st))
        return pd_fail(e, PD_ERR_USAGE, "%s is not its own Unicode NFKC: it holds a styled, "
                       "full-width or compatibility character, or an accent apart from its "
                       "letter; type it in plain letters", what);
    sc = U_SUCCESS(st) ? icu.spoof_open(&st) : NULL;
    if (U_SUCCESS(st)) {
        icu.spoof_set_level(sc, USPOOF_MODERATELY_RESTRICTIVE);
        icu.spoof_set_checks(sc, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS |
                         USPOOF_INVISIBLE, &st);
        spoof = U_SUCCESS(st) ? icu.spoof_check(sc, wide, n, NULL, &st) : 0;
    }
    icu.spoof_close(sc);
    if (U_FAILURE(st))
        return pd_fail(e, PD_ERR_INTERNAL, "%s: ICU: %s", what, icu.error_name(st));
    if (spoof)
        return pd_fail(e, PD_ERR_USAGE, "%s mixes scripts or digits of different scripts "
                       "(ICU's moderately restrictive level): it could pass for another text",
                       what);
    return PD_OK;
}

enum pd_status ev_text_check(const char *what, const char *text, struct pd_err *e)
{
    char escaped[EV_ESCAPED_MAX];
    enum pd_status rc = pd_text_check(what, text, EV_TEXT_MAX - 1, e);

    if (rc == PD_OK && !*text)
        return pd_fail(e, PD_ERR_USAGE, "%s is empty", what);
    if (rc == PD_OK)
        rc = icu_ready(e);
    if (rc == PD_OK)
        rc = check_characters(what, text, e);
    if (rc == PD_OK)
        rc = check_unicode(what, text, e);
    ev_text_escape(text, escaped, sizeof escaped);
    if (rc == PD_OK && strlen(escaped) >= EV_TEXT_MAX)
        return pd_fail(e, PD_ERR_USAGE, "%s is %zu bytes long as the record writes it (each "
                       "character outside ASCII as \\u{XXXX}); at most %d are allowed", what,
                       strlen(escaped), EV_TEXT_MAX - 1);
    return rc;
}

enum pd_status ev_set_name_check(const char *name, struct pd_err *e)
{
    size_t len = strlen(name), good = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-");
    char what[96];
    int bytes;

    if (len >= 1 && len <= 32 && good == len && name[0] >= 'a' && name[0] <= 'z')
        return PD_OK;
    if (len > 32 && good == len)
        return pd_fail(e, PD_ERR_USAGE, "set name: %zu characters, at most 32 are allowed",
                       len);
    good = len && (name[0] < 'a' || name[0] > 'z') ? 0 : good;
    snprintf(what, sizeof what, "empty");
    if (len)
        ev_char_describe(name + good, what, sizeof what, &bytes);
    return pd_fail(e, PD_ERR_USAGE, "set name: character %zu is %s; a set name is a lower-case "
                   "letter, then lower-case letters, digits, \"_\" or \"-\" (it names the "
                   "set's files)", good + 1, what);
}

/* The house skeleton of a set name: each look-alike of the table by what it passes for, in one
 * pass from the left ("clog" -> "dog", "vvet" -> "wet", "set1" -> "setl"). */
static void house_skeleton(const char *name, char *out, size_t n)
{
    static const char *const table[][2] = {{"rn", "m"}, {"cl", "d"}, {"vv", "w"}, {"0", "o"},
                                            {"1", "l"}};
    size_t used = 0;

    for (const char *p = name; *p && used + 1 < n;) {
        size_t k = 0, count = sizeof table / sizeof table[0];

        while (k < count && strncmp(p, table[k][0], strlen(table[k][0])) != 0)
            k++;
        if (k < count) {
            out[used++] = table[k][1][0];
            p += strlen(table[k][0]);
        } else {
            out[used++] = *p++;
        }
    }
    out[used] = '\0';
}

/* Two set names of one record that are the same, or the same under the house table. */
static enum pd_status set_names_apart(const struct ev_params *p, struct pd_err *e)
{
    char a[PD_LABEL_MAX + 1], b[PD_LABEL_MAX + 1];

    for (int i = 0; i < p->nsets; i++)
        for (int j = i + 1; j < p->nsets; j++) {
            house_skeleton(p->sets[i].name, a, sizeof a);
            house_skeleton(p->sets[j].name, b, sizeof b);
            if (!strcmp(p->sets[i].name, p->sets[j].name))
                return pd_fail(e, PD_ERR_USAGE, "two sets are called \"%s\": a set name names "
                               "one set", p->sets[i].name);
            if (!strcmp(a, b))
                return pd_fail(e, PD_ERR_USAGE, "set names \"%s\" and \"%s\" look alike "
                               "(rn/m, cl/d, vv/w, 0/o, 1/l): rename one of them",
                               p->sets[i].name, p->sets[j].name);
        }
    return PD_OK;
}

/* The texts a reader tells apart by eye: the event's name, its site, its set names. */
static int distinct_texts(const struct ev_params *p, const char **texts)
{
    int n = 0;

    texts[n++] = p->name;
    if (p->site[0] && strcmp(p->site, "?") != 0)
        texts[n++] = p->site;
    for (int i = 0; i < p->nsets; i++)
        texts[n++] = p->sets[i].name;
    return n;
}

enum pd_status ev_texts_distinct(const struct ev_params *p, struct pd_err *e)
{
    const char *texts[EV_MAX_SETS + 2];
    int n = distinct_texts(p, texts);
    UErrorCode st = U_ZERO_ERROR;
    USpoofChecker *sc;
    char a[EV_ESCAPED_MAX], b[EV_ESCAPED_MAX];
    enum pd_status ready = icu_ready(e);

    if (ready != PD_OK)
        return ready;
    sc = icu.spoof_open(&st);
    for (int i = 0; U_SUCCESS(st) && i < n; i++)
        for (int j = i + 1; U_SUCCESS(st) && j < n; j++) {
            if (!strcmp(texts[i], texts[j]) ||
                !icu.confusable_utf8(sc, texts[i], -1, texts[j], -1, &st))
                continue;
            icu.spoof_close(sc);
            ev_text_escape(texts[i], a, sizeof a);
            ev_text_escape(texts[j], b, sizeof b);
            return pd_fail(e, PD_ERR_USAGE, "\"%.60s\" and \"%.60s\" look alike (ICU's "
                           "confusables): rename one of them", a, b);
        }
    icu.spoof_close(sc);
    if (U_FAILURE(st))
        return pd_fail(e, PD_ERR_INTERNAL, "ICU: %s", icu.error_name(st));
    return set_names_apart(p, e);
}

void ev_text_escape(const char *in, char *out, size_t n)
{
    const uint8_t *s = (const uint8_t *)in;
    int32_t len = (int32_t)strlen(in);
    size_t used = 0;

    out[0] = '\0';
    for (int32_t i = 0; i < len && used < n;) {
        int32_t at = i;
        UChar32 c;

        U8_NEXT(s, i, len, c);
        if (c >= 0x20 && c < 0x7F && c != '\\')
            used += (size_t)snprintf(out + used, n - used, "%c", (char)c);
        else /* an invalid byte shows as its value: the reader's comparison then fails */
            used += (size_t)snprintf(out + used, n - used, "\\u{%04X}",
                                     c < 0 ? (unsigned)s[at] : (unsigned)c);
    }
}

bool ev_text_unescape(char *s)
{
    char *out = s;

    for (const char *p = s; *p;) {
        char *end;
        unsigned long c;

        if (*p != '\\') {
            *out++ = *p++;
            continue;
        }
        if (strncmp(p, "\\u{", 3) != 0 || !strchr("0123456789abcdefABCDEF", p[3]) || !p[3])
            return false;
        c = strtoul(p + 3, &end, 16);
        if (*end != '}' || end - p - 3 > 6 || c == 0 || c > 0x10FFFF ||
            (c >= 0xD800 && c <= 0xDFFF))
            return false;
        int32_t w = 0;

        U8_APPEND_UNSAFE((uint8_t *)out, w, (UChar32)c);
        out += w;
        p = end + 1;
    }
    *out = '\0';
    return true;
}
