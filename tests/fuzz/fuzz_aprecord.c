/* fuzz_aprecord.c - libFuzzer target for the JSON reader and AbstractPlay's
 * game files behind ap_loadrecord: any input either loads or is refused,
 * and the game stays usable after. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../protocol/context.h"
#include "limited.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Gtp *g = fuzz_gtp_create();
    if (!g) return 0;
    StrBuf reply;
    sb_init(&reply);
    gtp_load_ap_record_text(g, (const char *)data, size, -1, &reply);
    sb_free(&reply);
    static const char *const probe[] = { "ap_printgame", "ap_winner", "showboard", "ap_legal_moves", "undo", "perft 1" };
    fuzz_probe_free(g, probe, sizeof probe / sizeof probe[0]);
    return 0;
}
