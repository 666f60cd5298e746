/* mcts.c - the `mcts`, `uct` and `grave` searchers: the search loop
 * (descent, expansion, playout, backup, MCTS-solver), threads, time and
 * the searchers' entry points. mcts is UCT over the step tree with
 * RAVE/AMAF, priors and the playout policy; uct is the same loop with
 * every enhancement off (the baseline they are measured against); grave
 * is the same loop with Ludii's MC-GRAVE selection and uniform playouts.
 * Selection lives in select.c, reporting in analysis.c (mcts_impl.h).
 * Tree parallelism: workers share the tree, visits count on the way down
 * as a virtual loss. With one thread and a playout limit it is fully
 * deterministic for a given seed. */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "mcts_impl.h"
#include "priors.h"
#include "root_solver.h"
#include "threats.h"
#include "util.h"

/* Mcts holds a Position, which is 64-byte aligned: calloc is not enough. */
static void *mcts_create(void)
{
    size_t sz = (sizeof(Mcts) + 63) & ~(size_t)63;
    Mcts *m = aligned_alloc(64, sz);
    if (m) memset(m, 0, sz);
    return m;
}

static void mcts_destroy(void *st)
{
    Mcts *m = st;
    if (!m) return;
    tree_free(&m->tree);
    root_table_free(&m->solver_tt);
    free(m);
}

static void mcts_new_game(void *st, const Position *p)
{
    Mcts *m = st;
    (void)p;
    if (m) m->tree.has_root = 0;
}

static int expand(Worker *w, Node *n, const Position *cur, const int16_t *S, int ns)
{
    Shared *sh = w->sh;
    Tree *t = &sh->m->tree;
    int k = tree_steps(cur, S, ns, &w->ml, w->steps);
    if (k <= 0) return -1;
    uint32_t at = tree_alloc(t, (size_t)k);
    if (at == UINT32_MAX) return -1;
    Node *ch = &t->nodes[at];
    for (int i = 0; i < k; i++) tree_node_init(&ch[i], w->steps[i].kind, w->steps[i].pt, w->steps[i].complete);
    tree_amaf_clear(t, at, (size_t)k);
    if (sh->cfg.expand_marks)
        priors_assign(cur, S, ns, w->steps, k, ch, sh->cfg.priors ? sh->cfg.prior_visits : 0, sh->cfg.priors, sh->learned, &sh->cfg);
    if (sh->cfg.prove) threats_mark(cur, w->steps, k, ch);
    n->nchildren = (uint16_t)k;
    atomic_store_explicit(&n->first, at, memory_order_relaxed);
    atomic_store_explicit(&n->state, NODE_EXPANDED, memory_order_release);
    return 0;
}

/* MCTS-solver (Winands et al.): node x, a step by `mover` whose children
 * are steps by `child_mover` (the same colour inside a compound turn), is
 * lost for its mover when a child's mover has a proven win against it,
 * and won when every child loses for the other side. Proofs rest only on
 * real wins (immediate wins found at expansion, finished games), so they
 * are sound. Root children are never marked lost here: when every root
 * move loses, the choice must still fall on the one that resists longest
 * (the root solver's marks follow the same rule). Returns whether x
 * became proven. */
static int prove_node(Node *N, uint32_t x, int mover, int child_mover, int root_child)
{
    Node *n = &N[x];
    if (atomic_load_explicit(&n->state, memory_order_acquire) != NODE_EXPANDED || n->nchildren == 0) return 0;
    if (atomic_load_explicit(&n->proven, memory_order_relaxed) != 0) return 0;
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    int v = -1; /* for the children's mover: -1 all lose, +1 one wins */
    for (int k = 0; k < n->nchildren; k++) {
        int pr = atomic_load_explicit(&N[first + k].proven, memory_order_relaxed);
        if (pr > 0) {
            v = 1;
            break;
        }
        if (pr == 0) v = 0;
    }
    if (v == 0) return 0;
    v = child_mover == mover ? v : -v;
    if (v < 0 && root_child) return 0;
    int8_t old = 0;
    return atomic_compare_exchange_strong(&n->proven, &old, (int8_t)v);
}

