/* ab.c - the `ab` searcher: iterative-deepening negamax alpha-beta with a
 * transposition table on pos_hash, TT-move-first and flips-first ordering,
 * and the two-distance evaluation of eval.c at the leaves. The table is
 * kept between moves (cleared at a new game). */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "searcher.h"
#include "solve.h"
#include "util.h"

#define WIN_SCORE 1000000
#define MAXPLY 64
#define AB_DEFAULT_TIME 1.0 /* seconds, without a time limit or ab_depth */
/* Analysis searches every root move with the full window: up to this many
 * (under c a turn can have millions; then its move alone). */
#define AB_ANALYZE_MAX 100000

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
    /* Analysis (ab_analyze): every root move searched with the full
     * window, so that each completed one has its exact score (root_val),
     * the depth it was completed at (root_depth, 0 none) and the nodes
     * its searches took (root_nodes); by the root list's index. */
    int multipv;
    int *root_val, *root_depth;
    unsigned long long *root_nodes;
    int *full_val;            /* root_val as the last completed iteration left it */
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
    free(a->root_val);
    free(a->root_depth);
    free(a->root_nodes);
    free(a->full_val);
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
    const bool full = ply == 0 && a->multipv;
    for (size_t j = 0; j < k; j++) {
        Position q = *p;
        pos_play(&q, &ml->m[ord[j]]);
        unsigned long long n0 = a->nodes;
        int v = full ? -negamax(a, &q, depth - 1, -WIN_SCORE - 1, WIN_SCORE + 1, ply + 1, NULL)
                     : -negamax(a, &q, depth - 1, -beta, -alpha, ply + 1, NULL);
        if (full) a->root_nodes[ord[j]] += a->nodes - n0;
        if (a->abort) return 0;
        if (full) a->root_val[ord[j]] = v, a->root_depth[ord[j]] = depth;
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

/* The transposition table for the memory option: 0, or -1 when none can
 * be had (said on stderr). */
static int ab_table(Ab *a, const SearchCtx *sc)
{
    size_t bytes = (size_t)sc->cfg.memory << 20;
    if (!a->tt || a->bytes != bytes) {
        free(a->tt);
        size_t cap = 1024;
        while (cap * 2 * sizeof(TTE) <= bytes && cap < ((size_t)1 << 28)) cap *= 2;
        /* Never silently less: a table that cannot be had is halved, and said. */
        while (!(a->tt = calloc(cap, sizeof(TTE))) && cap > 1024) cap /= 2;
        if (!a->tt) {
            fprintf(stderr, "ab: cannot allocate its table; playing a random move\n");
            return -1;
        }
        if (cap * sizeof(TTE) * 2 <= bytes) fprintf(stderr, "ab: table reduced to %zu MiB (memory)\n", cap * sizeof(TTE) >> 20);
        a->mask = cap - 1;
        a->bytes = bytes;
    }
    return 0;
}

static Move ab_genmove(void *st, const Position *p, const SearchCtx *sc)
{
    Ab *a = st;
    if (!a) {
        fprintf(stderr, "ab: no memory for the searcher; playing a random move\n");
        return pos_random_move(p, sc->rng);
    }
    if (ab_table(a, sc) < 0) return pos_random_move(p, sc->rng);
    a->multipv = 0;
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

/* A score as a win rate for the side to move: certain at a proven win or
 * loss, else logistic in the evaluation's distance units (a lead of two
 * moves' distance reads as 73%). */
static double ab_winrate(int v)
{
    if (v >= WIN_SCORE - MAXPLY) return 1.0;
    if (v <= -WIN_SCORE + MAXPLY) return 0.0;
    return 1.0 / (1.0 + exp(-v / 200.0));
}

/* Report the root moves with their scores of one depth: the last
 * completed iteration's (every root move), or while none has completed,
 * the moves depth 1 has scored so far (scores of two depths side by side
 * would mislead: odd and even depths differ by a tempo). Best first, each
 * with its nodes as visits and its line from the table. */
static bool ab_report(Ab *a, const Position *p, const MoveList *root, const SearchCtx *sc, int full_depth, double t0,
                      AnalysisMove *am, uint32_t *idx)
{
    int n = 0;
    const int *val = full_depth > 0 ? a->full_val : a->root_val;
    for (size_t i = 0; i < root->n; i++)
        if (full_depth > 0 || a->root_depth[i] > 0) idx[n++] = (uint32_t)i;
    if (n == 0 || !sc->hooks->report) return false;
    /* Insertion sort, best first (stable: ties keep the search order). */
    for (int i = 1; i < n; i++) {
        uint32_t x = idx[i];
        int j = i;
        while (j > 0 && val[idx[j - 1]] < val[x]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = x;
    }
    if (n > 64) n = 64; /* the best; a board's worth is more than any display shows */
    for (int k = 0; k < n; k++) {
        const Move *m = &root->m[idx[k]];
        AnalysisMove *e = &am[k];
        memset(e, 0, sizeof *e);
        e->move = *m;
        e->point = move_first_point(m);
        unsigned long long v = a->root_nodes[idx[k]];
        e->visits = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
        e->winrate = ab_winrate(val[idx[k]]);
        /* The line: the move, then the table's best moves while they last. */
        Position q = *p;
        e->pv[e->npv++] = *m;
        pos_play(&q, m);
        MoveList *ml = &a->ml[MAXPLY - 1];
        while (e->npv < ANALYSIS_PV && !pos_over(&q)) {
            const TTE *t = &a->tt[pos_hash(&q) & a->mask];
            if (t->key != pos_hash(&q) || t->best == TT_NO_BEST) break;
            if (pos_count_moves(&q) > AB_ANALYZE_MAX) break;
            size_t nm = pos_gen_moves(&q, ml);
            if (t->best >= nm) break;
            e->pv[e->npv++] = ml->m[t->best];
            pos_play(&q, &ml->m[t->best]);
        }
    }
    Analysis an = { .playouts = (long)(a->nodes > LONG_MAX ? LONG_MAX : a->nodes), .seconds = now_seconds() - t0, .n = n,
                    .moves = am, .by_value = 1 };
    sc->hooks->report(&an, sc->hooks->ctx);
    return true;
}

/* Analysis: iterative deepening until the caller's stop, every root move
 * with the full window (its exact score), reported after each iteration
 * and whenever the stop is polled past the report interval. At the
 * deepest depth, or once the root is decided, it waits for the stop. */
static void ab_analyze(void *st, const Position *p, const SearchCtx *sc)
{
    Ab *a = st;
    const SearchHooks *h = sc->hooks;
    if (!a || ab_table(a, sc) < 0 || pos_count_moves(p) > AB_ANALYZE_MAX) {
        /* No table, or a root too long to search each move in full: its
         * move once, with no value, as a searcher without statistics. */
        SearchCtx s2 = *sc;
        s2.soft_time = s2.hard_time = sc->cfg.movetime > 0 ? sc->cfg.movetime : AB_DEFAULT_TIME;
        s2.analyze = 0;
        s2.start = now_seconds();
        Move m = ab_genmove(st, p, &s2);
        AnalysisMove am = { .move = m, .point = move_first_point(&m),
                            .visits = 1, .winrate = 0.5, .npv = 1 };
        am.pv[0] = m;
        Analysis an = { .playouts = 1, .n = 1, .moves = &am, .move_only = 1 };
        if (h->report) h->report(&an, h->ctx);
        while (!h->stop(h->ctx)) {
            struct timespec ts = {0, 10 * 1000000L};
            nanosleep(&ts, NULL);
        }
        return;
    }
    double t0 = sc->start;
    MoveList root;
    movelist_init(&root);
    pos_gen_moves(p, &root);
    size_t n = root.n;
    int *val = realloc(a->root_val, (n ? n : 1) * sizeof *val);
    if (val) a->root_val = val;
    int *dep = realloc(a->root_depth, (n ? n : 1) * sizeof *dep);
    if (dep) a->root_depth = dep;
    unsigned long long *nodes = realloc(a->root_nodes, (n ? n : 1) * sizeof *nodes);
    if (nodes) a->root_nodes = nodes;
    int *full = realloc(a->full_val, (n ? n : 1) * sizeof *full);
    if (full) a->full_val = full;
    AnalysisMove *am = malloc(64 * sizeof *am);
    uint32_t *idx = malloc((n ? n : 1) * sizeof *idx);
    if (!val || !dep || !nodes || !full || !am || !idx) {
        fprintf(stderr, "ab: no memory for the analysis\n");
        free(am);
        free(idx);
        movelist_free(&root);
        while (!h->stop(h->ctx)) {
            struct timespec ts = {0, 10 * 1000000L};
            nanosleep(&ts, NULL);
        }
        return;
    }
    memset(a->root_depth, 0, n * sizeof *a->root_depth);
    memset(a->root_nodes, 0, n * sizeof *a->root_nodes);
    a->nodes = 0;
    a->root_n = 0;
    if (n > 1) root_rank(a, p, &root);
    a->multipv = 1;
    deadline_init(&a->dl, 0, h->stop, h->ctx);
    bool decided = false, reported = false;
    int full_depth = 0;
    for (int d = 1; d <= MAXPLY - 2 && !decided; d++) {
        a->abort = 0;
        a->root_bi = -1;
        int bi = -1;
        int v = negamax(a, p, d, -WIN_SCORE - 1, WIN_SCORE + 1, 0, &bi);
        if (!a->abort) {
            memcpy(a->full_val, a->root_val, n * sizeof *a->full_val);
            full_depth = d;
        }
        reported |= ab_report(a, p, &root, sc, full_depth, t0, am, idx);
        if (a->abort) break;
        decided = v >= WIN_SCORE - MAXPLY || v <= -WIN_SCORE + MAXPLY;
    }
    a->multipv = 0;
    if (!reported && h->report) {
        /* Stopped before depth 1 scored a move (the table's pages take
         * their time): the first move of the search order, no value. */
        const Move *m = &root.m[a->root_n ? a->root_order[0] : 0];
        AnalysisMove one = { .move = *m, .point = move_first_point(m),
                             .visits = 1, .winrate = 0.5, .npv = 1 };
        one.pv[0] = *m;
        Analysis an = { .playouts = 1, .n = 1, .moves = &one, .move_only = 1 };
        h->report(&an, h->ctx);
    }
    while (!a->abort && !h->stop(h->ctx)) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
    free(am);
    free(idx);
    movelist_free(&root);
}

const Searcher searcher_ab = {"ab", ab_create, ab_destroy, ab_new_game, ab_genmove, ab_analyze};
