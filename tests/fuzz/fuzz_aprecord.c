/* fuzz_aprecord.c - libFuzzer target for the JSON reader and AbstractPlay's
 * game files behind ap_loadrecord: any input either loads or is refused,
 * and the game stays usable after. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../protocol/context.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Gtp *g = gtp_create(NULL);
    if (!g) return 0;
    GtpLimits lim = { .max_depth = 1, .files = false, .search = false };
    gtp_set_limits(g, &lim);
    StrBuf reply;
    sb_init(&reply);
    gtp_load_ap_record_text(g, (const char *)data, size, -1, &reply);
    static const char *const probe[] = { "ap_printgame", "ap_winner", "showboard", "ap_legal_moves", "undo", "perft 1" };
    for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
        sb_clear(&reply);
        gtp_execute(g, probe[i], strlen(probe[i]), &reply);
    }
    sb_free(&reply);
    gtp_free(g);
    return 0;
}
