/* cli_args.c - see cli_args.h. */
#include "cli_args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int arg_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    if (!s) return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int arg_double(const char *s, double lo, double hi, double *out)
{
    char *end;
    if (!s) return -1;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi)) return -1;
    *out = v;
    return 0;
}

int arg_u64(const char *s, uint64_t *out)
{
    char *end;
    /* strtoull would accept "-1" as a huge number. */
    if (!s || *s < '0' || *s > '9') return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > UINT64_MAX) return -1;
    *out = (uint64_t)v;
    return 0;
}

Board *arg_board(long size, const char *rules, char *err, size_t errlen)
{
    Ruleset r;
    ruleset_default(&r);
    const char *why = ruleset_parse(&r, rules);
    if (why) {
        snprintf(err, errlen, "--rules %s: %s", rules, why);
        return NULL;
    }
    return board_create((int)size, &r, err, errlen);
}
