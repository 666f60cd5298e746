/* ref_distance.h - the engine's distance (engine/eval.h) read plainly: a
 * point's cost for a colour, and the cheapest path from one of its goal
 * lines to every point by relaxation to a fixed point over the points (no
 * bitboards, no layers). test_solve checks eval_distance against it,
 * test_learn the connection classes. */
#ifndef MORPHOS_TESTS_REF_DISTANCE_H
#define MORPHOS_TESTS_REF_DISTANCE_H

#include "../engine/eval.h"
#include "support.h"

/* Colour c's cost of each point: 0 an own stone, 1 an empty point or an
 * enemy stone that c could flip now, -1 any other enemy stone (a wall). */
static inline void ref_costs(const Position *p, Color c, int *cost)
{
    const Board *b = p->board;
    bb_t weak;
    pos_weak_stones(p, (Color)(c ^ 1), weak);
    for (int i = 0; i < b->npoints; i++) {
        int bit = b->bit_of[i];
        cost[i] = bb_test(p->stones[c], bit) ? 0 : !bb_test(p->stones[c ^ 1], bit) ? 1 : bb_test(weak, bit) ? 1 : -1;
    }
}

/* dist[i]: the least sum of the costs of a path of points from c's goal
 * line `line` (0 or 1) to point i, i's own cost included; EVAL_FAR when
 * walls cut i off. */
static inline void ref_line_distances(const Position *p, Color c, const int *cost, int line, int *dist)
{
    const Board *b = p->board;
    for (int i = 0; i < b->npoints; i++) dist[i] = cost[i] >= 0 && bb_test(b->goal[c][line], b->bit_of[i]) ? cost[i] : EVAL_FAR;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < b->npoints; i++)
            for (int k = 0; k < b->nnbr[i] && cost[i] >= 0; k++) {
                int u = b->nbr[i][k];
                if (dist[u] < EVAL_FAR && dist[u] + cost[i] < dist[i]) dist[i] = dist[u] + cost[i], changed = 1;
            }
    }
}

/* c's distance: the least distance from the first goal line at a point
 * of the second (EVAL_FAR: none). */
static inline int ref_distance(const Position *p, Color c)
{
    const Board *b = p->board;
    int cost[MAX_POINTS], dist[MAX_POINTS];
    ref_costs(p, c, cost);
    ref_line_distances(p, c, cost, 0, dist);
    int best = EVAL_FAR;
    for (int i = 0; i < b->npoints; i++)
        if (bb_test(b->goal[c][1], b->bit_of[i]) && dist[i] < best) best = dist[i];
    return best;
}

#endif
