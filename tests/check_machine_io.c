/* tests/check_machine_io.c - the machine module's edges with the outside world: the USB
 * open's messages (a permission problem is not "no machine"), machine profiles that select
 * no machine, the journal's lock and its strict reading, and the fill's job checks. The
 * libusb path itself runs against umockdev in tests/usb_machine.c. */
#include <fcntl.h>
#include <libusb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config/config.h"
#include "machine/mach_int.h"
#include "tests/check_suites.h"

/* ---------------------------------------------------------------- USB open */

/* A permission error names the udev rule (file and line) of machine/README.md, with the
 * profile's ids, and the device where it was found. */
START_TEST(test_usb_permission_message)
{
    struct mach_profile p;
    struct pd_err e = {0};

    mach_profile_default(&p);
    p.vid = 0x1234;
    p.pid = 0x00ab;
    ck_assert_int_eq(mach_usb_open_error(&p, LIBUSB_ERROR_ACCESS, "open", 3, 7, &e),
                     PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "permission denied on USB machine 1234:00ab (bus 003 device 007): "
                            "add the udev rule of machine/README.md for 1234:00ab to "
                            "/etc/udev/rules.d/70-predup.rules, run udevadm control --reload, "
                            "plug it in again");
    ck_assert_int_eq(mach_usb_open_error(&p, LIBUSB_ERROR_NOT_FOUND, "claim interface", 3, 7,
                                         &e),
                     PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "USB machine 1234:00ab has no interface 0 (profile default, key "
                            "interface)");
    ck_assert_int_eq(mach_usb_open_error(&p, LIBUSB_ERROR_BUSY, "claim interface", 3, 7, &e),
                     PD_ERR_DEVICE);
    ck_assert_str_eq(e.msg, "USB machine 1234:00ab (profile default): claim interface: "
                            "Resource busy");
}
END_TEST

/* README's rule is the one the message gives. */
START_TEST(test_usb_udev_rule_documented)
{
    char *text = NULL;
    size_t len = 0;

    ck_assert_int_eq(pd_read_file("machine/README.md", &text, &len, NULL), PD_OK);
    ck_assert_ptr_nonnull(strstr(text, "/etc/udev/rules.d/70-predup.rules"));
    ck_assert_ptr_nonnull(strstr(text, "SUBSYSTEM==\"usb\", ATTR{idVendor}==\"1209\", "
                                       "ATTR{idProduct}==\"0dea\", MODE=\"0660\", "
                                       "TAG+=\"uaccess\""));
    free(text);
}
END_TEST

/* The send timeout is the profile's, not a constant. */
START_TEST(test_profile_send_timeout)
{
    static const char conf[] = "[machine]\ntransport = usb\nsend_timeout_ms = 1500\n";
    struct mach_profile p;
    struct pd_err e = {0};
    FILE *f = fmemopen((void *)conf, sizeof conf - 1, "r");

    mach_profile_default(&p);
    ck_assert_int_eq(p.send_timeout_ms, 1000);
    ck_assert_msg(cfg_read_machine(f, "t.conf", &p, &e) == PD_OK, "%s", e.msg);
    fclose(f);
    ck_assert_int_eq(p.send_timeout_ms, 1500);
}
END_TEST

/* ---------------------------------------------------------------- journal */

static const uint8_t HASH[32] = {7, 7, 7};

static char *slurp(const char *path, size_t *len)
{
    char *text = NULL;

    ck_assert_int_eq(pd_read_file(path, &text, len, NULL), PD_OK);
    return text;
}

static void append_record(const char *path, const char *rec)
{
    FILE *f = fopen(path, "a");

    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s *%08x\n", rec, mp_crc32((const uint8_t *)rec, strlen(rec)));
    fclose(f);
}

/* A journal with a header and one placed card of board 1, closed. */
static void make_journal(char *path, size_t n)
{
    struct journal j;
    char dir[400];

    test_tmpdir(dir, sizeof dir);
    snprintf(path, n, "%s/set.pbn.journal", dir);
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, NULL), PD_OK);
    ck_assert_int_eq(mach_journal_bind(&j, "sim", NULL), PD_OK);
    ck_assert_int_eq(mach_journal_add(&j, NULL, "begin 1 1 1"), PD_OK);
    ck_assert_int_eq(mach_journal_add(&j, NULL, "place 1 1 1 1 SA N"), PD_OK);
    mach_journal_close(&j);
}

/* A second fill of the same journal is refused while the first holds it, naming the
 * process; the journal is not touched. */
