/* select.c - child selection in the MCTS descent: UCB1 on the
 * prior-smoothed value blended with AMAF (RAVE) for mcts and uct, and
 * Ludii's McGRAVE for grave, with GRAVE's reference nodes (also used by
 * mcts when rave_ref > 0). It runs at every level of every simulation,
 * hence the tables, the specialised loop and the shortlist (rescan). */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "mcts_impl.h"

/* A descent's AMAF reference for one mover at node `at` (grave, and mcts
 * with rave_ref), ready for lookups by point: w->gref[mover] is `at`
 * itself (the children's own statistics), GRAVE_ROOT_OPP (the root's
 * table Mcts.grave_opp) or another node, whose children are indexed by
 * point in w's map for the mover, built when the reference changes. */
typedef struct GraveRef {
    const Node *N;
    uint32_t ref, at, stamp;
    const GraveStat *opp;
    const uint32_t *midx, *mst;
} GraveRef;

static GraveRef grave_ref_begin(Worker *w, const Node *N, uint32_t at, int mover)
{
    GraveRef g = {N, w->gref[mover], at, 0, w->sh->m->grave_opp, w->gmap_idx[mover], w->gmap_st[mover]};
    uint32_t ref = g.ref;
    if (ref != at && ref != GRAVE_ROOT_OPP) {
        if (w->gmap_of[mover] != ref) { /* a new reference: index its children by point */
            const Node *r = &N[ref];
            uint32_t rf = atomic_load_explicit(&r->first, memory_order_relaxed);
            uint32_t st = ++w->gmap_stamp[mover];
            for (int k = 0; k < r->nchildren; k++) {
                int pt = N[rf + (uint32_t)k].pt;
                if (pt < 0) continue;
                w->gmap_idx[mover][pt] = rf + (uint32_t)k;
                w->gmap_st[mover][pt] = st;
            }
            w->gmap_of[mover] = ref;
        }
        g.stamp = w->gmap_stamp[mover];
    }
    return g;
}

/* The reference's AMAF statistics for child c's point: visits, and the
 * value sum in *gs; 0 for a step without a point or a point the
 * reference has no child for. */
static inline __attribute__((always_inline)) uint32_t grave_ref_stat(const GraveRef *g, const Node *c, uint64_t *gs)
{
    int pt = c->pt;
    if (pt < 0) return 0;
    if (g->ref == g->at) {
        *gs = atomic_load_explicit(&c->amaf_value, memory_order_relaxed);
        return atomic_load_explicit(&c->amaf_visits, memory_order_relaxed);
    }
    if (g->ref == GRAVE_ROOT_OPP) {
        *gs = atomic_load_explicit(&g->opp[pt].v, memory_order_relaxed);
        return atomic_load_explicit(&g->opp[pt].n, memory_order_relaxed);
    }
    if (g->mst[pt] != g->stamp) return 0;
    const Node *rc = &g->N[g->midx[pt]];
    *gs = atomic_load_explicit(&rc->amaf_value, memory_order_relaxed);
    return atomic_load_explicit(&rc->amaf_visits, memory_order_relaxed);
}

/* UCB1 on the prior-smoothed value blended with AMAF (RAVE):
 * q = (1 - beta) q_uct + beta q_amaf, beta = an / (an + nn + nn an / equiv).
 * Runs for every child scored at every level of every simulation, so it
 * keeps to as few divisions as it can: nn, 1/nn and its root come from
 * tables (for the search's prior weight and small visit counts: the same
 * operations, done once), and the exploration root is skipped when the
 * constant is 0. Inlined once per combination of the two switches that
 * are constant during a search (RAVE, exploration), and with RAVE once
 * more for reference AMAF statistics (g, rave_ref > 0). A proven win
 * scores above everything, a proven loss 1000 below its value. */