/* Kept out of line (it has one caller, simulate_counted): the web
 * build's Asyncify leaves it uninstrumented by its name (web/web.mk's
 * WEB_NO_YIELD), which an inlined copy would not have. */
__attribute__((noinline)) static void simulate(Worker *w)
{
    Shared *sh = w->sh;
    Tree *t = &sh->m->tree;
    Node *N = t->nodes;
    const Board *b = t->root_pos.board;
    Position cur = t->root_pos;
    int16_t S[3];
    int ns = 0, turn = 0, depth = 0;
    for (int c = 0; c < 2; c++) memcpy(w->amaf.first[c], w->amaf_none, (size_t)b->npoints * sizeof w->amaf_none[0]);
    w->path[0] = 0;
    stat_add32(&N[0].visits, 1);
    uint32_t at = 0;
    double result;
    for (;;) {
        if (pos_over(&cur)) break;
        Node *n = &N[at];
        uint8_t st = atomic_load_explicit(&n->state, memory_order_acquire);
        if (st != NODE_EXPANDED) {
            uint8_t leaf = NODE_LEAF;
            if (st != NODE_LEAF || (at != 0 && atomic_load_explicit(&n->visits, memory_order_relaxed) < (uint32_t)sh->cfg.expand_after)) break;
            if (!atomic_compare_exchange_strong(&n->state, &leaf, NODE_BUSY)) break;
            if (expand(w, n, &cur, S, ns) != 0) {
                atomic_store(&n->state, NODE_LEAF);
                break;
            }
        }
        if (depth + 1 >= MAXPATH) break;
        w->col_of[depth] = cur.to_move;
        w->turn_of[depth] = turn;
        uint32_t ci;
        if (sh->gref) {
            /* The reference for the mover (Ludii: the root, then every
             * node with more than ref visits, not counting this descent). */
            if (depth == 0) {
                w->gref[cur.to_move] = 0;
                w->gref[cur.to_move ^ 1] = GRAVE_ROOT_OPP;
            } else if (atomic_load_explicit(&n->visits, memory_order_relaxed) > sh->grave_visits) {
                w->gref[cur.to_move] = at;
            }
        }
        ci = mcts_select(w, N, at, cur.to_move);
        stat_add32(&N[ci].visits, 1);
        if (sh->vloss) atomic_fetch_add_explicit(&N[ci].inflight, 1, memory_order_relaxed);
        w->path[++depth] = ci;
        const Node *c = &N[ci];
        if (!c->complete) {
            if (ns < 3) S[ns++] = c->pt;
        } else {
            Move m = tree_step_move(S, ns, c->kind, c->pt);
            amaf_record(&w->amaf, b, &m, cur.to_move, turn);
            pos_play(&cur, &m);
            turn++;
            ns = 0;
        }
        at = ci;
    }
    Result in_tree = cur.result; /* before the playout: only real ends prove anything */
    if (pos_over(&cur)) {
        result = playout_score(&cur);
    } else {
        if (ns > 0) {
            Move m = tree_complete_random(&cur, S, ns, &w->ml, &w->rng);
            amaf_record(&w->amaf, b, &m, cur.to_move, turn);
            pos_play(&cur, &m);
            turn++;
        }
        result = playout_run(&cur, &sh->pc, &w->rng, &w->amaf, &turn, &w->lgr);
        /* Ludii scores a playout cut at its cap as a draw. */
        if (sh->grave && !pos_over(&cur)) result = 0.5;
    }
    if (sh->cfg.prove && depth >= 1) {
        Node *leaf = &N[w->path[depth]];
        int mover = w->col_of[depth - 1];
        if (in_tree == (mover == BLACK ? RESULT_BLACK : RESULT_WHITE)) {
            int8_t old = 0;
            atomic_compare_exchange_strong(&leaf->proven, &old, 1);
        }
        if (atomic_load_explicit(&leaf->proven, memory_order_relaxed) != 0)
            for (int i = depth - 1; i >= 1 && prove_node(N, w->path[i], w->col_of[i - 1], w->col_of[i], i == 1); i--) {
            }
    }
    uint64_t rb = (uint64_t)llround(result * VALUE_UNIT), rw = (uint64_t)VALUE_UNIT - rb;
    for (int i = depth; i >= 1; i--)
        stat_add64(&N[w->path[i]].value, w->col_of[i - 1] == BLACK ? rb : rw);
    if (sh->vloss)
        for (int i = depth; i >= 1; i--) atomic_fetch_sub_explicit(&N[w->path[i]].inflight, 1, memory_order_relaxed);
    if (sh->cfg.rave) {
        for (int i = 0; i < depth; i++) {
            const Node *n = &N[w->path[i]];
            int col = w->col_of[i];
            /* Children the colour played first at turn t0 or later:
             * t0 <= fa[pt] < AMAF_NONE, one unsigned comparison. */
            uint32_t t0 = (uint32_t)w->turn_of[i], span = (uint32_t)AMAF_NONE - t0;
            uint64_t r = col == BLACK ? rb : rw;
            uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
            const int32_t *fa = w->amaf.first[col];
            NodeAmaf *ca = &t->amaf[first];
            int nk = n->nchildren, m = 0;
            /* The steps without a point (STOP, PASS, SWAP) come last. */
            while (nk > 0 && ca[nk - 1].pt < 0) nk--;
            /* Which children to update, without a branch (about half of
             * them are, unpredictably), then the updates. The points come
             * from the AMAF lines (NodeAmaf.pt), not the children's. */
            uint16_t *sel = w->amaf_sel;
            for (int k = 0; k < nk; k++) {
                sel[m] = (uint16_t)k;
                m += (uint32_t)fa[ca[k].pt] - t0 < span;
            }
            if (i == 0 && sh->root_batch) {
                for (int j = 0; j < m; j++) {
                    w->root_an[sel[j]]++;
                    w->root_av[sel[j]] += r;
                }
                w->root_pending = 1;
                continue;
            }
            for (int j = 0; j < m; j++) {
                NodeAmaf *c = &ca[sel[j]];
                stat_add32(&c->visits, 1);
                stat_add64(&c->value, r);
            }
        }
        if (sh->gref) { /* the root's table for its opponent: every point that colour took */
            int col = t->root_pos.to_move ^ 1;
            const int32_t *fa = w->amaf.first[col];
            uint64_t r = col == BLACK ? rb : rw;
            GraveStat *g = sh->m->grave_opp;
            for (int pt = 0; pt < b->npoints; pt++) {
                if (fa[pt] == AMAF_NONE) continue;
                stat_add32(&g[pt].n, 1);
                stat_add64(&g[pt].v, r);
            }
        }
    }
}

