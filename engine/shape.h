/* shape.h - bridge shapes on Cairo boards, from the engine's bridge
 * tables (the square boards' diagonal bridges are in priors.c and
 * playout.c). A Cairo bridge: two stones of one colour, not neighbours,
 * with two empty common neighbours; when the opponent takes one, the other
 * keeps them connected. Pure functions of the position; no state. */
#ifndef MORPHOS_ENGINE_SHAPE_H
#define MORPHOS_ENGINE_SHAPE_H

#include "../rules/rules.h"

/* The opponent of the side to move just placed at q (a Cairo board): the
 * empty point that keeps two of our stones connected through a bridge q
 * cut into, or -1. */
int shape_cairo_bridge_answer(const Position *p, int q);

/* Every such answer (at most 4) in out; returns their count. */
int shape_cairo_bridge_answers(const Position *p, int q, int *out);

/* Whether a stone of colour c on the empty point pt (a Cairo board) would
 * form a bridge with a stone of c. */
int shape_cairo_bridges(const Position *p, int pt, int c);

#endif
