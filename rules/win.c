/* win.c - winning chains by flood fill.
 *
 * The fill grows from one goal line through the colour's stones. Square
 * boards grow by shifts (frame columns hold no real stones, so +-1 cannot
 * wrap between rows); a few steps run before each convergence test, since
 * the test costs as much as a step. */
#include "core.h"

/* Cairo boards (bits are cell numbers): breadth first, so that each
 * stone's neighbours are added once. The first step grows from all of f.
 * Word by word with the word count a constant: walking the bits with
 * bb_next mispredicted at every empty word. */
static inline __attribute__((always_inline)) void grow_graph_n(const Board *b, const uint64_t *from, uint64_t *g, const int nw)
{
    for (int j = 0; j < nw; j++)
        for (uint64_t w = from[j]; w; w &= w - 1) {
            const uint64_t *nb = b->nbr_bb[j * 64 + __builtin_ctzll(w)];
            for (int i = 0; i < nw; i++) g[i] |= nb[i];
        }
}

static inline __attribute__((always_inline)) void fill_graph_n(const Board *b, uint64_t *f, const uint64_t *within, const int nw)
{
    uint64_t g[BB_MAXW], todo[BB_MAXW];
    for (int i = 0; i < nw; i++) g[i] = f[i];
    grow_graph_n(b, f, g, nw);
    uint64_t any = 0;
    for (int i = 0; i < nw; i++) {
        g[i] &= within[i];
        any |= todo[i] = g[i] & ~f[i];
        f[i] = g[i];
    }
    while (any) {
        for (int i = 0; i < nw; i++) g[i] = 0;
        grow_graph_n(b, todo, g, nw);
        any = 0;
        for (int i = 0; i < nw; i++) {
            any |= todo[i] = g[i] & within[i] & ~f[i];
            f[i] |= todo[i];
        }
    }
}

void fill_component(const Board *b, uint64_t *f, const uint64_t *within)
{
    if (!b->size) {
        if (b->words == 1) fill_graph_n(b, f, within, 1);
        else if (b->words == 3) fill_graph_n(b, f, within, 3); /* the 160-cell board */
        else fill_graph_n(b, f, within, b->words);
        return;
    }
    switch (b->words) {
    case 1: fill_square_n(f, within, b->stride, 1); break;
    case 2: fill_square_n(f, within, b->stride, 2); break;
    case 3: fill_square_n(f, within, b->stride, 3); break;
    case 4: fill_square_n(f, within, b->stride, 4); break;
    default: fill_square_n(f, within, b->stride, b->words); break;
    }
}

bool has_chain(const Board *b, const uint64_t *own, int c, uint64_t *chain)
{
    int nw = b->words;
    bb_t f, g;
    for (int i = 0; i < nw; i++) {
        f[i] = own[i] & b->goal[c][0][i];
        g[i] = own[i] & b->goal[c][1][i];
    }
    fill_component(b, f, own);
    fill_component(b, g, own);
    bb_zero(chain);
    uint64_t hit = 0;
    for (int i = 0; i < nw; i++) hit |= chain[i] = f[i] & g[i];
    return hit != 0;
}

void board_dilate(const Board *b, const uint64_t *f, uint64_t *out)
{
    const int nw = b->words;
    if (!b->size) {
        for (int i = 0; i < nw; i++) out[i] = f[i];
        grow_graph_n(b, f, out, nw);
        for (int i = 0; i < nw; i++) out[i] &= b->points[i];
        return;
    }
    switch (nw) {
    case 1: board_dilate_n(b, f, out, 1); break;
    case 2: board_dilate_n(b, f, out, 2); break;
    case 3: board_dilate_n(b, f, out, 3); break;
    case 4: board_dilate_n(b, f, out, 4); break;
    default: board_dilate_n(b, f, out, 0); break;
    }
}

void pos_winning_points(const Position *p, int c, uint64_t *out)
{
    const Board *b = p->board;
    const int nw = b->words;
    /* conn[c] is what touches the first goal line already; the far side's
     * component needs one fill. A point touching both (or lying on a goal
     * line) joins them. */
    bb_t far, near_touch, far_touch;
    for (int i = 0; i < nw; i++) far[i] = p->stones[c][i] & b->goal[c][1][i];
    fill_component(b, far, p->stones[c]);
    board_dilate(b, p->conn[c], near_touch);
    board_dilate(b, far, far_touch);
    for (int i = 0; i < nw; i++)
        out[i] = (near_touch[i] | b->goal[c][0][i]) & (far_touch[i] | b->goal[c][1][i]) & b->points[i] & ~p->stones[c][i];
}
