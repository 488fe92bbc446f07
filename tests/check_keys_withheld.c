/* tests/check_keys_withheld.c - no message shows key text: pd_fail and pd_fail_at withhold every
 * run of 32 hex digits and every run of 32 base64 characters that changes case and digits as
 * random text does, in the message, the file name and the source line, while paths of words,
 * CamelCase names and short hashes stay as they are. */
#include <string.h>

#include "dealer/base/base.h"
#include "tests/check_suites.h"

#define HEX64 "0f1e2d3c4b5a69788796a5b4c3d2e1f0a0b1c2d3e4f5061728394a5b6c7d8e9f"
#define B64 "q83vEjRWeJAkN3mJ0u4p1jX0dkLwXUr6L2Gm9Y5sHnE="

static const struct {
    const char *text; /* formatted as the message's one argument */
    const char *want; /* the message pd_fail records */
} messages[] = {
    {HEX64, PD_KEY_TEXT_WITHHELD},
    {"x" HEX64 "y", PD_KEY_TEXT_WITHHELD},                   /* inside a word */
    {"0f1e2d3c4b5a69788796a5b4c3d2e1f", "0f1e2d3c4b5a69788796a5b4c3d2e1f"}, /* 31 digits */
    {"0f1e2d3c4b5a69788796a5b4c3d2e1f0", PD_KEY_TEXT_WITHHELD},             /* 32 */
    {"'" B64 "'", "'" PD_KEY_TEXT_WITHHELD "='"},
    {"/home/JohnSmith/Bridge2026/Events/spring", "/home/JohnSmith/Bridge2026/Events/spring"},
    {"/srv/BridgeClub/Events/2026/SpringPairs/boards",
     "/srv/BridgeClub/Events/2026/SpringPairs/boards"},
    {"/tmp/predup-test-6v4ViN/predup-test-FTgqev/set.pbn",
     "/tmp/predup-test-6v4ViN/predup-test-FTgqev/set.pbn"},
    {"SHA-256 0123456789abcdef... differs", "SHA-256 0123456789abcdef... differs"},
    {"key " HEX64 " and " HEX64, "key " PD_KEY_TEXT_WITHHELD " and " PD_KEY_TEXT_WITHHELD},
};

START_TEST(test_message_withheld)
{
    struct pd_err e;

    pd_fail(&e, PD_ERR_SYNTAX, "%s", messages[_i].text);
    ck_assert_str_eq(e.msg, messages[_i].want);
    ck_assert(pd_has_key_text(messages[_i].text, strlen(messages[_i].text)) ==
              (strcmp(messages[_i].text, messages[_i].want) != 0));
}
END_TEST

/* A key at the end of a line longer than the field is judged before the line is cut. */
START_TEST(test_source_line_withheld)
{
    char line[400];
    struct pd_err e;

    memset(line, 'a', 150);
    memcpy(line + 150, " " HEX64 "\nnext", sizeof " " HEX64 "\nnext");
    pd_fail_at(&e, PD_ERR_SYNTAX, "s.dl", 1, 3, line, "unknown variable '%.20s'", HEX64);
    ck_assert_str_eq(e.src, PD_LINE_WITHHELD);
    ck_assert_str_eq(e.msg, "unknown variable '0f1e2d3c4b5a69788796'");
    pd_fail_at(&e, PD_ERR_SYNTAX, HEX64 ".dl", 1, 3, "produce 10\n", "bad");
    ck_assert_str_eq(e.file, PD_KEY_TEXT_WITHHELD ".dl");
    ck_assert_str_eq(e.src, "produce 10");
}
END_TEST

Suite *keys_withheld_suite(void);
Suite *keys_withheld_suite(void)
{
    Suite *s = suite_create("keys_withheld");
    TCase *tc = tcase_create("withheld");

    tcase_add_loop_test(tc, test_message_withheld, 0, ARRAY_LEN(messages));
    tcase_add_test(tc, test_source_line_withheld);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(keys_withheld_suite)
