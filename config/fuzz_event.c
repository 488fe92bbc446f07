/* config/fuzz_event.c - libFuzzer target: event files (cfg_parse_event over libinih) and event
 * records (ev_record_parse) fed arbitrary text; the first byte picks which. Every input either
 * loads or fails with a message (event files: with a line); a record that loads writes back to
 * exactly its own bytes. Built and run by tests/fuzz_event.sh. */
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct cfg_event ev;
    static struct ev_record rec;
    struct pd_err e = {0};
    char *text, *again = NULL;
    size_t len = 0;

    if (size < 1)
        return 0;
    text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    if (data[0] & 1) {
        if (ev_record_parse("fuzz.record", text, size - 1, &rec, &e) == PD_OK) {
            if (ev_record_text(&rec, &again, &len, NULL) != PD_OK || len != size - 1 ||
                memcmp(again, text, len) != 0)
                abort();
        } else if (!e.msg[0]) {
            abort();
        }
    } else if (cfg_parse_event("fuzz/ev.conf", text, size - 1, &ev, &e) == PD_OK) {
        if (!ev.p.name[0] || ev.p.nsets < 1 || ev.p.nsets > EV_MAX_SETS)
            abort();
    } else if (!e.msg[0]) {
        abort();
    }
    free(again);
    free(text);
    return 0;
}
