/* dfpn.c - see dfpn.h. Depth-first proof-number search (df-pn, Nagai
 * 2002, with the 1+epsilon threshold trick of Pawlewicz and Lew) over a
 * transposition table on pos_hash.
 *
 * Proof-number search proves a yes/no question, so the solver asks two:
 * "does the side to move win?" and, when that is disproved, "does the
 * other side win?" (a draw when both are disproved). For a target colour
 * T every node's question is its mover's goal: "T wins" when T moves,
 * "T does not win" otherwise; this keeps the negamax form
 *   phi(n) = min over children of delta(c),  delta(n) = sum of phi(c)
 * with phi the cost of proving the mover's goal and delta of disproving it.
 *
 * Repetitions (flips can be undone, and mutator b's games can cycle) count
 * as "T does not win" (a game that never ends has no winner), and so do
 * lines deeper than DF_MAXD. That is path-dependent (the graph history
 * interaction problem) and can make a disproof wrong, but never a proof:
 * a proof of "T wins" only rests on real wins of T. So a win is reported
 * whenever proved; a draw only when no repetition or depth cut was met. */

#include "dfpn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "eval.h"
#include "ztable.h"

#define DF_INF 0x3fffffffu
#define DF_MAXD 400
#define DF_WAYS 4

typedef struct DEntry {
    uint64_t key;
    uint32_t phi, delta;
    uint32_t work;      /* nodes searched below this entry (replacement) */
    uint16_t best;      /* child index of the last choice */
    uint16_t pad;
} DEntry;

enum { CH_OPEN = 0, CH_ACHIEVED, CH_FAILED, CH_CUT };

typedef struct DFrame {
    MoveList ml;
    uint64_t *hash;
    uint8_t *fixed;     /* CH_*: terminal or cut children, from the child's mover's view */
    uint8_t *init;      /* open children: initial phi (low half) and delta (high half) */
    uint32_t *phi, *delta; /* the children's values, read once and updated after each descent */
    size_t cap;
} DFrame;

typedef struct Dfpn {
    DEntry *tt;
    ZTable tt_mem;      /* the mapping behind tt */
    size_t mask;        /* bucket count - 1 */
    DFrame fr[DF_MAXD + 1];
    int nfr;
    uint64_t path[DF_MAXD + 1];
    int target;         /* Color T of the question "T wins" */
    Deadline dl;
    unsigned long long nodes;
    int abort, cut, maxdepth, oom;
} Dfpn;

/* Huge pages for long budgets only (ztable.h says why). */
#define DF_HUGE_SECONDS 10.0

static uint64_t df_key(const Dfpn *d, uint64_t h) { return d->target == WHITE ? h ^ 0x6a09e667f3bcc909ULL : h; }

static DEntry *df_probe(Dfpn *d, uint64_t key)
{
    DEntry *b = &d->tt[(key & d->mask) * DF_WAYS];
    for (int i = 0; i < DF_WAYS; i++)
        if (b[i].key == key && (b[i].phi | b[i].delta)) return &b[i];
    return NULL;
}

static void df_store(Dfpn *d, uint64_t key, uint32_t phi, uint32_t delta, uint32_t work, int best)
{
    DEntry *b = &d->tt[(key & d->mask) * DF_WAYS], *v = NULL;
    for (int i = 0; i < DF_WAYS && !v; i++)
        if (b[i].key == key) v = &b[i];
    if (!v) {
        /* Replace the least work; solved entries are worth the most. */
        uint64_t lw = UINT64_MAX;
        for (int i = 0; i < DF_WAYS; i++) {
            uint64_t w = (uint64_t)b[i].work + ((b[i].phi == 0 || b[i].delta == 0) && (b[i].phi | b[i].delta) ? ((uint64_t)1 << 32) : 0);
            if (!(b[i].phi | b[i].delta)) w = 0;
            if (w < lw) lw = w, v = &b[i];
        }
    }
    v->key = key;
    v->phi = phi;
    v->delta = delta;
    v->work = work;
    v->best = (uint16_t)(best > 65535 ? 65535 : best);
}

