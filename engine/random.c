/* random.c - the `random` searcher: a uniformly random legal move. */
#include "searcher.h"
#include "util.h"

static void *rnd_create(void) { return NULL; }
static void rnd_destroy(void *st) { (void)st; }
static void rnd_new_game(void *st, const Position *p) { (void)st, (void)p; }

static Move rnd_genmove(void *st, const Position *p, const SearchCtx *sc)
{
    (void)st;
    if (pos_over(p)) return move_of(MOVE_PASS);
    return pos_random_move(p, sc->rng);
}

const Searcher searcher_random = {"random", rnd_create, rnd_destroy, rnd_new_game, rnd_genmove, NULL};
