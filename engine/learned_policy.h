/* learned_policy.h - the learned playout policy (option learned_policy):
 * MoHex's softmax playouts over the learned model (learned.h), made
 * cheap enough for a playout. Three things keep a ply close to a
 * uniform one:
 * - every point's window code (features.h: the 8 cells around it with
 *   their weak status, or a Cairo cell's ring) is kept up to date
 *   incrementally: after a ply only the cells whose state changed (the
 *   point played, the stones whose weak status turned) touch the codes
 *   of their neighbours, in both movers' frames;
 * - a code's gamma is one load from a dense table (learned_dense), which
 *   also holds the bridges a placement there forms; the move features'
 *   gammas are products of precomputed factors: no binary search, no
 *   exp;
 * - the softmax runs over the empty neighbours of the last move and the
 *   flips of weak enemy stones only; every other empty point shares one
 *   weight (the trainer's mean strength of a placement far from the last
 *   move), and a draw that falls there is a uniformly random move.
 * A candidate's gamma is exactly exp(learned_score) of feat_move's
 * features without the wins in one (feat_prepare_ex(.., 0)); the tests
 * check that. Single-point turns only (learned_for). */
#ifndef MORPHOS_ENGINE_LEARNED_POLICY_H
#define MORPHOS_ENGINE_LEARNED_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "../rules/rules.h"
#include "learned.h"

#define LP_BITS (BB_MAXW * 64)

/* What a search's playouts share, read-only: the weights as gamma
 * factors and the board's geometry in the form the updates want. */
typedef struct LPolicy {
    const LearnedSet *w;       /* NULL: the policy is off */
    const LearnedDense *dense;
    float gplace, gweak, gflip, gans, gfar;
    float gbridge[3];          /* no bridge, one, two or more */
    float glast[5];            /* by feat_closeness to the last move (4: none) */
    float edge[2][MAX_POINTS]; /* per mover and point: the goal-line features */
    int off[2][8];             /* square: the window's bit offsets per mover's frame */
    /* What a cell's change from state was to now adds to the codes of the
     * window i holding it (square: the cell at -off[BLACK][i]; Cairo: ring
     * position i), both frames in one word (LCodes.code). */
    int64_t step[6][6][8];
    int bridge[8][2];          /* square: for a diagonal cell of Black's frame, the offsets of the
                                * two orthogonal cells between which it answers a bridge (else 0) */
    int32_t cbase[2][CAIRO_MAX_CELLS]; /* Cairo: table base per mover and cell */
    int8_t nring[CAIRO_MAX_CELLS];
    int16_t ring[CAIRO_MAX_CELLS][5];
    int8_t nrev[CAIRO_MAX_CELLS]; /* Cairo: the rings a cell is in, and where */
    int16_t revq[CAIRO_MAX_CELLS][5];
    int8_t revk[CAIRO_MAX_CELLS][5];
} LPolicy;

/* One playout's codes: every point's window code in each mover's frame
 * (square: by board bit; Cairo: by cell), the cells' states (0 empty, 1
 * black, 2 white, 3 black weak, 4 white weak, 5 off the board) and the
 * sets they were computed from. Each half of a code word holds a code below
 * 6^8 before and after a change, so one add of the signed step (modulo
 * 2^64) changes both frames' codes exactly. */
typedef struct LCodes {
    uint64_t code[LP_BITS]; /* Black's frame in the low 32 bits, White's in the high: one add a window */
    uint8_t st[LP_BITS];
    bb_t stones[2], weak[2];
    bb_t weak_if;  /* empty points where a stone of `mover` would be weak */
    uint8_t mover; /* the side to move when the codes were made */
} LCodes;

/* The code of point `bit`'s window in mover me's frame. */
static inline uint32_t lcodes_code(const LCodes *lc, int me, int bit) { return (uint32_t)(lc->code[bit] >> (32 * me)); }

/* Set lp up for board b with set w (NULL: off; off too, with a line on
 * stderr, when the table cannot be allocated). */
void lpolicy_config(LPolicy *lp, const Board *b, const LearnedSet *w);

/* The codes of p from scratch, and brought up to date after p changed
 * (any move: the changes are found by comparing the sets). An update
 * after a move that left the side to move's stones alone (a placement or
 * a pass) takes the last mover's weak stones from what the codes knew
 * (weakness depends on the other side's stones and edges only, mutator
 * b's F aside): one pass of the rules core's weak sets, not two. */
void lcodes_init(LCodes *lc, const Position *p, const LPolicy *lp);
void lcodes_update(LCodes *lc, const Position *p, const LPolicy *lp);

/* dst = src (codes of b), copying only what b uses: a playout starts
 * from the search root's codes and updates them to its leaf at once. */
void lcodes_copy(LCodes *dst, const LCodes *src, const Board *b);

/* The softmax's candidates at p (not over, a single-point turn, lc up
 * to date): points, kinds (MOVE_PLACE, MOVE_FLIP) and gammas; returns the
 * count (at most 2 * MAX_POINTS); *far the weight of all other moves. */
int lpolicy_candidates(const Position *p, const LPolicy *lp, const LCodes *lc, int16_t *pt, uint8_t *kind,
                       float *g, double *far);

/* The policy's move in *m (legal), or false: play a uniformly random
 * move (after the draw made here). */
bool lpolicy_move(const Position *p, const LPolicy *lp, const LCodes *lc, uint64_t *rng, Move *m);

#endif
