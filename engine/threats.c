/* threats.c - why: when the opponent can connect with one move, every
 * move of ours that leaves such a move open loses at once. Plain MCTS
 * learns that child by child (each must be expanded and its losing reply
 * found); marking them at expansion focuses the search on the defences
 * immediately.
 *
 * The reasoning is exact only for single-point turns without mutator b:
 * a placement of ours on an empty point neither removes an enemy stone nor
 * changes which of our stones the enemy's patterns match (weakness depends
 * only on the flipper's stones), so every enemy winning placement other
 * than that point, and every enemy winning flip, stays legal and winning.
 * Flips of ours change the enemy's stones and are checked by playing them.
 * Under b a flip can be banned, under c and d turns are not single points:
 * there nothing is marked. Under the tie-break, a placement on the last
 * empty point can end the game either way, so it is played out. */
#include "threats.h"

#include <assert.h>

/* How many single-point moves (up to 2) connect colour c (not necessarily
 * to move) at once: a placement on an empty point, or a flip of one of the
 * other colour's stones its patterns match; *only is one of them. */
static int count_wins(const Position *p, int c, int *only)
{
    const Board *b = p->board;
    const int nw = b->words;
    bb_t win, weak;
    pos_winning_points(p, c, win);
    uint64_t on_enemy = 0;
    for (int i = 0; i < nw; i++) on_enemy |= win[i] & p->stones[c ^ 1][i];
    if (on_enemy) {
        pos_weak_stones(p, (Color)(c ^ 1), weak);
        for (int i = 0; i < nw; i++) win[i] &= ~p->stones[c ^ 1][i] | weak[i];
    }
    int n = 0;
    BB_FOR_EACH(bit, win, nw) {
        *only = b->point_of[bit];
        if (++n == 2) break;
    }
    return n;
}

int threats_mark(const Position *p, const StepDesc *d, int n, Node *children)
{
    const Board *b = p->board;
    assert(n >= 0 && n <= 2 * b->npoints + 3);
    if (b->flip_bannable || !b->single_steps || b->may_owe || p->owe || pos_over(p)) return 0;
    int me = p->to_move, opp = me ^ 1;
    int only = -1;
    int wins = count_wins(p, opp, &only);
    if (wins == 0) return 0;
    int marked = 0, empty = 0;
    for (int w = 0; w < b->words; w++) empty += __builtin_popcountll(b->points[w] & ~(p->stones[0][w] | p->stones[1][w]));
    const bool last_point = b->full_board_ends && empty == 1;
    for (int i = 0; i < n; i++) {
        Node *c = &children[i];
        if (atomic_load_explicit(&c->proven, memory_order_relaxed) != 0 || !d[i].complete) continue;
        int lost = 0;
        switch (d[i].kind) {
        case STEP_PLACE:
            if (pos_wins_with(p, me, d[i].pt)) break; /* we connect first */
            if (last_point) { /* the tie-break may end the game on it */
                Position q = *p;
                pos_play(&q, &d[i].move);
                int o2;
                lost = pos_over(&q) ? q.result != (me == BLACK ? RESULT_BLACK : RESULT_WHITE) : count_wins(&q, opp, &o2) > 0;
                break;
            }
            /* One enemy win left open is enough; the point itself may
             * have been the only one (and is then blocked) unless the
             * enemy also wins by flipping our new stone there. */
            lost = wins > 1 || d[i].pt != only;
            if (!lost) {
                Position q = *p;
                pos_play(&q, &d[i].move);
                int o2;
                lost = !pos_over(&q) && count_wins(&q, opp, &o2) > 0;
            }
            break;
        case STEP_FLIP:
        case STEP_PASS: {
            Position q = *p;
            pos_play(&q, &d[i].move);
            int o2;
            lost = !pos_over(&q) && count_wins(&q, opp, &o2) > 0;
            break;
        }
        default:
            break; /* swap: a different position, not judged here */
        }
        if (lost) {
            atomic_store_explicit(&c->proven, -1, memory_order_relaxed);
            marked++;
        }
    }
    return marked;
}
