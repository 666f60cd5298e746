/* mm.c - the MM trainer (mm.h). Plain loops over flat arrays: a sweep
 * over one group is one pass over the data. Deterministic: the same data
 * in the same order gives the same gammas, bit for bit, on one build. */
#include "mm.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void mm_init(MmData *d) { memset(d, 0, sizeof *d); }

void mm_free(MmData *d)
{
    free(d->pos_team);
    free(d->share);
    free(d->team_feat);
    free(d->mult);
    free(d->feat);
    mm_init(d);
}

int mm_grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

int mm_add(MmData *d, int nt, const uint32_t *off, const uint32_t *feats, const uint32_t *mult, int win,
           const double *share)
{
    assert(nt > 0 && (share || (win >= 0 && win < nt)));
    size_t ne = off[nt] - off[0], cp = d->cap_pos, ct = d->cap_team, ce = d->cap_entry;
    size_t ct2 = ct, ct3 = ct;
    if (mm_grow((void **)&d->pos_team, &cp, d->npos + 2, sizeof *d->pos_team) ||
        mm_grow((void **)&d->share, &ct3, d->nteam + nt + 1, sizeof *d->share) ||
        mm_grow((void **)&d->team_feat, &ct, d->nteam + nt + 1, sizeof *d->team_feat) ||
        mm_grow((void **)&d->mult, &ct2, d->nteam + nt + 1, sizeof *d->mult) ||
        mm_grow((void **)&d->feat, &ce, d->nentry + ne, sizeof *d->feat))
        return -1;
    d->cap_pos = cp;
    d->cap_team = ct;
    d->cap_entry = ce;
    if (d->npos == 0) d->pos_team[0] = 0, d->team_feat[0] = 0;
    for (int i = 0; i < nt; i++) {
        for (uint32_t k = off[i]; k < off[i + 1]; k++) d->feat[d->nentry++] = feats[k];
        d->mult[d->nteam] = mult[i];
        d->share[d->nteam] = share ? share[i] : i == win;
        d->team_feat[++d->nteam] = (uint32_t)d->nentry;
    }
    d->pos_team[++d->npos] = (uint32_t)d->nteam;
    return 0;
}

static double team_lg(const MmData *d, size_t t, const double *lg)
{
    double s = 0;
    for (uint32_t k = d->team_feat[t]; k < d->team_feat[t + 1]; k++) s += lg[d->feat[k]];
    return s;
}

double mm_loglik(const MmData *d, const double *lg)
{
    double ll = 0;
    for (size_t j = 0; j < d->npos; j++) {
        double e = 0, w = 0;
        for (size_t t = d->pos_team[j]; t < d->pos_team[j + 1]; t++) {
            double s = team_lg(d, t, lg);
            e += d->mult[t] * exp(s);
            if (d->share[t] > 0) w += d->share[t] * s;
        }
        ll += w - log(e);
    }
    return d->npos ? ll / (double)d->npos : 0;
}

double mm_train(const MmData *d, int nfeat, const int *group, int ngroups, int iters, double *lg)
{
    double *wins = calloc((size_t)nfeat, sizeof *wins), *den = calloc((size_t)nfeat, sizeof *den);
    double *str = malloc((d->nteam + 1) * sizeof *str);
    if (!wins || !den || !str) {
        free(wins), free(den), free(str);
        return NAN;
    }
    for (size_t t = 0; t < d->nteam; t++)
        if (d->share[t] > 0)
            for (uint32_t k = d->team_feat[t]; k < d->team_feat[t + 1]; k++) wins[d->feat[k]] += d->share[t];
    for (int it = 0; it < iters; it++)
        for (int g = 0; g < ngroups; g++) {
            memset(den, 0, (size_t)nfeat * sizeof *den);
            for (size_t j = 0; j < d->npos; j++) {
                double e = 0;
                for (size_t t = d->pos_team[j]; t < d->pos_team[j + 1]; t++) e += d->mult[t] * (str[t] = exp(team_lg(d, t, lg)));
                /* C_ij / E_j: the team's strength without feature i, over E_j. */
                for (size_t t = d->pos_team[j]; t < d->pos_team[j + 1]; t++)
                    for (uint32_t k = d->team_feat[t]; k < d->team_feat[t + 1]; k++) {
                        uint32_t f = d->feat[k];
                        if (group[f] == g) den[f] += d->mult[t] * str[t] * exp(-lg[f]) / e;
                    }
            }
            for (int f = 0; f < nfeat; f++) {
                if (group[f] != g) continue;
                double gam = exp(lg[f]);
                /* The prior: a win and a loss against a virtual gamma 1. */
                lg[f] = log((wins[f] + 1) / (den[f] + 2 / (gam + 1)));
            }
        }
    free(wins), free(den), free(str);
    return mm_loglik(d, lg);
}
