/* root_solver.c - see root_solver.h. A value is exact once proven, so
 * the table keeps proofs forever and "unknown at depth d" entries only
 * prune searches no deeper than d. Cycles simply stay unknown. The clock
 * is charged per node and per generated move (engine/clock.h), so a
 * position with tens of thousands of moves (rule c) costs its share. */
#include "root_solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

enum { V_LOSS = -1, V_DRAW = 0, V_WIN = 1, V_UNKNOWN = 2 };

typedef struct Entry {
    uint64_t key;
    int8_t val;
    uint8_t depth;
    uint16_t best; /* index of the best move in gen order */
    uint16_t gen;  /* the call that wrote it (0: never written) */
} Entry;

typedef struct Solver {
    Entry *tt;
    size_t mask;
    uint16_t gen;
    MoveList ml[128];
    int nml;
    Deadline dl;
    unsigned long long nodes;
    int abort;
} Solver;

static int terminal_value(const Position *p)
{
    if (p->result == RESULT_DRAW) return V_DRAW;
    return p->result == (p->to_move == BLACK ? RESULT_BLACK : RESULT_WHITE) ? V_WIN : V_LOSS;
}

static int search(Solver *s, const Position *p, int depth, int ply, int *best_out)
{
    s->nodes++;
    /* Every node is charged, leaves included. */
    if (deadline_over(&s->dl, 1)) s->abort = 1;
    if (s->abort) return V_UNKNOWN;
    if (pos_over(p)) return terminal_value(p);
    if (depth == 0 || ply >= 127) return V_UNKNOWN;
    uint64_t key = pos_hash(p);
    Entry *e = &s->tt[key & s->mask];
    int tt_best = -1;
    if (e->key == key && e->gen == s->gen) {
        if (e->val != V_UNKNOWN) {
            if (best_out) *best_out = e->best;
            return e->val;
        }
        if (e->depth >= depth) return V_UNKNOWN;
        tt_best = e->best;
    }
    if (ply >= s->nml) {
        movelist_init(&s->ml[ply]);
        s->nml = ply + 1;
    }
    MoveList *ml = &s->ml[ply];
    if (!solve_may_list(&s->dl, p)) {
        s->abort = 1;
        return V_UNKNOWN;
    }
    size_t n = pos_gen_moves(p, ml);
    if (deadline_over(&s->dl, n)) {
        s->abort = 1;
        return V_UNKNOWN;
    }
    int known = 1, draw = -1, result = V_LOSS, best = 0;
    /* Order: the table's best move, then the rest in generation order;
     * immediate wins are found by the first depth-1 probe of each move. */
    for (size_t k = 0; k <= n; k++) {
        size_t i;
        if (k == 0) {
            if (tt_best < 0 || (size_t)tt_best >= n) continue;
            i = (size_t)tt_best;
        } else {
            i = k - 1;
            if ((int)i == tt_best) continue;
        }
        Position q = *p;
        pos_play(&q, &ml->m[i]);
        int v = search(s, &q, depth - 1, ply + 1, NULL);
        if (s->abort) return V_UNKNOWN;
        if (v == V_UNKNOWN) {
            known = 0;
            if (result == V_LOSS) best = (int)i;
            continue;
        }
        v = -v;
        if (v == V_WIN) {
            result = V_WIN;
            best = (int)i;
            break;
        }
        if (v == V_DRAW && draw < 0) draw = (int)i;
    }
    if (result != V_WIN) {
        if (!known) result = V_UNKNOWN;
        else if (draw >= 0) result = V_DRAW, best = draw;
        else result = V_LOSS;
    }
    if (e->key != key || e->gen != s->gen || e->val == V_UNKNOWN) {
        e->key = key;
        e->gen = s->gen;
        e->val = (int8_t)result;
        e->depth = (uint8_t)(depth > 255 ? 255 : depth);
        e->best = (uint16_t)(best > 65535 ? 0 : best);
    }
    if (best_out) *best_out = best;
    return result;
}

