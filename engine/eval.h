/* eval.h - static evaluation for alpha-beta and for scoring capped
 * playouts: each side's shortest-path distance between its two edges.
 * Pure functions of the position; no state. */
#ifndef MORPHOS_ENGINE_EVAL_H
#define MORPHOS_ENGINE_EVAL_H

#include "../rules/rules.h"

#define EVAL_FAR 1000

/* Moves colour c still needs to connect its edges: own stones cost 0,
 * empty points 1, enemy stones that are weak now 1 (a flip), other enemy
 * stones are walls. EVAL_FAR when no path exists. */
int eval_distance(const Position *p, Color c);

/* eval_distance when it is at most limit (>= 0), else limit + 1: the
 * search stops at that distance (cheap for small limits). */
int eval_distance_within(const Position *p, Color c, int limit);

/* Colour c's shortest paths between its goal lines, weak the enemy's
 * stones c could flip now (pos_weak_stones of the other colour): `on`
 * the points on a shortest path (the cheapest path through the point,
 * its own cost counted once, costs the distance), `near` those on a path
 * one longer; bitboards of the board's words. Returns the distance
 * (eval_distance's; EVAL_FAR when no path, and both sets empty). Once per
 * position (the priors' connection features), not in the playouts. */
int eval_paths(const Position *p, Color c, const uint64_t *weak, uint64_t *on, uint64_t *near);

/* Score for the side to move, positive = better, in distance units * 100
 * (the other side's distance minus ours, with a tempo bonus). */
int eval_position(const Position *p);

#endif
