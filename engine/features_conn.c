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
 * paths: a move on the opponent's path blocks, on one's own extends.
 * The two sets a colour by eval_paths' bitboard layers, once per tree
 * expansion: the priors only. */
#include "features.h"

#include <string.h>

#include "eval.h"

void feat_conn_prepare(FeatPos *f, FeatConn *c)
{
    const Position *p = f->p;
    const Board *b = p->board;
    const int nw = b->words, me = f->me;
    /* The class 3 m + o, m the mover's (0 on a shortest path, 1 on one a
     * point longer, 2 neither) and o the opponent's: 8 less 6 or 3 for
     * the mover's sets, 2 or 1 for the opponent's. */
    static const uint8_t less[2][2] = { { 6, 3 }, { 2, 1 } };
    memset(c->cls, 8, (size_t)b->npoints);
    for (int k = 0; k < 2; k++) { /* k 0: the mover, 1: the opponent */
        const int col = me ^ k;
        bb_t on, near;
        c->dist[col] = eval_paths(p, (Color)col, f->weak[col ^ 1], on, near);
        BB_FOR_EACH(bit, on, nw) c->cls[b->point_of[bit]] -= less[k][0];
        BB_FOR_EACH(bit, near, nw) c->cls[b->point_of[bit]] -= less[k][1];
    }
    f->conn = c->cls;
}