static void mark_solved(Shared *sh)
{
    Tree *t = &sh->m->tree;
    Node *root = &t->nodes[0];
    if (!sh->solved || atomic_load(&root->state) != NODE_EXPANDED) return;
    uint32_t first = atomic_load(&root->first);
    int16_t S[3];
    /* When every move loses, marking none lets the search pick the one
     * that resists longest (and still blocks a win in one). */
    int open = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && open == 0) return;
        for (int i = 0; i < root->nchildren; i++) {
            Node *c = &t->nodes[first + i];
            if (!c->complete) {
                open++;
                continue;
            }
            Move m = tree_step_move(S, 0, c->kind, c->pt);
            int v = 2;
            for (size_t k = 0; k < sh->solved->n; k++)
                if (move_equal(&m, &sh->solved->m[k])) {
                    v = sh->solved_val[k];
                    break;
                }
            if (pass == 0) {
                if (v != -1) open++;
            } else if (v == -1) {
                atomic_store(&c->proven, -1);
            }
        }
    }
}

/* Adds worker w's pending AMAF updates of the root's children to the
 * tree (Worker.root_an). */
static void root_amaf_flush(Worker *w)
{
    if (!w->root_pending) return;
    Tree *t = &w->sh->m->tree;
    const Node *root = &t->nodes[0];
    uint32_t first = atomic_load_explicit(&root->first, memory_order_relaxed);
    NodeAmaf *ca = &t->amaf[first];
    for (int k = 0; k < root->nchildren; k++) {
        if (w->root_an[k] == 0) continue;
        stat_add32(&ca[k].visits, w->root_an[k]);
        stat_add64(&ca[k].value, w->root_av[k]);
        w->root_an[k] = 0;
        w->root_av[k] = 0;
    }
    w->root_pending = 0;
}

