/* tests/check_outfile.c - safe output (dealer/base/outfile.c): modes (0600, or 0666 & ~umask when
 * public), an identical file left untouched, a different one refused unless forced, writing
 * through symlinks, writing in place to FIFOs and devices, multi-format all-or-nothing; and the
 * helpers beside it: the key-shape guard of readers and error source lines, the number parser. */
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbn/pbn.h"
#include "tests/check_suites.h"

static const char KEY_HEX[] = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static void assert_content(const char *path, const char *want)
{
    char *text = NULL;
    size_t len = 0;

    ck_assert_int_eq(pd_read_file(path, &text, &len, NULL), PD_OK);
    ck_assert_str_eq(text, want);
    free(text);
}

/* Writes text to path through pd_outfile with flags; returns the commit's status. */
static enum pd_status put(const char *path, unsigned flags, const char *text, struct pd_err *e)
{
    struct pd_outfile o;
    enum pd_status rc = pd_outfile_open_ex(&o, path, flags, e);

    if (rc != PD_OK)
        return rc;
    fputs(text, o.f);
    return pd_outfile_commit(&o, e);
}

/* Number of entries in dir other than . and .. (a left-over temporary file shows here). */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;

    ck_assert_ptr_nonnull(d);
    while ((de = readdir(d)) != NULL)
        n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
    closedir(d);
    return n;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* Removes a test's temporary directory and everything in it. */
static void remove_tree(const char *dir)
{
    ck_assert_int_eq(nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS), 0);
}

START_TEST(test_modes)
{
    char dir[256], path[300];
    struct stat st;
    mode_t old = umask(022);

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/secret.pbn", dir);
    ck_assert_int_eq(put(path, 0, "deals", NULL), PD_OK);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0600);
    snprintf(path, sizeof path, "%s/public.pbn", dir);
    ck_assert_int_eq(put(path, PD_OUT_PUBLIC, "deals", NULL), PD_OK);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0644);
    umask(old);
    remove_tree(dir);
}
END_TEST

START_TEST(test_identical_is_noop)
{
    char dir[256], path[300];
    struct stat before, after;
    struct timespec past[2] = {{1000000000, 0}, {1000000000, 0}};

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/set.pbn", dir);
    write_text(path, "same bytes");
    ck_assert_int_eq(utimensat(AT_FDCWD, path, past, 0), 0);
    ck_assert_int_eq(stat(path, &before), 0);
    ck_assert_int_eq(put(path, 0, "same bytes", NULL), PD_OK);
    ck_assert_int_eq(stat(path, &after), 0);
    ck_assert_int_eq(after.st_ino, before.st_ino);
    ck_assert_int_eq(after.st_mtime, 1000000000);
    ck_assert_int_eq(entries(dir), 1);
    remove_tree(dir);
}
END_TEST

START_TEST(test_different_refused_unless_forced)
{
    char dir[256], path[300], want[400];
    struct pd_err e;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/set.pbn", dir);
    write_text(path, "printed and filled");
    ck_assert_int_eq(put(path, 0, "other deals", &e), PD_ERR_EXISTS);
    snprintf(want, sizeof want, "%s exists and differs (add --force to replace it)", path);
    ck_assert_str_eq(e.msg, want);
    ck_assert_int_eq(pd_exit_code(PD_ERR_EXISTS), 73);
    /* The hint is a field, not text to search: a caller without --force puts its own. */
    ck_assert_uint_eq(e.hint, strlen(path) + strlen(" exists and differs"));
    pd_err_hint(&e, " (move it away)");
    snprintf(want, sizeof want, "%s exists and differs (move it away)", path);
    ck_assert_str_eq(e.msg, want);
    assert_content(path, "printed and filled");
    ck_assert_int_eq(entries(dir), 1); /* the temporary file is gone */
    /* The same length but other bytes differs too. */
    ck_assert_int_eq(put(path, 0, "printed and FILLED", &e), PD_ERR_EXISTS);
    ck_assert_int_eq(put(path, PD_OUT_FORCE, "other deals", &e), PD_OK);
    assert_content(path, "other deals");
    ck_assert_int_eq(entries(dir), 1);
    remove_tree(dir);
}
END_TEST

