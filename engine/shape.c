/* shape.c - Cairo bridges from tables of the two boards' geometry (rules/
 * cairo.h): each cell's partners with their two links, and each cell's
 * cuts. The engine alone uses them, so they live here: built once (the
 * first call, under pthread_once) and read-only after. On Cairo boards a
 * cell's bit is its number, so cells index bitboards. */
#include "shape.h"

#include <assert.h>
#include <pthread.h>

#include "../rules/cairo.h"

#define CAIRO_MAX_BRIDGES 4 /* per cell; the boards have at most 3 */

/* bridge[p]: p's partners and the links; cut[q]: for the bridges that have
 * q as a link, the two ends and the other link, in the order of the pairs
 * of q's neighbours. */
typedef struct CairoShapes {
    uint8_t nbridge[CAIRO_MAX_CELLS], ncut[CAIRO_MAX_CELLS];
    struct { int16_t partner, link[2]; } bridge[CAIRO_MAX_CELLS][CAIRO_MAX_BRIDGES];
    struct { int16_t a, c, r; } cut[CAIRO_MAX_CELLS][CAIRO_MAX_BRIDGES];
} CairoShapes;

static const int board_cells[2] = {48, 160};
static CairoShapes shapes[2];
static pthread_once_t shapes_once = PTHREAD_ONCE_INIT;

static bool adjacent(const CairoCell *cell, int a, int c)
{
    for (int k = 0; k < cell[a].northo; k++)
        if (cell[a].orth[k] == c) return true;
    return false;
}

/* The common neighbours of a and c, in a's neighbour order (at most max). */
static int common_nbrs(const CairoCell *cell, int a, int c, int *out, int max)
{
    int n = 0;
    for (int k = 0; k < cell[a].northo; k++)
        if (adjacent(cell, c, cell[a].orth[k]) && n < max) out[n++] = cell[a].orth[k];
    return n;
}

/* Bridges: pairs of cells, not neighbours, with two common neighbours.
 * The geometry is fixed data: the asserts state what it holds. */
static void build(CairoShapes *s, const CairoCell *cell, int n)
{
    assert(cell && n <= CAIRO_MAX_CELLS);
    for (int a = 0; a < n; a++)
        for (int c = 0; c < n; c++) {
            int l[3];
            if (c == a || adjacent(cell, a, c)) continue;
            int nl = common_nbrs(cell, a, c, l, 3);
            if (nl < 2) continue;
            assert(nl == 2 && s->nbridge[a] < CAIRO_MAX_BRIDGES);
            s->bridge[a][s->nbridge[a]].partner = (int16_t)c;
            s->bridge[a][s->nbridge[a]].link[0] = (int16_t)l[0];
            s->bridge[a][s->nbridge[a]++].link[1] = (int16_t)l[1];
        }
    for (int q = 0; q < n; q++)
        for (int i = 0; i < cell[q].northo; i++)
            for (int j = i + 1; j < cell[q].northo; j++) {
                int a = cell[q].orth[i], c = cell[q].orth[j], l[3];
                if (adjacent(cell, a, c) || common_nbrs(cell, a, c, l, 3) != 2) continue;
                assert(s->ncut[q] < CAIRO_MAX_BRIDGES);
                s->cut[q][s->ncut[q]].a = (int16_t)a;
                s->cut[q][s->ncut[q]].c = (int16_t)c;
                s->cut[q][s->ncut[q]++].r = (int16_t)(l[0] == q ? l[1] : l[0]);
            }
}

static void build_all(void)
{
    for (int i = 0; i < 2; i++) build(&shapes[i], cairo_cells(board_cells[i]), board_cells[i]);
}

/* The tables of b's Cairo board; NULL on square boards. */
static const CairoShapes *shapes_of(const Board *b)
{
    if (b->size != 0 || !b->cairo) return NULL;
    pthread_once(&shapes_once, build_all);
    assert(b->npoints == board_cells[0] || b->npoints == board_cells[1]);
    return &shapes[b->npoints == board_cells[0] ? 0 : 1];
}

static inline int occupied(const Position *p, int bit) { return bb_test(p->stones[0], bit) || bb_test(p->stones[1], bit); }

int shape_cairo_bridge_answer(const Position *p, int q)
{
    const CairoShapes *s = shapes_of(p->board);
    if (!s) return -1;
    assert(q >= 0 && q < p->board->npoints);
    /* Which cuts q made, as bits (in a playout about half the tests pass,
     * unpredictably: no branch per test), then the first one's link. */
    const uint64_t *own = p->stones[p->to_move], *opp = p->stones[p->to_move ^ 1];
    unsigned found = 0;
    for (int k = 0; k < s->ncut[q]; k++) {
        int a = s->cut[q][k].a, c = s->cut[q][k].c, r = s->cut[q][k].r;
        const unsigned held = (unsigned)bb_test(own, a) & (unsigned)bb_test(own, c);
        const unsigned taken = (unsigned)bb_test(own, r) | (unsigned)bb_test(opp, r);
        found |= (held & ~taken & 1u) << k;
    }
    return found ? s->cut[q][__builtin_ctz(found)].r : -1;
}

int shape_cairo_bridge_answers(const Position *p, int q, int *out)
{
    const CairoShapes *s = shapes_of(p->board);
    if (!s) return 0;
    assert(q >= 0 && q < p->board->npoints);
    const uint64_t *own = p->stones[p->to_move], *opp = p->stones[p->to_move ^ 1];
    int n = 0;
    for (int k = 0; k < s->ncut[q]; k++) {
        int a = s->cut[q][k].a, c = s->cut[q][k].c, r = s->cut[q][k].r;
        if (bb_test(own, a) && bb_test(own, c) && !bb_test(own, r) && !bb_test(opp, r)) out[n++] = r;
    }
    return n;
}

int shape_cairo_bridges(const Position *p, int pt, int c)
{
    const CairoShapes *s = shapes_of(p->board);
    if (!s) return 0;
    assert(pt >= 0 && pt < p->board->npoints && (c == BLACK || c == WHITE));
    const uint64_t *own = p->stones[c];
    for (int k = 0; k < s->nbridge[pt]; k++)
        if (bb_test(own, s->bridge[pt][k].partner) && !occupied(p, s->bridge[pt][k].link[0]) && !occupied(p, s->bridge[pt][k].link[1]))
            return 1;
    return 0;
}
