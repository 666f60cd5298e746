/* tree.c - node pool, step generation for compound moves, re-rooting. */
#define _DEFAULT_SOURCE /* madvise(MADV_HUGEPAGE) */
#include "tree.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "util.h"

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define POOL_HUGE ((size_t)2 << 20)
#define POOL_SMALL_HEAD ((size_t)8 << 20)
#endif

/* One pool. Not zeroed: only the nodes in use are ever touched, so the
 * resident size follows the tree, not the limit. The search touches its
 * pools' pages for the first time as the tree grows, and on a virtual
 * machine a 4 KiB page's first touch is dear (about 19 us of CPU time on
 * the 2-core host of docs/results.md: some 0.35 s of a 150,000-playout
 * 9x9 search, whose tree fills 18,000 pages). Beyond its first 8 MiB a
 * pool therefore asks for transparent huge pages (Linux, "madvise" mode):
 * one fault per 2 MiB, and fewer TLB misses in the randomly read tree.
 * The first 8 MiB stay on small pages, so that a short search or a fresh
 * process's first move never waits for a whole 2 MiB page to be zeroed.
 * (Not ztable.h's zeroed maps: in the browser an anonymous map is
 * allocated and cleared in full, the whole memory option at once.) */
static void *pool_alloc(size_t cap, size_t size)
{
#ifdef POOL_HUGE
    if (cap * size > POOL_SMALL_HEAD) { /* a small pool keeps to its size (an address-space limit) */
        size_t bytes = (cap * size + POOL_HUGE - 1) & ~(POOL_HUGE - 1);
        char *p = aligned_alloc(POOL_HUGE, bytes);
        if (p) (void)madvise(p + POOL_SMALL_HEAD, bytes - POOL_SMALL_HEAD, MADV_HUGEPAGE);
        return p;
    }
#endif
    size_t bytes = (cap * size + 63) & ~(size_t)63;
    return aligned_alloc(64, bytes);
}

int tree_init(Tree *t, size_t bytes)
{
    memset(t, 0, sizeof *t);
    size_t cap = bytes / 2 / NODE_BYTES;
    if (cap < 1024) cap = 1024;
    if (cap > UINT32_MAX / 2) cap = UINT32_MAX / 2;
    /* Both pools live as long as the tree: re-rooting copies into the
     * spare one and swaps, so no move pays for fresh pages again (a new
     * pool per move cost some 55,000 page faults on 9x9). */
    t->nodes = pool_alloc(cap, sizeof(Node));
    t->spare = pool_alloc(cap, sizeof(Node));
    t->amaf = pool_alloc(cap, sizeof(NodeAmaf));
    t->spare_amaf = pool_alloc(cap, sizeof(NodeAmaf));
    if (!t->nodes || !t->spare || !t->amaf || !t->spare_amaf) {
        tree_free(t);
        return -1;
    }
    t->cap = cap;
    return 0;
}

void tree_free(Tree *t)
{
    free(t->nodes);
    free(t->spare);
    free(t->amaf);
    free(t->spare_amaf);
    memset(t, 0, sizeof *t);
}

void tree_node_init(Node *n, int kind, int pt, int complete)
{
    assert(kind >= STEP_PLACE && kind <= STEP_ROOT && pt >= -1 && pt < MAX_POINTS);
    atomic_init(&n->visits, 0);
    atomic_init(&n->value, 0);
    atomic_init(&n->first, 0);
    atomic_init(&n->state, NODE_LEAF);
    atomic_init(&n->proven, 0);
    atomic_init(&n->shortlist, 0);
    atomic_init(&n->inflight, 0);
    n->nchildren = 0;
    n->pt = (int16_t)pt;
    n->kind = (uint8_t)kind;
    n->complete = (uint8_t)complete;
    n->bias = 0;
    n->prior_n = n->prior_w = 0;
}