/* Charge work to the clock (engine/clock.h); sets abort when time is up. */
static int df_charge(Dfpn *d, uint64_t units)
{
    if (deadline_over(&d->dl, units)) d->abort = 1;
    return d->abort;
}

/* Whether the goal of the mover of a position is reached by the outcome
 * "T wins" (tw = 1) or "T does not win" (tw = 0). */
static int df_goal(const Dfpn *d, int mover, int tw) { return mover == d->target ? tw : !tw; }

static int df_tw(const Dfpn *d, int result)
{
    return result == (d->target == BLACK ? RESULT_BLACK : RESULT_WHITE);
}

static void df_child(Dfpn *d, const DFrame *f, size_t i, uint32_t *phi, uint32_t *delta)
{
    switch (f->fixed[i]) {
    case CH_ACHIEVED: *phi = 0, *delta = DF_INF; return;
    case CH_FAILED: *phi = DF_INF, *delta = 0; return;
    default: break;
    }
    const DEntry *e = df_probe(d, df_key(d, f->hash[i]));
    if (e) *phi = e->phi, *delta = e->delta;
    else *phi = f->init[i] & 15, *delta = f->init[i] >> 4;
}

static unsigned df_h(int dist) { return dist < 1 ? 1u : dist > 15 ? 15u : (unsigned)dist; }

static uint32_t sat_add(uint32_t a, uint32_t b) { return a + b >= DF_INF ? DF_INF : a + b; }

/* Expand the children of p at depth ply into frame ply: 0, -1 without
 * memory, 1 when the clock ran out half-way (the frame is then unusable:
 * an empty board under c has some 65,000 children, each evaluated).
 * Children that end the game, repeat the path or go too deep get
 * a fixed value. */
static int df_expand(Dfpn *d, const Position *p, int ply, size_t *nout)
{
    if (ply >= d->nfr) {
        memset(&d->fr[ply], 0, sizeof d->fr[ply]);
        movelist_init(&d->fr[ply].ml);
        d->nfr = ply + 1;
    }
    DFrame *f = &d->fr[ply];
    if (!solve_may_list(&d->dl, p)) {
        d->abort = 1;
        return 1;
    }
    size_t n = pos_gen_moves(p, &f->ml);
    if (df_charge(d, n)) return 1;
    if (n > f->cap) {
        uint64_t *h = realloc(f->hash, n * sizeof *h);
        if (h) f->hash = h;
        uint8_t *x = realloc(f->fixed, n);
        if (x) f->fixed = x;
        uint8_t *y = realloc(f->init, n);
        if (y) f->init = y;
        uint32_t *a = realloc(f->phi, n * sizeof *a);
        if (a) f->phi = a;
        uint32_t *c = realloc(f->delta, n * sizeof *c);
        if (c) f->delta = c;
        if (!h || !x || !y || !a || !c) return -1;
        f->cap = n;
    }
    /* First the hashes (prefetching the table rows: the probes are what
     * the search waits for), terminal children and repetitions. */
    for (size_t i = 0; i < n; i++) {
        if (df_charge(d, 1)) return 1;
        Position q = *p;
        pos_play(&q, &f->ml.m[i]);
        uint64_t h = pos_hash(&q);
        __builtin_prefetch(&d->tt[(df_key(d, h) & d->mask) * DF_WAYS]);
        f->hash[i] = h;
        f->fixed[i] = CH_OPEN;
        f->init[i] = 0x11;
        int cm = q.to_move;
        if (pos_over(&q)) {
            f->fixed[i] = df_goal(d, cm, df_tw(d, q.result)) ? CH_ACHIEVED : CH_FAILED;
            continue;
        }
        int rep = ply + 1 >= DF_MAXD;
        for (int k = ply; k >= 0 && !rep; k--) rep = d->path[k] == h;
        if (rep) {
            d->cut = 1;
            f->fixed[i] = df_goal(d, cm, 0) ? CH_ACHIEVED : CH_FAILED;
        }
    }
    /* df-pn+ initial values from shortest-path distances, computed once
     * per position and kept in the table (as entries with no work, the
     * first to be replaced): the mover's goal is easier to prove the
     * closer the mover is to connecting (whichever the target: a near
     * connection makes the mover's goal likely) and easier to disprove the
     * closer the other side is. */
    for (size_t i = 0; i < n; i++) {
        if (f->fixed[i] != CH_OPEN) continue;
        uint64_t key = df_key(d, f->hash[i]);
        if (df_probe(d, key)) continue;
        /* Two shortest-path searches: worth many plays. */
        if (df_charge(d, 16)) return 1;
        Position q = *p;
        pos_play(&q, &f->ml.m[i]);
        int cm = q.to_move;
        unsigned hp = df_h(eval_distance(&q, (Color)cm)), hd = df_h(eval_distance(&q, (Color)(cm ^ 1)));
        f->init[i] = (uint8_t)(hp | hd << 4);
        df_store(d, key, hp, hd, 0, 0);
    }
    *nout = n;
    return 0;
}