START_TEST(test_journal_lock_names_holder)
{
    struct journal j;
    char path[500], *before, *after;
    size_t n1, n2;
    int status;
    pid_t pid;

    make_journal(path, sizeof path);
    before = slurp(path, &n1); /* before the lock: closing any fd of the file drops it */
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, NULL), PD_OK);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct journal k;
        struct pd_err e = {0};
        char want[700];

        snprintf(want, sizeof want, "the journal %s is in use by process %ld (another predup "
                                    "fill)", path, (long)getppid());
        if (mach_journal_open(&k, path, HASH, 4, &e) != PD_ERR_DEVICE || strcmp(e.msg, want) != 0) {
            fprintf(stderr, "got: %s\n", e.msg);
            _exit(1);
        }
        mach_journal_close(&k);
        _exit(0);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "second open not refused");
    after = slurp(path, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_mem_eq(before, after, n1);
    mach_journal_close(&j);
    free(before);
    free(after);
}
END_TEST

/* Damaged records, each with a right checksum unless the case is about the checksum: each
 * is reported at line 4 (header, begin, place, then it) and the journal is left as it is. */
static const struct {
    const char *line;
    bool raw; /* written as is, without a checksum */
    const char *why;
} damaged[] = {
    {"good 1 4294967297", false, "copy or board number out of range"},
    {"good 1 5", false, "copy or board number out of range"},
    {"good 0 1", false, "copy or board number out of range"},
    {"good 17 1", false, "copy or board number out of range"},
    {"good 1 +1", false, "copy or board number out of range"},
    {"good 1  1", false, "copy or board number out of range"},
    {"good 1 1 x", false, "malformed record"},
    {"begin 1 1 3", false, "attempt number out of order"},
    {"place 1 2 1 1 SA N", false, "attempt number out of order"},
    {"place 1 1 1 53 SK N", false, "malformed place record"},
    {"place 1 1 1 2 XX N", false, "malformed place record"},
    {"place 1 1 1 2 SK Q", false, "malformed place record"},
    {"place 1 1 1 2 SK", false, "malformed place record"},
    {"gooo 1 1", false, "unknown record"},
    {"good 1 1 *00000000", true, "checksum does not match"},
    {"good 1 1", true, "checksum does not match"},
    {"", true, "checksum does not match"},
};

START_TEST(test_journal_strict)
{
    struct journal j;
    struct pd_err e = {0};
    char path[500], *before, *after;
    size_t n1, n2;

    make_journal(path, sizeof path);
    if (damaged[_i].raw) {
        FILE *f = fopen(path, "a");

        fprintf(f, "%s\n", damaged[_i].line);
        fclose(f);
    } else {
        append_record(path, damaged[_i].line);
    }
    append_record(path, "good 1 1");
    before = slurp(path, &n1);
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, &e), PD_ERR_SYNTAX);
    mach_journal_close(&j);
    ck_assert_str_eq(e.file, path);
    ck_assert_int_eq(e.line, 4);
    ck_assert_msg(strstr(e.msg, damaged[_i].why) && strstr(e.msg, "damaged journal"),
                  "\"%s\": %s", damaged[_i].line, e.msg);
    after = slurp(path, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_mem_eq(before, after, n1);
    free(before);
    free(after);
}
END_TEST

/* A journal without any placed card (a start that failed) is started over, even when it was
 * for other deals; one with a card of other deals is refused. */
START_TEST(test_journal_no_card_replaced)
{
    static const uint8_t other[32] = {8};
    struct journal j;
    struct pd_err e = {0};
    char path[500], dir[400], *text;
    size_t n;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/j", dir);
    ck_assert_int_eq(mach_journal_open(&j, path, other, 4, NULL), PD_OK);
    ck_assert_int_eq(mach_journal_bind(&j, "sim", NULL), PD_OK);
    ck_assert_int_eq(mach_journal_add(&j, NULL, "begin 1 2 1"), PD_OK);
    mach_journal_close(&j);
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, &e), PD_OK);
    ck_assert_int_eq(mach_journal_bind(&j, "sim", NULL), PD_OK);
    ck_assert_int_eq(*mach_journal_state(&j, 1, 2), J_NONE);
    mach_journal_close(&j);
    text = slurp(path, &n);
    ck_assert_ptr_nonnull(strstr(text, "deals 0707070000"));
    ck_assert_ptr_null(strstr(text, "begin"));
    free(text);
    make_journal(path, sizeof path);
    ck_assert_int_eq(mach_journal_open(&j, path, other, 4, &e), PD_ERR_MISMATCH);
    mach_journal_close(&j);
    /* a header torn by a power cut: started over */
    ck_assert_int_eq(truncate(path, 30), 0);
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, &e), PD_OK);
    ck_assert_int_eq(mach_journal_bind(&j, "sim", NULL), PD_OK);
    mach_journal_close(&j);
    text = slurp(path, &n);
    ck_assert_uint_eq(n, 23 + 64 + strlen(" machine sim") + 11);
    free(text);
}
END_TEST

