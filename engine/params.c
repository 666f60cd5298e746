/* params.c - the option table: names, types, ranges, text conversion.
 * Errors name the allowed values; a value the machine cannot honour is
 * refused (memory beyond physical memory) or reduced with a note (threads
 * beyond the cores: tree parallelism gains nothing there and only delays
 * the thread that watches the clock). */
#define _DEFAULT_SOURCE /* _SC_PHYS_PAGES, _SC_NPROCESSORS_ONLN */
#include "config.h"
#include "searcher.h"
#include "../rules/board.h" /* MAX_SIZE: learned_conn's range */

#include <unistd.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { P_INT, P_LONG, P_DOUBLE, P_BOOL, P_U64, P_SEARCHER } PType;

typedef struct Param {
    const char *name;
    PType type;
    size_t off;
    double lo, hi;
} Param;

#define F(field) offsetof(EngineConfig, field)

/* Each option once: its name, type, field and range (the table and the
 * list of names are both made from it). */
#define PARAMS(X) \
    X("searcher", P_SEARCHER, searcher, 0, 0) \
    X("threads", P_INT, threads, 1, 64) \
    X("playouts", P_LONG, playouts, 0, 1e9) \
    X("movetime", P_DOUBLE, movetime, 0, 86400) \
    X("memory", P_LONG, memory, 1, 1 << 20) \
    X("seed", P_U64, seed, 0, 0) \
    X("explore", P_DOUBLE, explore, 0, 10) \
    X("cairo_explore", P_DOUBLE, cairo_explore, 0, 10) \
    X("uct_explore", P_DOUBLE, uct_explore, 0, 10) \
    X("rave_equiv", P_DOUBLE, rave_equiv, 1, 1e7) \
    X("rave_ref", P_INT, rave_ref, 0, 100000) \
    X("grave_ref", P_INT, grave_ref, 0, 1000000000) \
    X("grave_bias", P_DOUBLE, grave_bias, 0, 1) \
    X("prior_visits", P_DOUBLE, prior_visits, 0, 1e4) \
    X("expand_after", P_INT, expand_after, 1, 1000) \
    X("rescan", P_INT, rescan, 1, 1000) \
    X("virtual_loss", P_DOUBLE, virtual_loss, 0, 1e6) \
    X("playout_cap", P_INT, playout_cap, 0, 100000) \
    X("rave", P_BOOL, rave, 0, 1) \
    X("priors", P_BOOL, priors, 0, 1) \
    X("policy", P_BOOL, policy, 0, 1) \
    X("p_bridge", P_DOUBLE, p_bridge, 0, 1) \
    X("p_flip", P_DOUBLE, p_flip, 0, 1) \
    X("lgr", P_BOOL, lgr, 0, 1) \
    X("learned_priors", P_BOOL, learned_priors, 0, 1) \
    X("learned_policy", P_BOOL, learned_policy, 0, 1) \
    X("learned_plies", P_INT, learned_plies, 0, 100000) \
    X("learned_policy_all", P_BOOL, learned_policy_all, 0, 1) \
    X("learned_wide", P_BOOL, learned_wide, 0, 1) \
    X("learned_conn", P_INT, learned_conn, 0, MAX_SIZE) \
    X("learned_scale", P_DOUBLE, learned_scale, 0, 10) \
    X("learned_anchor", P_DOUBLE, learned_anchor, 0, 1) \
    X("learned_blend", P_DOUBLE, learned_blend, 0, 1) \
    X("learned_bias", P_DOUBLE, learned_bias, 0, 100) \
    X("reuse", P_BOOL, reuse, 0, 1) \
    X("solver", P_BOOL, use_solver, 0, 1) \
    X("prove", P_BOOL, prove, 0, 1) \
    X("solver_time", P_DOUBLE, solver_time, 0, 3600) \
    X("solve_time", P_DOUBLE, solve_time, 0, 86400) \
    X("ab_depth", P_INT, ab_depth, 0, 200) \
    X("book", P_BOOL, book, 0, 1) \
    X("verbose", P_BOOL, verbose, 0, 1)

#define PARAM_ROW(name, type, field, lo, hi) {name, type, F(field), lo, hi},
static const Param params[] = {PARAMS(PARAM_ROW)};
#undef PARAM_ROW
#define NPARAMS (sizeof params / sizeof params[0])

