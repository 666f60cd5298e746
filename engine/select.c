/* select.c - the selection policy of the MCTS descent (Pachi's
 * uct/policy.h): which child a descent takes at an expanded node. Four
 * policies, chosen once per search from the options (mcts_select_setup):
 * ucb (UCB1 on the prior-smoothed value: uct, and mcts with rave off),
 * rave (blended with each child's AMAF value: mcts), rave-ref (the AMAF
 * value of GRAVE's reference nodes instead: mcts with rave_ref > 0) and
 * mcgrave (Ludii's McGRAVE: grave). The descent makes one call per node
 * through the policy, and the policy loops over the children itself: no
 * child pays an indirect call, and no flag is tested per child. It runs
 * at every level of every simulation, hence the tables, the loop compiled
 * once per policy and switch, and the shortlist (rescan). */
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
    const NodeAmaf *A;
    uint32_t ref, at, stamp;
    const GraveStat *opp;
    const uint32_t *midx, *mst;
} GraveRef;

static GraveRef grave_ref_begin(Worker *w, const Node *N, uint32_t at, int mover)
{
    GraveRef g = {N, w->sh->m->tree.amaf, w->gref[mover], at, 0, w->sh->m->grave_opp, w->gmap_idx[mover], w->gmap_st[mover]};
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

/* The reference's AMAF statistics for child c's point (ca: c's own):
 * visits, and the value sum in *gs; 0 for a step without a point or a
 * point the reference has no child for. */
static inline __attribute__((always_inline)) uint32_t grave_ref_stat(const GraveRef *g, const Node *c, const NodeAmaf *ca,
                                                                     uint64_t *gs)
{
    int pt = c->pt;
    if (pt < 0) return 0;
    if (g->ref == g->at) {
        *gs = atomic_load_explicit(&ca->value, memory_order_relaxed);
        return atomic_load_explicit(&ca->visits, memory_order_relaxed);
    }
    if (g->ref == GRAVE_ROOT_OPP) {
        *gs = atomic_load_explicit(&g->opp[pt].v, memory_order_relaxed);
        return atomic_load_explicit(&g->opp[pt].n, memory_order_relaxed);
    }
    if (g->mst[pt] != g->stamp) return 0;
    const NodeAmaf *rc = &g->A[g->midx[pt]];
    *gs = atomic_load_explicit(&rc->value, memory_order_relaxed);
    return atomic_load_explicit(&rc->visits, memory_order_relaxed);
}

/* Each child's own AMAF statistics (rave): visits, and the value sum in
 * *as. */
static inline __attribute__((always_inline)) uint32_t amaf_own(const GraveRef *g, const Node *c, const NodeAmaf *ca,
                                                               uint64_t *as)
{
    (void)g;
    (void)c;
    *as = atomic_load_explicit(&ca->value, memory_order_relaxed);
    return atomic_load_explicit(&ca->visits, memory_order_relaxed);
}

/* Where a UCB policy takes a child's AMAF statistics from: amaf_own,
 * grave_ref_stat, or none (NULL: plain UCB). Always a constant where it
 * is passed, so that each policy's loop has it inlined. */
typedef uint32_t (*AmafStat)(const GraveRef *g, const Node *c, const NodeAmaf *ca, uint64_t *as);

/* UCB1 on the prior-smoothed value, blended with the AMAF value that
 * `amaf` gives (RAVE): q = (1 - beta) q_uct + beta q_amaf,
 * beta = an / (an + nn + nn an / equiv).
 * Runs for every child scored at every level of every simulation, so it
 * keeps to as few divisions as it can: nn, 1/nn and its root come from
 * tables (for the search's prior weight and small visit counts: the same
 * operations, done once), and the exploration root is skipped when the
 * constant is 0. `amaf` and `explore` are constants: inlined once per
 * policy and switch. A proven win scores above everything, a proven loss
 * 1000 below its value. */
static inline __attribute__((always_inline)) double ucb_score(const Shared *sh, const Node *ch, const NodeAmaf *ca, double ex,
                                                               const AmafStat amaf, const int explore, const GraveRef *g)
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
        uint32_t an = amaf ? amaf(g, ch, ca, &as) : 0;
        if (an > 0) {
            /* q + beta (aq - q) with beta = a / d and aq = as / a:
             * q + (as - a q) / d, one division instead of two. */
            double a = an;
            q += ((double)(int64_t)as * unit - a * q) / (a + nn + nn * a * sh->inv_equiv);
        }
        /* Progressive bias (learned_bias): the learned model's
         * probability of the step, fading as 1 / sqrt(visits + prior
         * visits) but outside the RAVE blend, which washes the priors'
         * virtual visits out as soon as AMAF statistics come in. */
        q += sh->bias_unit * ch->bias * rs;
        /* Other threads' descents in flight below the child (never with
         * one thread): each as virtual_loss more visits of value 0. */
        uint32_t f = atomic_load_explicit(&ch->inflight, memory_order_relaxed);
        if (f != 0) q *= nn / (nn + sh->cfg.virtual_loss * f);
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
static inline __attribute__((always_inline)) uint32_t ucb_loop(const Shared *sh, Node *n, const Node *ch, const NodeAmaf *ca,
                                                                int nc, uint32_t pv, double ex, const AmafStat amaf,
                                                                const int explore, const GraveRef *g, const int shortlist)
{
    const uint32_t rescan = (uint32_t)sh->cfg.rescan;
    if (shortlist) {
        uint32_t sl = atomic_load_explicit(&n->shortlist, memory_order_relaxed);
        if ((sl & SHORTLIST_SET) && pv % rescan != 0) {
            uint32_t a = sl & 0x7fff, b = sl >> 15 & 0x7fff;
            assert(a < (uint32_t)nc && b < (uint32_t)nc);
            return ucb_score(sh, ch + b, ca + b, ex, amaf, explore, g) > ucb_score(sh, ch + a, ca + a, ex, amaf, explore, g) ? b : a;
        }
    }
    double best = -1e300, second = -1e300;
    int pick = 0, runner = 0;
    for (int i = 0; i < nc; i++) {
        double s = ucb_score(sh, ch + i, ca + i, ex, amaf, explore, g);
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

/* A UCB policy's choice at node `at`: its loop, compiled once for each
 * combination of the two switches that hold for a whole search
 * (exploration on, shortlist on), chosen here with one predictable branch
 * per node. */
static inline __attribute__((always_inline)) uint32_t ucb_select(const Shared *sh, Node *N, uint32_t at, const AmafStat amaf,
                                                                  const GraveRef *g)
{
    Node *n = &N[at];
    uint32_t first = atomic_load_explicit(&n->first, memory_order_relaxed);
    uint32_t pv = atomic_load_explicit(&n->visits, memory_order_relaxed);
    double ex = sh->explore > 0 ? (pv < SEL_TAB ? sh->ex_tab[pv] : sh->explore * sqrt(log((double)pv + 1.0))) : 0;
    const Node *ch = &N[first];
    const NodeAmaf *ca = &sh->m->tree.amaf[first];
    int nc = n->nchildren;
    assert(nc >= 1 && nc <= MAXSTEPS);
    uint32_t k;
    if (sh->cfg.rescan > 1)
        k = ex > 0 ? ucb_loop(sh, n, ch, ca, nc, pv, ex, amaf, 1, g, 1) : ucb_loop(sh, n, ch, ca, nc, pv, ex, amaf, 0, g, 1);
    else
        k = ex > 0 ? ucb_loop(sh, n, ch, ca, nc, pv, ex, amaf, 1, g, 0) : ucb_loop(sh, n, ch, ca, nc, pv, ex, amaf, 0, g, 0);
    return first + k;
}

/* The policies. ucb: UCB1 on the prior-smoothed value, no AMAF (uct, and
 * mcts with rave off). */
static uint32_t select_ucb(Worker *w, Node *N, uint32_t at, int mover)
{
    (void)mover;
    return ucb_select(w->sh, N, at, NULL, NULL);
}

/* rave: blended with each child's own AMAF value (mcts). */
static uint32_t select_rave(Worker *w, Node *N, uint32_t at, int mover)
{
    (void)mover;
    return ucb_select(w->sh, N, at, amaf_own, NULL);
}

/* rave-ref: blended with the AMAF value of the child's point at the
 * descent's reference node for the mover (mcts with rave_ref > 0). */
static uint32_t select_rave_ref(Worker *w, Node *N, uint32_t at, int mover)
{
    const GraveRef g = grave_ref_begin(w, N, at, mover);
    return ucb_select(w->sh, N, at, grave_ref_stat, &g);
}

/* mcgrave: Ludii's McGRAVE selection (Cazenave's GRAVE without exploration).
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
static uint32_t select_mcgrave(Worker *w, Node *N, uint32_t at, int mover)
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
        uint32_t gv = grave_ref_stat(&g, c, &g.A[first + (uint32_t)i], &gs);
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

static const SelectPolicy policy_ucb = {"ucb", select_ucb}, policy_rave = {"rave", select_rave},
                          policy_rave_ref = {"rave-ref", select_rave_ref}, policy_mcgrave = {"mcgrave", select_mcgrave};

/* The policy the options make (prepare has set grave and gref), and the
 * tables the UCB policies read: nn = v + the search's prior weight (as
 * the children store it, a float), 1/nn and sqrt(1/nn), and the parent's
 * exploration term, for visit counts below SEL_TAB. Children with another
 * prior weight (a reused tree's) are computed one by one. */
void mcts_select_setup(Shared *sh)
{
    const EngineConfig *c = &sh->cfg;
    Mcts *m = sh->m;
    assert(!sh->gref || sh->grave || c->rave); /* references serve rave-ref and mcgrave only */
    sh->policy = sh->grave ? policy_mcgrave : !c->rave ? policy_ucb : sh->gref ? policy_rave_ref : policy_rave;
    /* Morpharaoh's boards have their own constant (board size 0): on the
     * 48-cell board no exploration term beat 0.05 by 89-11 against uct
     * instead of 81-19, while on 9x9 0.05 stays better. */
    sh->explore = sh->m->tree.root_pos.board->size == 0 ? c->cairo_explore : c->explore;
    sh->inv_equiv = 1.0 / c->rave_equiv;
    sh->bias_unit = c->learned_bias / 255.0;
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
