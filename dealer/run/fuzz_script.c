/* dealer/run/fuzz_script.c - libFuzzer target for the constraint language: compiles the input
 * as a script and, when it compiles and needs no double dummy, tests one fixed deal and runs
 * a 3-deal generation into /dev/null (actions and their layouts included). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/run/run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    struct lang_prog *p = NULL;
    struct pd_err e;
    struct deal d;

    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (lang_compile_mem("fuzz.dl", text, &p, &e) == PD_OK) {
        if (!lang_script_uses_dd(p) && deal_from_number(123456789, &d, NULL) == PD_OK) {
            struct lrun_opts o = {.generate = 3, .produce = 3, .seed = 1, .threads = 1,
                                  .fast = size % 4 == 0, .quiet = false};
            struct lrun_result r;
            FILE *out = fopen("/dev/null", "w");

            (void)lang_accept(p, &d, 1, &e);
            if (out) {
                (void)lrun(p, &o, out, &r, &e);
                fclose(out);
            }
        }
        lang_free(p);
    }
    free(text);
    return 0;
}
