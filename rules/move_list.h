/* move_list.h - ';'-separated move lists (perft tables, openings, result
 * files, the opening book, `./morphos perft --moves`): splitting them, and
 * playing them with every move validated. The one move-list player. */
#ifndef MORPHOS_RULES_MOVE_LIST_H
#define MORPHOS_RULES_MOVE_LIST_H

#include <stddef.h>

#include "rules.h"

/* Copy the next move of the list at *s into text and advance *s past it.
 * 1 for a move, 0 at the end, -1 for an empty or over-long entry. */
int move_list_next(const char **s, char *text, size_t len);

/* Play a move list on p, validating each move (move_parse) and refusing
 * moves after the game ended. "" and "-" are the empty list; spaces around
 * a move are ignored; an empty entry (";;") is refused.
 * 0, or -1 and a message naming the bad move in err (p then holds the
 * moves before it). */
int play_move_list(Position *p, const char *moves, char *err, size_t errlen);
/* The same with moves in AbstractPlay's notation (`pie` swaps). */
int play_ap_move_list(Position *p, const char *moves, char *err, size_t errlen);

#endif