#define PARAM_NAME(name, type, field, lo, hi) name,
static const char *const names[NPARAMS + 1] = {PARAMS(PARAM_NAME) NULL};
#undef PARAM_NAME

const char *const *params_names(void) { return names; }

void config_default(EngineConfig *c)
{
    memset(c, 0, sizeof *c);
    c->searcher = searcher_find("mcts");
    c->threads = 1;
    c->playouts = 0;
    c->movetime = 1.0;
    c->memory = 512;
    c->seed = 0;
    c->explore = 0.05; /* tuned: 0.1 beat 0.2 22-8, 0.05 beat 0.1 19-11 (9x9, 0.3 s) */
    c->cairo_explore = 0; /* Morpharaoh 48 at 1 s against uct: 89-11 with 0, 81-19 with 0.05 */
    c->uct_explore = 0.7;
    c->rave_equiv = 2000;
    c->rave_ref = 0;
    c->grave_ref = 100;    /* Ludii's McGRAVE: ref = 100, bias = 10.0e-6 */
    c->grave_bias = 1e-5;
    c->prior_visits = 120; /* tuned: 60 beat 20 19-11; 120 beat 60 36-24 at expand_after 8 (9x9, 0.5 s) */
    c->expand_after = 8; /* tuned: 8 beat 2 39-21 (9x9, 0.5 s, 60 games); 16 vs 8 28-29 */
    c->rescan = 8; /* 8 against 1: 101-99 (9x9), 100-100 (Morpharaoh 48), 3000 playouts a move, 200 games */
    c->virtual_loss = 3; /* threads: 2 threads at 9x9 0.25 s against 0, see docs/results.md */
    c->playout_cap = 0;
    c->rave = 1;
    c->priors = 1;
    c->policy = 1;
    c->p_bridge = 0.9;
    c->p_flip = 0; /* eager flips: 0 beat 0.5 34-26 (9x9, 0.5 s); bridge answers alone vs no policy 29-31 */
    c->lgr = 0;
    /* on, anchor 1, scale 0.1 against off (9x9, 0.25 s): 32-18, +100 Elo (95% +5..+213);
     * 13x13: 15-5 (docs/results.md) */
    c->learned_priors = 1;
    /* the learned playout policy for a playout's first 20 plies against the
     * hand-set policy (0.25 s a move): 9x9 81-57, 13x13 39-21; Morpharaoh 48
     * 10-30, so only where shown (learned_policy_shown; docs/results.md) */
    c->learned_policy = 1;
    c->learned_plies = 20;
    c->learned_policy_all = 0;
    c->learned_wide = 1;
    c->learned_conn = 0;
    c->learned_scale = 0.1;
    c->learned_anchor = 1;
    c->learned_blend = 1;
    c->learned_bias = 0.3; /* 0.3 against 0: 9x9 0.25 s, see docs/results.md */
    c->prove = 1;
    c->reuse = 1;
    c->use_solver = 1;
    c->solver_time = 0.1;
    c->solve_time = 10;
    c->ab_depth = 0;
    c->book = 1;
    c->verbose = 1;
    c->expand_marks = 1;
}

static const Param *find(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; i < NPARAMS; i++)
        if (strcasecmp(params[i].name, name) == 0) return &params[i];
    return NULL;
}

static int fail(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
    if (err && errlen) snprintf(err, errlen, fmt, a, b);
    return -1;
}

/* Physical memory in MiB, or 0 when unknown. */
static long phys_mib(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0) return 0;
    return (long)((double)pages * (double)size / (1 << 20));
}

int params_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* "option NAME: 'VALUE' WHAT (allowed: LO to HI)". */
static int range_fail(char *err, size_t errlen, const Param *p, const char *value, const char *what, double hi)
{
    if (err && errlen)
        snprintf(err, errlen, "option %s: '%.40s' %s (allowed: %.15g to %.15g%s)", p->name, value, what, p->lo, hi,
                 p->off == F(memory) ? " MiB" : p->off == F(movetime) || p->off == F(solver_time) || p->off == F(solve_time) ? " seconds" : "");
    return -1;
}

