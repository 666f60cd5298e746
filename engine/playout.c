/* playout.c - playouts and the playout policy.
 *
 * The policy is deliberately cheap: uniform random moves are what make
 * playouts unbiased; the two rules below fix the most common blunders of
 * random play in connection games (ignoring a cut of a bridge, ignoring a
 * stone that can be taken over). It only applies when a turn is a single
 * point (no mutator c, no owed d stone); compound turns stay uniform. */
#include "playout.h"

#include <assert.h>
#include <math.h>

#include "../rules/cairo.h"
#include "eval.h"
#include "features.h"
#include "util.h"

void playout_config(PlayoutCfg *pc, const Board *b, const EngineConfig *cfg)
{
    pc->policy = cfg->policy;
    pc->cap = cfg->playout_cap > 0 ? cfg->playout_cap : 3 * b->npoints + 40;
    pc->p_flip = cfg->p_flip;
    pc->p_bridge = cfg->p_bridge;
    pc->lgr = cfg->lgr;
    const LearnedSet *w = cfg->learned_policy ? learned_for(b) : NULL;
    if (w && !cfg->learned_policy_all && !learned_policy_shown(w)) w = NULL;
    lpolicy_config(&pc->lp, b, w);
    pc->lp_plies = cfg->learned_plies;
    pc->has_root = 0;
}

void playout_root(PlayoutCfg *pc, const Position *root)
{
    pc->has_root = pc->lp.w && !pos_over(root);
    if (pc->has_root) lcodes_init(&pc->root, root, &pc->lp);
}

void replies_clear(Replies *r)
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 2 * MAX_POINTS; i++) r->reply[c][i] = -1;
    r->n = 0;
}

/* A single-point placement or flip as a table index, or -1. */
static int move_code(const Move *m)
{
    if (m->n != 1 || m->pt[0] < 0) return -1;
    if (m->kind == MOVE_PLACE) return m->pt[0];
    if (m->kind == MOVE_FLIP) return MAX_POINTS + m->pt[0];
    return -1;
}

/* After a playout: the winner's replies are remembered, the loser's
 * forgotten. seq[0] is the move that led into the playout. */