void tree_amaf_clear(Tree *t, uint32_t at, size_t n)
{
    assert(at + n <= t->cap);
    for (size_t i = 0; i < n; i++) {
        atomic_init(&t->amaf[at + i].visits, 0);
        t->amaf[at + i].pt = t->nodes[at + i].pt;
        atomic_init(&t->amaf[at + i].value, 0);
    }
}

void tree_reset(Tree *t, const Position *p)
{
    assert(t->nodes && t->cap >= 1);
    atomic_store(&t->used, 1);
    atomic_store(&t->full, 0);
    tree_node_init(&t->nodes[0], STEP_ROOT, -1, 1);
    tree_amaf_clear(t, 0, 1);
    t->root_pos = *p;
    t->has_root = 1;
}

uint32_t tree_alloc(Tree *t, size_t n)
{
    assert(n >= 1 && n <= UINT16_MAX); /* a block of children: nchildren is 16 bits */
    if (atomic_load_explicit(&t->full, memory_order_relaxed)) return UINT32_MAX;
    size_t at = atomic_fetch_add(&t->used, n);
    if (at + n > t->cap) {
        atomic_store(&t->full, 1);
        return UINT32_MAX;
    }
    assert(at >= 1 && at + n <= UINT32_MAX); /* node 0 is the root; cap < 2^31 */
    return (uint32_t)at;
}

static int placements_of(const Move *m, int16_t *P, int *flip)
{
    *flip = -1;
    if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) return 0;
    int np = m->n;
    if (m->kind == MOVE_FLIP) *flip = m->pt[--np];
    for (int i = 0; i < np; i++) P[i] = m->pt[i];
    return np;
}

static int contains(const int16_t *a, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (a[i] == x) return 1;
    return 0;
}

/* Moves that contain all of S as placements. */
static int consistent(const Move *m, const int16_t *S, int ns, int16_t *P, int *np, int *flip)
{
    *np = placements_of(m, P, flip);
    if (ns == 0) return 1;
    if (*np < ns) return 0;
    for (int i = 0; i < ns; i++)
        if (!contains(P, *np, S[i])) return 0;
    return 1;
}

Move tree_step_move_any(const int16_t *S, int ns, int kind, int pt)
{
    assert(ns >= 0 && ns <= 3 && kind >= STEP_PLACE && kind <= STEP_STOP);
    if (kind == STEP_PASS) return move_of(MOVE_PASS);
    if (kind == STEP_SWAP) return move_of(MOVE_SWAP);
    int16_t P[4];
    int np = 0;
    for (int i = 0; i < ns && np < 3; i++) P[np++] = S[i];
    if (kind == STEP_PLACE && np < 3) P[np++] = (int16_t)pt;
    for (int i = 1; i < np; i++) /* canonical order: ascending points */
        for (int j = i; j > 0 && P[j - 1] > P[j]; j--) {
            int16_t x = P[j];
            P[j] = P[j - 1];
            P[j - 1] = x;
        }
    Move m = move_of(kind == STEP_FLIP ? MOVE_FLIP : MOVE_PLACE);
    for (int i = 0; i < np; i++) m.pt[m.n++] = P[i];
    if (kind == STEP_FLIP && m.n < 3) m.pt[m.n++] = (int16_t)pt;
    return m;
}

/* The steps from the rules core's TurnSteps, in the order of the listing
 * below: by point, a placement before a flip, then STOP, PASS, SWAP. */
