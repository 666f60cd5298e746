/* word5.h - the 5x5 board as one word under the base rules: its bit sets
 * as constants, the weak set, the flood, the connected set and a plain
 * turn's targets, inline for the loops that keep the board in registers
 * (random playouts in movegen.c, plain perft's leaves in perft.c), and the
 * rule sets those loops play. Internal to rules/. */
#ifndef MORPHOS_WORD5_H
#define MORPHOS_WORD5_H

#include "check.h"
#include "targets.h"

/* The weak set as rotates: the points lie in bits [0, 49) and no pattern
 * cell is more than 2S + 1 = 15 bits away, so a rotate of the plane by d
 * (one instruction, RORX) reads what a shift reads at every bit below 49,
 * the bits it carries round landing in [49, 64), where there is no
 * target. Nor do the cells two columns off the board need their guards
 * (nf, nl) here: such a cell wraps onto the frame column of a nearby row,
 * which holds a White edge stone or a corner, never Black. So the weak
 * White stones are exact, and a Black stone at the first or last column
 * that a wrapped P2 makes weak has White on the edge beside it and on the
 * diagonal that P2 holds, which make it weak by P1 already (the four
 * cases: the P2 cell at (+2, +1) or (+2, -1) with the centre on the last
 * column, (-2, +1) or (-2, -1) on the first). With the edges off the
 * frame is empty and reads as off the board. */
static inline __attribute__((always_inline)) uint64_t weak_word5(const uint64_t P)
{
    const uint64_t all = ~(uint64_t)0;
    uint64_t w;
#define ROR(d) ((P >> (d)) | (P << (64 - (d))))
#define ROL(d) ((P << (d)) | (P >> (64 - (d))))
#define ALWAYS(a, w) 1
    WEAK_PATTERNS(uint64_t, w, ROR, ROL, 7, all, all, 0, 0, ALWAYS, 1);
#undef ALWAYS
#undef ROL
#undef ROR
    return w;
}

/* The 5x5 board's bit sets as constants (board.c's layout: bit
 * (y + 1) * 7 + x + 1), so that the loops hold them in no register:
 * row y and column x of the frame (-1 and 5 the edges'). regs5_rules
 * lets the loops run only where the board's tables are these. */
#define ROW5(y) ((uint64_t)0x3e << 7 * ((y) + 1))
#define COL5(x) ((uint64_t)0x810204080 << ((x) + 1))
#define PTS5 ((uint64_t)0x3e * 0x810204080)

/* One step of a flood in the 5x5 word: g grown by its four neighbours
 * within m (stones: no frame bits, so nothing grows across a row's end;
 * rotates as in weak_word5, the bits they carry round fall outside m). */
static inline __attribute__((always_inline)) uint64_t grow5(const uint64_t g, const uint64_t m)
{
    return (g | (g >> 1 | g << 63) | (g << 1 | g >> 63) | (g >> 7 | g << 57) | (g << 7 | g >> 57)) & m;
}

/* The stones of m joined to g (in m): a few steps unconditionally (most
 * chains are done by then, and a test per step would mispredict), then
 * until a step adds nothing. */
static inline __attribute__((always_inline)) uint64_t flood5(uint64_t g, const uint64_t m)
{
    for (int k = 0; k < 4; k++) g = grow5(g, m);
    uint64_t h = grow5(g, m);
    while (__builtin_expect(g != h, 0)) {
        g = h;
        h = grow5(grow5(g, m), m); /* the flood only grows: g = two steps of g is the end */
    }
    return h;
}

/* The connected set of colour c (a constant) with stones s: the stones
 * joined to its first goal line (Position.conn). */
static inline __attribute__((always_inline)) uint64_t conn5(const int c, const uint64_t s)
{
    return flood5(s & (c == BLACK ? ROW5(0) : COL5(0)), s);
}

/* A plain turn's targets for colour m (a constant): the empty points and
 * the weak stones of op; EDGES whether the edge stones count. */
static inline __attribute__((always_inline)) uint64_t targets5(const int m, const int EDGES, const uint64_t me, const uint64_t op)
{
    const uint64_t e = !EDGES ? 0 : m == BLACK ? ROW5(-1) | ROW5(5) : COL5(-1) | COL5(5);
    return (op & weak_word5(me | e)) | (PTS5 & ~(me | op));
}

/* The rules the loops in registers play: the patterns P1 and P2 alone,
 * every turn a plain one (no mutator but e) and no tie-break. */
static inline bool regs_rules(const Board *b)
{
    const Ruleset *r = &b->rules;
    return b->size && !r->a && !r->p3 && !r->b && !r->c && !r->d && !r->tiebreak;
}

/* The rules of the 5x5 loops (movegen.c's playout_5_regs, perft.c's
 * leaves): regs_rules on 5x5, whose tables are this header's constants
 * (board.c's layout). */
static inline bool regs5_rules(const Board *b)
{
    const Ruleset *r = &b->rules;
    (void)r; /* read by the asserts of check.h's builds */
    if (b->size != 5 || !regs_rules(b)) return false;
    hot_assert(b->words == 1 && b->points[0] == PTS5 && b->goal[0][0][0] == ROW5(0) && b->goal[0][1][0] == ROW5(4) &&
               b->goal[1][0][0] == COL5(0) && b->goal[1][1][0] == COL5(4));
    hot_assert(b->edge[0][0] == (r->edges ? ROW5(-1) | ROW5(5) : 0) && b->edge[1][0] == (r->edges ? COL5(-1) | COL5(5) : 0));
    return true;
}

#endif
