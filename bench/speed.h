/* speed.h - the speed measurements behind bench/bench: the rules core's
 * uniformly random playouts, and the engine's searcher on a fixed set of
 * positions with fixed limits (so that two builds do the same work and
 * only their times differ). */
#ifndef MORPHOS_BENCH_SPEED_H
#define MORPHOS_BENCH_SPEED_H

#include <stddef.h>
#include <stdint.h>

#include "../engine/engine.h"
#include "../rules/rules.h"

typedef struct PlayoutRate {
    long playouts;
    long plies;
    long capped;      /* playouts stopped by the ply cap */
    double seconds;
} PlayoutRate;

/* Random games from the start of b (pos_random_move until the game ends or
 * `cap` plies) for about `seconds`. */
/* Random playouts for `seconds`, or exactly `count` of them when count > 0
 * (a fixed amount of work, for instruction counts under callgrind). */
void random_playout_rate(const Board *b, double seconds, long count, int cap, uint64_t seed, PlayoutRate *out);

/* A fixed bench position: the moves from the start, ';'-separated. */
typedef struct BenchPosition {
    int size;
    const char *rules;
    const char *moves;
} BenchPosition;

extern const BenchPosition bench_positions[];
extern const size_t bench_npositions;

/* Configure e for fixed, repeatable work: one thread, fixed seed, no
 * clock, no tree reuse or time-bound root solver, and `playouts` playouts
 * per move (the alpha-beta searcher: depth `ab_depth`). -1 and a message
 * on a rejected option. */
int bench_engine_setup(Engine *e, const char *searcher, long playouts, int ab_depth, char *err, size_t errlen);

/* Bench position i: its board (the caller frees it, after any engine that
 * searched it) and the position in *p. NULL and a message on failure. */
Board *bench_position_setup(size_t i, Position *p, char *err, size_t errlen);

#endif