long mcts_playouts(const Shared *sh)
{
    long n = sh->playouts;
    for (int i = 0; sh->workers && i < sh->nworkers; i++) n += atomic_load_explicit(&sh->workers[i].done, memory_order_relaxed);
    return n;
}

/* One simulation of worker w, counted; the playouts of the search so far
 * as w sees them. Each read of another worker's count takes a line that
 * worker writes, so w reads them every 16th simulation only, and on every
 * one once the playout limit is near (then it stops the search at most
 * one simulation per thread past the limit, as a shared counter did). */
static long simulate_counted(Worker *w)
{
    simulate(w);
    const Shared *sh = w->sh;
    long d = atomic_load_explicit(&w->done, memory_order_relaxed) + 1;
    atomic_store_explicit(&w->done, d, memory_order_relaxed);
    if (sh->root_batch && (d & 15) == 0) root_amaf_flush(w);
    if (sh->nworkers > 1 && ((d & 15) == 0 || d + w->others >= sh->limit_near)) {
        w->others = mcts_playouts(sh) - d; /* its own count is d, just stored */
    }
    return d + w->others;
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Shared *sh = w->sh;
    while (!atomic_load_explicit(&sh->stop, memory_order_relaxed)) {
        long n = simulate_counted(w);
        if (sh->limit > 0 && n >= sh->limit) atomic_store(&sh->stop, 1);
    }
    return NULL;
}

static void worker_init(Worker *w, Shared *sh, uint64_t seed)
{
    w->sh = sh;
    w->rng = mix64(seed);
    for (int i = 0; i < MAX_POINTS; i++) w->amaf_none[i] = AMAF_NONE;
    w->gmap_of[0] = w->gmap_of[1] = UINT32_MAX;
    movelist_init(&w->ml);
    replies_clear(&w->lgr);
}

/* Whether the most visited root step can still be overtaken. */
static int decided(const Tree *t, long remaining)
{
    const Node *root = &t->nodes[0];
    if (atomic_load(&root->state) != NODE_EXPANDED) return 0;
    uint32_t first = atomic_load(&root->first);
    uint32_t a = 0, b = 0;
    for (int i = 0; i < root->nchildren; i++) {
        uint32_t v = atomic_load(&t->nodes[first + i].visits);
        if (atomic_load(&t->nodes[first + i].proven) > 0) return 1;
        if (v > a) b = a, a = v;
        else if (v > b) b = v;
    }
    return root->nchildren == 1 || (double)a - b > (double)remaining;
}

/* The most search time between two clock reads of the main loop (below). */
#define CLOCK_READ_EVERY 0.0005

/* Runs the search on t's root until a limit; the main thread watches the
 * clock and emits analysis. */
