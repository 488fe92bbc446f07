/* config/commands/cmd_number.c - `predup number N` prints deal N as a PBN deal string; `predup
 * number --deal "N:..."` prints the number of a deal. Numbers are Pavlicek's, 0 .. D-1; with
 * --godel they are Big Deal's (Kuipers' "Gödel" numbering, dealer/BIGDEAL.md), which Big Deal's
 * .goe files list with thousands separators (accepted here). */
#include <string.h>

#include "config/commands/commands.h"
#include "dealer/event/event.h"

typedef enum pd_status (*to_deal_fn)(deal_num n, struct deal *out, struct pd_err *e);
typedef enum pd_status (*from_deal_fn)(const struct deal *d, deal_num *out, struct pd_err *e);

static enum pd_status number_of_deal(const char *text, from_deal_fn from_deal, struct pd_err *e)
{
    struct deal d;
    unsigned known;
    deal_num n;
    char dec[40];
    enum pd_status rc = deal_from_pbn(text, &d, &known, e);

    if (rc != PD_OK)
        return rc;
    if (known != 0xF)
        return pd_fail(e, PD_ERR_RANGE, "the deal must give all four hands");
    rc = from_deal(&d, &n, e);
    if (rc != PD_OK)
        return rc;
    deal_num_to_dec(n, dec);
    printf("%s\n", dec);
    return PD_OK;
}

/* Digits, or digits in groups of three separated by commas as Big Deal's .goe files print
 * them; the separators are dropped into buf. */
static enum pd_status strip_separators(const char *text, char *buf, size_t n, struct pd_err *e)
{
    size_t len = strlen(text), out = 0, group = 0;
    bool commas = strchr(text, ',') != NULL;

    for (size_t i = 0; i < len; i++) {
        size_t from_end = len - i;

        if (text[i] == ',' && commas && i > 0 && from_end % 4 == 0 && group > 0) {
            group = 0;
            continue;
        }
        if (text[i] == ',' || out + 1 >= n)
            return pd_fail(e, PD_ERR_RANGE,
                           "deal number \"%s\": digits, or digits in groups of three "
                           "separated by commas", text);
        buf[out++] = text[i];
        group++;
    }
    buf[out] = '\0';
    return PD_OK;
}

static enum pd_status deal_of_number(const char *text, bool godel, struct pd_err *e)
{
    deal_num n;
    struct deal d;
    char pbn[DEAL_PBN_LEN], digits[64];
    enum pd_status rc = godel ? strip_separators(text, digits, sizeof digits, e) : PD_OK;

    if (rc == PD_OK)
        rc = deal_num_from_dec(godel ? digits : text, &n, e);
    if (rc == PD_OK)
        rc = godel ? godel_to_deal(n, &d, e) : deal_from_number(n, &d, e);
    if (rc != PD_OK)
        return rc;
    deal_to_pbn(&d, SEAT_N, 0xF, pbn);
    printf("%s\n", pbn);
    return PD_OK;
}

/* The options, in any order. */
struct number_args {
    const char *deal;
    bool godel, help;
};
enum { NUMBER_USAGE_DEAL = 1 }; /* the usage bit of --deal: the second form names it */
static const struct pd_opt number_rows[] = {
    {0, "deal", PD_OPT_VALUE, PD_OPT_AT(struct number_args, deal), .arg = "\"N:...\"",
     .usage = NUMBER_USAGE_DEAL},
    {0, "godel", PD_OPT_FLAG, PD_OPT_AT(struct number_args, godel),
     .help = "use Big Deal's numbering (Kuipers' \"Goedel\" numbers, as in its .goe files;\n"
             "8,769,329,935,151,910,410,009,728,500 with separators is accepted)"},
    {'h', "help", PD_OPT_STOP, PD_OPT_AT(struct number_args, help)},
    {0},
};
static const struct pd_opt_table number_table = {"predup number", number_rows, NULL, 11};
const struct pd_opt_table *const cmd_number_options[] = {&number_table, NULL};
const struct cmd_form cmd_number_forms[] = {
    {.words = "N", .summary = "print deal N (0 .. D-1, Pavlicek's order) as PBN"},
    {.t = &number_table, .required = NUMBER_USAGE_DEAL,
     .summary = "print the number of a complete deal"},
    {0},
};

enum pd_status cmd_number(int argc, char **argv, struct pd_err *e)
{
    struct number_args a = {0};
    int first;
    enum pd_status rc = pd_opts_parse(&number_table, &a, argc, argv, &first, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        cmd_print_forms(stdout, "number", cmd_number_forms);
        pd_opts_help(stdout, &number_table);
        return PD_OK;
    }
    if (a.deal && first == argc)
        return number_of_deal(a.deal, a.godel ? godel_from_deal : deal_to_number, e);
    if (a.deal || argc - first != 1) {
        char form[2][80];

        return pd_fail(e, PD_ERR_USAGE, "expected: %s, or %s (predup number --help)",
                       cmd_form_text("number", &cmd_number_forms[0], form[0], sizeof form[0]),
                       cmd_form_text("number", &cmd_number_forms[1], form[1], sizeof form[1]));
    }
    return deal_of_number(argv[first], a.godel, e);
}
