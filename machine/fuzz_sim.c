/* machine/fuzz_sim.c - libFuzzer target: the simulated firmware fed arbitrary host messages.
 * The input is a list of [type, seq, length, payload] records, each framed with a valid CRC
 * (and every fourth sent raw, unframed), so that the fuzzer reaches the state machine, the
 * faults and the operator model. The simulator must answer every frame with a well-formed
 * frame or nothing, never crash. Built by tests/fuzz_machine.sh. */
#include <stdlib.h>
#include <string.h>

#include "machine/machine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct mach_profile p;
    struct mach_sim *sim;
    uint8_t in[MP_MAX_FRAME], out[MP_MAX_FRAME];
    size_t pos = 0, n, got;
    struct mp_msg q, r;
    int k = 0;

    mach_profile_default(&p);
    p.sim.rate_ppm[MF_JAM] = 50000;
    p.sim.rate_ppm[MF_DOUBLE_FEED] = 50000;
    p.sim.rate_ppm[MF_RESET] = 10000;
    p.sim.rate_ppm[MF_EXTRA_CARD] = 20000;
    p.sim.rate_ppm[MF_SHORT_DECK] = 20000;
    if (mach_sim_new(&p.sim, p.pocket, NULL, &sim, NULL) != PD_OK)
        return 0;
    while (pos + 3 <= size && !mach_sim_unplugged(sim)) {
        q = (struct mp_msg){.type = data[pos], .seq = data[pos + 1]};
        q.len = data[pos + 2] % 16;
        pos += 3;
        if (q.len > size - pos)
            q.len = (uint16_t)(size - pos);
        memcpy(q.payload, data + pos, q.len);
        pos += q.len;
        if (++k % 4 == 0) {
            n = q.len;
            memcpy(in, q.payload, n);
        } else {
            n = mp_encode(&q, in, sizeof in);
        }
        mach_sim_handle(sim, in, n, out, sizeof out, &got);
        if (got && mp_decode(out, got, &r, NULL) != PD_OK)
            abort();
    }
    mach_sim_free(sim);
    return 0;
}
