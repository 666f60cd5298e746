/* ab.c - the `ab` searcher: iterative-deepening negamax alpha-beta with a
 * transposition table on pos_hash, TT-move-first and flips-first ordering,
 * and the two-distance evaluation of eval.c at the leaves. The table is
 * kept between moves (cleared at a new game). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "searcher.h"
#include "solve.h"
#include "util.h"

#define WIN_SCORE 1000000
#define MAXPLY 64
#define AB_DEFAULT_TIME 1.0 /* seconds, without a time limit or ab_depth */

enum { B_EXACT = 0, B_LOWER, B_UPPER };

typedef struct TTE {
    uint64_t key;
    int32_t score;
    uint8_t depth, bound;
    uint16_t best;
} TTE;

#define TT_NO_BEST 0xFFFF

typedef struct Ab {
    TTE *tt;
    size_t mask, bytes;
    MoveList ml[MAXPLY];
    uint32_t *order[MAXPLY];   /* move orderings, grown to the longest list */
    size_t order_cap[MAXPLY];
    Deadline dl;
    unsigned long long nodes;
    int abort;
    /* The root: its moves in search order (root_order, root_n of them,
     * from root_rank), and the best move completed in the iteration that
     * runs (root_bi, -1 none), which answers when the first iteration is
     * cut short. */
    uint32_t *root_order;
    size_t root_n;
    int root_bi, root_score;
} Ab;

static void *ab_create(void)
{
    Ab *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    for (int i = 0; i < MAXPLY; i++) movelist_init(&a->ml[i]);
    return a;
}

static void ab_destroy(void *st)
{
    Ab *a = st;
    if (!a) return;
    for (int i = 0; i < MAXPLY; i++) {
        movelist_free(&a->ml[i]);
        free(a->order[i]);
    }
    free(a->tt);
    free(a->root_order);
    free(a);
}

static void ab_new_game(void *st, const Position *p)
{
    Ab *a = st;
    (void)p;
    /* Dropped, not cleared: clearing 512 MiB took `rules c` 4 s; a fresh
     * table's pages come zeroed as the next search touches them. */
    if (a) {
        free(a->tt);
        a->tt = NULL;
        a->bytes = 0;
    }
}

static int rank_move(const Move *m, const Position *p)
{
    (void)p;
    if (m->kind == MOVE_FLIP) return 0;
    return 1;
}

