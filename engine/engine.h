/* engine.h - the searchers behind genmove, as the protocol sees them.
 *
 * An Engine is the one engine context: options, clocks, the searcher in use
 * (a struct of function pointers, one per searcher: mcts, ab, uct, random)
 * and whatever that searcher keeps between moves (the tree). The protocol
 * owns one Engine and only calls these functions; it never reaches inside.
 * Positions passed in are never modified. */
#ifndef MORPHOS_ENGINE_H
#define MORPHOS_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"

typedef struct Engine Engine;

Engine *engine_create(void);
void engine_free(Engine *e);

/* Options (searcher, threads, playouts, movetime, memory, seed, search
 * constants). 0 on success; -1 and a message in err on a bad name or value
 * (the option is then unchanged). */
int engine_set_param(Engine *e, const char *name, const char *value, char *err, size_t errlen);
int engine_get_param(Engine *e, const char *name, char *out, size_t outlen);
/* NULL-terminated list of option names. */
const char *const *engine_param_names(void);

/* A new game (board size or rules changed, clear_board, loadsgf). */
void engine_new_game(Engine *e, const Position *p);

/* Clock: main time and Canadian byo-yomi (seconds, stones); time_left as
 * reported by the controller for colour c. */
void engine_time_settings(Engine *e, double main_time, double byo_time, int byo_stones);
void engine_time_left(Engine *e, Color c, double seconds, int stones);

/* The move to play for the side to move of p (not over): always legal. */
Move engine_genmove(Engine *e, const Position *p);

/* Exact solver: returns the winner (RESULT_BLACK/RESULT_WHITE) with a
 * winning move in *best when proven, RESULT_NONE when unknown within the
 * limits (seconds; 0 = the engine's default). */
Result engine_solve(Engine *e, const Position *p, double seconds, Move *best);

/* Live analysis: search p, calling emit(line, ctx) with one
 * "info move ... visits ... winrate ... pv ..." line every interval
 * (centiseconds) until stop(ctx) returns nonzero. */
void engine_analyze(Engine *e, const Position *p, int interval_cs,
                    int (*stop)(void *ctx), void (*emit)(const char *line, void *ctx), void *ctx);

#endif