static void df_mid(Dfpn *d, const Position *p, int ply, uint32_t th_phi, uint32_t th_delta)
{
    d->nodes++;
    if (ply > d->maxdepth) d->maxdepth = ply;
    uint64_t h = pos_hash(p), key = df_key(d, h);
    d->path[ply] = h;
    unsigned long long n0 = d->nodes;
    size_t n;
    int ex = df_expand(d, p, ply, &n);
    if (ex != 0) {
        if (ex < 0) d->oom = 1;
        d->abort = 1;
        return;
    }
    DFrame *f = &d->fr[ply];
    uint32_t phi = DF_INF, delta = 0;
    int best = 0;
    if (n == 0) { /* cannot happen: a side without moves passes */
        df_store(d, key, DF_INF, 0, 1, 0);
        return;
    }
    /* The children's values are read once; after each descent only the
     * child searched is read again (a transposition may have changed a
     * sibling too: its stale value is only less informed, never wrong). */
    for (size_t i = 0; i < n; i++) df_child(d, f, i, &f->phi[i], &f->delta[i]);
    for (;;) {
        /* phi = min delta(c), delta = sum phi(c); c1 = the child of least
         * delta, d2 the second least delta. */
        uint32_t d1 = DF_INF, d2 = DF_INF, sum = 0, phi1 = DF_INF;
        int c1 = -1;
        for (size_t i = 0; i < n; i++) {
            uint32_t cp = f->phi[i], cd = f->delta[i];
            sum = sat_add(sum, cp);
            if (cd < d1 || c1 < 0) {
                d2 = d1;
                d1 = cd, c1 = (int)i, phi1 = cp;
            } else if (cd < d2) {
                d2 = cd;
            }
        }
        phi = d1;
        delta = sum;
        best = c1;
        if (phi >= th_phi || delta >= th_delta || phi == 0 || delta == 0) break;
        if (df_charge(d, 1)) break;
        /* Thresholds of the chosen child (1 + epsilon: a little past the
         * second best, so that the search does not flip-flop). */
        uint64_t tp = (uint64_t)th_delta - delta + phi1;
        uint64_t td = (uint64_t)d2 + 1 + d2 / 4;
        if (td > th_phi) td = th_phi;
        if (tp > DF_INF) tp = DF_INF;
        Position q = *p;
        pos_play(&q, &f->ml.m[c1]);
        df_mid(d, &q, ply + 1, (uint32_t)tp, (uint32_t)td);
        f = &d->fr[ply];
        df_child(d, f, (size_t)c1, &f->phi[c1], &f->delta[c1]);
        if (d->abort) break;
    }
    unsigned long long w = d->nodes - n0;
    df_store(d, key, phi, delta, w > UINT32_MAX ? UINT32_MAX : (uint32_t)w, best);
}

