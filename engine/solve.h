/* solve.h - what the two exact solvers take and give: limits (a wall-clock
 * budget, table memory, an external stop) and statistics. The solvers:
 * dfpn.h (proof-number search, behind GTP `solve`) and root_solver.h
 * (iterative deepening, at the MCTS root). Both prove the result of the
 * side to move under perfect play and return within lim->seconds plus the
 * cost of one deadline stride (engine/clock.h). */
#ifndef MORPHOS_ENGINE_SOLVE_H
#define MORPHOS_ENGINE_SOLVE_H

#include <stddef.h>

#include "../rules/rules.h"
#include "clock.h"

struct ProofDB;

typedef struct SolveLimits {
    double seconds;        /* wall clock budget (> 0) */
    size_t memory;         /* bytes for the transposition table */
    int (*stop)(void *ctx);/* optional external stop */
    void *ctx;
    /* df-pn only (0/NULL: the defaults): */
    int threads;           /* search threads (1 when 0): one search and T-1 helpers racing it (dfpn.c) */
    struct ProofDB *db;    /* proofdb.h: read and written as the search goes */
    double progress;       /* seconds between lines on stderr with the root's numbers (0: none) */
    const char *label;     /* names the solve in those lines (NULL: none) */
} SolveLimits;

typedef struct SolveStats {
    unsigned long long nodes;
    unsigned long long main_nodes; /* df-pn: the main thread's (its search is one thread's, node for node; the helpers' add to nodes) */
    double main_cpu;       /* df-pn: the main thread's CPU seconds */
    int depth;             /* deepest completed iteration / line searched */
    double seconds;
    size_t table_bytes;    /* the table in use at the end (it grows up to the memory given; 0: none could be had) */
    int questions;         /* df-pn: questions asked (dfpn.c: the second only when the first's disproof may rest on a repetition, a cut or a draw) */
} SolveStats;

/* Whether the moves of p may be listed within the deadline: only turns of
 * several stones (rule c) make lists long enough to matter, and only
 * there is counting them first (pos_count_moves: no list) worth its cost. */
static inline int solve_may_list(Deadline *d, const Position *p)
{
    return p->board->max_places == 1 || deadline_affords(d, pos_count_moves(p));
}

#endif
