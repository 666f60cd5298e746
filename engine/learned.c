/* learned.c - finding a rule family's learned weights and reading them. */
#include "learned.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

void learned_family(const Board *b, char *buf, size_t len)
{
    Ruleset r = b->rules;
    r.pie = 1; /* the pie changes one turn, not what a good move looks like */
    ruleset_format(&r, buf, len);
}

const LearnedSet *learned_find(const char *family)
{
    for (int i = 0; i < learned_nsets; i++)
        if (!strcmp(learned_sets[i].family, family)) return &learned_sets[i];
    return NULL;
}

int learned_policy_shown(const LearnedSet *w) { return !strcmp(w->family, "none,edges=on,pie=on"); }

const LearnedSet *learned_for(const Board *b)
{
    if (!b->single_steps) return NULL;
    char fam[128];
    learned_family(b, fam, sizeof fam);
    return learned_find(fam);
}

float learned_pattern(const LearnedSet *w, uint32_t key)
{
    uint32_t lo = 0, hi = w->npat;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (w->key[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    if (lo < w->npat && w->key[lo] == key) return w->lg[lo];
    return w->other;
}

#define DENSE_CAIRO (24u * 7776u)
#define MAX_SETS 32

static _Atomic(const LearnedDense *) dense[MAX_SETS];
static pthread_mutex_t dense_lock = PTHREAD_MUTEX_INITIALIZER;

/* feat_bridges from a square window's digits (cells NW N NE W E SW S
 * SE), in idx's bits: a diagonal own stone (1, 3) whose two cells
 * between are empty. */
static uint16_t bridges(const uint32_t d[8])
{
    static const int diag[4][3] = {{0, 1, 3}, {2, 1, 4}, {5, 3, 6}, {7, 4, 6}};
    int nb = 0;
    for (int k = 0; k < 4; k++)
        nb += (d[diag[k][0]] == 1 || d[diag[k][0]] == 3) && d[diag[k][1]] == 0 && d[diag[k][2]] == 0;
    return (uint16_t)((nb > 1 ? 2 : nb) << LEARNED_IDX_BITS);
}

static const LearnedDense *dense_build(const LearnedSet *w)
{
    LearnedDense *d = malloc(sizeof *d);
    const int cairo = !strncmp(w->family, "morpharaoh", 10);
    const size_t n = cairo ? DENSE_CAIRO : FEAT_SQUARE_CODES;
    uint16_t *idx = malloc(n * sizeof *idx);
    float *g = malloc((w->npat + 1) * sizeof *g);
    if (!d || !idx || !g) {
        free(d), free(idx), free(g);
        return NULL;
    }
    assert(w->npat <= LEARNED_IDX_MASK);
    if (cairo) {
        for (size_t i = 0; i < n; i++) idx[i] = (uint16_t)w->npat;
    } else {
        uint32_t dg[8] = {0}; /* the digits of code i, counted up as i is */
        for (size_t i = 0; i < n; i++) {
            idx[i] = (uint16_t)(w->npat | bridges(dg));
            for (int k = 0; k < 8 && ++dg[k] == 6; k++) dg[k] = 0;
        }
    }
    for (uint32_t j = 0; j < w->npat; j++) {
        g[j] = expf(w->lg[j]);
        uint32_t raw[10];
        if (cairo) {
            int nc, side;
            int m = feat_cairo_frames(w->key[j], &nc, &side, raw);
            for (int k = 0; k < m; k++) idx[(uint32_t)(nc + 6 * side) * 7776u + raw[k]] = (uint16_t)j;
        } else {
            int m = feat_square_frames(w->key[j], raw);
            for (int k = 0; k < m; k++) idx[raw[k]] = (uint16_t)((idx[raw[k]] & ~LEARNED_IDX_MASK) | j);
        }
    }
    g[w->npat] = expf(w->other);
    d->idx = idx, d->g = g, d->cairo = cairo;
    return d;
}

const LearnedDense *learned_dense(const LearnedSet *w)
{
    const ptrdiff_t i = w - learned_sets;
    assert(i >= 0 && i < learned_nsets && i < MAX_SETS);
    const LearnedDense *d = atomic_load_explicit(&dense[i], memory_order_acquire);
    if (d) return d;
    pthread_mutex_lock(&dense_lock);
    d = atomic_load_explicit(&dense[i], memory_order_relaxed);
    if (!d) {
        d = dense_build(w);
        if (d) atomic_store_explicit(&dense[i], d, memory_order_release);
    }
    pthread_mutex_unlock(&dense_lock);
    return d;
}
