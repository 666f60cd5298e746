/* perft_run.h - setting up a perft table row and counting it, on one
 * thread or with the root moves split across threads. */
#ifndef MORPHOS_BENCH_PERFT_RUN_H
#define MORPHOS_BENCH_PERFT_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"
#include "perft_table.h"

/* Build the row's board and play its moves from the start (each one checked
 * by move_parse). Returns the board (the caller frees it after *p), or NULL
 * and a message in err. */
Board *perft_row_setup(const PerftRow *row, Position *p, char *err, size_t errlen);

/* perft(p, depth, bulk), the root moves shared out among `threads` threads
 * (each takes the next unclaimed move, so uneven subtrees balance out).
 * threads <= 1 counts on the calling thread. */
uint64_t perft_parallel(const Position *p, int depth, bool bulk, int threads);

#endif