int root_table_init(RootTable *t, size_t bytes)
{
    memset(t, 0, sizeof *t);
    size_t want = bytes / sizeof(Entry), cap = 1024;
    while (cap * 2 <= want && cap < ((size_t)1 << 30)) cap *= 2;
    /* Never silently less: a table that cannot be had is halved, and said. */
    while (!ztable_alloc(&t->mem, cap * sizeof(Entry), 0) && cap > 1024) cap /= 2;
    if (!t->mem.at) {
        fprintf(stderr, "root solver: cannot allocate its table; not solving\n");
        return -1;
    }
    if (cap * sizeof(Entry) * 2 <= bytes)
        fprintf(stderr, "root solver: table reduced to %zu KiB (memory)\n", cap * sizeof(Entry) >> 10);
    t->mask = cap - 1;
    return 0;
}

void root_table_free(RootTable *t)
{
    ztable_free(&t->mem);
    memset(t, 0, sizeof *t);
}

Result root_solve(const Position *p, const SolveLimits *lim, RootTable *t, Move *best, SolveStats *st,
                  MoveList *moves, int8_t **vals)
{
    double t0 = now_seconds();
    if (st) memset(st, 0, sizeof *st);
    if (moves) moves->n = 0;
    if (vals) *vals = NULL;
    if (pos_over(p)) return (Result)p->result;
    Solver s;
    memset(&s, 0, sizeof s);
    deadline_init(&s.dl, t0 + (lim->seconds > 0 ? lim->seconds : 1.0), lim->stop, lim->ctx);
    /* The root's list is the first work that cannot be interrupted. */
    if (!solve_may_list(&s.dl, p)) return RESULT_NONE;
    RootTable own;
    if (!t) {
        if (root_table_init(&own, lim->memory) != 0) return RESULT_NONE;
        t = &own;
    }
    /* A new generation; once in 65,535 calls the stamps start over. */
    if (++t->gen == 0) {
        memset(t->mem.at, 0, (t->mask + 1) * sizeof(Entry));
        t->gen = 1;
    }
    s.tt = t->mem.at;
    s.mask = t->mask;
    s.gen = t->gen;
    if (st) st->table_bytes = (t->mask + 1) * sizeof(Entry);
    MoveList own_ml, *root = moves ? moves : &own_ml;
    if (!moves) movelist_init(&own_ml);
    size_t n = pos_gen_moves(p, root);
    int8_t *out = vals ? malloc(n ? n : 1) : NULL;
    if (out) memset(out, V_UNKNOWN, n);
    if (vals) *vals = out;
    int8_t *cur = calloc(n ? n : 1, 1);
    int value = V_UNKNOWN, bi = 0;
    for (int depth = 1; depth < 127 && cur; depth++) {
        /* Root loop by hand, to keep every move's value. */
        int known = 1, res = V_LOSS, b = 0, draw = -1;
        for (size_t i = 0; i < n; i++) {
            Position q = *p;
            pos_play(&q, &root->m[i]);
            int v = search(&s, &q, depth - 1, 1, NULL);
            if (s.abort) break;
            cur[i] = (int8_t)(v == V_UNKNOWN ? V_UNKNOWN : -v);
            if (v == V_UNKNOWN) { known = 0; continue; }
            if (-v == V_WIN) { res = V_WIN; b = (int)i; }
            else if (-v == V_DRAW && draw < 0) draw = (int)i;
        }
        if (s.abort) break;
        if (out) memcpy(out, cur, n);
        if (st) st->depth = depth;
        if (res == V_WIN) { value = V_WIN; bi = b; break; }
        if (known) {
            value = draw >= 0 ? V_DRAW : V_LOSS;
            bi = draw >= 0 ? draw : 0;
            break;
        }
        /* Nothing left to prove above the game's length: stop early when
         * every unknown move is unknown only for lack of depth. */
    }
    if (best && n > 0) *best = root->m[bi];
    if (st) {
        st->nodes = s.nodes;
        st->seconds = now_seconds() - t0;
    }
    for (int i = 0; i < s.nml; i++) movelist_free(&s.ml[i]);
    if (!moves) movelist_free(&own_ml);
    free(cur);
    if (t == &own) root_table_free(&own);
    Color me = (Color)p->to_move;
    Result mine = me == BLACK ? RESULT_BLACK : RESULT_WHITE, theirs = me == BLACK ? RESULT_WHITE : RESULT_BLACK;
    switch (value) {
    case V_WIN: return mine;
    case V_LOSS: return theirs;
    case V_DRAW: return RESULT_DRAW;
    default: return RESULT_NONE;
    }
}