static long run_search(Shared *sh)
{
    const SearchCtx *sc = sh->sc;
    int nt = sh->cfg.threads;
    if (nt < 1) nt = 1;
    Worker *ws = aligned_alloc(64, (size_t)nt * sizeof *ws);
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    if (ws) memset(ws, 0, (size_t)nt * sizeof *ws);
    if (!ws || !th) {
        fprintf(stderr, "mcts: no memory for %d search threads; no search\n", nt);
        free(ws);
        free(th);
        return 0;
    }
    sh->workers = ws;
    sh->nworkers = nt;
    sh->limit_near = sh->limit > 0 ? sh->limit - 64L * nt : LONG_MAX;
    sh->vloss = nt > 1 && sh->cfg.virtual_loss > 0 && !sh->grave; /* mcgrave's selection has no virtual loss */
    sh->root_batch = 0; /* set once the first simulation has expanded the root */
    uint64_t base = rng_next(sc->rng);
    for (int i = 0; i < nt; i++) worker_init(&ws[i], sh, base + (uint64_t)i * 0x9E3779B97F4A7C15ULL);
    /* The first simulation expands the root; then moves the solver proved
     * losing are marked so that no thread ever picks them. */
    simulate_counted(&ws[0]);
    mark_solved(sh);
    sh->root_batch = nt > 1;
    int started = 1;
    for (int i = 1; i < nt; i++) {
        if (pthread_create(&th[i], NULL, worker_main, &ws[i]) != 0) break;
        started++;
    }
    const SearchHooks *h = sc->hooks;
    double every = h && h->report && h->interval_cs > 0 ? h->interval_cs / 100.0 : 0;
    /* Budgets count from the start of the move (sc->start): the root
     * solver, re-rooting and thread start-up are part of them. The clock
     * is read every `stride` simulations: as many as took at most
     * CLOCK_READ_EVERY seconds at the rate of the last reads, a power of
     * two up to 16 (the period of the checks below). A simulation's cost
     * is bounded by the playout cap, so a move ends at most that much and
     * one simulation past its hard limit; fast boards read the clock once
     * in 16 simulations (in the browser a read is a call out of
     * WebAssembly: docs/web.md). */
    double t0 = now_seconds(), next_emit = t0 + every, next_poll = t0, last_read = t0;
    long stride = 1, last_it = -1;
    Worker *w = &ws[0];
    for (long it = 0; !atomic_load(&sh->stop); it++) {
        long n = simulate_counted(w);
        if (sh->limit > 0 && n >= sh->limit) break;
        if (it & (stride - 1)) continue;
        double now = now_seconds(), el = now - sc->start;
        const double per = (now - last_read) / (double)(it - last_it);
        for (stride = 16; stride > 1 && per * (double)stride > CLOCK_READ_EVERY; stride >>= 1) {
        }
        last_read = now;
        last_it = it;
        /* The caller's stop may cost a system call: every 10 ms. */
        if (h && h->stop && now >= next_poll) {
            if (h->stop(h->ctx)) break;
            next_poll = now + 0.01;
        }
        if (every > 0 && now >= next_emit) {
            mcts_emit_analysis(sh, now - t0);
            next_emit = now + every;
        }
        if (sc->analyze) continue;
        if (sc->hard_time > 0 && el >= sc->hard_time) break;
        if (sh->m->tree.full && sh->limit == 0 && now - t0 > 0.05 && sc->soft_time == 0) break;
        /* The rest looks at the root's children: every 16 simulations. */
        if ((it & 15) != 0 && !(sc->soft_time > 0 && el >= sc->soft_time)) continue;
        /* Early stop when the choice cannot change any more. */
        double sel = now - t0;
        double rate = n / (sel > 1e-3 ? sel : 1e-3);
        long rem = sh->limit > 0 ? sh->limit - n : 0;
        if (sc->soft_time > 0) {
            long rt = (long)(rate * (sc->soft_time - el));
            rem = sh->limit > 0 && rem < rt ? rem : rt;
        }
        /* A playout count without a clock runs in full, on any number of
         * threads (and with one thread it is deterministic). */
        if (sh->limit > 0 && sc->soft_time == 0) continue;
        if (n > 100 && !sc->use_all && decided(&sh->m->tree, rem)) break;
        if (sc->soft_time > 0 && el >= sc->soft_time) {
            /* Critical position: the most visited move is not the best
             * valued one; use up to the hard limit to settle it. */
            const Node *root = &sh->m->tree.nodes[0];
            int bc = mcts_best_child(sh->m->tree.nodes, root);
            double bq = bc >= 0 ? mcts_node_q(&sh->m->tree.nodes[bc]) : 1;
            int unsettled = 0;
            uint32_t first = atomic_load(&root->first);
            for (int i = 0; i < root->nchildren && bc >= 0; i++) {
                const Node *c = &sh->m->tree.nodes[first + i];
                if (atomic_load(&c->visits) > atomic_load(&sh->m->tree.nodes[bc].visits) / 2 && mcts_node_q(c) > bq + 0.02) unsettled = 1;
            }
            if (!unsettled || el >= sc->soft_time * 2) break;
        }
    }
    atomic_store(&sh->stop, 1);
    for (int i = 1; i < started; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < nt; i++) root_amaf_flush(&ws[i]);
    long n = mcts_playouts(sh);
    sh->playouts = n;
    sh->workers = NULL;
    for (int i = 0; i < nt; i++) movelist_free(&ws[i].ml);
    free(ws);
    free(th);
    return n;
}

