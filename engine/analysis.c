/* analysis.c - what a finished (or running) search reports: the move
 * it chooses, principal variations, lz-analyze lines for GUIs and the
 * statistics line on stderr. Reads the tree only. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mcts_impl.h"
#include "util.h"

double mcts_node_q(const Node *n)
{
    uint32_t v = atomic_load_explicit(&n->visits, memory_order_relaxed);
    return v ? (double)atomic_load_explicit(&n->value, memory_order_relaxed) / VALUE_UNIT / v : 0.5;
}

/* The child a final decision takes: a proven win, else most visits (ties
 * by value), never a proven loss while something else exists. */
int mcts_best_child(const Node *nodes, const Node *n)
{
    if (atomic_load(&n->state) != NODE_EXPANDED || n->nchildren == 0) return -1;
    uint32_t first = atomic_load(&n->first);
    int pick = -1;
    double bv = -1, bq = -1;
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
            return move_make(MOVE_NONE);
        }
        at = (uint32_t)nx;
    }
}

/* Principal variation from `at` (a child of the root) as text. */
static void pv_text(const Tree *t, uint32_t at, char *out, size_t len, int maxmoves)
{
    Position p = t->root_pos;
    size_t off = 0;
    out[0] = 0;
    for (int k = 0; k < maxmoves && !pos_over(&p); k++) {
        int16_t S[3];
        int ns = 0;
        uint32_t end;
        Move m = mcts_follow(t, at, S, &ns, &end);
        if (m.kind == MOVE_NONE) break;
        char buf[48];
        move_format(p.board, &m, buf, sizeof buf);
        int w = snprintf(out + off, len - off, "%s%s", off ? " " : "", buf);
        if (w < 0 || (size_t)w >= len - off) break;
        off += (size_t)w;
        pos_play(&p, &m);
        int nx = mcts_best_child(t->nodes, &t->nodes[end]);
        if (nx < 0 || atomic_load(&t->nodes[nx].visits) == 0) break;
        at = (uint32_t)nx;
    }
}

void mcts_emit_analysis(const Shared *sh)
{
    const Tree *t = &sh->m->tree;
    const Node *root = &t->nodes[0];
    if (atomic_load(&root->state) != NODE_EXPANDED) return;
    uint32_t first = atomic_load(&root->first);
    int n = root->nchildren;
    /* Up to 10 root steps by visits. */
    int order[10], no = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = atomic_load(&t->nodes[first + i].visits);
        if (v == 0) continue;
        int full = no == 10, j = full ? 9 : no++;
        if (full && atomic_load(&t->nodes[first + order[9]].visits) >= v) continue;
        order[j] = i;
        for (; j > 0 && atomic_load(&t->nodes[first + order[j - 1]].visits) < atomic_load(&t->nodes[first + order[j]].visits); j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    }
    char line[8192];
    size_t off = 0;
    line[0] = 0;
    for (int k = 0; k < no; k++) {
        uint32_t ci = first + (uint32_t)order[k];
        const Node *c = &t->nodes[ci];
        char pv[1024], mv[48];
        pv_text(t, ci, pv, sizeof pv, 12);
        const char *sp = strchr(pv, ' ');
        size_t l = sp ? (size_t)(sp - pv) : strlen(pv);
        if (l >= sizeof mv) l = sizeof mv - 1;
        memcpy(mv, pv, l);
        mv[l] = 0;
        if (!mv[0]) continue;
        int w = snprintf(line + off, sizeof line - off, "%sinfo move %s visits %u winrate %d order %d pv %s", off ? " " : "", mv,
                         (unsigned)atomic_load(&c->visits), (int)lround(mcts_node_q(c) * 10000), k, pv);
        if (w < 0 || (size_t)w >= sizeof line - off) break;
        off += (size_t)w;
    }
    if (off) sh->sc->emit(line, sh->sc->ctx);
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