/* A journal names its machine: another machine finds none of its boards done and changes
 * nothing; the same machine finds them. */
START_TEST(test_journal_bound_to_machine)
{
    struct journal j;
    struct pd_err e = {0};
    char path[500], *before, *after;
    size_t n1, n2;

    make_journal(path, sizeof path); /* filled on "sim" */
    append_record(path, "good 1 1");
    before = slurp(path, &n1);
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, &e), PD_OK);
    ck_assert_int_eq(mach_journal_bind(&j, "usb 1209:0dea serial -", &e), PD_ERR_MISMATCH);
    ck_assert_ptr_nonnull(strstr(e.msg, "set.pbn.journal belongs to machine \"sim\", not to "
                                        "\"usb 1209:0dea serial -\": none of its boards counts "
                                        "as filled here; pass another --journal, or rm "));
    mach_journal_close(&j);
    after = slurp(path, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_mem_eq(before, after, n1);
    ck_assert_int_eq(mach_journal_open(&j, path, HASH, 4, &e), PD_OK);
    ck_assert_int_eq(mach_journal_bind(&j, "sim", &e), PD_OK);
    ck_assert_int_eq(*mach_journal_state(&j, 1, 1), J_GOOD);
    ck_assert_int_eq(mach_journal_bind(&j, "sim\n", &e), PD_ERR_INTERNAL);
    mach_journal_close(&j);
    free(before);
    free(after);
}
END_TEST

/* The check of the job fails before the journal opens: fd 0 (stdin) stays open. */
START_TEST(test_failed_job_keeps_stdin)
{
    struct pbn_set *set;
    struct mach_profile p;
    struct mach_result res;
    struct pd_err e = {0};
    int boards[1] = {3};
    int fd = open("/dev/null", O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(dup2(fd, 0), 0);
    close(fd);
    mach_profile_default(&p);
    ck_assert_int_eq(pbn_set_new(&set, NULL), PD_OK);
    struct mach_job job = {set, boards, 1, "/nonexistent/j", {0}, false, &p, 1, NULL};
    ck_assert_int_eq(mach_fill(&job, NULL, NULL, &res, &e), PD_ERR_RANGE);
    ck_assert_int_ne(fcntl(0, F_GETFD), -1);
    pbn_set_free(set);
}
END_TEST

/* The journal is bound to the deals: the order of the games does not matter, a card does. */
START_TEST(test_hash_deals)
{
    struct pbn_set *a, *b;
    uint8_t ha[32], hb[32];
    struct pbn_game *g;

    ck_assert_int_eq(pbn_set_new(&a, NULL), PD_OK);
    ck_assert_int_eq(pbn_set_new(&b, NULL), PD_OK);
    for (int k = 0; k < 2; k++) {
        struct deal d = {{0xF, 0xF0, 0xF00, 0xF000}};

        ck_assert_int_eq(pbn_game_add(a, &g, NULL), PD_OK);
        g->board = 1 + k;
        g->deal = d;
        g->known = 0xF;
        ck_assert_int_eq(pbn_game_add(b, &g, NULL), PD_OK);
        g->board = 2 - k;
        g->deal = d;
        g->known = 0xF;
    }
    ck_assert_int_eq(mach_hash_deals(a, ha, NULL), PD_OK);
    ck_assert_int_eq(mach_hash_deals(b, hb, NULL), PD_OK);
    ck_assert_mem_eq(ha, hb, 32);
    b->games[1].deal.hand[0] = 0x1F;
    b->games[1].deal.hand[1] = 0xE0;
    ck_assert_int_eq(mach_hash_deals(b, hb, NULL), PD_OK);
    ck_assert_mem_ne(ha, hb, 32);
    pbn_set_free(a);
    pbn_set_free(b);
}
END_TEST

Suite *machine_io_suite(void);
Suite *machine_io_suite(void)
{
    Suite *s = suite_create("machine_io");
    TCase *usb = tcase_create("usb");
    TCase *jr = tcase_create("journal");

    tcase_add_test(usb, test_usb_permission_message);
    tcase_add_test(usb, test_usb_udev_rule_documented);
    tcase_add_test(usb, test_profile_send_timeout);
    suite_add_tcase(s, usb);
    tcase_add_test(jr, test_journal_lock_names_holder);
    tcase_add_loop_test(jr, test_journal_strict, 0, ARRAY_LEN(damaged));
    tcase_add_test(jr, test_journal_no_card_replaced);
    tcase_add_test(jr, test_journal_bound_to_machine);
    tcase_add_test(jr, test_failed_job_keeps_stdin);
    tcase_add_test(jr, test_hash_deals);
    suite_add_tcase(s, jr);
    return s;
}
REGISTER_SUITE(machine_io_suite)