/* The smallest tree tried when memory is short: 64 KiB, some 1,300 nodes. */
#define TREE_MIN_BYTES ((size_t)64 << 10)

static int prepare(Mcts *m, Shared *sh, const Position *p, const SearchCtx *sc)
{
    memset(sh, 0, sizeof *sh);
    sh->m = m;
    sh->sc = sc;
    sh->cfg = sc->cfg;
    /* The searcher's preset (searchers.c) has already set the options. */
    if (sh->cfg.grave) {
        sh->grave = 1;
        sh->gref = 1;
        sh->grave_visits = (uint64_t)sh->cfg.grave_ref + 1;
        sh->grave_bias = sh->cfg.grave_bias;
    } else if (sh->cfg.rave && sh->cfg.rave_ref > 0) {
        /* GRAVE reference AMAF statistics in mcts's own selection. */
        sh->gref = 1;
        sh->grave_visits = (uint64_t)sh->cfg.rave_ref + 1;
    }
    if (sh->gref) {
        for (int i = 0; i < MAX_POINTS; i++) {
            atomic_store_explicit(&m->grave_opp[i].n, 0, memory_order_relaxed);
            atomic_store_explicit(&m->grave_opp[i].v, 0, memory_order_relaxed);
        }
    }
    /* Two pools of half the memory each: re-rooting copies the kept
     * subtree from one into the other. */
    size_t bytes = (size_t)sh->cfg.memory << 20;
    if (!m->tree.nodes || m->tree_bytes != bytes) {
        tree_free(&m->tree);
        /* Never silently less, never nothing: a tree that cannot be had
         * (an address-space limit, ulimit -v) is halved until it can, and
         * said once; the search then plays its best with what there is. */
        size_t have = bytes;
        while (tree_init(&m->tree, have) != 0) {
            if (have <= TREE_MIN_BYTES) return -1;
            have /= 2;
        }
        if (have < bytes && have > TREE_MIN_BYTES) {
            /* What fitted was all there was: half of it is left to the
             * rest of the search (the root solver's table, threads). */
            tree_free(&m->tree);
            have /= 2;
            if (tree_init(&m->tree, have) != 0) return -1;
        }
        if (have < bytes)
            fprintf(stderr, "mcts: the %zu MiB tree (option memory) cannot be allocated; searching with %zu KiB\n",
                    bytes >> 20, have >> 10);
        m->tree_bytes = bytes;
        m->solver_none = 0;
    }
    if (sh->cfg.reuse) tree_reroot(&m->tree, p);
    else tree_reset(&m->tree, p);
    playout_config(&sh->pc, p->board, &sh->cfg);
    playout_root(&sh->pc, p);
    sh->learned = sh->cfg.learned_priors ? learned_for(p->board) : NULL;
    sh->limit = sc->playouts;
    mcts_select_setup(sh);
    atomic_init(&sh->stop, 0);
    return 0;
}

/* The root solver's table: its budget is at most 0.15 of a move. */
#define ROOT_SOLVER_MEMORY ((size_t)16 << 20)

/* Whether the root solver can hope to prove anything within its budget:
 * some side is a few moves from connecting. Far from that (most of a
 * game on 9x9 and up) its 0.1 s are better spent searching. Small boards
 * are always in reach. */
static int solver_in_reach(const Position *p)
{
    int reach = 5 * p->board->max_places;
    return eval_distance_within(p, BLACK, reach) <= reach || eval_distance_within(p, WHITE, reach) <= reach;
}

