/* priors.h - prior knowledge for new MCTS children: virtual visits and
 * wins from cheap Morphos shape facts, and immediate wins marked proven. */
#ifndef MORPHOS_ENGINE_PRIORS_H
#define MORPHOS_ENGINE_PRIORS_H

#include "../rules/rules.h"
#include "learned.h"
#include "tree.h"

/* The learned priors' settings: the rule family's weights (NULL: none),
 * the scale of log-strength differences (option learned_scale), the
 * reference strength between the candidates' mean (0) and their best (1)
 * (learned_anchor) and the share of the learned value against the
 * hand-set one (learned_blend). */
typedef struct LearnedPriors {
    const LearnedSet *set;
    double scale, anchor, blend;
} LearnedPriors;

/* Fill prior_n/prior_w/proven of children[i] for steps d[i] of the turn
 * at p after placements S. weight = prior visits; knowledge = 0 gives
 * neutral priors (only immediate wins are still marked). learned (may be
 * NULL, or have no set): on whole single-point turns the learned value,
 * blended with the hand-set one. */
void priors_assign(const Position *p, const int16_t *S, int ns, const StepDesc *d, int n,
                   Node *children, double weight, int knowledge, const LearnedPriors *learned);

#endif