static inline __attribute__((always_inline)) double child_score(const Shared *sh, const Node *ch, double ex, const int rave,
                                                                 const int explore, const GraveRef *g)
{
    const double unit = 1.0 / VALUE_UNIT;
    int pr = atomic_load_explicit(&ch->proven, memory_order_relaxed);
    if (pr > 0) return 1e300;
    uint32_t v = atomic_load_explicit(&ch->visits, memory_order_relaxed), pn_bits;
    memcpy(&pn_bits, &ch->prior_n, sizeof pn_bits);
    double nn, inv = 0, rs = 0, s;
    if (v < SEL_TAB && pn_bits == sh->tab_pn_bits) {
        const SelEntry *e = &sh->sel_tab[v];
        nn = e->nn;
        inv = e->inv;
        rs = e->rs;
    } else {
        nn = (double)v + ch->prior_n;
        if (nn > 0) {
            inv = 1.0 / nn;
            rs = sqrt(inv);
        }
    }
    if (nn <= 0) {
        s = 1e6; /* unvisited, no prior: try it first */
    } else {
        /* Values stay far below 2^63: the signed conversion is exact
         * and one instruction. */
        double q = ((double)(int64_t)atomic_load_explicit(&ch->value, memory_order_relaxed) * unit + ch->prior_w) * inv;
        uint64_t as = 0;
        uint32_t an = 0;
        if (rave && g) an = grave_ref_stat(g, ch, &as);
        else if (rave) an = atomic_load_explicit(&ch->amaf_visits, memory_order_relaxed);
        if (an > 0) {
            /* q + beta (aq - q) with beta = a / d and aq = as / a:
             * q + (as - a q) / d, one division instead of two. */
            double a = an;
            if (!g) as = atomic_load_explicit(&ch->amaf_value, memory_order_relaxed);
            q += ((double)(int64_t)as * unit - a * q) / (a + nn + nn * a * sh->inv_equiv);
        }
        s = explore ? q + ex * rs : q;
    }
    if (pr < 0) s -= 1e3;
    return s;
}

#define SHORTLIST_SET (1u << 30)
_Static_assert(MAXSTEPS < 0x7fff, "a shortlist holds two child offsets of 15 bits");

/* The child to descend to among n's children ch[0 .. nc): the best score;
 * the first of equals. With a shortlist (rescan > 1), a full scan records
 * the best two in n->shortlist, and the descents between full scans (all
 * but every rescan-th through n) score only those two: the argmax of a
 * near-greedy selection moves between a few children, and a full scan
 * costs as many scores as the node has children. */
static inline __attribute__((always_inline)) uint32_t select_loop(const Shared *sh, Node *n, const Node *ch, int nc,
                                                                   uint32_t pv, double ex, const int rave, const int explore,
                                                                   const GraveRef *g, const int shortlist)
{
    const uint32_t rescan = (uint32_t)sh->cfg.rescan;
    if (shortlist) {
        uint32_t sl = atomic_load_explicit(&n->shortlist, memory_order_relaxed);
        if ((sl & SHORTLIST_SET) && pv % rescan != 0) {
            uint32_t a = sl & 0x7fff, b = sl >> 15 & 0x7fff;
            assert(a < (uint32_t)nc && b < (uint32_t)nc);
            return child_score(sh, ch + b, ex, rave, explore, g) > child_score(sh, ch + a, ex, rave, explore, g) ? b : a;
        }
    }
    double best = -1e300, second = -1e300;
    int pick = 0, runner = 0;
    for (int i = 0; i < nc; i++) {
        double s = child_score(sh, ch + i, ex, rave, explore, g);
        if (shortlist) { /* the runner-up too, without a branch */
            const bool top = s > best, next = s > second;
            runner = top ? pick : next ? i : runner;
            second = top ? best : next ? s : second;
        }
        pick = s > best ? i : pick;
        best = s > best ? s : best;
    }
    if (shortlist) atomic_store_explicit(&n->shortlist, SHORTLIST_SET | (uint32_t)runner << 15 | (uint32_t)pick, memory_order_relaxed);
    return (uint32_t)pick;
}

static uint32_t select_child(const Shared *sh, const Node *nodes, Node *n, const GraveRef *g)
{
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    uint32_t pv = atomic_load_explicit(&n->visits, memory_order_relaxed);
    double ex = sh->explore > 0 ? (pv < SEL_TAB ? sh->ex_tab[pv] : sh->explore * sqrt(log((double)pv + 1.0))) : 0;
    const Node *ch = &nodes[first];
    int nc = n->nchildren;
    assert(nc >= 1 && nc <= MAXSTEPS);
    const int sl = sh->cfg.rescan > 1;
    uint32_t k;
#define LOOP(rave, explore, g) \
    (sl ? select_loop(sh, n, ch, nc, pv, ex, rave, explore, g, 1) : select_loop(sh, n, ch, nc, pv, ex, rave, explore, g, 0))
    if (sh->cfg.rave && g)
        k = ex > 0 ? LOOP(1, 1, g) : LOOP(1, 0, g);
    else if (sh->cfg.rave)
        k = ex > 0 ? LOOP(1, 1, NULL) : LOOP(1, 0, NULL);
    else
        k = ex > 0 ? LOOP(0, 1, NULL) : LOOP(0, 0, NULL);
#undef LOOP
    return first + k;
}