START_TEST(test_symlink_written_through)
{
    char dir[256], link[300], target[300], buf[64];
    struct stat st;
    ssize_t n;

    test_tmpdir(dir, sizeof dir);
    snprintf(link, sizeof link, "%s/link.pbn", dir);
    snprintf(target, sizeof target, "%s/real.pbn", dir);
    ck_assert_int_eq(symlink("real.pbn", link), 0); /* relative, dangling at first */
    ck_assert_int_eq(put(link, 0, "first", NULL), PD_OK);
    assert_content(target, "first");
    ck_assert_int_eq(put(link, PD_OUT_FORCE, "second", NULL), PD_OK);
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    n = readlink(link, buf, sizeof buf - 1);
    ck_assert_int_eq(n, 8);
    buf[n] = '\0';
    ck_assert_str_eq(buf, "real.pbn");
    assert_content(target, "second");
    ck_assert_int_eq(entries(dir), 2);
    remove_tree(dir);
}
END_TEST

START_TEST(test_fifo_and_devices_in_place)
{
    char dir[256], fifo[300], buf[32] = {0};
    struct stat st;
    int rd;

    test_tmpdir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    rd = open(fifo, O_RDONLY | O_NONBLOCK); /* a reader, so that opening for writing succeeds */
    ck_assert_int_ge(rd, 0);
    ck_assert_int_eq(put(fifo, 0, "through the pipe", NULL), PD_OK);
    ck_assert_int_eq(read(rd, buf, sizeof buf - 1), 16);
    ck_assert_str_eq(buf, "through the pipe");
    close(rd);
    ck_assert_int_eq(lstat(fifo, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_int_eq(entries(dir), 1);
    /* A device is written, never compared or replaced: /dev/null stays a character device. */
    ck_assert_int_eq(put("/dev/null", 0, "anything", NULL), PD_OK);
    ck_assert_int_eq(put("/dev/null", 0, "anything else", NULL), PD_OK);
    ck_assert_int_eq(stat("/dev/null", &st), 0);
    ck_assert(S_ISCHR(st.st_mode));
    remove_tree(dir);
}
END_TEST

START_TEST(test_directory_refused)
{
    char dir[256], want[300];
    struct pd_err e;

    test_tmpdir(dir, sizeof dir);
    ck_assert_int_eq(put(dir, PD_OUT_FORCE, "x", &e), PD_ERR_IO);
    snprintf(want, sizeof want, "%s: is a directory", dir);
    ck_assert_str_eq(e.msg, want);
    remove_tree(dir);
}
END_TEST

static struct pbn_set *one_board_set(void)
{
    static const char pbn[] =
        "[Event \"t\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"1\"]\n[West \"?\"]\n"
        "[North \"?\"]\n[East \"?\"]\n[South \"?\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
        "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n"
        "[Scoring \"?\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n";
    struct pbn_set *set = NULL;
    struct pd_err e;

    ck_assert_msg(pbn_read_mem("t.pbn", pbn, strlen(pbn), &set, &e) == PD_OK, "%s", e.msg);
    return set;
}

/* The second format's file fails after the first was written whole (it exists and differs):
 * neither is renamed into place, and no temporary file stays. */
START_TEST(test_formats_all_or_nothing)
{
    char dir[256], path[300], dup[300], pbnpath[300];
    struct pbn_set *set = one_board_set();
    struct stat st;
    struct pd_err e;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/set.pbn", dir);
    snprintf(pbnpath, sizeof pbnpath, "%s/set.pbn", dir);
    snprintf(dup, sizeof dup, "%s/set.dup", dir);
    write_text(dup, "an older set");
    ck_assert_int_eq(pbn_write_formats(path, "pbn,dup", set, &e), PD_ERR_EXISTS);
    ck_assert_int_ne(stat(pbnpath, &st), 0);
    assert_content(dup, "an older set");
    ck_assert_int_eq(entries(dir), 1);
    ck_assert_int_eq(pbn_write_formats_ex(path, "pbn,dup", PD_OUT_FORCE, set, &e), PD_OK);
    ck_assert_int_eq(stat(pbnpath, &st), 0);
    ck_assert_int_eq(entries(dir), 2);
    /* Written again with the same content: both are no-ops, no --force needed. */
    ck_assert_int_eq(pbn_write_formats(path, "pbn,dup", set, &e), PD_OK);
    pbn_set_free(set);
    remove_tree(dir);
}
END_TEST

START_TEST(test_key_shaped_input_refused)
{
    char dir[256], path[300], text[80], want[400];
    char *got = NULL;
    size_t len = 0;
    struct pd_err e;

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/event.key", dir);
    snprintf(text, sizeof text, "%s\n", KEY_HEX);
    write_text(path, text);
    ck_assert_int_eq(pd_read_input(path, "a dealer script", &got, &len, &e), PD_ERR_SYNTAX);
    ck_assert_ptr_null(got);
    snprintf(want, sizeof want, "%s looks like a key file, not a dealer script", path);
    ck_assert_str_eq(e.msg, want);
    ck_assert_int_eq(pd_read_file(path, &got, &len, &e), PD_OK); /* keys read with this */
    free(got);
    ck_assert(pd_looks_like_key(KEY_HEX, 64));
    ck_assert(!pd_looks_like_key(KEY_HEX, 63));
    ck_assert(!pd_looks_like_key("produce 10\n", 11));
    /* Whatever parser reports a key-shaped line, a notice takes its place under the message. */
    pd_fail_at(&e, PD_ERR_SYNTAX, "x", 1, 1, text, "unexpected token");
    ck_assert_str_eq(e.src, PD_LINE_WITHHELD);
    pd_fail_at(&e, PD_ERR_SYNTAX, "x", 1, 1, "produce 10\n", "unexpected token");
    ck_assert_str_eq(e.src, "produce 10");
    remove_tree(dir);
}
END_TEST

START_TEST(test_parse_number)
{
    unsigned long long n = 0;
    struct pd_err e;

    ck_assert_int_eq(pd_parse_number("18446744073709551615", 0, UINT64_MAX, "-s", &n, &e), PD_OK);
    ck_assert(n == UINT64_MAX);
    ck_assert_int_eq(pd_parse_number("256", 1, 256, "-j", &n, &e), PD_OK);
    ck_assert(n == 256);
    ck_assert_int_eq(pd_parse_number("-1", 0, UINT64_MAX, "-s", &n, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "-s wants a number from 0 to 18446744073709551615, not \"-1\"");
    ck_assert_int_eq(pd_parse_number("99999999999999999999", 0, UINT64_MAX, "-s", &n, &e),
                     PD_ERR_USAGE);
    ck_assert_int_eq(pd_parse_number("257", 1, 256, "-j", &n, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "-j wants a number from 1 to 256, not \"257\"");
    ck_assert_int_eq(pd_parse_number("", 1, 256, "-j", &n, &e), PD_ERR_USAGE);
    ck_assert_int_eq(pd_parse_number(" 7", 1, 256, "-j", &n, &e), PD_ERR_USAGE);
    ck_assert_int_eq(pd_parse_number("+7", 1, 256, "-j", &n, &e), PD_ERR_USAGE);
    ck_assert_int_eq(pd_parse_number("7x", 1, 256, "-j", &n, &e), PD_ERR_USAGE);
}
END_TEST

/* The one option reader of the front-ends (dealer/base/options.c): rows of long names and
 * letters, values, numbers, flags, bits, a setter, the one refusal, the help lines. */
struct test_args {
    const char *key, *out, *label;
    int vul, threads;
    bool quiet, help;
    unsigned flags;
};

static enum pd_status test_set_vul(void *opts, const struct pd_opt *row, const char *value,
                                   struct pd_err *e)
{
    (void)row;
    return board_opt_vul("--vul", value, &((struct test_args *)opts)->vul, e);
}

#define TEST_AT(member) PD_OPT_AT(struct test_args, member)
static const struct pd_opt test_rows[] = {
    {0, "key", PD_OPT_VALUE, TEST_AT(key), .arg = "FILE", .help = "the key", .words = "*.key"},
    {'o', "output", PD_OPT_VALUE, TEST_AT(out), .arg = "FILE", .help = "where"},
    {0, "label", PD_OPT_VALUE, TEST_AT(label)},
    {0, "vul", PD_OPT_VALUE, .set = test_set_vul, .words = "None NS EW All"},
    {'j', NULL, PD_OPT_VALUE, PD_OPT_NUM(struct test_args, threads, 1, 256), .arg = "N",
     .help = "threads,\nmany"},
    {'q', "quiet", PD_OPT_FLAG, TEST_AT(quiet), .help = "no progress"},
    {0, "force", PD_OPT_FLAG, PD_OPT_BITS(struct test_args, flags, PD_OUT_FORCE)},
    {0, "public", PD_OPT_REFUSED},
    {'h', "help", PD_OPT_STOP, TEST_AT(help)},
    {0},
};
static const struct pd_opt_table test_table = {"predup test", test_rows, NULL};

/* Parses argv (NULL-ended) into a, returns the status; e's message and *first as left. */
static enum pd_status parse_test(char **argv, struct test_args *a, int *first, struct pd_err *e)
{
    int argc = 0;

    while (argv[argc])
        argc++;
    *a = (struct test_args){.vul = -1};
    return pd_opts_parse(&test_table, a, argc, argv, first, e);
}

START_TEST(test_options)
{
    char *ok[] = {"deal", "--key", "k.key", "-o", "set.pbn", "--quiet", "--lab=reserve",
                  "SET", "-j8", "--force", NULL};
    char *bad_vul[] = {"deal", "--vul", "both", NULL}, *twice[] = {"deal", "-o", "a", "-o", "b", NULL};
    char *unknown[] = {"deal", "--nope", NULL}, *nov[] = {"deal", "--key", NULL};
    char *refused[] = {"deal", "--public", NULL}, *big[] = {"deal", "-j", "300", NULL};
    char *stop[] = {"deal", "--help", "--nope", NULL}, *flagv[] = {"deal", "--quiet=1", NULL};
    struct test_args a;
    struct pd_err e;
    int first;
    char *text = NULL;
    size_t len = 0;
    FILE *mem;

    ck_assert_int_eq(parse_test(ok, &a, &first, &e), PD_OK);
    ck_assert_str_eq(a.key, "k.key");
    ck_assert_str_eq(a.out, "set.pbn");
    ck_assert_str_eq(a.label, "reserve"); /* a unique prefix, as getopt_long takes it */
    ck_assert(a.quiet && a.threads == 8 && a.flags == PD_OUT_FORCE);
    ck_assert_int_eq(first, 9); /* the operand, moved after the options */
    ck_assert_str_eq(ok[first], "SET");
    ck_assert_int_eq(parse_test(bad_vul, &a, &first, &e), PD_ERR_USAGE); /* PBN's All only */
    ck_assert_str_eq(e.msg, "--vul wants None, NS, EW or All, not \"both\"");
    ck_assert_int_eq(parse_test(twice, &a, &first, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "--output given twice: once is all it takes (predup test --help)");
    ck_assert_int_eq(parse_test(unknown, &a, &first, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "unknown option \"--nope\" (predup test --help)");
    ck_assert_int_eq(parse_test(nov, &a, &first, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "--key wants a value (predup test --help)");
    ck_assert_int_eq(parse_test(refused, &a, &first, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "--public does not apply here (predup test --help)");
    ck_assert_int_eq(parse_test(big, &a, &first, &e), PD_ERR_USAGE);
    ck_assert_int_eq(parse_test(flagv, &a, &first, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "--quiet takes no value (predup test --help)");
    ck_assert_int_eq(parse_test(stop, &a, &first, &e), PD_OK); /* nothing after --help counts */
    ck_assert(a.help);
    mem = open_memstream(&text, &len);
    pd_opts_help(mem, &test_table);
    fclose(mem);
    ck_assert_str_eq(text, "  --key FILE           the key\n"
                           "  -o, --output FILE    where\n"
                           "  -j N                 threads,\n"
                           "                       many\n"
                           "  -q, --quiet          no progress\n");
    free(text);
    mem = open_memstream(&text, &len);
    pd_opts_complete(mem, (const struct pd_opt_table *const[]){&test_table, NULL}, "value",
                     "--vul");
    pd_opts_complete(mem, (const struct pd_opt_table *const[]){&test_table, NULL},
                     "value-options", NULL);
    fclose(mem);
    ck_assert_str_eq(text, "None NS EW All\n--key\n-o\n--output\n--label\n--vul\n-j\n");
    free(text);
}
END_TEST

Suite *outfile_suite(void);
Suite *outfile_suite(void)
{
    Suite *s = suite_create("outfile");
    TCase *tc = tcase_create("outfile");

    tcase_add_test(tc, test_modes);
    tcase_add_test(tc, test_identical_is_noop);
    tcase_add_test(tc, test_different_refused_unless_forced);
    tcase_add_test(tc, test_symlink_written_through);
    tcase_add_test(tc, test_fifo_and_devices_in_place);
    tcase_add_test(tc, test_directory_refused);
    tcase_add_test(tc, test_formats_all_or_nothing);
    tcase_add_test(tc, test_key_shaped_input_refused);
    tcase_add_test(tc, test_parse_number);
    tcase_add_test(tc, test_options);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(outfile_suite)
