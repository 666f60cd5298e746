/* searcher.h - the interface every searcher implements (Pachi style): the
 * engine context dispatches genmove/analyze to one of these tables.
 *
 * A searcher's state (tree, tables) lives in the pointer its create()
 * returns and is owned by the Engine; nothing is global. The SearchCtx is
 * built by engine.c per call: a private copy of the options, the limits the
 * time manager chose, the random state and the analysis callback. */
#ifndef MORPHOS_ENGINE_SEARCHER_H
#define MORPHOS_ENGINE_SEARCHER_H

#include "../rules/rules.h"
#include "config.h"
#include "engine.h"

typedef struct SearchCtx {
    EngineConfig cfg;
    double start;      /* now_seconds() when the move began: budgets count from here */
    double soft_time;  /* seconds the search should use; 0 = no time limit */
    double hard_time;  /* never more than this; 0 = no time limit */
    int use_all;       /* unused time is lost: search to soft_time, no early stop */
    long playouts;     /* 0 = no playout limit */
    uint64_t *rng;     /* the engine's random state (one thread) */
    /* The caller's hooks or NULL (engine.h): stop() ends the search early,
     * report() gets the analysis. analyze: search until stop() only, with
     * no time or playout limit. */
    const SearchHooks *hooks;
    int analyze;
} SearchCtx;

typedef struct Searcher {
    const char *name;
    void *(*create)(void);
    void (*destroy)(void *st);
    void (*new_game)(void *st, const Position *p);
    Move (*genmove)(void *st, const Position *p, const SearchCtx *sc);
    /* Optional; engine.c falls back to a one-line report of genmove. */
    void (*analyze)(void *st, const Position *p, const SearchCtx *sc);
} Searcher;

extern const Searcher searcher_random;
extern const Searcher searcher_mcts;   /* mcts, uct and grave: the options decide */
extern const Searcher searcher_ab;

/* The searchers by name (searchers.c): the `searcher` option is an index
 * into this table, which ends with a NULL name. preset, when not NULL,
 * forces the options the searcher is defined by on a search's copy. */
typedef struct SearcherEntry {
    const char *name;
    const Searcher *searcher;
    void (*preset)(EngineConfig *c);
} SearcherEntry;

#define MAX_SEARCHERS 16
extern const SearcherEntry searchers[];
int searcher_count(void);
/* The index of a name (any case), or -1. */
int searcher_find(const char *name);
/* in with searcher id's preset applied, into out (in == out allowed). */
void searcher_config(int id, const EngineConfig *in, EngineConfig *out);

#endif
