/* searchers.c - the table of searchers (Pachi's engines[]): a name, the
 * Searcher that runs it and a preset, the options it forces on the copy a
 * search gets. Adding a searcher is one row; search code reads options,
 * never a searcher's identity. mcts, uct and grave are one Searcher (the
 * tree search in mcts.c) under three presets; each row keeps its own state
 * in the engine. */
#include "searcher.h"

#include <assert.h>
#include <strings.h>

/* The plain-UCT baseline: no knowledge, no RAVE, no solver, no reuse; its
 * own exploration constant on every board. */
static void preset_uct(EngineConfig *c)
{
    c->rave = c->priors = c->policy = c->learned_priors = c->learned_policy = 0;
    c->expand_marks = 0;
    c->use_solver = c->prove = c->reuse = 0;
    c->explore = c->cairo_explore = c->uct_explore;
    c->rescan = 1; /* every child scored on every descent */
    c->book = 0;
}

/* Ludii's MC-GRAVE: McGRAVE selection on AMAF statistics, uniform playouts
 * of at most 200 moves, one new node per simulation (here: a node's
 * children are considered from its second visit), the most visited move,
 * no tree reuse, nothing else. */
static void preset_grave(EngineConfig *c)
{
    c->grave = 1;
    c->rave = 1; /* AMAF statistics are gathered; select_grave reads them */
    c->priors = c->policy = c->lgr = c->learned_priors = c->learned_policy = 0;
    c->expand_marks = 0;
    c->use_solver = c->prove = c->reuse = 0;
    c->expand_after = 2;
    if (c->playout_cap == 0) c->playout_cap = 200;
    c->book = 0;
}

/* Baselines without a tree: the book is mcts's. */
static void preset_nobook(EngineConfig *c) { c->book = 0; }

const SearcherEntry searchers[] = {
    {"mcts", &searcher_mcts, NULL},
    {"uct", &searcher_mcts, preset_uct},
    {"grave", &searcher_mcts, preset_grave},
    {"ab", &searcher_ab, preset_nobook},
    {"random", &searcher_random, preset_nobook},
    {NULL, NULL, NULL},
};

int searcher_count(void) { return (int)(sizeof searchers / sizeof searchers[0]) - 1; }

int searcher_find(const char *name)
{
    for (int i = 0; name && searchers[i].name; i++)
        if (strcasecmp(searchers[i].name, name) == 0) return i;
    return -1;
}

const char *searcher_name(int id) { return id >= 0 && id < searcher_count() ? searchers[id].name : "?"; }

void searcher_config(int id, const EngineConfig *in, EngineConfig *out)
{
    assert(id >= 0 && id < searcher_count());
    *out = *in;
    if (searchers[id].preset) searchers[id].preset(out);
}
