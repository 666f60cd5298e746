/* priors.h - prior knowledge for new MCTS children: virtual visits and
 * wins from cheap Morphos shape facts, and immediate wins marked proven. */
#ifndef MORPHOS_ENGINE_PRIORS_H
#define MORPHOS_ENGINE_PRIORS_H

#include "../rules/rules.h"
#include "config.h"
#include "learned.h"
#include "tree.h"

/* Fill prior_n/prior_w/proven of children[i] for steps d[i] of the turn
 * at p after placements S. weight = prior visits; knowledge = 0 gives
 * neutral priors (only immediate wins are still marked). With a rule
 * family's weights `set` (may be NULL), on whole single-point turns: the
 * learned value, blended with the hand-set one, as cfg's learned_scale,
 * learned_anchor and learned_blend say (cfg may be NULL only when set
 * is), and each child's bias (the model's probability of the step). */
void priors_assign(const Position *p, const int16_t *S, int ns, const StepDesc *d, int n,
                   Node *children, double weight, int knowledge, const LearnedSet *set, const EngineConfig *cfg);

#endif
