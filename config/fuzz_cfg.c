/* config/fuzz_cfg.c - libFuzzer target: machine profiles (cfg_read_machine over libinih) fed
 * arbitrary text. Every input either loads or fails with a message naming its line (or the file,
 * for a fault of the whole profile such as no transport); a
 * profile that loads has values in their documented ranges. Built by tests/fuzz_machine.sh. */
#include <stdlib.h>

#include "config/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct mach_profile p;
    struct pd_err e = {0};
    FILE *f;

    if (size == 0)
        return 0;
    f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    mach_profile_default(&p);
    if (cfg_read_machine(f, "fuzz.conf", &p, &e) == PD_OK) {
        unsigned seen = 0;

        for (int i = 0; i < 4; i++)
            seen |= 1u << p.pocket[i];
        if (seen != 0xF || p.min_confidence > 100 || p.max_attempts < 1 || p.sim.nat > 64)
            abort();
    } else if (!e.msg[0] || (e.line < 1 && !e.file[0])) {
        abort(); /* a fault names its line, or the file for a whole-file one ("names no machine") */
    }
    fclose(f);
    return 0;
}
