/* priors.c - why these facts: in Morphos a stone is lost when it sits in a
 * pattern of enemy stones, so a placement that is weak at once is usually a
 * gift; flips decide most games; connection games reward contact and
 * bridge shapes. Values were set by matches (docs/engine.md). */
#include "priors.h"

#include <assert.h>
#include <math.h>


#include "eval.h"
#include "features.h"

static int own_at(const Position *p, int pt, int c) { return bb_test(p->stones[c], p->board->bit_of[pt]); }

/* Learned priors: each candidate's strength under the model (learned.h)
 * against a reference strength of the turn's candidates, as a win rate
 * around 0.5: v = 0.5 + 0.45 tanh(scale (s - ref)), blended with the
 * hand-set value already in the child (blend 1: the learned value alone).
 * ref = mean + anchor (max - mean): with anchor 0 (the mean) most of the
 * strong candidates of a turn start far above 0.5 and the near-greedy
 * selection spends its visits refuting that optimism one move after
 * another; with anchor 1 the model's favourite starts at 0.5 and every
 * other move below it, in proportion to how much less likely the model
 * finds it. Only whole single-point turns, and of those only placements
 * and flips: the pie's swap and a pass keep the hand-set value, since
 * whether to swap is a judgement of the whole position that a local
 * pattern cannot make (with the learned value, White stopped swapping a
 * centre stone at a few hundred playouts).
 * The features skip the fills that find wins in one: the tree proves a
 * win at expansion and marks the moves that leave one (threats.c).
 * Each such child's bias is the model's probability of its step among
 * them (the softmax of the strengths), read by the selection's
 * progressive-bias term (learned_bias). */
static int learned_step(const StepDesc *s) { return s->kind == STEP_PLACE || s->kind == STEP_FLIP; }

static void learned_assign(const Position *p, const StepDesc *d, int n, Node *children, double weight,
                           const LearnedSet *w, const EngineConfig *cfg)
{
    FeatPos f;
    feat_prepare_ex(&f, p, 0);
    /* Square boards: each window's weight from the raw-code map the
     * playout policy reads, not by canonical key and binary search. */
    int conn;
    const LearnedWide *wd = learned_prior_model(w, p->board->size, cfg->learned_wide, cfg->learned_conn, &conn);
    const LearnedDense *dn = p->board->size && !wd ? learned_dense(w) : NULL;
    FeatWide fw;
    FeatConn fc;
    if (wd) feat_wide_prepare(&fw, &f);
    if (conn) feat_conn_prepare(&f, &fc);
    float sbuf[2 * MAX_POINTS + 3];
    double ebuf[2 * MAX_POINTS + 3];
    double mean = 0, max = -1e30;
    int nm = 0;
    for (int i = 0; i < n; i++) {
        const StepDesc *s = &d[i];
        MoveFeat mf;
        if (!learned_step(s)) {
            assert(s->kind == STEP_PASS || s->kind == STEP_SWAP);
            continue;
        }
        assert(s->complete);
        const int kind = s->kind == STEP_PLACE ? MOVE_PLACE : MOVE_FLIP;
        if (wd) {
            uint32_t inner[8];
            const uint64_t wide = feat_wide_key(&fw, s->pt, inner);
            feat_move_ex(&f, kind, s->pt, &mf, 0);
            sbuf[i] = learned_wide_score(wd, wide, inner, &mf);
        } else if (dn) {
            feat_move_ex(&f, kind, s->pt, &mf, 0);
            sbuf[i] = learned_score_with(w, learned_raw_pattern(w, dn, feat_square_raw(&f, s->pt)), &mf);
        } else {
            feat_move(&f, kind, s->pt, &mf);
            sbuf[i] = learned_score(w, &mf);
        }
        mean += sbuf[i];
        nm++;
        if (sbuf[i] > max) max = sbuf[i];
    }
    mean /= nm > 0 ? nm : 1;
    const double ref = mean + cfg->learned_anchor * (max - mean);
    double z = 0;
    for (int i = 0; i < n; i++)
        if (learned_step(&d[i])) z += ebuf[i] = exp(sbuf[i] - max);
    for (int i = 0; i < n; i++) {
        if (!learned_step(&d[i])) continue;
        double v = 0.5 + 0.45 * tanh(cfg->learned_scale * (sbuf[i] - ref));
        double hand = weight > 0 ? children[i].prior_w / weight : 0.5;
        v = cfg->learned_blend * v + (1 - cfg->learned_blend) * hand;
        children[i].prior_n = (float)weight;
        children[i].prior_w = (float)(weight * v);
        children[i].bias = (uint8_t)lrint(255 * ebuf[i] / z);
    }
}

void priors_assign(const Position *p, const int16_t *S, int ns, const StepDesc *d, int n,
                   Node *children, double weight, int knowledge, const LearnedSet *set, const EngineConfig *cfg)
{
    const Board *b = p->board;
    int me = p->to_move, opp = me ^ 1;
    assert(ns >= 0 && ns <= 2 && n >= 0 && n <= 2 * b->npoints + 3);
    (void)S;
    /* The learned model describes whole single-point turns only. */
    const int use_learned = knowledge && set && ns == 0 && !p->owe && b->single_steps;
    assert(!set || cfg);
    /* Points where a stone of ours would be weak at once. */
    bb_t weak_if;
    bb_zero(weak_if);
    if (knowledge) pos_weak_if_placed(p, (Color)me, weak_if);
    /* A single move wins only if our distance is within its points. */
    int reach = b->max_places + (p->owe ? 1 : 0) - ns;
    if (reach < 0) reach = 0;
    int may_win = eval_distance_within(p, (Color)me, reach) <= reach;
    for (int i = 0; i < n; i++) {
        Node *c = &children[i];
        const StepDesc *s = &d[i];
        double v = 0.5;
        if (s->complete && may_win && (s->kind == STEP_PLACE || s->kind == STEP_FLIP || s->kind == STEP_STOP)) {
            Position q = *p;
            pos_play(&q, &s->move);
            if (q.result == (me == BLACK ? RESULT_BLACK : RESULT_WHITE)) atomic_store(&c->proven, 1);
        }
        if (knowledge) {
            if (s->kind == STEP_PLACE) {
                int adj = 0, eadj = 0;
                if (b->nbr_bb) { /* Cairo: by whole words */
                    const uint64_t *nb = b->nbr_bb[s->pt];
                    for (int w = 0; w < b->words; w++) {
                        adj += __builtin_popcountll(nb[w] & p->stones[me][w]);
                        eadj += __builtin_popcountll(nb[w] & p->stones[opp][w]);
                    }
                } else {
                    for (int k = 0; k < b->nnbr[s->pt]; k++) {
                        int q = b->nbr[s->pt][k];
                        adj += own_at(p, q, me);
                        eadj += own_at(p, q, opp);
                    }
                }
                v += 0.06 * (adj > 2 ? 2 : adj) + 0.03 * (eadj > 0) + 0.05 * (feat_bridges(p, s->pt, me) > 0);
                if (bb_test(weak_if, b->bit_of[s->pt])) v -= 0.25;
            } else if (s->kind == STEP_FLIP) {
                v = 0.7;
            }
            if (v < 0.05) v = 0.05;
            if (v > 0.95) v = 0.95;
            c->prior_n = (float)weight;
            c->prior_w = (float)(weight * v);
        }
    }
    if (use_learned) learned_assign(p, d, n, children, weight, set, cfg);
}
