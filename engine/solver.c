/* solver.c - placeholder until the proof search lands. */
#include "solver.h"

Result solver_solve(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st)
{
    (void)p, (void)lim, (void)best, (void)st;
    return RESULT_NONE;
}
