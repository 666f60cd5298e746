/* root_solver.h - the MCTS root solver: iterative-deepening negamax over
 * win/loss/draw with a transposition table, giving every root move's value
 * within a small budget.
 *
 * Returns the proven result (RESULT_NONE when unknown) with the winning
 * move in *best; vals[i] for moves->m[i] is +1 (the mover wins by it), -1
 * (proven losing), 0 (proven draw) or 2 (unknown), from the last completed
 * iteration; moves is filled in pos_gen_moves order and vals needs room for
 * every legal move (both may be NULL). Answers within lim->seconds
 * (engine/clock.h's stride aside). */
#ifndef MORPHOS_ENGINE_ROOT_SOLVER_H
#define MORPHOS_ENGINE_ROOT_SOLVER_H

#include "solve.h"

Result root_solve(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st,
                  MoveList *moves, int8_t *vals);

#endif
