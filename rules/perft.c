/* perft.c - leaf counts of the game tree, the rules core's contract. */
#include <stdlib.h>

#include "core.h"

static uint64_t perft_rec(const Position *p, int depth, bool bulk, MoveList *lists)
{
    if (depth == 0) return 1;
    if (pos_over(p)) return 0;
    if (bulk && depth == 1) return pos_count_moves(p);
    MoveList *ml = &lists[depth];
    size_t n = pos_gen_moves(p, ml);
    uint64_t sum = 0;
    Position c = *p;
    for (size_t i = 0; i < n; i++) {
        if (i) pos_copy(&c, p);
        pos_play(&c, &ml->m[i]);
        sum += depth == 1 ? 1 : perft_rec(&c, depth - 1, bulk, lists);
    }
    return sum;
}

uint64_t perft(const Position *p, int depth, bool bulk)
{
    if (depth <= 0) return 1;
    MoveList *lists = calloc((size_t)depth + 1, sizeof *lists);
    if (!lists) abort();
    uint64_t n = perft_rec(p, depth, bulk, lists);
    for (int i = 0; i <= depth; i++) movelist_free(&lists[i]);
    free(lists);
    return n;
}