static void replies_learn(Replies *r, int first_mover, double result)
{
    if (result == 0.5) return;
    int winner = result > 0.5 ? BLACK : WHITE;
    int c = first_mover;
    for (int i = 1; i < r->n; i++, c ^= 1) {
        int prev = r->seq[i - 1], m = r->seq[i];
        if (prev < 0 || m < 0) continue;
        if (c == winner) r->reply[c][prev] = (int16_t)m;
        else if (r->reply[c][prev] == m) r->reply[c][prev] = -1;
    }
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

static Move single(int kind, int pt) { return move_pts(kind, 1, pt, -1, -1); }

/* The remembered reply to the last move, when it is legal now. */
static int last_good_reply(const Position *p, const Replies *lgr, Move *out)
{
    int prev = move_code(&p->last);
    if (prev < 0) return 0;
    int r = lgr->reply[p->to_move][prev];
    if (r < 0) return 0;
    const Board *b = p->board;
    int pt = r % MAX_POINTS, bit = b->bit_of[pt];
    if (r < MAX_POINTS) {
        if (bb_test(p->stones[0], bit) || bb_test(p->stones[1], bit)) return 0;
        *out = single(MOVE_PLACE, pt);
        return 1;
    }
    if (!bb_test(p->stones[p->to_move ^ 1], bit)) return 0;
    *out = single(MOVE_FLIP, pt);
    return pos_check_move(p, out) == NULL;
}

/* The policy's own move for p (not over) in *m, legal; or false when the
 * move is to be uniformly random: the caller draws it (pos_play_random)
 * after the draws made here. lgr may be NULL. Named under playout_ for
 * the web build's Asyncify list (web/web.mk, WEB_NO_YIELD), which must
 * cover it whether or not the compiler inlines it. */
static bool playout_policy_move(const Position *p, const PlayoutCfg *pc, uint64_t *rng, const Replies *lgr, Move *m)
{
    const Board *b = p->board;
    if (!b->single_steps || p->owe) return false;
    if (!pc->policy) return false;
    int me = p->to_move;
    if (p->last.kind == MOVE_PLACE && p->last.n == 1 && rng_unit(rng) < pc->p_bridge) {
        int r = feat_bridge_answer(p, p->last.pt[0]);
        if (r >= 0) {
            *m = single(MOVE_PLACE, r);
            return true;
        }
    }
    if (lgr && last_good_reply(p, lgr, m)) return true;
    if (rng_unit(rng) < pc->p_flip) {
        bb_t weak;
        pos_weak_stones(p, (Color)(me ^ 1), weak);
        int nw = bb_popcount(weak, b->words);
        if (nw > 0) {
            int bit = bb_select(weak, b->words, (int)rng_below(rng, (uint64_t)nw));
            *m = single(MOVE_FLIP, b->point_of[bit]);
            /* A flip can be forbidden (b's flip-back ban); check those. */
            if (!b->flip_bannable || pos_check_move(p, m) == NULL) return true;
        }
    }
    return false;
}

Move playout_move(const Position *p, const PlayoutCfg *pc, uint64_t *rng)
{
    Move m;
    if (pc->lp.w) {
        LCodes lc;
        lcodes_init(&lc, p, &pc->lp);
        return !p->owe && lpolicy_move(p, &pc->lp, &lc, rng, &m) ? m : pos_random_move(p, rng);
    }
    return playout_policy_move(p, pc, rng, NULL, &m) ? m : pos_random_move(p, rng);
}

/* playout_run with the learned policy for its first lp_plies plies (0:
 * all): the hand-set rules and LGRF give way to it; the codes follow
 * every ply it plays. Returns the plies played. */
static int run_learned(Position *p, const PlayoutCfg *pc, uint64_t *rng, Amaf *a, int *turn)
{
    const Board *b = p->board;
    LCodes lc;
    if (pc->has_root) {
        lcodes_copy(&lc, &pc->root, b);
        lcodes_update(&lc, p, &pc->lp);
    } else {
        lcodes_init(&lc, p, &pc->lp);
    }
    const int n = pc->lp_plies > 0 && pc->lp_plies < pc->cap ? pc->lp_plies : pc->cap;
    int ply = 0;
    for (; ply < n && !pos_over(p); ply++) {
        Move m;
        int c = p->to_move;
        if (!p->owe && lpolicy_move(p, &pc->lp, &lc, rng, &m)) pos_play(p, &m);
        else m = pos_play_random(p, rng);
        if (a) amaf_record(a, b, &m, c, *turn);
        ++*turn;
        if (ply + 1 < n && !pos_over(p)) lcodes_update(&lc, p, &pc->lp);
    }
    return ply;
}

double playout_run(Position *p, const PlayoutCfg *pc, uint64_t *rng, Amaf *a, int *turn, Replies *lgr)
{
    const Board *b = p->board;
    int ply = 0;
    if (pc->lp.w) {
        ply = run_learned(p, pc, rng, a, turn);
        lgr = NULL;
    }
    if (!pc->lgr) lgr = NULL;
    int first_mover = p->to_move ^ 1;
    if (lgr) {
        lgr->seq[0] = (int16_t)move_code(&p->last);
        lgr->n = 1;
    }
    for (; ply < pc->cap && !pos_over(p); ply++) {
        Move m;
        int c = p->to_move;
        if (playout_policy_move(p, pc, rng, lgr, &m)) pos_play(p, &m);
        else m = pos_play_random(p, rng);
        if (a) amaf_record(a, b, &m, c, *turn);
        if (lgr && lgr->n < LGR_SEQ) lgr->seq[lgr->n++] = (int16_t)move_code(&m);
        ++*turn;
    }
    double result = playout_score(p);
    if (lgr) replies_learn(lgr, first_mover, result);
    return result;
}
