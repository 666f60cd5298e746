/* playout.h - Monte-Carlo playouts: from a position to the end (or the
 * cap), with the uniform policy (baseline) or the Morphos policy (bridge
 * answers, eager flips). Records which points each colour took first, for
 * AMAF. Thread-safe: all state is in the arguments. */
#ifndef MORPHOS_ENGINE_PLAYOUT_H
#define MORPHOS_ENGINE_PLAYOUT_H

#include <stdint.h>

#include "../rules/rules.h"
#include "config.h"
#include "learned_policy.h"

#define AMAF_NONE 0x7fffffff

typedef struct Amaf {
    int32_t first[2][MAX_POINTS]; /* turn index at which colour took the point first */
} Amaf;

typedef struct PlayoutCfg {
    int policy;     /* 0 = uniform random moves */
    int cap;        /* max plies */
    double p_flip;  /* chance to flip a weak enemy stone when one exists */
    double p_bridge;/* chance to answer an intrusion into a bridge */
    int lgr;        /* play the last good reply (needs a Replies table) */
    LPolicy lp;     /* the learned softmax policy (lp.w NULL: off) */
    int lp_plies;   /* its plies a playout, then the hand-set policy (0: all) */
    int has_root;   /* root holds the codes of the search's root (playout_root) */
    LCodes root;
} PlayoutCfg;

/* Last good reply with forgetting (LGRF-1, Baier and Drake): for each
 * colour and each previous single-point move (a placement or a flip), the
 * reply that colour made in the last playout it won; a reply that loses is
 * forgotten. One table per thread: no sharing, no locks. */
#define LGR_SEQ 2048
typedef struct Replies {
    int16_t reply[2][2 * MAX_POINTS]; /* move code (kind * MAX_POINTS + pt) or -1 */
    int16_t seq[LGR_SEQ];             /* this playout's moves as codes, -1 = other */
    int n;
} Replies;

void replies_clear(Replies *r);

/* The policy from the engine's options: on/off, plies cap (playout_cap;
 * 0 = 3 * points + 40), bridge and flip chances, LGRF; the learned policy
 * (learned_policy) where b's rules have weights, which then takes the
 * place of the hand-set rules. */
void playout_config(PlayoutCfg *pc, const Board *b, const EngineConfig *cfg);

/* With the learned policy: keep the codes of the search's root, from
 * which every playout's are updated (instead of computed afresh). */
void playout_root(PlayoutCfg *pc, const Position *root);

/* Record move m, played by colour c at turn index t, into a. */
void amaf_record(Amaf *a, const Board *b, const Move *m, int c, int t);

/* Play p to the end; returns Black's score in [0, 1] (1 = Black wins; a
 * draw or a capped game is scored by the shortest-path evaluation). *turn
 * is the turn index of p and is advanced. */
double playout_run(Position *p, const PlayoutCfg *pc, uint64_t *rng, Amaf *a, int *turn, Replies *lgr);

/* The move a playout would play at p (not over): the policy's, else a
 * uniformly random one. Legal. */
Move playout_move(const Position *p, const PlayoutCfg *pc, uint64_t *rng);

/* Black's score of a finished position (RESULT_*), or of an unfinished one
 * by evaluation. */
double playout_score(const Position *p);

#endif
