/* apnotation.h - AbstractPlay's move text (docs/rules.md, "AbstractPlay
 * notation"): `e5` places, `xe5` flips the enemy stone on e5, the parts of
 * one turn are joined by `,` (`e5,e6`; under d the owed stone first:
 * `e5,f6`, `e5,xf6`, and `e5,pass` for the owed stone alone), `pass`.
 * Columns a, b, c, ... with no letter skipped, row 1 at the bottom.
 *
 * AbstractPlay handles the pie by exchanging seats and leaves the stones
 * as they are; this engine's swap maps the position through the
 * colour-exchanging symmetry instead (docs/rules.md, "Pie rule"). After a
 * swap every AbstractPlay point is therefore the symmetric image of the
 * engine's point: `swapped` says whether the game has swapped. The swap
 * itself has no AbstractPlay text; it is written `pie`. */
#ifndef MORPHOS_APNOTATION_H
#define MORPHOS_APNOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

/* A cell name (`e5`, lowercase or not) on a square board: 0 and the point,
 * or -1. No symmetry applied. */
int ap_point_parse(const Board *b, const char *text, int *point);
char *ap_point_format(const Board *b, int point, char *buf, size_t len);

/* Parse and validate AbstractPlay text as a move of the side to move: 0 and
 * *m (canonical), or -1 and the reason in err. */
int ap_move_parse(const Position *p, const char *text, bool swapped, Move *m, char *err, size_t errlen);

/* The AbstractPlay text of move m, legal in p. */
char *ap_move_format(const Position *p, const Move *m, bool swapped, char *buf, size_t len);

/* A turn's parts in the order they were written. AbstractPlay's record
 * keeps a Duomorph pair in click order and Remorph's owed stone first
 * (`f6,e5`: f6 was owed), while the canonical Move sorts its placements.
 * ap_move_parse_given() also sets *given (when not NULL): the same move
 * with its placements in the text's order (engine points); a Move written
 * back through ap_move_format_given() with it prints in that order, and
 * without it (given NULL, or not the same points) in row-major order. */
int ap_move_parse_given(const Position *p, const char *text, bool swapped, Move *m, Move *given, char *err, size_t errlen);
char *ap_move_format_given(const Position *p, const Move *m, const Move *given, bool swapped, char *buf, size_t len);

#endif
