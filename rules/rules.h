/* rules.h - the rules core in one include: rule sets, boards, positions. */
#ifndef MORPHOS_RULES_H
#define MORPHOS_RULES_H
#include "apnotation.h"
#include "bitboard.h"
#include "board.h"
#include "position.h"
#include "rng.h"
#endif
