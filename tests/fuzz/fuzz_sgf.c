/* fuzz_sgf.c - libFuzzer target for the SGF reader behind loadsgf: any
 * input either loads or is refused, and the game stays usable after. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../protocol/context.h"
#include "limited.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Gtp *g = fuzz_gtp_create();
    if (!g) return 0;
    char err[200];
    gtp_load_sgf_text(g, (const char *)data, size, -1, err, sizeof err);
    static const char *const probe[] = { "printsgf", "showboard", "legal_moves", "undo", "perft 1" };
    fuzz_probe_free(g, probe, sizeof probe / sizeof probe[0]);
    return 0;
}
