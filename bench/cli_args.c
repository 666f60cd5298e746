/* cli_args.c - see cli_args.h. */
#include "cli_args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int game_arg(GameArgs *g, const char *a, const char *v)
{
    if (!strcmp(a, "-s") || !strcmp(a, "--size")) {
        if (arg_long(v, MIN_SIZE, MAX_SIZE, &g->size)) return ARG_BAD;
    } else if (!strcmp(a, "--rules")) {
        if (!v) return ARG_BAD;
        g->rules = v;
    } else if (!strcmp(a, "--max-plies")) {
        if (arg_long(v, 1, 100000000L, &g->max_plies)) return ARG_BAD;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
        if (!v || !*v) return ARG_BAD;
        g->out_path = v;
    } else if (!strcmp(a, "--quiet")) {
        g->quiet = true;
        return 0;
    } else {
        return ARG_OTHER;
    }
    return 1;
}

Board *game_args_board(GameArgs *g, const char *prog)
{
    char err[1024];
    Board *b = arg_board(g->size, g->rules, err, sizeof err);
    if (!b) fprintf(stderr, "%s: %s\n", prog, err);
    else if (!g->max_plies) g->max_plies = 10L * b->npoints;
    return b;
}

int arg_refuse(const char *prog, const char *a, const char *v, const char *why)
{
    fprintf(stderr, "%s: bad option %s%s%s%s%s\n", prog, a, v ? " " : "", v ? v : "", why ? ": " : "", why ? why : "");
    fprintf(stderr, "(bench/%s --help lists the options)\n", prog);
    return 2;
}
