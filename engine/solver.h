/* solver.h - the exact solvers, both with a transposition table on
 * pos_hash and time and memory limits: df-pn (proof-number search, for the
 * `solve` command: deep proofs of whole small boards) and iterative-
 * deepening negamax (for the MCTS root: every root move's value within a
 * small budget). Both prove the result of the side to move under perfect
 * play. */
#ifndef MORPHOS_ENGINE_SOLVER_H
#define MORPHOS_ENGINE_SOLVER_H

#include <stddef.h>

#include "../rules/rules.h"

typedef struct SolveLimits {
    double seconds;        /* wall clock budget (> 0) */
    size_t memory;         /* bytes for the transposition table */
    int (*stop)(void *ctx);/* optional external stop */
    void *ctx;
} SolveLimits;

typedef struct SolveStats {
    unsigned long long nodes;
    int depth;             /* deepest completed iteration */
    double seconds;
} SolveStats;

/* df-pn. RESULT_BLACK/RESULT_WHITE (a winner, with a winning move in *best
 * when the winner is to move, else the move that took the winner the most
 * work to refute), RESULT_DRAW when proven drawn (never claimed when the
 * search met a repetition), RESULT_NONE when unknown within the limits.
 * st->depth is the deepest line searched. */
Result solver_solve(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st);

/* Iterative deepening, also reporting each root move's value from the last
 * completed iteration: vals[i] for moves->m[i] is +1 (the mover wins by
 * it), -1 (proven losing), 0 (proven draw) or 2 (unknown). moves is filled
 * with pos_gen_moves order; vals needs room for every legal move. */
Result solver_root(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st,
                   MoveList *moves, int8_t *vals);

#endif
