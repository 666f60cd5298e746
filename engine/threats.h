/* threats.h - immediate threats at expansion: children of a new node
 * whose move leaves the opponent a connecting move are marked proven lost
 * (exact reasoning, single-point turns without mutator b; see threats.c).
 * Reads the position only; thread-safe. */
#ifndef MORPHOS_ENGINE_THREATS_H
#define MORPHOS_ENGINE_THREATS_H

#include "tree.h"

/* Marks children[i] (steps d[i] at p, n of them) proven -1 when the move
 * loses at once. Returns how many were marked. */
int threats_mark(const Position *p, const StepDesc *d, int n, Node *children);

#endif
