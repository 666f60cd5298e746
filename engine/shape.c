/* shape.c - Cairo bridges by whole-word operations on the neighbour
 * bitboards: the common neighbours of a and b are nbr_bb[a] & nbr_bb[b]. */
#include "shape.h"

static void empty_of(const Position *p, uint64_t *e)
{
    const Board *b = p->board;
    for (int w = 0; w < BB_MAXW; w++) e[w] = w < b->words ? b->points[w] & ~(p->stones[0][w] | p->stones[1][w]) : 0;
}

/* First set bit of a & c & e (words nw), or -1. */
static int first_common(const uint64_t *a, const uint64_t *c, const uint64_t *e, int nw, int skip_bit)
{
    for (int w = 0; w < nw; w++) {
        uint64_t x = a[w] & c[w] & e[w];
        if (skip_bit >> 6 == w) x &= ~((uint64_t)1 << (skip_bit & 63));
        if (x) return w * 64 + __builtin_ctzll(x);
    }
    return -1;
}

static int common_count(const uint64_t *a, const uint64_t *c, const uint64_t *e, int nw)
{
    int n = 0;
    for (int w = 0; w < nw; w++) n += __builtin_popcountll(a[w] & c[w] & e[w]);
    return n;
}

int shape_cairo_bridge_answer(const Position *p, int q)
{
    const Board *b = p->board;
    if (b->size != 0 || !b->nbr_bb) return -1;
    int me = p->to_move, nw = b->words;
    bb_t e;
    empty_of(p, e);
    int own[8], no = 0;
    for (int k = 0; k < b->nnbr[q]; k++) {
        int a = b->nbr[q][k];
        if (bb_test(p->stones[me], b->bit_of[a])) own[no++] = a;
    }
    for (int i = 0; i < no; i++)
        for (int j = i + 1; j < no; j++) {
            int a = own[i], c = own[j];
            if (bb_test(b->nbr_bb[a], b->bit_of[c])) continue; /* already joined */
            int r = first_common(b->nbr_bb[a], b->nbr_bb[c], e, nw, b->bit_of[q]);
            if (r >= 0) return b->point_of[r];
        }
    return -1;
}

int shape_cairo_bridges(const Position *p, int pt, int c)
{
    const Board *b = p->board;
    if (b->size != 0 || !b->nbr_bb) return 0;
    int nw = b->words;
    bb_t e;
    empty_of(p, e);
    for (int k = 0; k < b->nnbr[pt]; k++) {
        int x = b->nbr[pt][k];
        if (!bb_test(e, b->bit_of[x])) continue;
        for (int m = 0; m < b->nnbr[x]; m++) {
            int s = b->nbr[x][m];
            if (s == pt || !bb_test(p->stones[c], b->bit_of[s]) || bb_test(b->nbr_bb[pt], b->bit_of[s])) continue;
            if (common_count(b->nbr_bb[pt], b->nbr_bb[s], e, nw) >= 2) return 1;
        }
    }
    return 0;
}
