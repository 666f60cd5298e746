/* eval.c - shortest-path distances by layers of bitboards. Weak enemy
 * stones cost 1 because a flip takes them over in one move; that is what
 * makes this a Morphos distance rather than a Hex one. A layer is a
 * dilation or two of the rules core's (board.h) over the board's words,
 * so a distance D costs about D of those, not a visit of every point: the
 * solver computes two distances for each new child, the priors'
 * connection features four layered searches each expansion. The layers
 * are compiled with the word count a constant for the common boards (up
 * to 13x13; CONST_WORDS). */
#include "eval.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define INLINE static inline __attribute__((always_inline))

/* Colour c's points by cost: own stones 0, empty points and the enemy's
 * stones that c could flip now (weak) 1 (step), every other enemy stone a
 * wall. Real points only, not the edges' virtual stones. */
typedef struct Costs {
    bb_t own, step;
} Costs;

INLINE void costs_of(const Position *p, Color c, const uint64_t *weak, Costs *k, const int NW0)
{
    const Board *b = p->board;
    const Color o = (Color)(c ^ 1);
    for (int i = 0, nw = NW0 ? NW0 : b->words; i < nw; i++) {
        k->own[i] = p->stones[c][i] & b->points[i];
        k->step[i] = b->points[i] & (~(p->stones[0][i] | p->stones[1][i]) | (p->stones[o][i] & weak[i]));
    }
}

/* R(d), the points whose cheapest path from the goal line `from` costs d
 * or less, their own cost included: R(0) is c's stones on the line and
 * the own stones joined to them; R(d + 1) adds the cost-1 points next to
 * R(d) or on the line, and the own stones joined to those. grown is R
 * with its neighbours, fresh the points that entered last. */
typedef struct Layers {
    const Board *b;
    const Costs *k;
    const uint64_t *from;
    bb_t r, grown, fresh;
} Layers;

/* add (points outside R) with the own stones outside R that it joins, and
 * g = add with its neighbours: each round dilates only the stones just
 * joined. Most layers join none, and then this is one dilation. */
INLINE void join_own(const Layers *l, uint64_t *add, uint64_t *g, const int NW0)
{
    const Board *b = l->b;
    const int nw = NW0 ? NW0 : b->words;
    bb_t out, j, t;
    for (int i = 0; i < nw; i++) out[i] = l->k->own[i] & ~l->r[i] & ~add[i];
    board_dilate_n(b, add, g, NW0);
    for (;;) {
        uint64_t any = 0;
        for (int i = 0; i < nw; i++) {
            any |= j[i] = g[i] & out[i];
            out[i] &= ~j[i];
            add[i] |= j[i];
        }
        if (!any) return;
        board_dilate_n(b, j, t, NW0);
        for (int i = 0; i < nw; i++) g[i] |= t[i];
    }
}

INLINE void layers_start(Layers *l, const Board *b, const Costs *k, const uint64_t *from, const int NW0)
{
    const int nw = NW0 ? NW0 : b->words;
    l->b = b, l->k = k, l->from = from;
    for (int i = 0; i < nw; i++) l->r[i] = 0, l->fresh[i] = k->own[i] & from[i];
    join_own(l, l->fresh, l->grown, NW0);
    for (int i = 0; i < nw; i++) l->r[i] = l->fresh[i];
}

/* R(d + 1) from R(d), fresh its new points; false (R unchanged) when
 * there are none: every point a path reaches is in R. */
INLINE bool layers_next(Layers *l, const int NW0)
{
    const int nw = NW0 ? NW0 : l->b->words;
    bb_t add, g;
    uint64_t any = 0;
    for (int i = 0; i < nw; i++) {
        add[i] = (l->grown[i] | l->from[i]) & l->k->step[i] & ~l->r[i];
        any |= add[i];
    }
    if (!any) return false;
    join_own(l, add, g, NW0);
    for (int i = 0; i < nw; i++) l->fresh[i] = add[i], l->r[i] |= add[i], l->grown[i] |= g[i];
    return true;
}

INLINE bool meets(const uint64_t *a, const uint64_t *b, const int nw)
{
    uint64_t any = 0;
    for (int i = 0; i < nw; i++) any |= a[i] & b[i];
    return any != 0;
}

/* The word counts compiled as constants: 5x5 to 13x13 (square boards of
 * 1 to 4 words) and the Cairo boards' (1 and 3); 0, any. */
#define CONST_WORDS(F, b, ...)                                                                                                      \
    switch ((b)->words) {                                                                                                        \
    case 1: return F(__VA_ARGS__, 1);                                                                                            \
    case 2: return F(__VA_ARGS__, 2);                                                                                            \
    case 3: return F(__VA_ARGS__, 3);                                                                                            \
    case 4: return F(__VA_ARGS__, 4);                                                                                            \
    default: return F(__VA_ARGS__, 0);                                                                                           \
    }

/* The least d with R(d) on the second goal line; limit + 1 once R(limit)
 * is not and still grows, EVAL_FAR once it stops growing. */
INLINE int distance_n(const Position *p, Color c, int limit, const int NW0)
{
    const Board *b = p->board;
    const int nw = NW0 ? NW0 : b->words;
    bb_t weak;
    pos_weak_stones(p, (Color)(c ^ 1), weak);
    Costs k;
    costs_of(p, c, weak, &k, NW0);
    Layers l;
    layers_start(&l, b, &k, b->goal[c][0], NW0);
    for (int d = 0;; d++) {
        if (meets(l.r, b->goal[c][1], nw)) return d;
        if (!layers_next(&l, NW0)) return EVAL_FAR;
        if (d >= limit) return limit + 1;
    }
}