/* One question, "T wins?", from p: 1 proved, 0 disproved, -1 unknown. */
static int df_run(Dfpn *d, const Position *p, int target)
{
    d->target = target;
    d->abort = 0;
    uint64_t key = df_key(d, pos_hash(p));
    for (;;) {
        df_mid(d, p, 0, DF_INF - 1, DF_INF - 1);
        const DEntry *e = df_probe(d, key);
        if (d->abort || !e) return -1;
        int mine = p->to_move == target;
        if (e->phi == 0) return mine ? 1 : 0;
        if (e->delta == 0) return mine ? 0 : 1;
    }
}

Result dfpn_solve(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st)
{
    double t0 = now_seconds();
    if (st) memset(st, 0, sizeof *st);
    if (pos_over(p)) return (Result)p->result;
    Dfpn *d = calloc(1, sizeof *d);
    if (!d) {
        fprintf(stderr, "solve: out of memory\n");
        return RESULT_NONE;
    }
    size_t want = lim->memory / (sizeof(DEntry) * DF_WAYS), nb = 1024;
    while (nb * 2 <= want && nb < ((size_t)1 << 28)) nb *= 2;
    /* Never silently less: a table that cannot be had is halved, and said. */
    while (!(d->tt = ztable_alloc(&d->tt_mem, nb * DF_WAYS * sizeof(DEntry), lim->seconds >= DF_HUGE_SECONDS)) && nb > 1024) nb /= 2;
    if (!d->tt) {
        fprintf(stderr, "solve: cannot allocate the table; not solving\n");
        free(d);
        return RESULT_NONE;
    }
    size_t bytes = nb * DF_WAYS * sizeof(DEntry);
    if (bytes * 2 <= lim->memory) fprintf(stderr, "solve: table reduced to %zu MiB (memory)\n", bytes >> 20);
    if (st) st->table_bytes = bytes;
    d->mask = nb - 1;
    deadline_init(&d->dl, t0 + (lim->seconds > 0 ? lim->seconds : 1.0), lim->stop, lim->ctx);
    int me = p->to_move, value = 2; /* +1 mover wins, -1 loses, 0 draw */
    int r = df_run(d, p, me);
    if (r == 1) value = 1;
    else if (r == 0) {
        int r2 = df_run(d, p, me ^ 1);
        if (r2 == 1) value = -1;
        else if (r2 == 0 && !d->cut) value = 0;
    }
    if (best && value != 2) { /* unknown: no move to give */
        MoveList ml;
        movelist_init(&ml);
        size_t n = pos_gen_moves(p, &ml);
        int bi = 0;
        /* The winning move: a child whose mover's goal ("T does not win",
         * T = us) is disproved. Otherwise the move the winner needed the
         * most work to refute (it resists longest). */
        d->target = value == -1 ? me ^ 1 : me;
        uint32_t most = 0;
        for (size_t i = 0; i < n; i++) {
            Position q = p[0];
            pos_play(&q, &ml.m[i]);
            if (pos_over(&q)) {
                if (value == 1 && q.result == (me == BLACK ? RESULT_BLACK : RESULT_WHITE)) { bi = (int)i; break; }
                continue;
            }
            const DEntry *e = df_probe(d, df_key(d, pos_hash(&q)));
            if (!e) continue;
            if (value == 1 && e->delta == 0) { bi = (int)i; break; }
            if (value != 1 && e->work > most) most = e->work, bi = (int)i;
        }
        if (n > 0) *best = ml.m[bi];
        movelist_free(&ml);
    }
    if (st) {
        st->nodes = d->nodes;
        st->depth = d->maxdepth;
        st->seconds = now_seconds() - t0;
    }
    for (int i = 0; i < d->nfr; i++) {
        movelist_free(&d->fr[i].ml);
        free(d->fr[i].hash);
        free(d->fr[i].fixed);
        free(d->fr[i].init);
        free(d->fr[i].phi);
        free(d->fr[i].delta);
    }
    ztable_free(&d->tt_mem);
    free(d);
    Result mine = me == BLACK ? RESULT_BLACK : RESULT_WHITE, theirs = me == BLACK ? RESULT_WHITE : RESULT_BLACK;
    return value == 1 ? mine : value == -1 ? theirs : value == 0 ? RESULT_DRAW : RESULT_NONE;
}
