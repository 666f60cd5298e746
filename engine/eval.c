/* eval.c - shortest-path distances by 0-1 BFS over the points. Weak enemy
 * stones cost 1 because a flip takes them over in one move; that is what
 * makes this a Morphos distance rather than a Hex one. */
#include "eval.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Each point's cost for colour c (own stone 0, empty or a weak enemy
 * stone 1, another enemy stone -1: a wall), weak the enemy's stones that
 * c could flip now. */
static void point_costs(const Position *p, Color c, const uint64_t *weak, int16_t *cost)
{
    const Board *b = p->board;
    const Color o = (Color)(c ^ 1);
    for (int i = 0; i < b->npoints; i++) {
        int bit = b->bit_of[i];
        if (bb_test(p->stones[c], bit)) cost[i] = 0;
        else if (!bb_test(p->stones[o], bit)) cost[i] = 1;
        else cost[i] = bb_test(weak, bit) ? 1 : -1;
    }
}

/* 0-1 BFS from the goal line `from` (its points cost their own cost):
 * dist[i] the least sum of costs of a path from that line to i, i's own
 * cost included (EVAL_FAR: none). Points leave the deque in order of
 * distance (each the first time at its final one), so with `to` (a goal
 * mask, or NULL to fill dist for every point) the search stops at the
 * first point of `to`, or at the first point farther than `limit`;
 * returns that point's distance (limit + 1, or EVAL_FAR when no path). */
static int bfs01(const Board *b, const int16_t *cost, const uint64_t *from, const uint64_t *to, int limit, int16_t *dist)
{
    const int n = b->npoints;
    int16_t dq[2 * MAX_POINTS + 2];
    int head = MAX_POINTS + 1, tail = MAX_POINTS + 1; /* deque in [head, tail) */
    for (int i = 0; i < n; i++) {
        int bit = b->bit_of[i];
        dist[i] = EVAL_FAR;
        if (cost[i] >= 0 && bb_test(from, bit)) {
            dist[i] = cost[i];
            if (cost[i] == 0) dq[--head] = (int16_t)i;
            else dq[tail++] = (int16_t)i;
        }
    }
    /* Each point enters at most twice (once per distance class), so the
     * deque never outgrows 2n; pops skip stale entries. */
    uint8_t done[MAX_POINTS]; /* only the board's points: small boards must not pay for 625 */
    memset(done, 0, (size_t)n);
    while (head < tail) {
        int u = dq[head++];
        if (done[u]) continue;
        if (to && dist[u] > limit) return limit + 1;
        done[u] = 1;
        if (to && bb_test(to, b->bit_of[u])) return dist[u];
        for (int k = 0; k < b->nnbr[u]; k++) {
            int v = b->nbr[u][k];
            if (cost[v] < 0 || done[v]) continue;
            int d = dist[u] + cost[v];
            if (d < dist[v]) {
                dist[v] = (int16_t)d;
                if (cost[v] == 0) {
                    if (head == 0) continue; /* cannot happen: bounded above */
                    dq[--head] = (int16_t)v;
                } else {
                    if (tail >= 2 * MAX_POINTS + 2) continue;
                    dq[tail++] = (int16_t)v;
                }
            }
        }
    }
    return EVAL_FAR;
}

static int distance(const Position *p, Color c, int limit)
{
    assert((c == BLACK || c == WHITE) && limit >= 0 && limit <= EVAL_FAR);
    const Board *b = p->board;
    bb_t weak;
    pos_weak_stones(p, (Color)(c ^ 1), weak);
    int16_t cost[MAX_POINTS], dist[MAX_POINTS];
    point_costs(p, c, weak, cost);
    return bfs01(b, cost, b->goal[c][0], b->goal[c][1], limit, dist);
}

int eval_distance_maps(const Position *p, Color c, const uint64_t *weak, int16_t *cost, int16_t *d0, int16_t *d1)
{
    assert(c == BLACK || c == WHITE);
    const Board *b = p->board;
    point_costs(p, c, weak, cost);
    bfs01(b, cost, b->goal[c][0], NULL, EVAL_FAR, d0);
    bfs01(b, cost, b->goal[c][1], NULL, EVAL_FAR, d1);
    int best = EVAL_FAR;
    for (int i = 0; i < b->npoints; i++)
        if (bb_test(b->goal[c][1], b->bit_of[i]) && d0[i] < best) best = d0[i];
    return best;
}

/* dst = the points of `within` orthogonally next to src (square boards:
 * shifts by 1 and by the stride; the frame bits are in no `within`). */
static inline void grow_square(uint64_t *dst, const uint64_t *src, const uint64_t *within, int nw, int S)
{
    for (int i = 0; i < nw; i++) {
        uint64_t lo1 = i ? src[i - 1] >> 63 : 0, hi1 = i + 1 < nw ? src[i + 1] << 63 : 0;
        uint64_t loS = i ? src[i - 1] >> (64 - S) : 0, hiS = i + 1 < nw ? src[i + 1] << (64 - S) : 0;
        dst[i] = ((src[i] << 1) | lo1 | (src[i] >> 1) | hi1 | (src[i] << S) | loS | (src[i] >> S) | hiS) & within[i];
    }
}

/* The same distance on square boards by layers of bitboards: R(d), the
 * points at distance d or less, is R(d-1) with every cost-1 point next to
 * it (or on the first goal line) and the own stones joined to those. Some
 * shifts a layer where the queue above touches every point (the solver
 * computes two distances for each new child). */
static int distance_square(const Position *p, Color c, int limit)
{
    const Board *b = p->board;
    const int nw = b->words, S = b->stride;
    assert(S > 0 && S < 64);
    Color o = (Color)(c ^ 1);
    bb_t weak, own, step, r, g, add;
    pos_weak_stones(p, o, weak);
    uint64_t any = 0;
    for (int i = 0; i < nw; i++) {
        own[i] = p->stones[c][i] & b->points[i]; /* not the edges' virtual stones */
        step[i] = (b->points[i] & ~(p->stones[0][i] | p->stones[1][i])) | (p->stones[o][i] & weak[i]);
        r[i] = own[i] & b->goal[c][0][i];
    }
    for (int d = 0;; d++) {
        /* R(d): grown through own stones. */
        for (;;) {
            grow_square(g, r, own, nw, S);
            uint64_t more = 0;
            for (int i = 0; i < nw; i++) more |= g[i] & ~r[i], r[i] |= g[i];
            if (!more) break;
        }
        any = 0;
        for (int i = 0; i < nw; i++) any |= r[i] & b->goal[c][1][i];
        if (any) return d;
        grow_square(add, r, step, nw, S);
        any = 0;
        for (int i = 0; i < nw; i++) {
            add[i] = (add[i] | (step[i] & b->goal[c][0][i])) & ~r[i];
            any |= add[i];
            r[i] |= add[i];
        }
        if (!any) return EVAL_FAR; /* as the queue: emptied before passing the limit */
        if (d >= limit) return limit + 1;
    }
}

int eval_distance(const Position *p, Color c)
{
    return p->board->size ? distance_square(p, c, EVAL_FAR) : distance(p, c, EVAL_FAR);
}

int eval_distance_within(const Position *p, Color c, int limit)
{
    limit = limit < 0 ? 0 : limit < EVAL_FAR ? limit : EVAL_FAR;
    return p->board->size ? distance_square(p, c, limit) : distance(p, c, limit);
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
