/* priors.h - prior knowledge for new MCTS children: virtual visits and
 * wins from cheap Morphos shape facts, and immediate wins marked proven. */
#ifndef MORPHOS_ENGINE_PRIORS_H
#define MORPHOS_ENGINE_PRIORS_H

#include "../rules/rules.h"
#include "learned.h"
#include "tree.h"

/* Fill prior_n/prior_w/proven of children[i] for steps d[i] of the turn
 * at p after placements S. weight = prior visits; knowledge = 0 gives
 * neutral priors (only immediate wins are still marked). learned (may be
 * NULL): the rule family's learned weights, which then replace the
 * hand-set values on whole single-point turns, their log-strength
 * differences scaled by scale (option learned_scale). */
void priors_assign(const Position *p, const int16_t *S, int ns, const StepDesc *d, int n,
                   Node *children, double weight, int knowledge, const LearnedSet *learned, double scale);

#endif
