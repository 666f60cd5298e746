/* util.h - small helpers shared by the searchers: the clock (clock.h), the
 * one-word random generator, a move's first point. Header-only, no state. */
#ifndef MORPHOS_ENGINE_UTIL_H
#define MORPHOS_ENGINE_UTIL_H

#include <stdint.h>

#include "../rules/rules.h"
#include "clock.h"

static inline double rng_unit(uint64_t *s) { return (double)(rng_next(s) >> 11) * (1.0 / 9007199254740992.0); }

static inline uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return z ? z : 1;
}

/* The point a move starts with (AnalysisMove.point): its first placement,
 * or the stone it flips; -1 for pass, swap and none. */
static inline int move_first_point(const Move *m)
{
    return m->kind == MOVE_PLACE || m->kind == MOVE_FLIP ? m->pt[0] : -1;
}


#endif
