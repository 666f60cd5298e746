/* analysis.c - what a finished (or running) search reports: the move
 * it chooses, principal variations, the analysis as data for the caller
 * (engine.h) and the statistics line on stderr. Reads the tree only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcts_impl.h"
#include "util.h"

double mcts_node_q(const Node *n)
{
    uint32_t v = atomic_load_explicit(&n->visits, memory_order_relaxed);
    return v ? (double)atomic_load_explicit(&n->value, memory_order_relaxed) / VALUE_UNIT / v : 0.5;
}

/* The child a final decision takes: a proven win, else most visits (ties
 * by value), never a proven loss while something else exists; -1 only
 * when n has no children. */
int mcts_best_child(const Node *nodes, const Node *n)
{
    if (atomic_load(&n->state) != NODE_EXPANDED || n->nchildren == 0) return -1;
    uint32_t first = atomic_load(&n->first);
    int pick = -1;
    /* Below any score: when every child is proven lost, the most visited
     * of them (the longest resistance) is still a move to play. */
    double bv = -HUGE_VAL, bq = -HUGE_VAL;
    for (int i = 0; i < n->nchildren; i++) {
        const Node *c = &nodes[first + i];
        int pr = atomic_load(&c->proven);
        if (pr > 0) return (int)(first + (uint32_t)i);
        double v = atomic_load(&c->visits) + (pr < 0 ? -1e12 : 0);
        double q = mcts_node_q(c);
        if (v > bv || (v == bv && q > bq)) {
            bv = v;
            bq = q;
            pick = (int)(first + (uint32_t)i);
        }
    }
    return pick;
}

/* Follow best children from node `at` (a step of the turn at pos after
 * placements S) until the move is whole. Returns the move, or MOVE_NONE. */
Move mcts_follow(const Tree *t, uint32_t at, int16_t *S, int *ns, uint32_t *end)
{
    const Node *N = t->nodes;
    for (;;) {
        const Node *c = &N[at];
        if (c->complete) {
            *end = at;
            return tree_step_move(S, *ns, c->kind, c->pt);
        }
        if (*ns < 3) S[(*ns)++] = c->pt;
        int nx = mcts_best_child(N, c);
        if (nx < 0) {
            *end = at;
            return move_of(MOVE_NONE);
        }
        at = (uint32_t)nx;
    }
}

/* The expected line from `at` (a child of the root): up to max moves. */
static int pv_moves(const Tree *t, uint32_t at, Move *pv, int max)
{
    Position p = t->root_pos;
    int n = 0;
    while (n < max && !pos_over(&p)) {
        int16_t S[3];
        int ns = 0;
        uint32_t end;
        Move m = mcts_follow(t, at, S, &ns, &end);
        if (m.kind == MOVE_NONE) break;
        pv[n++] = m;
        pos_play(&p, &m);
        int nx = mcts_best_child(t->nodes, &t->nodes[end]);
        if (nx < 0 || atomic_load(&t->nodes[nx].visits) == 0) break;
        at = (uint32_t)nx;
    }
    return n;
}

/* Principal variation from `at` as text (the statistics line). */
static void pv_text(const Tree *t, uint32_t at, char *out, size_t len, int maxmoves)
{
    Move pv[ANALYSIS_PV];
    int n = pv_moves(t, at, pv, maxmoves < ANALYSIS_PV ? maxmoves : ANALYSIS_PV);
    size_t off = 0;
    out[0] = 0;
    for (int k = 0; k < n; k++) {
        char buf[48];
        move_format(t->root_pos.board, &pv[k], buf, sizeof buf);
        int w = snprintf(out + off, len - off, "%s%s", off ? " " : "", buf);
        if (w < 0 || (size_t)w >= len - off) break;
        off += (size_t)w;
    }
}

static int by_visits(const void *a, const void *b)
{
    uint32_t x = ((const AnalysisMove *)a)->visits, y = ((const AnalysisMove *)b)->visits;
    return (x < y) - (x > y);
}

void mcts_emit_analysis(const Shared *sh, double seconds)
{
    const SearchHooks *h = sh->sc->hooks;
    const Tree *t = &sh->m->tree;
    const Node *root = &t->nodes[0];
    if (!h || !h->report || atomic_load(&root->state) != NODE_EXPANDED) return;
    uint32_t first = atomic_load(&root->first);
    AnalysisMove *am = malloc((size_t)root->nchildren * sizeof *am);
    if (!am) return;
    int n = 0;
    for (int i = 0; i < root->nchildren; i++) {
        const Node *c = &t->nodes[first + (uint32_t)i];
        uint32_t v = atomic_load(&c->visits);
        if (v == 0) continue;
        AnalysisMove *x = &am[n];
        x->npv = pv_moves(t, first + (uint32_t)i, x->pv, ANALYSIS_PV);
        if (x->npv == 0) continue;
        x->move = x->pv[0];
        x->point = c->kind == STEP_PLACE || c->kind == STEP_FLIP ? c->pt : -1;
        x->visits = v;
        x->winrate = mcts_node_q(c);
        n++;
    }
    qsort(am, (size_t)n, sizeof *am, by_visits);
    Analysis a = { .playouts = mcts_playouts(sh), .seconds = seconds, .n = n, .moves = am };
    if (n) h->report(&a, h->ctx);
    free(am);
}

void mcts_report(const Shared *sh, long n, double el, const Move *mv)
{
    if (!sh->cfg.verbose) return;
    const Tree *t = &sh->m->tree;
    char pv[512] = "", buf[48];
    int bc = mcts_best_child(t->nodes, &t->nodes[0]);
    double q = bc >= 0 ? mcts_node_q(&t->nodes[bc]) : 0.5;
    if (bc >= 0) pv_text(t, (uint32_t)bc, pv, sizeof pv, 10);
    move_format(t->root_pos.board, mv, buf, sizeof buf);
    fprintf(stderr, "%s: %s winrate %.3f | %ld playouts in %.2fs (%.0f/s), %zu nodes%s | pv %s\n",
            searcher_name(sh->cfg.searcher), buf, q, n, el, el > 0 ? n / el : 0.0,
            (size_t)atomic_load(&t->used), atomic_load(&t->full) ? " (memory full)" : "", pv);
}
