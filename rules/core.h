/* core.h - internals shared by the rules files (not for engine/protocol). */
#ifndef MORPHOS_CORE_H
#define MORPHOS_CORE_H

#include "position.h"
#include "rng.h"

/* weak.c: stones among `centres` matched by a pattern whose cells are all
 * in `plane` (the flipping side's stones, edges and F). */
void weak_set(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out);
bool point_weak(const Board *b, const uint64_t *plane, int point);
/* Whether point is weak for plane, or would be with one more stone of the
 * flipping side on a point of `gaps` (NULL: none): the flip-back ban of
 * mutator b, where the opponent may place a d stone first. */
bool point_weak_gap(const Board *b, const uint64_t *plane, const uint64_t *gaps, int point);
/* The points a plain turn may take: the empty ones and the weak stones of
 * `opp` (plane as above), in out (the board's words); returns how many.
 * Square boards compute every word without a branch on the stones, so a
 * random move is one draw among them with nothing to mispredict. */
int plain_targets(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp, uint64_t *out);

/* win.c: whether `own` (real stones of colour c) connects c's two goal
 * lines, and the stones of its winning chains in `chain`. */
bool has_chain(const Board *b, const uint64_t *own, int c, uint64_t *chain);
/* Grow f to all stones of `within` connected to it. */
void fill_component(const Board *b, uint64_t *f, const uint64_t *within);

/* Square boards: f grown through `within` (stride S, nw words) until it
 * stops. Each step grows by shifts, in place, so growth towards higher
 * bits runs through the whole board in one step (Gauss-Seidel); frame
 * columns hold no stones, so +-1 cannot wrap between rows. Two steps run
 * before each convergence test, which costs as much as a step. Inline:
 * the loops that play most moves compile it with S and nw as constants. */
static inline __attribute__((always_inline)) void fill_square_n(uint64_t *f, const uint64_t *within, const int S, const int nw)
{
    for (;;) {
        uint64_t before[BB_MAXW], diff = 0;
        for (int i = 0; i < nw; i++) before[i] = f[i];
        for (int step = 0; step < 2; step++) {
            uint64_t prev = 0;
            for (int i = 0; i < nw; i++) {
                const uint64_t cur = f[i], next = i + 1 < nw ? f[i + 1] : 0;
                const uint64_t g = cur | cur << 1 | cur >> 1 | prev >> 63 | next << 63 | cur << S | prev >> (64 - S) |
                                   cur >> S | next << (64 - S);
                prev = f[i] = g & within[i];
            }
        }
        for (int i = 0; i < nw; i++) diff |= f[i] ^ before[i];
        if (!diff) return;
    }
}

/* Placements in canonical (row-major, ascending point) order: at most a
 * few, so insertion sort. */
static inline void sort_points(int *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* White's first turn under the pie rule, when swapping is a move. */
static inline bool swap_turn(const Position *p) { return p->ply == 1 && p->board->rules.pie; }

/* A plain turn: one placement or one flip (no owed stone, no mutator b or
 * c, not the swap turn), the moves of plain_targets. The rules' part is
 * one read-only flag: rule fields would be reloaded after every store to
 * the position in the loops that ask. */
static inline bool plain_turn(const Position *p) { return !p->owe && p->board->plain_turns && !swap_turn(p); }

static inline void empty_set(const Position *p, uint64_t *out)
{
    const Board *b = p->board;
    for (int i = 0; i < b->words; i++) out[i] = b->points[i] & ~(p->stones[0][i] | p->stones[1][i]);
}

/* The stones that count as the mover's in patterns: own, edges, and F. */
static inline void mover_plane(const Position *p, int mover, uint64_t *plane)
{
    const Board *b = p->board;
    for (int i = 0; i < b->words; i++) plane[i] = p->stones[mover][i] | b->edge[mover][i];
    if (b->rules.b && p->flipped >= 0) bb_set(plane, b->bit_of[p->flipped]);
}

#endif
