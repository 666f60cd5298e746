/* config.h - the engine's options as one plain struct, and their table.
 *
 * EngineConfig is copied into each search, so a search never sees an option
 * change half-way. params_set/params_get validate and convert text; every
 * option is listed once in params.c with its type and range. */
#ifndef MORPHOS_ENGINE_CONFIG_H
#define MORPHOS_ENGINE_CONFIG_H

#include <stddef.h>
#include <stdint.h>

typedef struct EngineConfig {
    int searcher;         /* index in searchers[] (searcher.h) */
    int threads;          /* search threads (mcts, uct, grave) */
    long playouts;        /* playouts per move; 0 = by time only */
    double movetime;      /* seconds per move without a clock; 0 = none */
    long memory;          /* MiB for the search tree / tables */
    uint64_t seed;        /* 0 = seeded from the clock */
    double explore;       /* exploration constant (mcts, Morphos boards) */
    double cairo_explore; /* exploration constant (mcts, Morpharaoh boards) */
    double uct_explore;   /* exploration constant of the plain-UCT baseline */
    double rave_equiv;    /* RAVE equivalence (visits where AMAF and UCT weigh alike) */
    int rave_ref;         /* mcts: 0 = each child's own AMAF; > 0 = GRAVE reference AMAF, a node needs more visits */
    int grave_ref;        /* grave: visits above which a node is the AMAF reference (Ludii's ref) */
    double grave_bias;    /* grave: bias in beta = gv / (gv + n + bias gv n) */
    double prior_visits;  /* weight of the priors, in virtual visits */
    int expand_after;     /* visits of a leaf before it is expanded */
    int rescan;           /* mcts: score every child on every rescan-th descent through a node, its best two between */
    double virtual_loss;  /* threads: lost visits each other thread's descent in flight below a child counts as, beyond its visit */
    int playout_cap;      /* max plies of a playout; 0 = automatic */
    int rave;             /* bool: use AMAF (mcts) */
    int priors;           /* bool: domain priors (mcts) */
    int policy;           /* bool: playout policy (mcts) */
    double p_bridge;      /* policy: chance to answer an intrusion into a bridge */
    double p_flip;        /* policy: chance to flip a weak enemy stone when one exists */
    int lgr;              /* bool: policy plays the last good reply (LGRF) */
    int learned_priors;   /* bool: priors from the learned weights where the rules have a set (learned.h) */
    int learned_policy;   /* bool: playouts draw from the learned weights' softmax where the rules' set was shown to gain by it */
    int learned_plies;    /* learned_policy: for a playout's first this many plies, then the hand-set policy (0: every ply) */
    int learned_policy_all; /* bool: learned_policy for every family with weights, not only where shown stronger */
    int learned_wide;     /* bool: learned priors from the wide model where the set has one shown stronger (learned.h) */
    int learned_conn;     /* learned priors from the connection model (the wide model with FEAT_CONN) on square boards up to this size; 0 = never */
    double learned_scale; /* learned priors: win rate 0.5 + 0.45 tanh(scale (log strength - ref)) */
    double learned_anchor; /* learned priors: ref = mean + anchor (max - mean) of the turn's candidates */
    double learned_blend; /* learned priors: share of the learned value against the hand-set one */
    double learned_bias;  /* learned priors: progressive bias, selection adds learned_bias x P / sqrt(visits + prior visits) */
    int reuse;            /* bool: keep the subtree between moves */
    int use_solver;       /* bool: run the solver at the root before searching */
    int prove;            /* bool: MCTS-solver, proven wins and losses backed up the tree */
    double solver_time;   /* seconds the root solver may use per move */
    double solve_time;    /* default seconds for engine_solve */
    int ab_depth;         /* max alpha-beta depth; 0 = by time */
    int book;             /* bool: mcts plays the opening book's move where it has one */
    int verbose;          /* bool: statistics on stderr */
    /* Set by a searcher's preset, not options: */
    int grave;            /* bool: McGRAVE selection (grave) */
    int expand_marks;     /* bool: expansion marks wins in one and assigns priors (mcts) */
} EngineConfig;

void config_default(EngineConfig *c);

/* 0 on success; -1 and a message on a bad name or value (c unchanged). */
int params_set(EngineConfig *c, const char *name, const char *value, char *err, size_t errlen);
/* 0 and the value as text; -1 on an unknown name. */
int params_get(const EngineConfig *c, const char *name, char *out, size_t outlen);
const char *const *params_names(void);
/* The cores this machine has online (at least 1): the most threads used. */
int params_cores(void);
/* A searcher's name by index ("?" out of range; searchers.c). */
const char *searcher_name(int id);

#endif
