/* openings.h - the opening each pair of games starts from, so that games
 * differ: a line of a file of (balanced) openings, or a few uniformly random
 * moves. Both games of a pair (the same opening, colours swapped) share it.
 * Openings are ';'-separated move lists, as in perft tables and in match
 * result files, so that a game of one match can open another. */
#ifndef MORPHOS_BENCH_OPENINGS_H
#define MORPHOS_BENCH_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"

typedef struct Openings {
    char **line;
    size_t n;
} Openings;

/* Load a file of openings, one per line ('#' comments and blank lines
 * skipped; '-' is the empty opening); each is checked on board b: legal
 * moves that leave the game running. 0, or -1 with the line in err. */
int openings_load(Openings *o, const char *path, const Board *b, char *err, size_t errlen);
void openings_free(Openings *o);

/* The opening of game pair `pair`: line pair mod n of the file when it has
 * lines, else `random_plies` random moves drawn from a generator seeded by
 * (seed, pair) - reproducible, and distinct across pairs. Written to buf
 * (';'-separated, "" for none). 0, or -1 when buf is too small. */
int opening_for_pair(const Openings *o, const Board *b, int random_plies, uint64_t seed, long pair, char *buf, size_t len);

#endif
