/* learned_policy.c - the learned playout policy (learned_policy.h): why
 * so. A placement's strength under the model is mostly its window and
 * its distance to the last move (next to it: gamma e^2.4 on 9x9, against
 * e^0.1 for a far one), so the moves worth scoring one by one are the
 * last move's neighbours and the flips; the far placements are many and
 * alike, and one shared weight with a uniform draw serves them at the
 * cost of a random ply. Recomputing the windows each ply cost about 12
 * times the playouts of a uniform ply; the codes are kept instead. */
#include "learned_policy.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../rules/cairo.h"
#include "features.h"
#include "util.h"

static const uint32_t POW6[8] = {1, 6, 36, 216, 1296, 7776, 46656, 279936};
/* A cell's state as a digit of each mover's frame (own first). */
static const uint8_t DIGIT[2][6] = {{0, 1, 2, 3, 4, 5}, {0, 2, 1, 4, 3, 5}};
/* The window's orthogonal cells (N, W, E, S) as a mask of its order. */
#define ORTH_CELLS 0x5au
/* Whether a cell's state is a stone of me's, weak or not (1 + me or 3 + me). */
static inline bool own_state(unsigned st, int me) { return ((st - 1 - (unsigned)me) & ~2u) == 0; }

void lpolicy_config(LPolicy *lp, const Board *b, const LearnedSet *w)
{
    memset(lp, 0, sizeof *lp);
    if (!w) return;
    lp->dense = learned_dense(w);
    if (!lp->dense) {
        fprintf(stderr, "learned_policy: no memory for its table (%zu KiB): the hand-set playout policy plays\n",
                (size_t)FEAT_SQUARE_CODES * 2 / 1024);
        return;
    }
    lp->w = w;
    assert(lp->dense->cairo == (b->size == 0));
    const float *fx = w->fixed;
    lp->gplace = expf(fx[FEAT_PLACE]);
    lp->gweak = expf(fx[FEAT_PLACE_WEAK]);
    lp->gflip = expf(fx[FEAT_FLIP]);
    lp->gans = expf(fx[FEAT_BRIDGE_ANSWER]);
    lp->gfar = expf(w->far);
    lp->gbridge[0] = 1, lp->gbridge[1] = expf(fx[FEAT_BRIDGE1]), lp->gbridge[2] = expf(fx[FEAT_BRIDGE2]);
    lp->glast[0] = expf(fx[FEAT_LAST_SAME]), lp->glast[1] = expf(fx[FEAT_LAST_ADJ]);
    lp->glast[2] = expf(fx[FEAT_LAST_DIAG]), lp->glast[3] = expf(fx[FEAT_LAST_NEAR]), lp->glast[4] = 1;
    for (int me = 0; me < 2; me++) {
        for (int pt = 0; pt < b->npoints; pt++) {
            MoveFeat mf = {.n = 0};
            feat_add_edges(b, me, pt, &mf);
            float s = 0;
            for (int i = 0; i < mf.n; i++) s += fx[mf.id[i]];
            lp->edge[me][pt] = expf(s);
        }
        if (b->size) feat_square_offsets(b, me, lp->off[me]);
    }
    for (int was = 0; was < 6; was++)
        for (int now = 0; now < 6; now++)
            for (int i = 0; i < 8; i++) {
                /* The cell at window position i of Black's frame is at j of White's. */
                int j = i;
                if (b->size)
                    for (int k = 0; k < 8; k++)
                        if (lp->off[WHITE][k] == lp->off[BLACK][i]) j = k;
                const int64_t d0 = DIGIT[0][now] - DIGIT[0][was], d1 = DIGIT[1][now] - DIGIT[1][was];
                lp->step[was][now][i] = d0 * POW6[i] + d1 * POW6[j] * ((int64_t)1 << 32);
            }
    if (b->size) {
        for (int i = 0; i < 8; i++) {
            if (ORTH_CELLS >> i & 1) continue;
            for (int j = 0; j < 8; j++)
                for (int k = j + 1; k < 8; k++)
                    if ((ORTH_CELLS >> j & ORTH_CELLS >> k & 1) && lp->off[BLACK][j] + lp->off[BLACK][k] == lp->off[BLACK][i])
                        lp->bridge[i][0] = lp->off[BLACK][j], lp->bridge[i][1] = lp->off[BLACK][k];
            assert(lp->bridge[i][0] != 0 && lp->bridge[i][1] != 0);
        }
        return;
    }
    for (int q = 0; q < b->npoints; q++) {
        int n = feat_cairo_ring(b, q, lp->ring[q]);
        lp->nring[q] = (int8_t)n;
        for (int me = 0; me < 2; me++) lp->cbase[me][q] = (n + 6 * feat_cairo_side(b, me, q)) * 7776;
        for (int k = 0; k < n; k++) {
            int x = lp->ring[q][k];
            assert(lp->nrev[x] < 5);
            lp->revq[x][(int)lp->nrev[x]] = (int16_t)q;
            lp->revk[x][(int)lp->nrev[x]++] = (int8_t)k;
        }
    }
}