int params_set(EngineConfig *c, const char *name, const char *value, char *err, size_t errlen)
{
    const Param *p = find(name);
    if (!p) return fail(err, errlen, "unknown option '%s'%s", name ? name : "", "");
    if (!value || !*value) return fail(err, errlen, "option %s needs a value%s", p->name, "");
    char *base = (char *)c + p->off;
    char *end = NULL;
    errno = 0;
    switch (p->type) {
    case P_SEARCHER:
    {
        int id = searcher_find(value);
        if (id >= 0) {
            *(int *)base = id;
            return 0;
        }
        char list[160] = "";
        for (int i = 0; i < searcher_count(); i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", searchers[i].name);
        return fail(err, errlen, "searcher must be one of %s, not '%s'", list, value);
    }
    case P_BOOL:
        if (!strcasecmp(value, "on") || !strcasecmp(value, "true") || !strcmp(value, "1") || !strcasecmp(value, "yes")) {
            *(int *)base = 1;
            return 0;
        }
        if (!strcasecmp(value, "off") || !strcasecmp(value, "false") || !strcmp(value, "0") || !strcasecmp(value, "no")) {
            *(int *)base = 0;
            return 0;
        }
        return fail(err, errlen, "option %s takes on or off, not '%s'", p->name, value);
    case P_U64: {
        if (value[0] == '-') return fail(err, errlen, "option %s takes a non-negative integer, not '%s'", p->name, value);
        unsigned long long v = strtoull(value, &end, 10);
        if (errno || end == value || *end) return fail(err, errlen, "option %s takes a non-negative integer, not '%s'", p->name, value);
        *(uint64_t *)base = (uint64_t)v;
        return 0;
    }
    case P_INT:
    case P_LONG: {
        /* Plain decimal digits, optionally signed: strtoll alone would
         * take leading blanks and "+". */
        const char *d = value + (value[0] == '-');
        if (*d < '0' || *d > '9')
            return range_fail(err, errlen, p, value, "takes an integer", p->hi);
        long long v = strtoll(value, &end, 10);
        if (errno || end == value || *end) return range_fail(err, errlen, p, value, "takes an integer", p->hi);
        double hi = p->hi;
        if (p->off == F(memory)) {
            long phys = phys_mib();
            if (phys > 0 && phys < hi) hi = (double)phys;
            if ((double)v > hi && (double)v <= p->hi)
                return range_fail(err, errlen, p, value, "is more than this machine's memory", hi);
        }
        if ((double)v < p->lo || (double)v > hi) return range_fail(err, errlen, p, value, "is out of range", hi);
        if (p->type == P_INT) *(int *)base = (int)v;
        else *(long *)base = (long)v;
        return 0;
    }
    case P_DOUBLE: {
        const char *d = value + (value[0] == '-');
        if ((*d < '0' || *d > '9') && *d != '.') return range_fail(err, errlen, p, value, "takes a number", p->hi);
        double v = strtod(value, &end);
        if (errno || end == value || *end || !isfinite(v)) return range_fail(err, errlen, p, value, "takes a number", p->hi);
        if (v < p->lo || v > p->hi) return range_fail(err, errlen, p, value, "is out of range", p->hi);
        *(double *)base = v;
        return 0;
    }
    }
    return fail(err, errlen, "option %s: internal type error%s", p->name, "");
}

int params_get(const EngineConfig *c, const char *name, char *out, size_t outlen)
{
    const Param *p = find(name);
    if (!p || !out || !outlen) return -1;
    const char *base = (const char *)c + p->off;
    switch (p->type) {
    case P_SEARCHER: snprintf(out, outlen, "%s", searcher_name(*(const int *)base)); break;
    case P_BOOL: snprintf(out, outlen, "%s", *(const int *)base ? "on" : "off"); break;
    case P_U64: snprintf(out, outlen, "%llu", (unsigned long long)*(const uint64_t *)base); break;
    case P_INT: snprintf(out, outlen, "%d", *(const int *)base); break;
    case P_LONG: snprintf(out, outlen, "%ld", *(const long *)base); break;
    case P_DOUBLE: snprintf(out, outlen, "%g", *(const double *)base); break;
    }
    return 0;
}
