/* limited.h - what the fuzz targets share: a fresh GTP context on which
 * every command is short (no search, no files, perft depth at most 1), so
 * that any input runs fast and every crash reproduces from its input
 * alone; and the commands a loader's target runs after the load, to see
 * that the game stays usable. */
#ifndef MORPHOS_FUZZ_LIMITED_H
#define MORPHOS_FUZZ_LIMITED_H

#include <stddef.h>
#include <string.h>

#include "../../protocol/gtp.h"

static inline Gtp *fuzz_gtp_create(void)
{
    Gtp *g = gtp_create(NULL);
    if (g) {
        GtpLimits lim = { .max_depth = 1, .files = false, .search = false };
        gtp_set_limits(g, &lim);
    }
    return g;
}

/* Runs the n commands on g (their answers dropped), then frees g. */
static inline void fuzz_probe_free(Gtp *g, const char *const *cmds, size_t n)
{
    StrBuf reply;
    sb_init(&reply);
    for (size_t i = 0; i < n; i++) {
        sb_clear(&reply);
        gtp_execute(g, cmds[i], strlen(cmds[i]), &reply);
    }
    sb_free(&reply);
    gtp_free(g);
}

#endif
