/* learned.h - the learned weights (features.h) of one rule family, and
 * their use: a candidate's strength is the product of its features'
 * gammas (Coulom's generalised Bradley-Terry model), kept here as the sum
 * of their natural logarithms. The sets are generated data
 * (engine/generated/learned_data.c, written by `bench/learn weights`),
 * read-only. */
#ifndef MORPHOS_ENGINE_LEARNED_H
#define MORPHOS_ENGINE_LEARNED_H

#include <stdint.h>

#include "../rules/rules.h"
#include "features.h"

/* The tree priors' model with the wide pattern (features.h), trained
 * beside the set's own: its move features' and `other`'s log gammas,
 * the wide patterns' table and the 3x3 patterns' for candidates whose
 * wide pattern is not in it (its own weights: nested, as MoHex's radii). */
typedef struct LearnedWide {
    float fixed[FEAT_ALL];     /* the connection features' (FEAT_CONN) 0 but in the connection model */
    float other;
    uint32_t npat;
    const uint32_t *key;       /* 3x3 keys, ascending */
    const float *lg;
    uint32_t nwide;
    const uint64_t *wkey;      /* wide keys, ascending */
    const float *wlg;
} LearnedWide;

typedef struct LearnedSet {
    const char *family;        /* ruleset_format text of the rules, pie=on */
    float fixed[FEAT_FIXED];   /* log gamma of each move feature */
    float other;               /* log gamma of a pattern not in the table */
    float far;                 /* log of the mean strength of a placement not next to the last
                                  move (the playout policy's weight for those it does not score) */
    uint32_t npat;
    const uint32_t *key;       /* pattern keys, ascending */
    const float *lg;           /* their log gammas */
    const LearnedWide *wide;   /* the priors' wide model, or NULL (Cairo sets) */
    const LearnedWide *conn;   /* the wide model with the connection features (FEAT_CONN), or NULL */
} LearnedSet;

extern const LearnedSet learned_sets[];
extern const int learned_nsets;

/* The set for b's rules (the board size does not matter: the features do
 * not depend on it), or NULL: those rules keep the hand-set knowledge.
 * Also NULL for rules whose turns are not single points. */
const LearnedSet *learned_for(const Board *b);

/* Whether matches at equal time showed the learned playout policy
 * stronger than the hand-set one with this set (docs/results.md): the
 * base rules with edges (9x9 and 13x13); not Morpharaoh 48 or
 * abstractplay=default, whose sets come from a few dozen games. */
int learned_policy_shown(const LearnedSet *w);

/* Whether matches at equal time showed the priors' wide model stronger
 * than the set's own on a board of this size (docs/results.md): the base
 * rules with edges on 9x9. It was not shown on 13x13 (its first games
 * there against 0f08f81 scored below the 3x3 model's), so larger boards
 * (and Cairo, size 0) keep the 3x3 model until a match shows it. */
int learned_wide_shown(const LearnedSet *w, int size);

/* The priors' model of set w on a board of this size under the options
 * learned_wide and learned_conn (config.h): the connection model where
 * the set has one and the board is square and at most conn_max on a
 * side, else the wide model where it was shown stronger
 * (learned_wide_shown), else NULL (the set's 3x3 model). *conn says
 * whether the model reads the connection features. */
const LearnedWide *learned_prior_model(const LearnedSet *w, int size, int wide, int conn_max, int *conn);

/* A candidate's strength under the wide model (w->wide not NULL): the
 * wide pattern's log gamma when the table has it, else the 3x3 one's,
 * the key of the digits inner (feat_wide_key; none when inner is NULL:
 * pass, swap), plus the move features' (m's pattern not read). */
float learned_wide_score(const LearnedWide *w, uint64_t wide, const uint32_t inner[8], const MoveFeat *m);

/* The set whose family text is `family` (ruleset_format, pie=on), or NULL. */
const LearnedSet *learned_find(const char *family);

/* The family text of b's rules: ruleset_format with pie=on. */
void learned_family(const Board *b, char *buf, size_t len);

/* log gamma of a pattern key (binary search; `other` when absent). */
float learned_pattern(const LearnedSet *w, uint32_t key);

/* lg plus the log gammas of m's move features in fixed (either model's). */
static inline float learned_add_fixed(const float *fixed, float lg, const MoveFeat *m)
{
    float s = lg;
    for (int i = 0; i < m->n; i++) s += fixed[m->id[i]];
    return s;
}
/* A candidate's strength: the sum of its features' log gammas; _with:
 * with the pattern's log gamma lg given (m->pattern not read). */
static inline float learned_score_with(const LearnedSet *w, float lg, const MoveFeat *m)
{
    return learned_add_fixed(w->fixed, lg, m);
}
static inline float learned_score(const LearnedSet *w, const MoveFeat *m)
{
    return learned_score_with(w, m->pattern == FEAT_NO_PATTERN ? 0.0f : learned_pattern(w, m->pattern), m);
}

/* The set's pattern strengths as dense tables over raw window codes, for
 * the playout policy (learned_policy.h): g[idx[code] & LEARNED_IDX_MASK]
 * is the gamma (exp of the log gamma) of the window with that code,
 * g[npat] that of a pattern not in the set. Square sets: codes sum d[i]
 * 6^i over the 8 cells of the mover's frame (features.h), and the two
 * bits above the index hold the bridges a placement at the centre would
 * form (feat_bridges; 2 for two or more); Cairo sets (morpharaoh): (n + 6
 * side) 7776 + sum d[k] 6^k over the ring. Dense, so a lookup is one
 * load and no branch (an open-addressing table of a few thousand slots
 * was measured slower: its probes branch). Built on first use, then
 * read-only and kept. */
#define LEARNED_IDX_BITS 14
#define LEARNED_IDX_MASK ((1u << LEARNED_IDX_BITS) - 1)
typedef struct LearnedDense {
    const uint16_t *idx;
    const float *g;
    int cairo;
} LearnedDense;
const LearnedDense *learned_dense(const LearnedSet *w); /* NULL when out of memory */

/* The log gamma of the window with raw code `code` (d from learned_dense(w)):
 * learned_pattern of its canonical key, without canonicalising or searching. */
static inline float learned_raw_pattern(const LearnedSet *w, const LearnedDense *d, uint32_t code)
{
    const unsigned j = d->idx[code] & LEARNED_IDX_MASK;
    return j < w->npat ? w->lg[j] : w->other;
}

#endif