static int distance(const Position *p, Color c, int limit)
{
    assert((c == BLACK || c == WHITE) && limit >= 0 && limit <= EVAL_FAR);
    CONST_WORDS(distance_n, p->board, p, c, limit)
}

int eval_distance(const Position *p, Color c) { return distance(p, c, EVAL_FAR); }

int eval_distance_within(const Position *p, Color c, int limit)
{
    limit = limit < 0 ? 0 : limit < EVAL_FAR ? limit : EVAL_FAR;
    return distance(p, c, limit);
}

/* Each point's distance from a goal line in binary, bit j in plane j (bit
 * slices of the board): the sum of two distances up to MAX_POINTS + 1,
 * the most that matters below, fits in PLANES bits. */
#define PLANES 11
_Static_assert(2 * (MAX_POINTS + 1) < 1 << PLANES, "the planes hold d0 + d1");

/* The points pts get distance d. */
INLINE void planes_add(uint64_t (*pl)[BB_MAXW], const uint64_t *pts, int d, const int nw)
{
    for (int j = 0; d >> j; j++)
        if (d >> j & 1)
            for (int i = 0; i < nw; i++) pl[j][i] |= pts[i];
}

/* The bits where the nb planes s hold v. */
INLINE uint64_t planes_equal(const uint64_t *s, int nb, int v)
{
    uint64_t m = ~(uint64_t)0;
    for (int j = 0; j < nb; j++) m &= v >> j & 1 ? s[j] : ~s[j];
    return m;
}

/* The sets need only whether d0 + d1 - cost, the cheapest path through a
 * point, equals the distance D or D + 1. It is never below D, nor below
 * d0 or d1 (a path from a line pays at least the point's own cost), so
 * points farther than D + 1 from either line are in neither set: the
 * layers from each line stop at D + 1, each point's distance is kept in
 * planes as its layer comes, and the sum is one ripple-carry addition
 * over the planes, a word at a time. */
INLINE int paths_n(const Position *p, Color c, const uint64_t *weak, uint64_t *on, uint64_t *near, const int NW0)
{
    const Board *b = p->board;
    const int nw = NW0 ? NW0 : b->words;
    Costs k;
    costs_of(p, c, weak, &k, NW0);
    bb_zero(on);
    bb_zero(near);
    uint64_t d0[PLANES][BB_MAXW], d1[PLANES][BB_MAXW];
    for (int j = 0; j < PLANES; j++)
        for (int i = 0; i < nw; i++) d0[j][i] = d1[j][i] = 0;
    /* From the first line: D where R(D) meets the second, then R(D + 1). */
    Layers l0, l1;
    layers_start(&l0, b, &k, b->goal[c][0], NW0);
    int dist = EVAL_FAR;
    for (int d = 0; dist == EVAL_FAR || d <= dist; d++) {
        if (dist == EVAL_FAR && meets(l0.r, b->goal[c][1], nw)) dist = d;
        if (!layers_next(&l0, NW0)) break;
        planes_add(d0, l0.fresh, d + 1, nw);
    }
    if (dist == EVAL_FAR) return EVAL_FAR;
    layers_start(&l1, b, &k, b->goal[c][1], NW0);
    for (int d = 0; d <= dist && layers_next(&l1, NW0); d++) planes_add(d1, l1.fresh, d + 1, nw);
    int nb = 0; /* the planes of sums up to 2 (D + 1) */
    while ((2 * dist + 2) >> nb) nb++;
    for (int i = 0; i < nw; i++) {
        uint64_t s[PLANES], carry = 0;
        for (int j = 0; j < nb; j++) {
            const uint64_t x = d0[j][i], y = d1[j][i];
            s[j] = x ^ y ^ carry;
            carry = (x & y) | (carry & (x ^ y));
        }
        const uint64_t both = l0.r[i] & l1.r[i], eq1 = planes_equal(s, nb, dist + 1);
        on[i] = both & ((k.own[i] & planes_equal(s, nb, dist)) | (k.step[i] & eq1));
        near[i] = both & ((k.own[i] & eq1) | (k.step[i] & planes_equal(s, nb, dist + 2)));
    }
    return dist;
}

int eval_paths(const Position *p, Color c, const uint64_t *weak, uint64_t *on, uint64_t *near)
{
    assert(c == BLACK || c == WHITE);
    CONST_WORDS(paths_n, p->board, p, c, weak, on, near)
}

int eval_position(const Position *p)
{
    Color me = (Color)p->to_move;
    int dm = eval_distance(p, me), dy = eval_distance(p, (Color)(me ^ 1));
    if (dm > 60) dm = 60;
    if (dy > 60) dy = 60;
    /* Tie-break equal distances by central stones: they keep more
     * shortest paths open (a crude stand-in for resistance). */
    int centre = 0;
    const Board *b = p->board;
    if (b->size > 0) {
        int n = b->size;
        for (int i = 0; i < b->npoints; i++) {
            int bit = b->bit_of[i], x = i % n, y = i / n;
            int c = 2 * (n - 1) - abs(2 * x - (n - 1)) - abs(2 * y - (n - 1));
            if (bb_test(p->stones[me], bit)) centre += c;
            else if (bb_test(p->stones[me ^ 1], bit)) centre -= c;
        }
    }
    return (dy - dm) * 100 + 30 + centre;
}
