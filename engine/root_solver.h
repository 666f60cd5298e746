/* root_solver.h - the MCTS root solver: iterative-deepening negamax over
 * win/loss/draw with a transposition table, giving every root move's value
 * within a small budget.
 *
 * Returns the proven result (RESULT_NONE when unknown) with the winning
 * move in *best; (*vals)[i] for moves->m[i] is +1 (the mover wins by it),
 * -1 (proven losing), 0 (proven draw) or 2 (unknown), from the last
 * completed iteration; moves is filled in pos_gen_moves order and *vals is
 * allocated here, one per move, for the caller to free (both may be NULL).
 * Answers within lim->seconds (engine/clock.h's stride aside). */
#ifndef MORPHOS_ENGINE_ROOT_SOLVER_H
#define MORPHOS_ENGINE_ROOT_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#include "solve.h"
#include "ztable.h"

/* The transposition table, kept by the caller from move to move: its
 * pages stay resident, so a search of a millisecond pays no page faults
 * or clearing (a fresh 16 MiB table each move cost 48 ms on Morpharaoh 48
 * with 10 ms left). Each call stamps a new generation and ignores older
 * entries, so every call still starts as from an empty table. */
typedef struct RootTable {
    ZTable mem;
    size_t mask;    /* entries - 1 */
    uint16_t gen;
} RootTable;

/* Maps a table of at most `bytes` (halved, and said on stderr, while the
 * machine refuses it); 0 on success, -1 when none could be had. */
int root_table_init(RootTable *t, size_t bytes);

void root_table_free(RootTable *t);

/* t: a table from root_table_init, or NULL for one of lim->memory bytes
 * for this call only. A root whose list the budget cannot pay for
 * (solve.h's solve_may_list: under c a 19x19 root can have 5.2 million
 * moves) is left unknown at once, with moves empty and *vals NULL. */
Result root_solve(const Position *p, const SolveLimits *lim, RootTable *t, Move *best, SolveStats *st,
                  MoveList *moves, int8_t **vals);

#endif