static inline uint8_t state_of(const LCodes *lc, int bit)
{
    if (bb_test(lc->stones[BLACK], bit)) return bb_test(lc->weak[BLACK], bit) ? 3 : 1;
    if (bb_test(lc->stones[WHITE], bit)) return bb_test(lc->weak[WHITE], bit) ? 4 : 2;
    return 0;
}

/* The mover's weak stones, and where its placements would be weak: one
 * pass of the rules core. */
static void mover_weak(const Position *p, uint64_t *weak, uint64_t *weak_if)
{
    const Board *b = p->board;
    const int me = p->to_move;
    pos_weak_points(p, (Color)me, weak);
    for (int w = 0; w < b->words; w++) {
        weak_if[w] = weak[w] & ~p->stones[me][w];
        weak[w] &= p->stones[me][w];
    }
}

/* Both colours' weak stones, and where the mover's placements would be
 * weak: two passes. */
static void weak_sets(const Position *p, uint64_t weak[2][BB_MAXW], uint64_t *weak_if)
{
    mover_weak(p, weak[p->to_move], weak_if);
    pos_weak_stones(p, (Color)(p->to_move ^ 1), weak[p->to_move ^ 1]);
}

void lcodes_init(LCodes *lc, const Position *p, const LPolicy *lp)
{
    const Board *b = p->board;
    memcpy(lc->stones, p->stones, sizeof lc->stones);
    weak_sets(p, lc->weak, lc->weak_if);
    lc->mover = p->to_move;
    if (b->size) {
        const int bits = (b->size + 2) * b->stride;
        assert(bits <= LP_BITS);
        memset(lc->st, 5, (size_t)bits);
        memset(lc->code, 0, (size_t)bits * sizeof lc->code[0]);
        for (int pt = 0; pt < b->npoints; pt++) lc->st[b->bit_of[pt]] = state_of(lc, b->bit_of[pt]);
        for (int pt = 0; pt < b->npoints; pt++) {
            const int q = b->bit_of[pt];
            for (int me = 0; me < 2; me++) {
                uint32_t c = 0;
                for (int i = 7; i >= 0; i--) c = c * 6 + DIGIT[me][lc->st[q + lp->off[me][i]]];
                lc->code[q] |= (uint64_t)c << (32 * me);
            }
        }
        return;
    }
    for (int q = 0; q < b->npoints; q++) lc->st[q] = state_of(lc, q); /* a Cairo cell's bit is its number */
    for (int q = 0; q < b->npoints; q++) {
        lc->code[q] = 0;
        for (int me = 0; me < 2; me++) {
            uint32_t c = 0;
            for (int k = lp->nring[q] - 1; k >= 0; k--) c = c * 6 + DIGIT[me][lc->st[lp->ring[q][k]]];
            lc->code[q] |= (uint64_t)c << (32 * me);
        }
    }
}