static int steps_from(const Position *p, const int16_t *S, int ns, const TurnSteps *ts, StepDesc *out)
{
    const Board *b = p->board;
    bb_t any;
    for (int i = 0; i < b->words; i++) any[i] = ts->exact[i] | ts->more[i] | ts->flips[i];
    int n = 0;
    BB_FOR_EACH(bit, any, b->words) {
        const int r = b->point_of[bit];
        if (bb_test(ts->exact, bit) || bb_test(ts->more, bit)) {
            StepDesc *d = &out[n++];
            d->pt = (int16_t)r;
            d->kind = STEP_PLACE;
            d->complete = !bb_test(ts->more, bit);
            d->move = tree_step_move(S, ns, STEP_PLACE, r);
        }
        if (bb_test(ts->flips, bit)) {
            StepDesc *d = &out[n++];
            d->pt = (int16_t)r;
            d->kind = STEP_FLIP;
            d->complete = 1;
            d->move = tree_step_move(S, ns, STEP_FLIP, r);
        }
    }
    if (ts->stop) out[n++] = (StepDesc){-1, STEP_STOP, 1, tree_step_move(S, ns, STEP_STOP, -1)};
    if (ts->pass) out[n++] = (StepDesc){-1, STEP_PASS, 1, move_of(MOVE_PASS)};
    if (ts->swap) out[n++] = (StepDesc){-1, STEP_SWAP, 1, move_of(MOVE_SWAP)};
    return n;
}

int tree_steps(const Position *p, const int16_t *S, int ns, MoveList *ml, StepDesc *out)
{
    assert(ns >= 0 && ns <= 2);
    for (int i = 0; i < ns; i++) assert(S[i] >= 0 && S[i] < p->board->npoints);
    TurnSteps ts;
    if (pos_turn_steps(p, S, ns, &ts) >= 0) {
        int n = steps_from(p, S, ns, &ts, out);
        assert(n <= 2 * p->board->npoints + 3);
        return n;
    }
    /* c=adjacent: its pairs are few (neighbours), so list the moves. */
    int npts = p->board->npoints;
    /* per point: bit0 exact move S+{r}, bit1 something extends S+{r},
     * bit2 flip f completes S. */
    uint8_t fl[MAX_POINTS];
    memset(fl, 0, (size_t)npts);
    int stop = 0, pass = 0, swap = 0;
    Move stop_move = move_of(MOVE_NONE), pass_move = stop_move, swap_move = stop_move;
    pos_gen_moves(p, ml);
    for (size_t i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->kind == MOVE_PASS) { if (ns == 0) pass = 1, pass_move = *m; continue; }
        if (m->kind == MOVE_SWAP) { if (ns == 0) swap = 1, swap_move = *m; continue; }
        int16_t P[3];
        int np, f;
        if (!consistent(m, S, ns, P, &np, &f)) continue;
        int extra = np - ns;
        if (extra == 0) {
            if (f >= 0) fl[f] |= 4;
            else if (ns > 0) stop = 1, stop_move = *m;
            continue;
        }
        for (int k = 0; k < np; k++) {
            if (contains(S, ns, P[k])) continue;
            fl[P[k]] |= (extra == 1 && f < 0) ? 1 : 2;
        }
    }
    int n = 0;
    for (int r = 0; r < npts; r++) {
        if (fl[r] & 3) {
            StepDesc *d = &out[n++];
            d->pt = (int16_t)r;
            d->kind = STEP_PLACE;
            d->complete = (fl[r] & 3) == 1;
            d->move = tree_step_move(S, ns, STEP_PLACE, r);
        }
        if (fl[r] & 4) {
            StepDesc *d = &out[n++];
            d->pt = (int16_t)r;
            d->kind = STEP_FLIP;
            d->complete = 1;
            d->move = tree_step_move(S, ns, STEP_FLIP, r);
        }
    }
    if (stop) out[n++] = (StepDesc){-1, STEP_STOP, 1, stop_move};
    if (pass) out[n++] = (StepDesc){-1, STEP_PASS, 1, pass_move};
    if (swap) out[n++] = (StepDesc){-1, STEP_SWAP, 1, swap_move};
    assert(n <= 2 * npts + 3);
    return n;
}

