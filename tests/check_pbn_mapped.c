/* tests/check_pbn_mapped.c - large sets are mapped (pbn/mapped.c): a file of 1 MiB or more is
 * mapped whole, a smaller one is read, and a mapped file that another program cuts short ends
 * the reader with exit 74 and a message naming the file (escaped) whose mapping faulted, not a
 * bare SIGBUS. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pbn/fmt_int.h"
#include "tests/check_suites.h"

/* Writes size bytes of "x" to dir/name; its path into path. */
static void write_file(const char *dir, const char *name, size_t size, char *path, size_t n)
{
    FILE *f;

    snprintf(path, n, "%s/%s", dir, name);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    for (size_t i = 0; i < size; i++)
        fputc('x', f);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(test_mapped_from_one_mib)
{
    char dir[4096], path[4400];
    size_t mapped;
    char *text;

    test_tmpdir(dir, sizeof dir);
    write_file(dir, "small.pbn", (1 << 20) - 1, path, sizeof path);
    ck_assert_ptr_null(pbn_map_file(path, &mapped));
    ck_assert_uint_eq(mapped, 0);
    write_file(dir, "big.pbn", (1 << 20) + 1, path, sizeof path);
    text = pbn_map_file(path, &mapped);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(mapped, (1 << 20) + 1);
    ck_assert_int_eq(text[mapped - 1], 'x');
    ck_assert_int_eq(text[mapped], '\0'); /* the rest of the last page */
    pbn_text_free(text, mapped);
}
END_TEST

/* Reads text[at] in a child whose stderr goes to dir/stderr.txt: its exit code (-1: it did
 * not exit), the first line of its stderr into got. */
static int read_in_child(const char *text, size_t at, const char *dir, char *got, int n)
{
    char err[4500];
    int status, fd;
    pid_t pid;
    FILE *f;

    snprintf(err, sizeof err, "%s/stderr.txt", dir);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) { /* the reader: its stderr to a file, then the byte */
        fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fd, STDERR_FILENO);
        _exit(text[at] == 'x' ? 0 : 1);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    f = fopen(err, "r");
    ck_assert_ptr_nonnull(f);
    got[0] = '\0';
    if (!fgets(got, n, f))
        got[0] = '\0';
    fclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

START_TEST(test_cut_short_exits_74_naming_the_file)
{
    char dir[4096], path[4400], got[1024];
    size_t mapped;
    char *text;

    test_tmpdir(dir, sizeof dir);
    write_file(dir, "cut\x1b]0;x.pbn", 3 << 20 | 5, path, sizeof path);
    text = pbn_map_file(path, &mapped);
    ck_assert_ptr_nonnull(text);
    ck_assert_int_eq(truncate(path, 4096), 0);
    ck_assert_int_eq(read_in_child(text, 2 << 20, dir, got, sizeof got), 74);
    ck_assert_ptr_nonnull(strstr(got, "cut\\x1B]0;x.pbn: the file was cut short by another "
                                      "program while predup read it"));
    ck_assert_ptr_null(strchr(got, '\x1b'));
    pbn_text_free(text, mapped);
}
END_TEST

/* Two files mapped, the first cut short: the message names the file whose pages faulted, not
 * the last one mapped; then the second cut short too, and it is named; then a third mapped
 * after the first was given back. */
START_TEST(test_cut_short_names_the_mapping_that_faulted)
{
    char dir[4096], first[4400], second[4400], got[1024];
    size_t mapped1, mapped2;
    char *text1, *text2;

    test_tmpdir(dir, sizeof dir);
    write_file(dir, "first.pbn", 2 << 20 | 7, first, sizeof first);
    write_file(dir, "second.pbn", 2 << 20 | 9, second, sizeof second);
    text1 = pbn_map_file(first, &mapped1);
    text2 = pbn_map_file(second, &mapped2);
    ck_assert_ptr_nonnull(text1);
    ck_assert_ptr_nonnull(text2);
    ck_assert_int_eq(truncate(first, 4096), 0);
    ck_assert_int_eq(read_in_child(text2, 1 << 20, dir, got, sizeof got), 0); /* whole */
    ck_assert_int_eq(read_in_child(text1, 1 << 20, dir, got, sizeof got), 74);
    ck_assert_msg(strstr(got, "/first.pbn: the file was cut short") != NULL, "%s", got);
    ck_assert_ptr_null(strstr(got, "second.pbn"));
    ck_assert_int_eq(truncate(second, 4096), 0);
    ck_assert_int_eq(read_in_child(text2, 1 << 20, dir, got, sizeof got), 74);
    ck_assert_msg(strstr(got, "/second.pbn: the file was cut short") != NULL, "%s", got);
    /* the first given back and a third mapped, where the kernel likely puts it at the first's
     * addresses: the third is named, not the first whose pages those were */
    pbn_text_free(text1, mapped1);
    write_file(dir, "third.pbn", 2 << 20 | 7, first, sizeof first);
    text1 = pbn_map_file(first, &mapped1);
    ck_assert_ptr_nonnull(text1);
    ck_assert_int_eq(truncate(first, 4096), 0);
    ck_assert_int_eq(read_in_child(text1, 1 << 20, dir, got, sizeof got), 74);
    ck_assert_msg(strstr(got, "/third.pbn: the file was cut short") != NULL, "%s", got);
    pbn_text_free(text2, mapped2);
    pbn_text_free(text1, mapped1);
}
END_TEST

static Suite *pbn_mapped_suite(void)
{
    Suite *s = suite_create("pbn_mapped");
    TCase *tc = tcase_create("mapped");

    tcase_add_test(tc, test_mapped_from_one_mib);
    tcase_add_test(tc, test_cut_short_exits_74_naming_the_file);
    tcase_add_test(tc, test_cut_short_names_the_mapping_that_faulted);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(pbn_mapped_suite)