void lcodes_update(LCodes *lc, const Position *p, const LPolicy *lp)
{
    const Board *b = p->board;
    const int nw = b->words, me = p->to_move;
    bb_t weak[2];
    if (b->weak_by_stones && lc->mover == (me ^ 1) && !memcmp(lc->stones[me], p->stones[me], 8 * (size_t)nw)) {
        /* The other side's weak stones: those of the points weak for it
         * then (its weak stones and weak_if), which it holds now. */
        for (int w = 0; w < nw; w++) weak[me ^ 1][w] = (lc->weak[me ^ 1][w] | lc->weak_if[w]) & p->stones[me ^ 1][w];
        mover_weak(p, weak[me], lc->weak_if);
#ifdef MORPHOS_CHECKS
        bb_t check[2], check_if;
        weak_sets(p, check, check_if);
        assert(!memcmp(check[0], weak[0], 8 * (size_t)nw) && !memcmp(check[1], weak[1], 8 * (size_t)nw));
        assert(!memcmp(check_if, lc->weak_if, 8 * (size_t)nw));
#endif
    } else {
        weak_sets(p, weak, lc->weak_if);
    }
    lc->mover = (uint8_t)me;
    for (int w = 0; w < nw; w++) {
        uint64_t ch = (lc->stones[0][w] ^ p->stones[0][w]) | (lc->stones[1][w] ^ p->stones[1][w]) |
                      (lc->weak[0][w] ^ weak[0][w]) | (lc->weak[1][w] ^ weak[1][w]);
        lc->stones[0][w] = p->stones[0][w], lc->stones[1][w] = p->stones[1][w];
        lc->weak[0][w] = weak[0][w], lc->weak[1][w] = weak[1][w];
        for (; ch; ch &= ch - 1) {
            const int x = w * 64 + __builtin_ctzll(ch);
            const uint8_t was = lc->st[x], now = state_of(lc, x);
            if (was == now) continue;
            lc->st[x] = now;
            const int64_t *step = lp->step[was][now];
            if (b->size) {
                for (int i = 0; i < 8; i++) lc->code[x - lp->off[BLACK][i]] += (uint64_t)step[i];
            } else {
                for (int j = 0; j < lp->nrev[x]; j++) lc->code[lp->revq[x][j]] += (uint64_t)step[lp->revk[x][j]];
            }
        }
    }
}

void lcodes_copy(LCodes *dst, const LCodes *src, const Board *b)
{
    const size_t n = b->size ? (size_t)(b->size + 2) * (size_t)b->stride : (size_t)b->npoints, w = 8 * (size_t)b->words;
    memcpy(dst->code, src->code, n * sizeof dst->code[0]);
    memcpy(dst->st, src->st, n);
    for (int c = 0; c < 2; c++) {
        memcpy(dst->stones[c], src->stones[c], w);
        memcpy(dst->weak[c], src->weak[c], w);
    }
    memcpy(dst->weak_if, src->weak_if, w);
    dst->mover = src->mover;
}

/* The table entry of point pt's window (board bit `bit`) for mover me:
 * its gamma's index, and on square boards the bridges (learned.h). */
static inline unsigned pattern_entry(const LPolicy *lp, const LCodes *lc, int me, int pt, int bit)
{
    uint32_t c = lcodes_code(lc, me, bit);
    if (lp->dense->cairo) c += (uint32_t)lp->cbase[me][pt];
    return lp->dense->idx[c];
}

static inline float entry_gamma(const LPolicy *lp, unsigned e) { return lp->dense->g[e & LEARNED_IDX_MASK]; }

static inline float place_gamma(const Position *p, const LPolicy *lp, const LCodes *lc, int pt, int bit, float near,
                                bool answer)
{
    const int me = p->to_move;
    const unsigned e = pattern_entry(lp, lc, me, pt, bit);
    float g = entry_gamma(lp, e) * lp->edge[me][pt] * near;
    g *= bb_test(lc->weak_if, bit) ? lp->gweak : lp->gplace;
    const int nb = lp->dense->cairo ? feat_bridges(p, pt, me) : (int)(e >> LEARNED_IDX_BITS);
    g *= lp->gbridge[nb > 1 ? 2 : nb];
    if (answer) g *= lp->gans;
    return g;
}

