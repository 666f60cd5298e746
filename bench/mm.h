/* mm.h - minorization-maximization for the generalised Bradley-Terry
 * model (Coulom, "Computing Elo Ratings of Move Patterns in the Game of
 * Go", 2007): each candidate is a team of features, its strength the
 * product of their gammas; in each position the played candidate won
 * against every other, or each candidate won its share of the position
 * (a search's visit counts: a distribution instead of one move). Features come in groups (a team holds at most one
 * feature of a group); MM updates one group at a time, each update
 * raising the likelihood. A prior of one win and one loss against a
 * virtual opponent of gamma 1 keeps rare features finite. */
#ifndef MORPHOS_BENCH_MM_H
#define MORPHOS_BENCH_MM_H

#include <stddef.h>
#include <stdint.h>

typedef struct MmData {
    size_t npos, nteam, nentry;
    uint32_t *pos_team;   /* npos + 1: position j's teams are [pos_team[j], pos_team[j + 1]) */
    double *share;        /* nteam: the team's share of its position's win (they sum to 1) */
    uint32_t *team_feat;  /* nteam + 1: team t's features are feat[team_feat[t] .. team_feat[t + 1]) */
    uint32_t *mult;       /* nteam: how many candidates of its position the team stands for */
    uint32_t *feat;       /* nentry */
    size_t cap_pos, cap_team, cap_entry;
} MmData;

/* *p holds room for at least need elements of elem bytes (*cap counts
 * them; doubling). 0, or -1 out of memory (*p unchanged). */
int mm_grow(void **p, size_t *cap, size_t need, size_t elem);

void mm_init(MmData *d);
void mm_free(MmData *d);
/* Add a position: nt teams of features (team i: feats[off[i] .. off[i + 1])),
 * multiplicities mult; the winner is team win (share NULL) or each team
 * wins share[i] (non-negative, summing to 1). Returns 0, -1 out of memory. */
int mm_add(MmData *d, int nt, const uint32_t *off, const uint32_t *feats, const uint32_t *mult, int win,
           const double *share);

/* Train nfeat gammas (log gammas out in lg, which also holds the start,
 * usually zeros); group[f] is feature f's group (0 .. ngroups - 1).
 * iters sweeps over the groups. Returns the final mean log-likelihood of
 * the wins (the played moves, or the shares). */
double mm_train(const MmData *d, int nfeat, const int *group, int ngroups, int iters, double *lg);

/* The mean log-likelihood of the wins under log gammas lg (with shares:
 * the cross-entropy's negative, per candidate). */
double mm_loglik(const MmData *d, const double *lg);

#endif
