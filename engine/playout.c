/* playout.c - playouts and the playout policy.
 *
 * The policy is deliberately cheap: uniform random moves are what make
 * playouts unbiased; the two rules below fix the most common blunders of
 * random play in connection games (ignoring a cut of a bridge, ignoring a
 * stone that can be taken over). It only applies when a turn is a single
 * point (no mutator c, no owed d stone); compound turns stay uniform. */
#include "playout.h"

#include "eval.h"
#include "shape.h"
#include "util.h"

void playout_defaults(PlayoutCfg *pc, const Board *b, int policy, int cap)
{
    pc->policy = policy;
    pc->cap = cap > 0 ? cap : 3 * b->npoints + 40;
    pc->p_flip = 0.5;
    pc->p_bridge = 0.9;
}

void amaf_record(Amaf *a, const Board *b, const Move *m, int c, int t)
{
    if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) return;
    for (int i = 0; i < m->n; i++) {
        int pt = m->pt[i];
        if (pt >= 0 && pt < b->npoints && a->first[c][pt] > t) a->first[c][pt] = t;
    }
}

double playout_score(const Position *p)
{
    switch (p->result) {
    case RESULT_BLACK: return 1.0;
    case RESULT_WHITE: return 0.0;
    case RESULT_DRAW: return 0.5;
    default: break;
    }
    int db = eval_distance(p, BLACK), dw = eval_distance(p, WHITE);
    int d = dw - db;
    if (d > 4) d = 4;
    if (d < -4) d = -4;
    return 0.5 + 0.1 * d;
}

static Move single(int kind, int pt)
{
    Move m = move_make(kind);
    m.pt[0] = (int16_t)pt;
    m.n = 1;
    return m;
}

/* The opponent just placed at q: if q was one of the two links of a bridge
 * between two of our stones (diagonal neighbours of each other, both next
 * to q), the other link r completes the connection. The frame around a
 * square board holds no stones, so neighbours need no bounds checks. */
static int bridge_answer(const Position *p, int q)
{
    const Board *b = p->board;
    if (b->size == 0) return shape_cairo_bridge_answer(p, q);
    const uint64_t *own = p->stones[p->to_move], *opp = p->stones[p->to_move ^ 1];
    const int S = b->stride, qb = b->bit_of[q];
    const int d[5] = {1, S, -1, -S, 1}; /* (d[i], d[i+1]) are perpendicular */
    for (int i = 0; i < 4; i++) {
        int ab = qb + d[i], bb = qb + d[i + 1], rb = ab + d[i + 1];
        if (bb_test(own, ab) && bb_test(own, bb) && bb_test(b->points, rb) && !bb_test(own, rb) && !bb_test(opp, rb))
            return b->point_of[rb];
    }
    return -1;
}

Move playout_policy_move(const Position *p, const PlayoutCfg *pc, uint64_t *rng)
{
    const Board *b = p->board;
    if (!pc->policy || b->rules.c || p->owe) return pos_random_move(p, rng);
    int me = p->to_move;
    if (p->last.kind == MOVE_PLACE && p->last.n == 1 && rng_unit(rng) < pc->p_bridge) {
        int r = bridge_answer(p, p->last.pt[0]);
        if (r >= 0) return single(MOVE_PLACE, r);
    }
    if (rng_unit(rng) < pc->p_flip) {
        bb_t weak;
        pos_weak_stones(p, (Color)(me ^ 1), weak);
        int nw = bb_popcount(weak, b->words);
        if (nw > 0) {
            int bit = bb_select(weak, b->words, (int)rng_below(rng, (uint64_t)nw));
            Move m = single(MOVE_FLIP, b->point_of[bit]);
            /* Mutator b can forbid a flip (flip-back ban); check those. */
            if (!b->rules.b || pos_check_move(p, &m) == NULL) return m;
        }
    }
    return pos_random_move(p, rng);
}

double playout_run(Position *p, const PlayoutCfg *pc, uint64_t *rng, Amaf *a, int *turn)
{
    const Board *b = p->board;
    for (int ply = 0; ply < pc->cap && !pos_over(p); ply++) {
        Move m = playout_policy_move(p, pc, rng);
        int c = p->to_move;
        pos_play(p, &m);
        if (a) amaf_record(a, b, &m, c, *turn);
        ++*turn;
    }
    return playout_score(p);
}