int lpolicy_candidates(const Position *p, const LPolicy *lp, const LCodes *lc, int16_t *pt, uint8_t *kind,
                       float *g, double *far)
{
    const Board *b = p->board;
    const int me = p->to_move;
    const Move *l = &p->last;
    const int last = (l->kind == MOVE_PLACE || l->kind == MOVE_FLIP) && l->n >= 1 ? l->pt[l->n - 1] : -1;
    int n = 0;
    if (last >= 0) {
        const bool placed = l->kind == MOVE_PLACE && l->n == 1;
        if (b->size) {
            /* The bridge answers (feat_bridge_answers) from the cells' states:
             * an empty diagonal neighbour of a placement between two
             * orthogonal neighbours of the mover's (weak or not). */
            const int lb = b->bit_of[last];
            for (int i = 0; i < 8; i++) {
                const int q = lb + lp->off[BLACK][i];
                if (lc->st[q] != 0) continue; /* a stone, or off the board */
                const int qp = b->point_of[q], *d = lp->bridge[i];
                const bool answer = placed && d[0] && own_state(lc->st[lb + d[0]], me) && own_state(lc->st[lb + d[1]], me);
                pt[n] = (int16_t)qp, kind[n] = MOVE_PLACE;
                g[n++] = place_gamma(p, lp, lc, qp, q, lp->glast[ORTH_CELLS >> i & 1 ? 1 : 2], answer);
            }
        } else {
            int ans[4];
            const int nans = placed ? feat_bridge_answers(p, l->pt[0], ans) : 0;
            const CairoCell *cell = &b->cairo[last];
            for (int k = 0; k < cell->northo + cell->ndiag; k++) {
                const int q = k < cell->northo ? cell->orth[k] : cell->diag[k - cell->northo];
                if (lc->st[q] != 0) continue;
                bool answer = false;
                for (int j = 0; j < nans; j++) answer |= ans[j] == q;
                pt[n] = (int16_t)q, kind[n] = MOVE_PLACE;
                g[n++] = place_gamma(p, lp, lc, q, q, lp->glast[k < cell->northo ? 1 : 2], answer);
            }
        }
    }
    const int nlocal = n;
    /* Every weak enemy stone: a flip is a candidate wherever it is. */
    const uint64_t *weak = lc->weak[me ^ 1];
    for (int bit = bb_first(weak, b->words); bit >= 0; bit = bb_next(weak, b->words, bit)) {
        const int q = b->point_of[bit];
        pt[n] = (int16_t)q, kind[n] = MOVE_FLIP;
        g[n++] = entry_gamma(lp, pattern_entry(lp, lc, me, q, bit)) * lp->edge[me][q] * lp->gflip *
                 (last >= 0 ? lp->glast[feat_closeness(b, q, last)] : 1.0f);
    }
    const int empty = b->npoints - bb_popcount(p->stones[0], b->words) - bb_popcount(p->stones[1], b->words);
    *far = (double)(empty - nlocal) * lp->gfar;
    return n;
}

bool lpolicy_move(const Position *p, const LPolicy *lp, const LCodes *lc, uint64_t *rng, Move *m)
{
    int16_t pt[2 * MAX_POINTS];
    uint8_t kind[2 * MAX_POINTS];
    float g[2 * MAX_POINTS];
    double far, total = 0;
    const int n = lpolicy_candidates(p, lp, lc, pt, kind, g, &far);
    for (int i = 0; i < n; i++) total += g[i];
    double u = rng_unit(rng) * (total + far);
    for (int i = 0; i < n; i++) {
        if (u < g[i]) {
            *m = move_pts(kind[i], 1, pt[i], -1, -1);
            /* A flip can be forbidden (b's flip-back ban); check those. */
            return kind[i] == MOVE_PLACE || !p->board->flip_bannable || pos_check_move(p, m) == NULL;
        }
        u -= g[i];
    }
    return false;
}