static int negamax(Ab *a, const Position *p, int depth, int alpha, int beta, int ply, int *best_out)
{
    assert(ply >= 0 && ply < MAXPLY && alpha < beta);
    a->nodes++;
    if (pos_over(p)) {
        if (p->result == RESULT_DRAW) return 0;
        int win = p->result == (p->to_move == BLACK ? RESULT_BLACK : RESULT_WHITE);
        return win ? WIN_SCORE - ply : -WIN_SCORE + ply;
    }
    /* Every node is charged to the clock, leaves included, and so is each
     * move list (engine/clock.h). */
    if (deadline_over(&a->dl, 1)) a->abort = 1;
    if (a->abort) return 0;
    if (depth <= 0 || ply >= MAXPLY - 1) return eval_position(p);
    uint64_t key = pos_hash(p);
    TTE *e = &a->tt[key & a->mask];
    int tt_best = -1;
    if (e->key == key) {
        tt_best = e->best == TT_NO_BEST ? -1 : e->best;
        if (e->depth >= depth && ply > 0) {
            if (e->bound == B_EXACT) return e->score;
            if (e->bound == B_LOWER && e->score >= beta) return e->score;
            if (e->bound == B_UPPER && e->score <= alpha) return e->score;
        }
    }
    MoveList *ml = &a->ml[ply];
    if (!solve_may_list(&a->dl, p)) {
        a->abort = 1;
        return 0;
    }
    size_t n = pos_gen_moves(p, ml);
    if (deadline_over(&a->dl, n)) {
        a->abort = 1;
        return 0;
    }
    /* Every move is ordered and searched, however long the list (13x13
     * under c has 14,028 at move 2). */
    if (n > a->order_cap[ply]) {
        uint32_t *o = realloc(a->order[ply], n * sizeof *o);
        if (!o) {
            fprintf(stderr, "ab: no memory to order %zu moves; search stopped\n", n);
            a->abort = 1;
            return 0;
        }
        a->order[ply] = o;
        a->order_cap[ply] = n;
    }
    uint32_t *ord = a->order[ply];
    /* TT move, then flips, then the rest; at the root each group in the
     * static order of root_rank (the list is the root's: same order). */
    const uint32_t *base = ply == 0 && a->root_order && a->root_n == n ? a->root_order : NULL;
    size_t k = 0;
    if (tt_best >= 0 && (size_t)tt_best < n) ord[k++] = (uint32_t)tt_best;
    for (int pass = 0; pass < 2; pass++)
        for (size_t j = 0; j < n; j++) {
            size_t i = base ? base[j] : j;
            if ((long)i != tt_best && rank_move(&ml->m[i], p) == pass) ord[k++] = (uint32_t)i;
        }
    assert(k == n);
    int a0 = alpha, best = -WIN_SCORE - 1, bi = k ? (int)ord[0] : 0;
    for (size_t j = 0; j < k; j++) {
        Position q = *p;
        pos_play(&q, &ml->m[ord[j]]);
        int v = -negamax(a, &q, depth - 1, -beta, -alpha, ply + 1, NULL);
        if (a->abort) return 0;
        if (v > best) {
            best = v;
            bi = (int)ord[j];
            if (ply == 0) a->root_bi = bi, a->root_score = v;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    e->key = key;
    e->score = best;
    e->depth = (uint8_t)depth;
    e->bound = best <= a0 ? B_UPPER : best >= beta ? B_LOWER : B_EXACT;
    e->best = bi < TT_NO_BEST ? (uint16_t)bi : TT_NO_BEST; /* longer lists: no TT move */
    if (best_out) *best_out = bi;
    return best;
}

/* Root moves by a static guess, best first, so that an iteration cut
 * short (under c, 19x19 has some 64,000 moves and depth 1 evaluates each)
 * has searched the likeliest ones: each point is scored once by the
 * evaluation after a stone of the mover there (an empty point placed, an
 * enemy stone flipped), and a move by the mean over its points. One
 * evaluation per point, then a counting sort on the score (stable: ties
 * keep the list's order). False when out of memory (the list's own order
 * is used then). */
static bool root_rank(Ab *a, const Position *p, const MoveList *root)
{
    const Board *b = p->board;
    const Color me = (Color)p->to_move;
    const size_t n = root->n;
    int *gain = malloc((size_t)b->npoints * sizeof *gain);
    int *key = malloc(n * sizeof *key);
    uint32_t *order = realloc(a->root_order, n * sizeof *order);
    if (order) a->root_order = order;
    int lo = 0, hi = 0;
    for (int q = 0; gain && q < b->npoints; q++) {
        Position t = *p;
        if (pos_color_at(p, q) != me) pos_set_stone(&t, q, me);
        gain[q] = eval_position(&t);
        if (q == 0 || gain[q] < lo) lo = gain[q];
        if (q == 0 || gain[q] > hi) hi = gain[q];
    }
    /* Scores lie within [lo, hi] (means of point scores; pass and swap,
     * with no point, take lo). */
    size_t range = (size_t)((int64_t)hi - lo) + 1;
    size_t *count = gain && range <= ((size_t)1 << 24) ? calloc(range + 1, sizeof *count) : NULL;
    if (!gain || !key || !order || !count) {
        free(gain);
        free(key);
        free(count);
        a->root_n = 0;
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const Move *m = &root->m[i];
        int64_t k = 0;
        for (int j = 0; j < m->n; j++) k += gain[m->pt[j]];
        key[i] = m->n ? (int)(k / m->n) : lo;
        assert(key[i] >= lo && key[i] <= hi);
        count[hi - key[i] + 1]++; /* best (highest) first */
    }
    for (size_t r = 1; r <= range; r++) count[r] += count[r - 1];
    for (size_t i = 0; i < n; i++) order[count[hi - key[i]]++] = (uint32_t)i;
    a->root_n = n;
    free(gain);
    free(key);
    free(count);
    return true;
}

static Move ab_genmove(void *st, const Position *p, const SearchCtx *sc)
{
    Ab *a = st;
    if (!a) {
        fprintf(stderr, "ab: no memory for the searcher; playing a random move\n");
        return pos_random_move(p, sc->rng);
    }
    size_t bytes = (size_t)sc->cfg.memory << 20;
    if (!a->tt || a->bytes != bytes) {
        free(a->tt);
        size_t cap = 1024;
        while (cap * 2 * sizeof(TTE) <= bytes && cap < ((size_t)1 << 28)) cap *= 2;
        /* Never silently less: a table that cannot be had is halved, and said. */
        while (!(a->tt = calloc(cap, sizeof(TTE))) && cap > 1024) cap /= 2;
        if (!a->tt) {
            fprintf(stderr, "ab: cannot allocate its table; playing a random move\n");
            return pos_random_move(p, sc->rng);
        }
        if (cap * sizeof(TTE) * 2 <= bytes) fprintf(stderr, "ab: table reduced to %zu MiB (memory)\n", cap * sizeof(TTE) >> 20);
        a->mask = cap - 1;
        a->bytes = bytes;
    }
    double t0 = sc->start;
    /* ab counts no playouts: under a playouts-only limit it searches to
     * depth 3, within the default move time. An explicit ab_depth without
     * a time limit is searched in full, as asked. */
    double budget = sc->soft_time > 0 ? sc->soft_time : sc->cfg.ab_depth > 0 ? 0 : AB_DEFAULT_TIME;
    int maxd = sc->cfg.ab_depth > 0 ? sc->cfg.ab_depth : (sc->soft_time > 0 ? MAXPLY - 2 : 3);
    deadline_init(&a->dl, budget > 0 ? t0 + budget : 0, sc->hooks ? sc->hooks->stop : NULL, sc->hooks ? sc->hooks->ctx : NULL);
    a->nodes = 0;
    a->abort = 0;
    if (!solve_may_list(&a->dl, p)) {
        fprintf(stderr, "ab: %llu moves cannot be listed within the budget; playing a random move\n",
                (unsigned long long)pos_count_moves(p));
        return pos_random_move(p, sc->rng);
    }
    MoveList root;
    movelist_init(&root);
    pos_gen_moves(p, &root);
    a->root_n = 0;
    if (root.n > 1) root_rank(a, p, &root);
    /* Until an iteration completes: the first move of the search order. */
    Move best = root.n ? root.m[a->root_n ? a->root_order[0] : 0] : pos_random_move(p, sc->rng);
    int score = 0, depth = 0;
    for (int d = 1; d <= maxd; d++) {
        int bi = -1;
        a->root_bi = -1;
        int v = negamax(a, p, d, -WIN_SCORE - 1, WIN_SCORE + 1, 0, &bi);
        if (a->abort) {
            /* Depth 1 cut short: the best of the moves it evaluated. */
            if (d == 1 && a->root_bi >= 0 && (size_t)a->root_bi < root.n) best = root.m[a->root_bi], score = a->root_score;
            break;
        }
        if (bi >= 0 && (size_t)bi < root.n) best = root.m[bi];
        score = v;
        depth = d;
        if (v >= WIN_SCORE - MAXPLY || v <= -WIN_SCORE + MAXPLY) break; /* decided */
        /* Another iteration costs several times this one: skip if late. */
        if (budget > 0 && now_seconds() - t0 > budget * 0.4) break;
    }
    if (sc->cfg.verbose) {
        char buf[48];
        double el = now_seconds() - t0;
        fprintf(stderr, "ab: %s score %d depth %d | %llu nodes in %.2fs (%.0f/s)\n", move_format(p->board, &best, buf, sizeof buf),
                score, depth, a->nodes, el, el > 0 ? a->nodes / el : 0.0);
    }
    movelist_free(&root);
    return best;
}

const Searcher searcher_ab = {"ab", ab_create, ab_destroy, ab_new_game, ab_genmove, NULL};