Move tree_complete_random(const Position *p, const int16_t *S, int ns, MoveList *ml, uint64_t *rng)
{
    if (ns == 0) return pos_random_move(p, rng);
    Move m;
    int got = pos_random_completion(p, S, ns, rng, &m);
    if (got > 0) return m;
    if (got == 0) return pos_random_move(p, rng);
    /* c=adjacent: list the moves. */
    pos_gen_moves(p, ml);
    /* Reservoir sampling over the consistent moves. */
    size_t seen = 0;
    Move pick = move_of(MOVE_NONE);
    for (size_t i = 0; i < ml->n; i++) {
        int16_t P[3];
        int np, f;
        if (!consistent(&ml->m[i], S, ns, P, &np, &f)) continue;
        seen++;
        if (rng_below(rng, (uint64_t)seen) == 0) pick = ml->m[i];
    }
    return seen ? pick : pos_random_move(p, rng);
}

/* Depth-first over the expanded steps, at most `turns` turns down,
 * replaying moves to compare hashes. */
static uint32_t find(const Tree *t, uint32_t at, const Position *pos, int16_t *S, int ns, uint64_t h, int turns)
{
    const Node *n = &t->nodes[at];
    if (atomic_load(&n->state) != NODE_EXPANDED) return UINT32_MAX;
    uint32_t first = atomic_load(&n->first);
    for (int i = 0; i < n->nchildren; i++) {
        const Node *c = &t->nodes[first + i];
        if (!c->complete) {
            if (ns >= 2) continue;
            S[ns] = c->pt;
            uint32_t r = find(t, first + (uint32_t)i, pos, S, ns + 1, h, turns);
            if (r != UINT32_MAX) return r;
            continue;
        }
        Move m = tree_step_move(S, ns, c->kind, c->pt);
        Position q = *pos;
        pos_play(&q, &m);
        if (pos_hash(&q) == h) return first + (uint32_t)i;
        if (turns > 1 && !pos_over(&q)) {
            int16_t S2[3];
            uint32_t r = find(t, first + (uint32_t)i, &q, S2, 0, h, turns - 1);
            if (r != UINT32_MAX) return r;
        }
    }
    return UINT32_MAX;
}

int tree_reroot(Tree *t, const Position *p)
{
    uint64_t h = pos_hash(p);
    /* Another board (size or rules changed): nothing to keep. The caller
     * also resets at every new game, so a reused address is harmless. */
    if (!t->has_root || t->root_pos.board != p->board) {
        tree_reset(t, p);
        return 0;
    }
    if (pos_hash(&t->root_pos) == h && t->root_pos.ply == p->ply) return 1;
    int16_t S[3];
    uint32_t at = find(t, 0, &t->root_pos, S, 0, h, 2);
    if (at == UINT32_MAX) {
        tree_reset(t, p);
        return 0;
    }
    /* Copy the subtree breadth-first into the spare pool: the new pool is
     * its own queue (node i's children are copied when i is reached). */
    Node *nn = t->spare;
    NodeAmaf *na = t->spare_amaf;
    memcpy(&nn[0], &t->nodes[at], sizeof(Node));
    memcpy(&na[0], &t->amaf[at], sizeof(NodeAmaf));
    nn[0].kind = STEP_ROOT;
    size_t used = 1;
    for (size_t i = 0; i < used; i++) {
        Node *n = &nn[i];
        if (atomic_load(&n->state) != NODE_EXPANDED) {
            atomic_store(&n->state, NODE_LEAF);
            continue;
        }
        uint32_t of = atomic_load(&n->first);
        memcpy(&nn[used], &t->nodes[of], n->nchildren * sizeof(Node));
        memcpy(&na[used], &t->amaf[of], n->nchildren * sizeof(NodeAmaf));
        atomic_store(&n->first, (uint32_t)used);
        used += n->nchildren;
    }
    t->spare = t->nodes;
    t->nodes = nn;
    t->spare_amaf = t->amaf;
    t->amaf = na;
    atomic_store(&t->used, used);
    atomic_store(&t->full, 0);
    t->root_pos = *p;
    return 1;
}
