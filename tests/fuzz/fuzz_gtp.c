/* fuzz_gtp.c - libFuzzer target for the GTP command parser and handlers.
 *
 * Each input is a sequence of raw lines fed to gtp_execute() on a fresh
 * context (so every crash reproduces from its input alone). The limits keep
 * every command short: no search, no files, perft depth at most 1. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "limited.h"

#define MAX_LINES 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Gtp *g = fuzz_gtp_create();
    if (!g) return 0;
    StrBuf reply;
    sb_init(&reply);
    const char *s = (const char *)data, *end = s + size;
    for (int n = 0; s < end && n < MAX_LINES; n++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
        sb_clear(&reply);
        bool go = gtp_execute(g, s, len, &reply);
        /* Every answer is framed: '=' or '?', and ends in one empty line. */
        if (reply.len) {
            const char *r = sb_str(&reply);
            if ((r[0] != '=' && r[0] != '?') || reply.len < 3 || strcmp(r + reply.len - 2, "\n\n") != 0 ||
                strstr(r, "\n\n") != r + reply.len - 2)
                __builtin_trap();
        }
        if (!go) break;
        s += len + (nl != NULL);
    }
    sb_free(&reply);
    gtp_free(g);
    return 0;
}