static Move mcts_genmove(void *st, const Position *p, const SearchCtx *sc)
{
    Mcts *m = st;
    if (!m) {
        fprintf(stderr, "mcts: no memory for the searcher; playing a random move\n");
        return pos_random_move(p, sc->rng);
    }
    MoveList solved;
    movelist_init(&solved);
    int8_t *vals = NULL;
    /* The solver's time is part of the move's budget, not extra. */
    double secs = sc->cfg.solver_time;
    if (sc->soft_time > 0 && secs > 0.15 * sc->soft_time) secs = 0.15 * sc->soft_time;
    if (sc->hard_time > 0 && secs > 0.15 * sc->hard_time) secs = 0.15 * sc->hard_time;
    if (sc->cfg.use_solver && secs > 0 && solver_in_reach(p)) {
        Move win;
        const SearchHooks *h = sc->hooks;
        SolveLimits lim = { .seconds = secs, .memory = ROOT_SOLVER_MEMORY, .stop = h ? h->stop : NULL, .ctx = h ? h->ctx : NULL };
        if (!m->solver_tt.mem.at && !m->solver_none) m->solver_none = root_table_init(&m->solver_tt, lim.memory) != 0;
        Result r = m->solver_tt.mem.at ? root_solve(p, &lim, &m->solver_tt, &win, NULL, &solved, &vals) : RESULT_NONE;
        if (r == (p->to_move == BLACK ? RESULT_BLACK : RESULT_WHITE)) {
            if (sc->cfg.verbose) {
                char buf[48];
                fprintf(stderr, "solver: %s wins\n", move_format(p->board, &win, buf, sizeof buf));
            }
            free(vals);
            movelist_free(&solved);
            return win;
        }
    }
    Shared sh;
    if (prepare(m, &sh, p, sc) != 0) {
        fprintf(stderr, "mcts: cannot allocate the %ld MiB tree (option memory); playing a random move\n", sc->cfg.memory);
        free(vals);
        movelist_free(&solved);
        return pos_random_move(p, sc->rng);
    }
    if (vals) {
        sh.solved = &solved;
        sh.solved_val = vals;
    }
    double t0 = now_seconds();
    long n = run_search(&sh);
    double el = now_seconds() - t0;
    int16_t S[3];
    int ns = 0;
    uint32_t end;
    int bc = mcts_best_child(m->tree.nodes, &m->tree.nodes[0]);
    Move mv = bc >= 0 ? mcts_follow(&m->tree, (uint32_t)bc, S, &ns, &end) : move_of(MOVE_NONE);
    if (mv.kind == MOVE_NONE) {
        /* Too little time to reach a whole move (a compound turn under c
         * with a budget of a millisecond): said, never silent. */
        fprintf(stderr, "mcts: %ld playouts reached no whole move; %s at random\n", n, ns ? "completing the turn" : "playing");
        MoveList ml;
        movelist_init(&ml);
        mv = tree_complete_random(p, S, ns, &ml, sc->rng);
        movelist_free(&ml);
    }
    mcts_report(&sh, n, el, &mv);
    if (sc->hooks && sc->hooks->final_report) mcts_emit_analysis(&sh, el);
    free(vals);
    movelist_free(&solved);
    return mv;
}

static void mcts_analyze(void *st, const Position *p, const SearchCtx *sc)
{
    Mcts *m = st;
    Shared sh;
    if (!m || prepare(m, &sh, p, sc) != 0) return;
    double t0 = now_seconds();
    long n = run_search(&sh);
    mcts_emit_analysis(&sh, now_seconds() - t0);
    int bc = mcts_best_child(m->tree.nodes, &m->tree.nodes[0]);
    if (bc >= 0) {
        int16_t S[3];
        int ns = 0;
        uint32_t end;
        Move mv = mcts_follow(&m->tree, (uint32_t)bc, S, &ns, &end);
        if (mv.kind != MOVE_NONE) mcts_report(&sh, n, now_seconds() - t0, &mv);
    }
}

const Searcher searcher_mcts = {"mcts", mcts_create, mcts_destroy, mcts_new_game, mcts_genmove, mcts_analyze};
