/* partial.c - compound moves for clients that send single points (GoGui).
 *
 * Under mutators c and d a move can be two or three points (`C3,E5`).
 * GoGui sends one point per `play` and then asks for the side to move, so
 * a point that begins a compound move is kept pending (drawn on
 * gogui-rules_board, same side to move) until the points sent make a whole
 * legal move, which cmd_play then plays. A point that is a whole move by
 * itself is played at once, so under c=upto and d=extra the longer forms
 * of a turn cannot be entered this way. */
#include <string.h>

#include "context.h"

static bool has(const int *pts, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (pts[i] == x) return true;
    return false;
}

/* Whether the pending points and q are all placements of m, with at least
 * one point of m still to come. */
static bool starts(const Move *m, const Move *pending, int q)
{
    int pl[3];
    int n = move_placements(m, pl);
    if (m->n <= pending->n + 1 || !has(pl, n, q)) return false;
    for (int i = 0; i < pending->n; i++)
        if (!has(pl, n, pending->pt[i])) return false;
    return true;
}

bool partial_holds(const Gtp *g, const Move *m)
{
    int pl[3];
    int n = move_placements(m, pl);
    if (m->n <= g->partial.n) return false;
    for (int k = 0; k < g->partial.n; k++)
        if (!has(pl, n, g->partial.pt[k])) return false;
    return true;
}

/* The next points after the pending ones, from the rules core's steps
 * (no list: a turn under c and d can have tens of millions of moves); 1,
 * or -1 under c=adjacent, whose few moves are listed instead. */
static int steps(const Gtp *g, TurnSteps *ts)
{
    return pos_turn_steps(game_pos(&g->game), g->partial.pt, g->partial.n, ts);
}

bool partial_extend(Gtp *g, const char *text)
{
    const Position *p = game_pos(&g->game);
    int q;
    if (!g->gogui || g->partial.n >= 2 || point_parse(p->board, text, &q) < 0) return false;
    if (pos_color_at(p, q) != EMPTY) return false;
    for (int i = 0; i < g->partial.n; i++)
        if (g->partial.pt[i] == q) return false;
    TurnSteps ts;
    int r = steps(g, &ts);
    bool ok = r > 0 && bb_test(ts.more, p->board->bit_of[q]);
    if (r < 0) {
        MoveList ml;
        movelist_init(&ml);
        pos_gen_moves(p, &ml);
        for (size_t i = 0; i < ml.n && !ok; i++) ok = starts(&ml.m[i], &g->partial, q);
        movelist_free(&ml);
    }
    if (ok) {
        g->partial.pt[g->partial.n++] = (int16_t)q;
        g->partial.kind = MOVE_PLACE;
    }
    return ok;
}

void partial_targets(const Gtp *g, uint64_t *bits, bool *pass)
{
    const Position *p = game_pos(&g->game);
    const Board *b = p->board;
    TurnSteps ts;
    *pass = false;
    int r = steps(g, &ts);
    if (r >= 0) {
        /* A flip comes only last: ts.flips are those that complete S. */
        for (int w = 0; w < b->words; w++) bits[w] |= ts.exact[w] | ts.more[w] | ts.flips[w];
        *pass = ts.pass;
        return;
    }
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    for (size_t i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        if (m->kind == MOVE_PASS) {
            *pass = g->partial.n == 0;
            continue;
        }
        if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) continue;
        /* Every pending point must be a placement of m; then any other
         * point of m may come next (a flip only as the last one). */
        if (!partial_holds(g, m)) continue;
        for (int k = 0; k < m->n; k++) {
            bool pending = false;
            for (int j = 0; j < g->partial.n; j++) pending |= g->partial.pt[j] == m->pt[k];
            if (pending) continue;
            bool is_flip = m->kind == MOVE_FLIP && k == m->n - 1;
            if (is_flip && m->n != g->partial.n + 1) continue;
            bb_set(bits, b->bit_of[m->pt[k]]);
        }
    }
    movelist_free(&ml);
}
