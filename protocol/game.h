/* game.h - the game record the protocol keeps: the board tables, every
 * position from the start to now (for undo) and the moves between them (for
 * printsgf). Positions are copies (copy-make), so undo is a pop.
 *
 * Every function either succeeds or leaves the game exactly as it was. */
#ifndef MORPHOS_GAME_H
#define MORPHOS_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/rules.h"

/* A game longer than this is refused rather than grown without bound. */
#define GAME_MAX_PLIES 200000

typedef struct Game {
    Board *board;
    int size;          /* the last square size asked for: kept across rule
                          changes, so that leaving Morpharaoh returns to it */
    Position *pos;     /* pos[0] start .. pos[n] now; 64-byte aligned */
    Move *moves;       /* moves[i] leads from pos[i] to pos[i+1] */
    Move *given;       /* moves[i] as it was written: the same points, a
                          turn's parts in the order given (AbstractPlay's
                          click order, Remorph's owed stone first) */
    size_t n, cap;
    int end_passes;    /* the winner's passes after the end (game_end_pass) */
} Game;

/* A new game at the start position. 0, or -1 with a message. */
int game_init(Game *g, int size, const Ruleset *r, char *err, size_t errlen);
void game_free(Game *g);

/* Replace size and rules and go back to the start. On error nothing
 * changes. */
int game_reset(Game *g, int size, const Ruleset *r, char *err, size_t errlen);
/* Back to the start position with the same board. */
void game_clear(Game *g);

static inline const Position *game_pos(const Game *g) { return &g->pos[g->n]; }

/* Setup (SGF AB/AW/AE): put a stone of colour c, or EMPTY, on a point of
 * the start position. Only before any move, so that the setup becomes the
 * position undo stops at; -1 (nothing changed) after a move or for a point
 * off the board. */
int game_setup(Game *g, int point, Color c);

/* Play a move already checked legal. -1 (nothing changed) when the record
 * is full or memory ran out. game_play_given() also keeps the order its
 * parts were written in (given: the same points as m). */
int game_play(Game *g, const Move *m);
int game_play_given(Game *g, const Move *m, const Move *given);
/* Take back the last move (or the last pass after the end); -1 at the
 * start. */
int game_undo(Game *g);

/* The winner's pass after the end, for controllers that know only Go:
 * under mutator b a win is seen at the start of the winner's turn, so the
 * winner is asked to move and passes (then the loser resigns). It changes
 * no position; undo takes it back before any move. -1 (nothing changed)
 * unless the game is won and the winner is to move. */
int game_end_pass(Game *g);
/* Whether colour c may pass after the end now (game_end_pass). */
bool game_may_end_pass(const Game *g, Color c);

#endif
