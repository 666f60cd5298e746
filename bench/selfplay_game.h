/* selfplay_game.h - one self-play game: the engine (linked, not over GTP)
 * plays both sides at a fixed playout budget on one thread with no clock,
 * so that the game is a function of its settings and number alone, and the
 * game comes back as its record line (selfplay_record.h).
 *
 * Each game gets a fresh engine: nothing of one game (tree, tables,
 * random state) reaches the next, so any range of games can be played
 * anywhere. The root solver stays off (its budget is in seconds). */
#ifndef MORPHOS_BENCH_SELFPLAY_GAME_H
#define MORPHOS_BENCH_SELFPLAY_GAME_H

#include <stddef.h>

#include "selfplay_record.h"

typedef struct SelfplayConfig {
    const Board *board;
    const SelfplaySettings *s;   /* s->engine: the options below, as text */
    int nopts;                   /* engine options "NAME=VALUE" set after */
    const char *const *opts;     /* the generator's own (selfplay_engine_options) */
} SelfplayConfig;

/* The options a self-play engine gets: the generator's fixed ones (one
 * thread, the playout budget, no time, no root solver) then the user's
 * NAME=VALUE options. Refuses (-1, err) a user option that would make
 * games depend on the machine or that the generator sets (threads, seed,
 * playouts, movetime, solver_time), an unknown option or a bad value
 * (checked on a scratch engine). On success writes the whole list as
 * "NAME=VALUE ..." to text. */
int selfplay_engine_options(long playouts, const char *const *user, int nuser, char *text, size_t textlen, char *err,
                            size_t errlen);

/* Play game `game` (s->playouts per searched ply): its record line, with
 * no newline, into *line (malloc'd; free it), and what it was into info
 * (may be NULL). 0, or -1 and err. */
int selfplay_play(const SelfplayConfig *c, long game, char **line, SelfplayGame *info, char *err, size_t errlen);

#endif
