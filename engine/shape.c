/* shape.c - Cairo bridges from the board's bridge tables (rules/board.h):
 * each cell's partners with their two links, and each cell's cuts. On
 * Cairo boards a cell's bit is its number, so cells index bitboards. */
#include "shape.h"

static inline int occupied(const Position *p, int bit) { return bb_test(p->stones[0], bit) || bb_test(p->stones[1], bit); }

int shape_cairo_bridge_answer(const Position *p, int q)
{
    const Board *b = p->board;
    if (b->size != 0 || !b->nbr_bb) return -1;
    const uint64_t *own = p->stones[p->to_move];
    for (int k = 0; k < b->ncut[q]; k++) {
        int a = b->cut[q][k].a, c = b->cut[q][k].c, r = b->cut[q][k].r;
        if (bb_test(own, a) && bb_test(own, c) && !occupied(p, r)) return r;
    }
    return -1;
}

int shape_cairo_bridges(const Position *p, int pt, int c)
{
    const Board *b = p->board;
    if (b->size != 0 || !b->nbr_bb) return 0;
    const uint64_t *own = p->stones[c];
    for (int k = 0; k < b->nbridge[pt]; k++)
        if (bb_test(own, b->bridge[pt][k].partner) && !occupied(p, b->bridge[pt][k].link[0]) && !occupied(p, b->bridge[pt][k].link[1]))
            return 1;
    return 0;
}
