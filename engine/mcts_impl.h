/* mcts_impl.h - what the files of the MCTS family share (mcts.c: the
 * search loop and the searchers; select.c: the selection policies of mcts,
 * uct and grave; analysis.c: final choice, principal variations, analysis
 * lines and statistics). Internal to engine/: the rest of the program
 * sees only the Searcher tables of searcher.h. */
#ifndef MORPHOS_ENGINE_MCTS_IMPL_H
#define MORPHOS_ENGINE_MCTS_IMPL_H

#include <stdatomic.h>
#include <stdint.h>

#include "playout.h"
#include "priors.h"
#include "root_solver.h"
#include "searcher.h"
#include "tree.h"

#define MAXPATH 1024
#define MAXSTEPS (2 * MAX_POINTS + 3)
#define SEL_TAB 1024 /* visit counts the UCB policies take from tables */

typedef struct SelEntry {
    double nn, inv, rs, pad_;
} SelEntry;

/* grave: AMAF statistics of one point, for the root's opponent (see
 * select.c's mcgrave). */
typedef struct GraveStat {
    _Atomic uint32_t n;
    _Atomic uint64_t v;
} GraveStat;

#define GRAVE_ROOT_OPP (UINT32_MAX - 1) /* reference: the root's table for its opponent */

typedef struct Worker Worker;

/* The selection policy (select.c; Pachi's uct/policy.h): the child of node
 * `at` (expanded; `mover` to play) that a descent takes. One call per
 * node; the policy loops over the children itself. It writes only the
 * node's shortlist (rescan). */
typedef struct SelectPolicy {
    const char *name; /* ucb, rave, rave-ref or mcgrave */
    uint32_t (*choose)(Worker *w, Node *N, uint32_t at, int mover);
} SelectPolicy;

typedef struct Mcts {
    Tree tree;
    size_t tree_bytes;   /* the memory option the tree was made for (it may be less: memory short) */
    RootTable solver_tt; /* the root solver's table, kept from move to move */
    int solver_none;     /* its table could not be had: not tried again until the memory option changes */
    /* The UCB policies' tables (mcts_select_setup), kept while their inputs are. */
    int tab_valid;
    uint32_t tab_pn_bits;
    double tab_explore;
    SelEntry sel_tab[SEL_TAB];
    double ex_tab[SEL_TAB];
    /* grave: the root's AMAF table for the colour not to move at the root
     * (the root's children hold the other colour's). */
    GraveStat grave_opp[MAX_POINTS];
} Mcts;

typedef struct Shared {
    Mcts *m;
    const SearchCtx *sc;
    EngineConfig cfg;  /* effective: uct turns the enhancements off */
    PlayoutCfg pc;
    const LearnedSet *learned; /* the rules' learned weights for the priors; NULL: the hand-set priors */
    long limit;
    const MoveList *solved;  /* root moves with solver values, or NULL */
    const int8_t *solved_val;
    /* The selection policy, chosen once per search, and the UCB policies'
     * constants and tables (mcts_select_setup). */
    SelectPolicy policy;
    double explore, inv_equiv;
    double bias_unit; /* learned_bias / 255: a child's bias byte to its progressive-bias weight */
    uint32_t tab_pn_bits;
    const SelEntry *sel_tab;
    const double *ex_tab;
    /* grave, and mcts with rave_ref: the descent tracks AMAF reference
     * nodes (gref); a path node is a reference when its visits (this
     * descent's included) exceed grave_visits. grave: McGRAVE selection,
     * bias of beta. */
    int gref;
    int grave;
    uint64_t grave_visits;
    double grave_bias;
    /* The search's workers while it runs (each counts its own
     * simulations: mcts_playouts), and their total once it has ended. */
    Worker *workers;
    int nworkers;
    long playouts;
    long limit_near; /* from here on the workers read each other's counts on every simulation */
    int vloss;       /* more than one worker and virtual_loss > 0: descents mark Node.inflight */
    int root_batch;  /* more than one worker: the root's AMAF updates go through Worker.root_an/av */
    /* Written once, at the end, and read at every simulation: a cache
     * line of its own, away from the read-mostly fields above. */
    _Alignas(64) _Atomic int stop;
    char pad_[60];
} Shared;

/* One per thread, on cache lines of its own. */
typedef struct Worker {
    _Alignas(64) Shared *sh;
    uint64_t rng;
    MoveList ml;
    Amaf amaf;
    Replies lgr;
    StepDesc steps[MAXSTEPS];
    uint32_t path[MAXPATH];
    int turn_of[MAXPATH];
    uint8_t col_of[MAXPATH];
    uint16_t amaf_sel[MAXSTEPS];
    int32_t amaf_none[MAX_POINTS]; /* AMAF_NONE everywhere: copied to reset amaf */
    /* grave: this descent's reference node per colour (a node index or
     * GRAVE_ROOT_OPP), and per colour a point -> child map of a reference
     * node (valid where gmap_st == gmap_stamp), built when first needed. */
    uint32_t gref[2];
    uint32_t gmap_of[2];
    uint32_t gmap_stamp[2];
    uint32_t gmap_idx[2][MAX_POINTS];
    uint32_t gmap_st[2][MAX_POINTS];
    /* With more than one worker, this worker's AMAF updates of the root's
     * children (by offset in the block), added to the tree every 16th
     * simulation (root_amaf_flush): every simulation of every thread
     * updates about half of them, so each thread's updates took every
     * line of the block from the other thread on every simulation. */
    uint32_t root_an[MAXSTEPS];
    uint64_t root_av[MAXSTEPS];
    int root_pending;
    long others; /* the other workers' simulations at w's last look (simulate_counted) */
    /* The simulations this worker has finished: written by it alone, read
     * by the others for the playout limit (a shared counter took a locked
     * add from every thread on every simulation). */
    _Alignas(64) _Atomic long done;
} Worker;

/* The simulations of the search so far (all workers), or of the whole
 * search once it has ended. */
long mcts_playouts(const Shared *sh);

/* Mean value of a node for its mover (0.5 unvisited). */
double mcts_node_q(const Node *n);

/* select.c: the search's selection policy, its constants and tables,
 * from the options and prepare's grave and gref (once per search):
 * mcgrave for grave; else ucb with rave off, rave-ref with references
 * (rave_ref > 0), rave otherwise. */
void mcts_select_setup(Shared *sh);
/* The child of node `at` the descent takes, by the search's policy. */
static inline uint32_t mcts_select(Worker *w, Node *N, uint32_t at, int mover)
{
    return w->sh->policy.choose(w, N, at, mover);
}

/* analysis.c */
/* The child a final decision takes: a proven win, else most visits (ties
 * by value), never a proven loss while something else exists; -1 if none. */
int mcts_best_child(const Node *nodes, const Node *n);
/* Follow best children from node `at` (a step of the turn at the root
 * after placements S) until the move is whole; MOVE_NONE if it is not. */
Move mcts_follow(const Tree *t, uint32_t at, int16_t *S, int *ns, uint32_t *end);
/* The search so far as data (engine.h's Analysis: every root move with
 * visits, most visited first) to the caller's report hook. */
void mcts_emit_analysis(const Shared *sh, double seconds);
/* The statistics line on stderr after a search (when verbose). */
void mcts_report(const Shared *sh, long n, double el, const Move *mv);

#endif
