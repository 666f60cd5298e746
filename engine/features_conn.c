/* features_conn.c - the connection features (features.h): why. Every
 * other feature is local or about the last move, while a connection game
 * is won by the shortest path between two lines, and Hex programs' best
 * move-ordering signal is whether a point lies on it. Here the distance
 * is the engine's (eval.h): own stones cost 0, empty points 1, and an
 * enemy stone the mover could flip now 1 rather than a wall, since one
 * flip turns it into an own stone - that is what a Morphos path is; a
 * stone that cannot be flipped now blocks. A point is on a shortest path
 * of colour c when the cheapest path through it (d0 + d1 - its cost)
 * equals c's distance, near one when it is one longer. Both sides'
 * paths: a move on the opponent's path blocks, on one's own extends. Two
 * 0-1 searches a colour, once per tree expansion: the priors only. */
#include "features.h"

#include <assert.h>

#include "eval.h"

/* The point's class for one colour: 0 on a shortest path, 1 on one a
 * point longer, 2 neither (or no path). */
static int path_class(int16_t cost, int16_t d0, int16_t d1, int dist)
{
    if (cost < 0 || dist >= EVAL_FAR || d0 >= EVAL_FAR || d1 >= EVAL_FAR) return 2;
    const int through = d0 + d1 - cost;
    assert(through >= dist);
    return through == dist ? 0 : through == dist + 1 ? 1 : 2;
}

void feat_conn_prepare(FeatPos *f, FeatConn *c)
{
    const Position *p = f->p;
    const int n = p->board->npoints, me = f->me;
    int16_t cost[2][MAX_POINTS], d0[2][MAX_POINTS], d1[2][MAX_POINTS];
    for (int k = 0; k < 2; k++) { /* k 0: the mover, 1: the opponent */
        const int col = me ^ k;
        c->dist[col] = eval_distance_maps(p, (Color)col, f->weak[col ^ 1], cost[k], d0[k], d1[k]);
    }
    for (int i = 0; i < n; i++) {
        const int m = path_class(cost[0][i], d0[0][i], d1[0][i], c->dist[me]);
        const int o = path_class(cost[1][i], d0[1][i], d1[1][i], c->dist[me ^ 1]);
        c->cls[i] = (uint8_t)(3 * m + o); /* 8: neither, no feature */
    }
    f->conn = c->cls;
}