/* grave: Ludii's McGRAVE selection (Cazenave's GRAVE without exploration).
 * Children never visited come first, uniformly at random (Ludii's MC-GRAVE
 * sets QInit.INF: their value estimate is 10000). Otherwise each child's
 * value is (1 - beta) mean + beta amaf, beta = gv / (gv + n + bias gv n),
 * where mean is its value for the mover over its n visits and (gv, amaf)
 * are the AMAF statistics of its point for the mover at the descent's
 * reference node (w->gref, see simulate); the best value is taken, ties
 * uniformly at random. A node's AMAF statistics live in its children and
 * cover only its own mover's moves, so the reference for a mover is the
 * deepest node on the path with that mover and more than `grave_ref`
 * visits; the root is the reference for both colours (its children for its
 * mover, Mcts.grave_opp for the other). Steps without a point (pass, swap,
 * STOP) and points the reference has no child for get beta 0. */
static uint32_t select_grave(Worker *w, const Node *N, uint32_t at, int mover)
{
    const Shared *sh = w->sh;
    const Node *n = &N[at];
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    const Node *ch = &N[first];
    int nc = n->nchildren;
    const double unit = 1.0 / VALUE_UNIT, bias = sh->grave_bias;
    const GraveRef g = grave_ref_begin(w, N, at, mover);
    double best = -1e300;
    int pick = -1, npick = 0, unvisited = 0;
    for (int i = 0; i < nc; i++) {
        const Node *c = &ch[i];
        uint32_t v = atomic_load_explicit(&c->visits, memory_order_relaxed);
        if (v == 0) {
            if (rng_below(&w->rng, (uint64_t)++unvisited) == 0) pick = i;
            continue;
        }
        if (unvisited) continue;
        double q = (double)(int64_t)atomic_load_explicit(&c->value, memory_order_relaxed) * unit / v;
        uint64_t gs = 0;
        uint32_t gv = grave_ref_stat(&g, c, &gs);
        if (gv > 0) {
            double g = gv, cv = v;
            double beta = g / (g + cv + bias * g * cv);
            q = (1.0 - beta) * q + beta * ((double)(int64_t)gs * unit / g);
        }
        if (q > best) {
            best = q;
            pick = i;
            npick = 1;
        } else if (q == best && rng_below(&w->rng, (uint64_t)++npick) == 0) {
            pick = i;
        }
    }
    return first + (uint32_t)(pick < 0 ? 0 : pick);
}

/* The tables select_child reads: nn = v + the search's prior weight (as
 * the children store it, a float), 1/nn and sqrt(1/nn), and the parent's
 * exploration term, for visit counts below SEL_TAB. Children with another
 * prior weight (a reused tree's) are computed one by one. */
void mcts_sel_tables(Shared *sh)
{
    const EngineConfig *c = &sh->cfg;
    Mcts *m = sh->m;
    /* Morpharaoh's boards have their own constant (board size 0): on the
     * 48-cell board no exploration term beat 0.05 by 89-11 against uct
     * instead of 81-19, while on 9x9 0.05 stays better. */
    sh->explore = sh->m->tree.root_pos.board->size == 0 ? c->cairo_explore : c->explore;
    sh->inv_equiv = 1.0 / c->rave_equiv;
    float pn = c->priors ? (float)c->prior_visits : 0.0f;
    memcpy(&sh->tab_pn_bits, &pn, sizeof pn);
    sh->sel_tab = m->sel_tab;
    sh->ex_tab = m->ex_tab;
    if (m->tab_valid && m->tab_pn_bits == sh->tab_pn_bits && m->tab_explore == sh->explore) return;
    for (int v = 0; v < SEL_TAB; v++) {
        double nn = (double)v + pn, inv = nn > 0 ? 1.0 / nn : 0;
        m->sel_tab[v] = (SelEntry){nn, inv, sqrt(inv), 0};
        m->ex_tab[v] = sh->explore > 0 ? sh->explore * sqrt(log((double)v + 1.0)) : 0;
    }
    m->tab_valid = 1;
    m->tab_pn_bits = sh->tab_pn_bits;
    m->tab_explore = sh->explore;
}

uint32_t mcts_select(Worker *w, Node *N, uint32_t at, int mover)
{
    const Shared *sh = w->sh;
    if (sh->grave) return select_grave(w, N, at, mover);
    if (sh->gref) {
        const GraveRef g = grave_ref_begin(w, N, at, mover);
        return select_child(sh, N, &N[at], &g);
    }
    return select_child(sh, N, &N[at], NULL);
}
