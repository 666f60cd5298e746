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

/* The index of key in the ascending keys[0 .. n), or n. */
static uint32_t find32(const uint32_t *keys, uint32_t n, uint32_t key)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && keys[lo] == key ? lo : n;
}

/* The first index of the ascending keys[0 .. n) whose key is key or more
 * (n if none). A quarter of the range a step: its three pivots' loads do
 * not wait for each other, where a binary search's each waits for the
 * last, and clang makes either search branch-free (conditional moves or
 * WebAssembly's select), so the CPU cannot run ahead of the loads as it
 * does in gcc's branching binary search. 9x9 searches (the priors look
 * up every child's wide key) 1.03x as fast in node (docs/results.md). */
static uint32_t lower_bound64(const uint64_t *keys, uint32_t n, uint64_t key)
{
    if (n == 0) return 0;
    const uint64_t *base = keys; /* keys before base are below key; the answer is in base .. base + n */
    while (n >= 4) {
        const uint32_t q = n / 4;
        base += q * ((uint32_t)(base[q] < key) + (uint32_t)(base[2 * q] < key) + (uint32_t)(base[3 * q] < key));
        n -= 3 * q;
    }
    while (n > 1) {
        const uint32_t half = n / 2;
        base += half * (uint32_t)(base[half] < key);
        n -= half;
    }
    return (uint32_t)(base - keys) + (uint32_t)(base[0] < key);
}

int learned_wide_shown(const LearnedSet *w, int size)
{
    return w->wide && !strcmp(w->family, "none,edges=on,pie=on") && size >= 1 && size <= 9;
}

const LearnedWide *learned_prior_model(const LearnedSet *w, int size, int wide, int conn_max, int *conn)
{
    *conn = w->conn && size > 0 && size <= conn_max;
    if (*conn) return w->conn;
    return wide && learned_wide_shown(w, size) ? w->wide : NULL;
}

float learned_wide_score(const LearnedWide *w, uint64_t wide, const uint32_t inner[8], const MoveFeat *m)
{
    const uint32_t lo = lower_bound64(w->wkey, w->nwide, wide);
    float s;
    if (!inner) {
        s = 0; /* pass, swap */
    } else if (lo < w->nwide && w->wkey[lo] == wide) {
        s = w->wlg[lo];
    } else {
        const uint32_t j = find32(w->key, w->npat, feat_square_key(inner));
        s = j < w->npat ? w->lg[j] : w->other;
    }
    return learned_add_fixed(w->fixed, s, m);
}

float learned_pattern(const LearnedSet *w, uint32_t key)
{
    const uint32_t j = find32(w->key, w->npat, key);
    return j < w->npat ? w->lg[j] : w->other;
}

#define DENSE_CAIRO (24u * 7776u)
#define MAX_SETS 32

static _Atomic(const LearnedDense *) dense[MAX_SETS];
static pthread_mutex_t dense_lock = PTHREAD_MUTEX_INITIALIZER;

/* A square code's idx bits before the set's keys are written: no pattern
 * (npat) and feat_bridges of its digits d0..d7 (cells NW N NE W E SW S
 * SE): a diagonal own stone (1, 3) whose two cells between are empty,
 * NW over N and W (d0; d1, d3), NE over N and E (d2; d1, d4), SW over W
 * and S (d5; d3, d6), SE over E and S (d7; d4, d6). The code is l + 6^4 h
 * with l the digits d0..d3 and h d4..d7; h decides three bits (d4 empty,
 * SW's stone with d6 empty, SE's bridge), so every h is one of 8 rows over
 * l, built first and copied: a first search no longer spends the time of
 * a thousand playouts on 6^8 codes one by one. */
#define OWN_DIGIT(x) ((x) == 1 || (x) == 3)
static void square_fill(uint16_t *idx, uint16_t npat)
{
    uint16_t row[8][1296]; /* 20 KB */
    for (int l = 0; l < 1296; l++) {
        const int d0 = l % 6, d1 = l / 6 % 6, d2 = l / 36 % 6, d3 = l / 216;
        const int nw = OWN_DIGIT(d0) && d1 == 0 && d3 == 0, nep = OWN_DIGIT(d2) && d1 == 0, e3 = d3 == 0;
        for (int t = 0; t < 8; t++) {
            const int nb = nw + (nep & t) + (e3 & t >> 1) + (t >> 2);
            row[t][l] = (uint16_t)(npat | (nb > 1 ? 2 : nb) << LEARNED_IDX_BITS);
        }
    }
    for (int h = 0; h < 1296; h++) {
        const int d4 = h % 6, d5 = h / 6 % 6, d6 = h / 36 % 6, d7 = h / 216;
        const int t = (d4 == 0) | (OWN_DIGIT(d5) && d6 == 0) << 1 | (OWN_DIGIT(d7) && d4 == 0 && d6 == 0) << 2;
        memcpy(idx + (size_t)h * 1296, row[t], sizeof row[t]);
    }
#ifdef MORPHOS_CHECKS
    static const int diag[4][3] = {{0, 1, 3}, {2, 1, 4}, {5, 3, 6}, {7, 4, 6}};
    uint32_t dg[8] = {0};
    for (size_t i = 0; i < FEAT_SQUARE_CODES; i++) {
        int nb = 0;
        for (int k = 0; k < 4; k++) nb += OWN_DIGIT(dg[diag[k][0]]) && dg[diag[k][1]] == 0 && dg[diag[k][2]] == 0;
        assert(idx[i] == (uint16_t)(npat | (nb > 1 ? 2 : nb) << LEARNED_IDX_BITS));
        for (int k = 0; k < 8 && ++dg[k] == 6; k++) dg[k] = 0;
    }
#endif
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
        square_fill(idx, (uint16_t)w->npat);
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
