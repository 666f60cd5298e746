/* movegen.c - the legal moves of a turn, counted, listed, checked, drawn.
 *
 * A turn is: the returned (or extra) stone of mutator d, if owed; then a
 * regular move - one or two placements (mutator c) or one flip of a weak
 * enemy stone; or swap on White's first turn; or pass when nothing else is
 * legal. Moves are sets (placements in any order read the same), so the
 * placement-only moves are exactly the subsets of the empty points of the
 * allowed sizes, and a d stone before a placement is just one more
 * placement. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "conn.h"
#include "targets.h"
#include "word5.h"

typedef struct Turn {
    int mover, opp, nw;
    int E;              /* empty points */
    int owe;            /* 0, 1 = must place first, 2 = may */
    bool swap;
    bool adj;           /* c=adjacent: placements are pairs (below), not sizes */
    unsigned sizes;     /* bit s: placement-only moves of s stones */
    bb_t plane;         /* stones counting as the mover's */
    bb_t empty;
} Turn;

/* c=adjacent on a square board, for the empty set e: h (v) holds the
 * empty points whose right (upper) neighbour is empty too, so that each
 * adjacent pair is named once by its lower-left point; lone holds the
 * empty points with no empty orthogonal neighbour (a single stone there is
 * a whole move). Frame bits are never empty, so rows do not wrap. */
typedef struct Pairs {
    bb_t h, v, lone;
    int nh, nv, nlone;
} Pairs;

static void pairs_of(const Board *b, const uint64_t *e, Pairs *pr)
{
    const int nw = b->words, S = b->stride;
    pr->nh = pr->nv = pr->nlone = 0;
    for (int i = 0; i < nw; i++) {
        const uint64_t prev = i ? e[i - 1] : 0, next = i + 1 < nw ? e[i + 1] : 0;
        const uint64_t right = e[i] >> 1 | next << 63, up = e[i] >> S | next << (64 - S);
        const uint64_t left = e[i] << 1 | prev >> 63, down = e[i] << S | prev >> (64 - S);
        pr->h[i] = e[i] & right;
        pr->v[i] = e[i] & up;
        pr->lone[i] = e[i] & ~(right | up | left | down);
        pr->nh += __builtin_popcountll(pr->h[i]);
        pr->nv += __builtin_popcountll(pr->v[i]);
        pr->nlone += __builtin_popcountll(pr->lone[i]);
    }
}

/* Allowed regular placement counts (bit k = k stones) with e empty points. */
static unsigned regular_sizes(const Position *p, int e)
{
    const Ruleset *r = &p->board->rules;
    if (e <= 0) return 0;
    if (!r->c || e == 1) return 1u << 1;
    if (r->c_upto) return 1u << 1 | 1u << 2;
    return p->ply == 0 ? 1u << 1 : 1u << 2; /* Black's first turn places one */
}

static void turn_init(const Position *p, Turn *t)
{
    const Board *b = p->board;
    t->mover = p->to_move;
    t->opp = !t->mover;
    t->nw = b->words;
    empty_set(p, t->empty);
    t->E = bb_popcount(t->empty, t->nw);
    mover_plane(p, t->mover, t->plane);
    t->owe = p->owe ? (b->rules.d_extra ? 2 : 1) : 0;
    t->swap = swap_turn(p);
    t->adj = b->rules.c && b->rules.c_adjacent;
    t->sizes = 0;
    if (t->adj) return;
    if (t->owe != 1) t->sizes |= regular_sizes(p, t->E);
    if (t->owe) t->sizes |= regular_sizes(p, t->E - 1) << 1;
}

/* Mutator b: a flip of f (after the d stone e, or -1) is illegal when the
 * opponent could flip f back on their next turn, counting a stone they
 * must or may place first under d. */
static bool flip_back_banned(const Position *p, const Turn *t, int e, int f)
{
    const Board *b = p->board;
    bb_t plane, gaps;
    /* The opponent's stones and edges (f is a pattern's centre, never a
     * cell); its d stone may go on any point still empty after e. */
    for (int i = 0; i < t->nw; i++) plane[i] = p->stones[t->opp][i] | b->edge[t->opp][i];
    const uint64_t *g = NULL;
    if (b->rules.d && t->E - (e >= 0) > 0) {
        g = t->empty;
        if (e >= 0) {
            memcpy(gaps, t->empty, sizeof gaps);
            bb_clear(gaps, b->bit_of[e]);
            g = gaps;
        }
    }
    return point_weak_gap(b, plane, g, f);
}

static bool flip_legal(const Position *p, const Turn *t, int e, int f)
{
    return !p->board->rules.b || !flip_back_banned(p, t, e, f);
}

/* Weak enemy stones after the mover places e (-1: none). */
static void flips_after(const Position *p, const Turn *t, int e, uint64_t *out)
{
    const Board *b = p->board;
    if (e < 0) {
        weak_set(b, t->plane, p->stones[t->opp], out);
        return;
    }
    bb_t plane;
    memcpy(plane, t->plane, sizeof plane);
    bb_set(plane, b->bit_of[e]);
    weak_set(b, plane, p->stones[t->opp], out);
}

static uint64_t choose(int n, int k)
{
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static int empty_points(const Position *p, const Turn *t, int16_t *pts)
{
    int n = 0;
    BB_FOR_EACH(bit, t->empty, t->nw) pts[n++] = p->board->point_of[bit];
    return n;
}

/* c=adjacent placements of the turn without an owed stone: lone points,
 * then pairs by their lower-left point (right before up). */
static void push_pairs(const Board *b, const Pairs *pr, int nw, MoveList *ml)
{
    BB_FOR_EACH(bit, pr->lone, nw) movelist_push(ml, move_pts(MOVE_PLACE, 1, b->point_of[bit], -1, -1));
    bb_t any;
    for (int i = 0; i < nw; i++) any[i] = pr->h[i] | pr->v[i];
    BB_FOR_EACH(bit, any, nw) {
        int q = b->point_of[bit];
        if (bb_test(pr->h, bit)) movelist_push(ml, move_pts(MOVE_PLACE, 2, q, q + 1, -1));
        if (bb_test(pr->v, bit)) movelist_push(ml, move_pts(MOVE_PLACE, 2, q, q + b->size, -1));
    }
}

static int cmp_move(const void *x, const void *y)
{
    const Move *a = x, *c = y;
    if (a->kind != c->kind) return a->kind - c->kind;
    if (a->n != c->n) return a->n - c->n;
    for (int i = 0; i < a->n; i++)
        if (a->pt[i] != c->pt[i]) return a->pt[i] - c->pt[i];
    return 0;
}

static Move sorted_place(int n, int a, int b, int c)
{
    int v[3] = { a, b, c };
    sort_points(v, n);
    return move_pts(MOVE_PLACE, n, v[0], n > 1 ? v[1] : -1, n > 2 ? v[2] : -1);
}

static void flips_after(const Position *p, const Turn *t, int e, uint64_t *out);
static bool flip_legal(const Position *p, const Turn *t, int e, int f);

/* c=adjacent with an owed stone o (mutator d): o, then a regular move
 * judged after it. The same set of points can arise from two choices of
 * o, so the placements are sorted and made unique. */
static void gen_adjacent_owed(const Position *p, const Turn *t, MoveList *ml)
{
    const Board *b = p->board;
    const size_t start = ml->n;
    if (t->owe == 2) {
        Pairs pr;
        pairs_of(b, t->empty, &pr);
        push_pairs(b, &pr, t->nw, ml);
    }
    BB_FOR_EACH(obit, t->empty, t->nw) {
        const int o = b->point_of[obit];
        bb_t e;
        memcpy(e, t->empty, sizeof e);
        bb_clear(e, obit);
        Pairs pr;
        pairs_of(b, e, &pr);
        BB_FOR_EACH(bit, pr.lone, t->nw) movelist_push(ml, sorted_place(2, o, b->point_of[bit], -1));
        BB_FOR_EACH(bit, pr.h, t->nw) movelist_push(ml, sorted_place(3, o, b->point_of[bit], b->point_of[bit] + 1));
        BB_FOR_EACH(bit, pr.v, t->nw) movelist_push(ml, sorted_place(3, o, b->point_of[bit], b->point_of[bit] + b->size));
        if (t->owe == 1 && t->E == 1) {
            bb_t w;
            flips_after(p, t, o, w);
            bool any = false;
            BB_FOR_EACH(bit, w, t->nw) any |= flip_legal(p, t, o, b->point_of[bit]);
            if (!any) movelist_push(ml, move_pts(MOVE_PLACE, 1, o, -1, -1));
        }
    }
    if (ml->n - start < 2) return; /* also: nothing listed, ml->m may be NULL */
    qsort(ml->m + start, ml->n - start, sizeof *ml->m, cmp_move);
    size_t k = start;
    for (size_t i = start; i < ml->n; i++)
        if (k == start || !move_equal(&ml->m[k - 1], &ml->m[i])) ml->m[k++] = ml->m[i];
    ml->n = k;
}

size_t pos_gen_moves(const Position *p, MoveList *ml)
{
    ml->n = 0;
    if (pos_over(p)) return 0;
    const Board *b = p->board;
    Turn t;
    turn_init(p, &t);
    int16_t pts[MAX_POINTS];
    int E = empty_points(p, &t, pts);
    if (t.adj) {
        if (!t.owe) {
            Pairs pr;
            pairs_of(b, t.empty, &pr);
            push_pairs(b, &pr, t.nw, ml);
        } else gen_adjacent_owed(p, &t, ml);
    }
    if (t.sizes & 2) {
        movelist_reserve(ml, (size_t)E + 1);
        for (int i = 0; i < E; i++) ml->m[ml->n++] = move_pts(MOVE_PLACE, 1, pts[i], -1, -1);
    }
    if (t.sizes & 4)
        for (int i = 0; i < E; i++)
            for (int j = i + 1; j < E; j++) movelist_push(ml, move_pts(MOVE_PLACE, 2, pts[i], pts[j], -1));
    if (t.sizes & 8)
        for (int i = 0; i < E; i++)
            for (int j = i + 1; j < E; j++)
                for (int k = j + 1; k < E; k++) movelist_push(ml, move_pts(MOVE_PLACE, 3, pts[i], pts[j], pts[k]));
    bb_t w;
    if (t.owe != 1) {
        flips_after(p, &t, -1, w);
        BB_FOR_EACH(bit, w, t.nw) {
            int f = b->point_of[bit];
            if (flip_legal(p, &t, -1, f)) movelist_push(ml, move_pts(MOVE_FLIP, 1, f, -1, -1));
        }
    }
    if (t.owe)
        for (int i = 0; i < E; i++) {
            size_t before = ml->n;
            flips_after(p, &t, pts[i], w);
            BB_FOR_EACH(bit, w, t.nw) {
                int f = b->point_of[bit];
                if (flip_legal(p, &t, pts[i], f)) movelist_push(ml, move_pts(MOVE_FLIP, 2, pts[i], f, -1));
            }
            /* Nothing regular after the d stone: the move is that stone
             * alone (under d=extra it reads as the plain placement;
             * c=adjacent listed it with the placements). */
            if (t.owe == 1 && E == 1 && ml->n == before && !t.adj) movelist_push(ml, move_pts(MOVE_PLACE, 1, pts[i], -1, -1));
        }
    if (t.swap) movelist_push(ml, move_pts(MOVE_SWAP, 0, -1, -1, -1));
    if (!ml->n) movelist_push(ml, move_pts(MOVE_PASS, 0, -1, -1, -1));
    return ml->n;
}

/* Legal flips: without a d stone (e = -1) or after it. */
static uint64_t count_flips(const Position *p, const Turn *t, int e)
{
    bb_t w;
    flips_after(p, t, e, w);
    if (!p->board->rules.b) return (uint64_t)bb_popcount(w, t->nw);
    uint64_t n = 0;
    BB_FOR_EACH(bit, w, t->nw) n += flip_legal(p, t, e, p->board->point_of[bit]);
    return n;
}

uint64_t pos_count_moves(const Position *p)
{
    if (pos_over(p)) return 0;
    Turn t;
    turn_init(p, &t);
    uint64_t n = 0;
    if (t.adj) {
        if (t.owe) { /* rare: list them */
            MoveList ml;
            movelist_init(&ml);
            n = pos_gen_moves(p, &ml);
            movelist_free(&ml);
            return n;
        }
        Pairs pr;
        pairs_of(p->board, t.empty, &pr);
        n = (uint64_t)(pr.nlone + pr.nh + pr.nv) + count_flips(p, &t, -1) + t.swap;
        return n ? n : 1;
    }
    for (int s = 1; s <= 3; s++)
        if (t.sizes >> s & 1) n += choose(t.E, s);
    if (t.owe != 1) n += count_flips(p, &t, -1);
    if (t.owe)
        BB_FOR_EACH(bit, t.empty, t.nw) {
            uint64_t f = count_flips(p, &t, p->board->point_of[bit]);
            n += f;
            if (t.owe == 1 && t.E == 1 && !f) n++;
        }
    n += t.swap;
    return n ? n : 1;
}

/* A placement-only move under c=adjacent (its points are empty). */
static const char *check_adjacent(const Position *p, const Turn *t, const Move *m)
{
    const Board *b = p->board;
    if (t->owe) {
        MoveList ml;
        movelist_init(&ml);
        size_t n = pos_gen_moves(p, &ml);
        bool found = false;
        for (size_t i = 0; i < n && !found; i++) found = move_equal(&ml.m[i], m);
        movelist_free(&ml);
        if (found) return NULL;
        return t->owe == 1 ? "a stone is owed first (mutator d), then two adjacent stones, or one with no empty neighbour"
                           : "not an owed stone followed by two adjacent stones or one with no empty neighbour";
    }
    if (m->n == 2) {
        int d = m->pt[1] - m->pt[0], x = m->pt[0] % b->size;
        if (d == b->size || (d == 1 && x + 1 < b->size)) return NULL;
        return "the two stones must be orthogonally adjacent (c=adjacent)";
    }
    if (m->n == 1) {
        Pairs pr;
        pairs_of(b, t->empty, &pr);
        if (bb_test(pr.lone, b->bit_of[m->pt[0]])) return NULL;
        return "one stone is a whole move only when it has no empty neighbour: place two adjacent stones (c=adjacent)";
    }
    return "a turn places two adjacent stones (c=adjacent)";
}

const char *pos_check_move(const Position *p, const Move *m)
{
    if (pos_over(p)) return "the game is over";
    const Board *b = p->board;
    Turn t;
    turn_init(p, &t);
    if (m->kind == MOVE_SWAP) return t.swap ? NULL : "swap is legal only on White's first turn under the pie rule";
    if (m->kind == MOVE_PASS) {
        MoveList ml;
        movelist_init(&ml);
        pos_gen_moves(p, &ml);
        bool forced = ml.m[0].kind == MOVE_PASS;
        movelist_free(&ml);
        return forced ? NULL : "pass is legal only when no other move is";
    }
    if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) return "not a move";
    if (m->n < 1 || m->n > 3) return "a move names one to three points";
    for (int i = 0; i < m->n; i++) {
        if (m->pt[i] < 0 || m->pt[i] >= b->npoints) return "point off the board";
        for (int j = 0; j < i; j++)
            if (m->pt[i] == m->pt[j]) return "a point is named twice";
    }
    int np = m->kind == MOVE_FLIP ? m->n - 1 : m->n;
    for (int i = 0; i < np; i++)
        if (!bb_test(t.empty, b->bit_of[m->pt[i]])) return "a placement must go on an empty point";
    if (m->kind == MOVE_PLACE && t.adj) return check_adjacent(p, &t, m);
    if (m->kind == MOVE_PLACE) {
        if (t.sizes >> m->n & 1) return NULL;
        if (m->n == 1 && t.owe == 1 && t.E == 1 && !count_flips(p, &t, m->pt[0])) return NULL;
        if (t.owe == 1) return m->n == 1 ? "a stone is owed first (mutator d): place it and then move" : "wrong number of stones for this turn";
        if (b->rules.c && !(t.sizes & 2)) return "this turn places two stones (mutator c)";
        return "one placement per turn";
    }
    int f = m->pt[m->n - 1];
    if (!bb_test(p->stones[t.opp], b->bit_of[f])) return "only an enemy stone can be flipped";
    int e = np ? m->pt[0] : -1;
    if (np > 1) return "a flip is the whole regular move";
    if (np == 0 && t.owe == 1) return "a stone is owed first (mutator d): place it, then flip";
    if (np == 1 && !t.owe) return "a flip is the whole move: no placement with it";
    bb_t w;
    flips_after(p, &t, e, w);
    if (!bb_test(w, b->bit_of[f])) return "that stone is not weak";
    if (!flip_legal(p, &t, e, f)) return "the opponent could flip that stone straight back (mutator b)";
    return NULL;
}

/* Sample s distinct empty points uniformly, in canonical order (s <= 3;
 * S's ns points first).
 *
 * Each draw is compared with all three slots rather than by a loop over
 * the j < i drawn before it: a slot not yet drawn holds -1, never a
 * point, so the answer is the same. Such a loop made LLVM 19 miscompile
 * this function under -flto: not knowing i < 3, clang vectorises it into
 * 16-byte loads of this 6-byte array (run only when i >= 16); GVN's
 * memory dependences cached for a 16-byte access there, which no store
 * into the array can alias, were reused for the 2-byte load of pt[0]
 * after the loop, which so read the initial -1 (the bug of LLVM issue
 * 111585, fixed for LLVM 20). Every placement drawn under mutators b, c
 * and d was then an off-board point in the web build without its
 * profile, and natively under clang-19 -O3 -flto; tests/run.d/lto.sh
 * builds the rules suite so. */
static Move random_placement_with(const Turn *t, const Board *b, const int16_t *S, int ns, int s, uint64_t *rng)
{
    int16_t pt[3] = { -1, -1, -1 };
    for (int i = 0; i < s; i++) {
        if (i < ns) {
            pt[i] = S[i];
            continue;
        }
        int q;
        do {
            q = b->point_of[bb_select(t->empty, t->nw, (int)rng_below(rng, (uint64_t)t->E))];
        } while (pt[0] == q || pt[1] == q || pt[2] == q);
        pt[i] = (int16_t)q;
    }
    /* Sorted by a network of compare-exchanges without branches: the
     * order of random points is random (the insertion sort mispredicted
     * half its comparisons). */
#define CMPX(i, j)                                            \
    do {                                                      \
        const int16_t lo = pt[i] < pt[j] ? pt[i] : pt[j];     \
        const int16_t hi = pt[i] < pt[j] ? pt[j] : pt[i];     \
        pt[i] = lo;                                           \
        pt[j] = hi;                                           \
    } while (0)
    if (s >= 2) CMPX(0, 1);
    if (s == 3) {
        CMPX(1, 2);
        CMPX(0, 1);
    }
#undef CMPX
    return move_pts(MOVE_PLACE, s, pt[0], s > 1 ? pt[1] : -1, s > 2 ? pt[2] : -1);
}

static Move random_placement(const Turn *t, const Board *b, int s, uint64_t *rng)
{
    return random_placement_with(t, b, NULL, 0, s, rng);
}

/* The placement size (bit s of place[] counts the moves of s stones) that
 * draw r < nplace picks. */
static int placement_size(const uint64_t *place, uint64_t r)
{
    int s = 1;
    while (r >= place[s]) r -= place[s++];
    return s;
}

/* A general turn's draw is rng_scale(x, nplace + rest): the placement
 * moves first, then the rest (flips, swap), whose count is known only
 * after the weak set (and under d each stone's flips) are worked out.
 * With rest within [0, rest_hi], the draw falls in the placements when
 * even rest_hi's does (the draw grows with the count), and its size is
 * known when both bounds' draws pick the same one: then the move is that
 * size's placement, the same as with the count worked out. 0 when the
 * bounds do not tell (the caller works it out and draws with x). */
static int placement_drawn(uint64_t x, const uint64_t *place, uint64_t nplace, uint64_t rest_hi)
{
    const uint64_t hi = rng_scale(x, nplace + rest_hi);
    if (hi >= nplace) return 0;
    const int s = placement_size(place, rng_scale(x, nplace));
    return s == placement_size(place, hi) ? s : 0;
}

/* Cairo boards, a plain turn: a uniformly random target (empty point or
 * weak enemy stone) as a bit, -1 for none. Working out every enemy
 * stone's weakness is a table lookup per stone (targets.h), most of a
 * ply's cost on the 160-cell board; so a few draws come first among the
 * empty points and all enemy stones, a drawn stone tested alone and, if
 * not weak, dropped from the draw. Only when CAIRO_TRIES draws all found
 * strong stones is the weakness of every remaining enemy stone worked out
 * and one draw made among the remaining targets. Each draw is uniform over
 * the candidates left, and every target stays a candidate until drawn, so
 * the move is uniform over the targets (test_rules checks it). nw: the
 * board's words, a constant where the caller compiles per board. */
#define CAIRO_TRIES 12
static inline __attribute__((always_inline)) int cairo_draw(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp,
                                                            uint64_t *rng, const int nw)
{
    bb_t cand;
    int cnt[BB_MAXW], n = 0;
    for (int i = 0; i < nw; i++) n += cnt[i] = __builtin_popcountll(cand[i] = b->points[i] & ~own[i]);
#if PAIR_BOARD
    /* WebAssembly, one word (Morpharaoh 48): select64's byte counts made
     * once and brought down by each rejected draw's bit rather than made
     * again for every draw (1.8 draws a ply), the count passed unsigned
     * (rng_scale without its test). The same draws. */
    if (nw == 1) {
        uint64_t c = cand[0], s = select64_sums(c);
        for (int t = 0; t < CAIRO_TRIES && n; t++) {
            const int bit = select64_with(c, s, (int)rng_below(rng, (uint32_t)n));
            if (!bb_test(opp, bit) || cairo_weak(b, plane, bit, 1)) return bit;
            c &= ~((uint64_t)1 << bit);
            s -= 0x0101010101010101ull << (bit & ~7); /* the running counts from bit's byte on */
            n--;
        }
        cand[0] = c;
    } else
#endif
    for (int t = 0; t < CAIRO_TRIES && n; t++) {
        /* bb_select with the words' counts kept across the draws */
        const int k = (int)rng_below(rng, (uint64_t)n);
        int word = 0, before = 0, acc = 0;
        for (int i = 0; i + 1 < nw; i++) { /* masks, not branches: k is random */
            acc += cnt[i];
            const int past = -(k >= acc);
            word -= past;
            before = (acc & past) | (before & ~past);
        }
        const int bit = (word << 6) + select64(cand[word], k - before);
        if (!bb_test(opp, bit) || cairo_weak(b, plane, bit, nw)) return bit;
        cand[word] &= ~((uint64_t)1 << (bit & 63));
        cnt[word]--;
        n--;
    }
    if (!n) return -1;
    bb_t stones, legal;
    for (int i = 0; i < nw; i++) stones[i] = cand[i] & opp[i];
    weak_cairo(b, plane, stones, legal, nw);
    n = 0;
    for (int i = 0; i < nw; i++) n += __builtin_popcountll(legal[i] |= cand[i] & ~opp[i]);
    if (!n) return -1;
    return bb_select(legal, nw, (int)rng_below(rng, (uint64_t)n));
}

/* A plain turn's target as a bit, -1 for none (pass): square boards one
 * draw among the whole board's targets, computed at once without a branch
 * on the stones; Cairo boards cairo_draw. S0, NW0: the stride and word
 * count as constants (0: the board's); P12 as for weak_square. */
static inline __attribute__((always_inline)) int plain_draw_n(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp,
                                                              const uint64_t *edge, uint64_t *rng, const int S0, const int NW0, const int P12)
{
    const int nw = NW0 ? NW0 : b->words;
    if (!S0 && !b->size) return cairo_draw(b, plane, own, opp, rng, nw);
#if SIMD_BOARD
    /* The board in one register from the targets to the drawn bit. */
    if (S0 && NW0 >= SIMD_MIN_WORDS && NW0 <= 8) {
        if (SIMD_WORDS(NW0) == 2) return simd_pick_128(targets_vector_128(b, own, opp, edge, S0, NW0), rng);
        if (SIMD_WORDS(NW0) == 4) return simd_pick_256(targets_vector_256(b, own, opp, edge, S0, NW0), rng);
        return simd_pick_512(targets_vector_512(b, own, opp, edge, S0, NW0), rng);
    }
#endif
#if PAIR_BOARD
    if (S0 && NW0 >= 2) return pairs_draw(b, own, opp, edge, rng, S0, NW0);
#endif
    bb_t legal;
    const int n = targets_n(b, plane, own, opp, edge, legal, S0, NW0, P12);
    if (__builtin_expect(n == 0, 0)) return -1;
    return bb_select(legal, nw, (int)rng_below(rng, (uint64_t)n));
}

/* The plain turn (no owed stone, one placement or one flip, no flip-back
 * ban, no swap): one of its targets, uniformly. */
static Move random_plain(const Position *p, uint64_t *rng)
{
    const Board *b = p->board;
    const int nw = b->words, mover = p->to_move;
    bb_t plane;
    for (int i = 0; i < nw; i++) plane[i] = p->stones[mover][i] | b->edge[mover][i];
    const uint64_t *own = p->stones[mover], *opp = p->stones[!mover], *edge = b->edge[mover];
    const int bit = b->words == 1 ? plain_draw_n(b, plane, own, opp, edge, rng, 0, 1, 0) : plain_draw_n(b, plane, own, opp, edge, rng, 0, 0, 0);
    if (__builtin_expect(bit < 0, 0)) return move_pts(MOVE_PASS, 0, -1, -1, -1);
    return move_pts(bb_test(p->stones[!mover], bit) ? MOVE_FLIP : MOVE_PLACE, 1, b->point_of[bit], -1, -1);
}

/* c=adjacent without an owed stone: uniform over lone points, pairs,
 * legal flips and swap. */
static Move random_adjacent(const Position *p, const Turn *t, uint64_t *rng)
{
    const Board *b = p->board;
    Pairs pr;
    pairs_of(b, t->empty, &pr);
    bb_t w;
    flips_after(p, t, -1, w);
    uint64_t nf = (uint64_t)bb_popcount(w, t->nw);
    const uint64_t nplace = (uint64_t)(pr.nlone + pr.nh + pr.nv);
    uint64_t total = nplace + nf + t->swap;
    while (total) {
        uint64_t r = rng_below(rng, total);
        if (r < (uint64_t)pr.nlone) return move_pts(MOVE_PLACE, 1, b->point_of[bb_select(pr.lone, t->nw, (int)r)], -1, -1);
        r -= (uint64_t)pr.nlone;
        if (r < (uint64_t)pr.nh) {
            int q = b->point_of[bb_select(pr.h, t->nw, (int)r)];
            return move_pts(MOVE_PLACE, 2, q, q + 1, -1);
        }
        r -= (uint64_t)pr.nh;
        if (r < (uint64_t)pr.nv) {
            int q = b->point_of[bb_select(pr.v, t->nw, (int)r)];
            return move_pts(MOVE_PLACE, 2, q, q + b->size, -1);
        }
        r -= (uint64_t)pr.nv;
        if (r == nf) return move_pts(MOVE_SWAP, 0, -1, -1, -1);
        int f = b->point_of[bb_select(w, t->nw, (int)r)];
        if (flip_legal(p, t, -1, f)) return move_pts(MOVE_FLIP, 1, f, -1, -1);
        bb_clear(w, b->bit_of[f]); /* banned (mutator b): draw again */
        nf--;
        total--;
    }
    return move_pts(MOVE_PASS, 0, -1, -1, -1);
}

/* A stone is owed (mutator d): uniform over the placement sets, the flips
 * without the stone (d=extra) and the moves (stone e, flip after e),
 * without listing them. A move of the last kind is drawn as a slot (e, j)
 * of E x K, K bounding every e's flips (e can only make weak the stones
 * whose patterns hold it: b->reach), and the slot is the j-th legal flip
 * after e if e has that many; an empty slot draws again. */
static Move random_owed(const Position *p, const Turn *t, const uint64_t *place, uint64_t nplace, uint64_t *rng)
{
    const Board *b = p->board;
    /* The slots' count below is at most nopp per empty point, n0 at most
     * nopp (flips are enemy stones): most draws are placements known
     * without the flips (placement_drawn). nplace > 0 (E >= 2 here). */
    const uint64_t nopp = (uint64_t)bb_popcount(p->stones[t->opp], t->nw);
    uint64_t x = rng_next(rng);
    const int s0 = placement_drawn(x, place, nplace, (t->owe != 1 ? nopp : 0) + t->swap + (uint64_t)t->E * nopp);
    if (s0) return random_placement(t, b, s0, rng);
    bb_t w;
    flips_after(p, t, -1, w);
    int16_t f0[MAX_POINTS];
    uint64_t n0 = 0;
    if (t->owe != 1)
        BB_FOR_EACH(bit, w, t->nw)
            if (flip_legal(p, t, -1, b->point_of[bit])) f0[n0++] = b->point_of[bit];
    int reach = 0;
    BB_FOR_EACH(bit, t->empty, t->nw) reach = b->nreach[b->point_of[bit]] > reach ? b->nreach[b->point_of[bit]] : reach;
    uint64_t K = (uint64_t)bb_popcount(w, t->nw) + (uint64_t)reach;
    if (K > nopp) K = nopp;
    const uint64_t total = nplace + n0 + t->swap + (uint64_t)t->E * K;
    assert(nplace > 0);
    for (;; x = rng_next(rng)) {
        uint64_t r = rng_scale(x, total);
        if (r < nplace) return random_placement(t, b, placement_size(place, r), rng);
        r -= nplace;
        if (r < n0) return move_pts(MOVE_FLIP, 1, f0[r], -1, -1);
        r -= n0;
        if (r < t->swap) return move_pts(MOVE_SWAP, 0, -1, -1, -1);
        r -= t->swap;
        const int e = b->point_of[bb_select(t->empty, t->nw, (int)(r / K))];
        uint64_t j = r % K;
        flips_after(p, t, e, w);
        /* Most slots are empty (K bounds every e's flips): a slot past the
         * flips left to test is known empty without testing them (the
         * flip-back ban, mutator b, is most of a ply's cost). */
        uint64_t left = (uint64_t)bb_popcount(w, t->nw);
        BB_FOR_EACH(bit, w, t->nw) {
            if (left-- <= j) break;
            const int f = b->point_of[bit];
            if (flip_legal(p, t, e, f) && j-- == 0) return move_pts(MOVE_FLIP, 2, e, f, -1);
        }
    }
}

Move pos_random_move(const Position *p, uint64_t *rng)
{
    const Board *b = p->board;
    if (plain_turn(p)) return random_plain(p, rng);
    Turn t;
    turn_init(p, &t);
    if (t.adj && !t.owe) return random_adjacent(p, &t, rng);
    uint64_t place[4] = { 0 }, nplace = 0;
    for (int s = 1; s <= 3; s++)
        if (t.sizes >> s & 1) nplace += place[s] = choose(t.E, s);
    if (!t.owe && !t.adj) {
        /* The common case: no stone owed. Flips are the weak enemy stones,
         * at most the enemy's stones: most draws are placements known
         * without them (placement_drawn). */
        uint64_t x = 0;
        bool drawn = nplace != 0; /* x is the first draw's word */
        if (drawn) {
            x = rng_next(rng);
            const int s = placement_drawn(x, place, nplace, t.swap + (uint64_t)bb_popcount(p->stones[t.opp], t.nw));
            if (s) return random_placement(&t, b, s, rng);
        }
        bb_t w;
        flips_after(p, &t, -1, w);
        int nf = bb_popcount(w, t.nw);
        uint64_t total = nplace + (uint64_t)nf + t.swap;
        if (!total) return move_pts(MOVE_PASS, 0, -1, -1, -1);
        for (;; drawn = false) {
            uint64_t r = rng_scale(drawn ? x : rng_next(rng), total);
            if (r < nplace) return random_placement(&t, b, placement_size(place, r), rng);
            r -= nplace;
            if (r == (uint64_t)nf) return move_pts(MOVE_SWAP, 0, -1, -1, -1);
            int f = b->point_of[bb_select(w, t.nw, (int)r)];
            if (flip_legal(p, &t, -1, f)) return move_pts(MOVE_FLIP, 1, f, -1, -1);
            /* A banned flip (mutator b): draw again; uniform over the rest. */
            bb_clear(w, b->bit_of[f]);
            nf--;
            total--;
            if (!total) return move_pts(MOVE_PASS, 0, -1, -1, -1);
        }
    }
    if (t.adj || (t.owe == 1 && t.E == 1)) {
        /* Owed under c=adjacent, or the last empty point: list them. */
        MoveList ml;
        movelist_init(&ml);
        size_t n = pos_gen_moves(p, &ml);
        Move m = ml.m[rng_below(rng, n)];
        movelist_free(&ml);
        return m;
    }
    return random_owed(p, &t, place, nplace, rng);
}

/* The legal flips after the stone e (-1: none) into out; whether any. */
static bool legal_flips_after(const Position *p, const Turn *t, int e, uint64_t *out)
{
    flips_after(p, t, e, out);
    if (!p->board->rules.b) return !bb_empty(out, t->nw);
    BB_FOR_EACH(bit, out, t->nw)
        if (!flip_legal(p, t, e, p->board->point_of[bit])) bb_clear(out, bit);
    return !bb_empty(out, t->nw);
}

int pos_turn_steps(const Position *p, const int16_t *S, int ns, TurnSteps *ts)
{
    memset(ts, 0, sizeof *ts);
    if (pos_over(p)) return 0;
    const Board *b = p->board;
    Turn t;
    turn_init(p, &t);
    if (t.adj) return -1;
    bb_t rest = { 0 }; /* the empty points not in S (t.empty's words past nw are not set) */
    memcpy(rest, t.empty, (size_t)t.nw * sizeof rest[0]);
    for (int i = 0; i < ns; i++) bb_clear(rest, b->bit_of[S[i]]);
    const int m = t.E - ns;
    /* S + {r} is a whole placement move; some larger one contains it. */
    const bool exact = t.sizes >> (ns + 1) & 1;
    bool more = false;
    for (int s = ns + 2; s <= 3; s++) more |= (t.sizes >> s & 1) && m - 1 >= s - ns - 1;
    if (m > 0) {
        if (exact) memcpy(ts->exact, rest, sizeof rest);
        if (more) memcpy(ts->more, rest, sizeof rest);
    }
    bb_t w;
    if (ns == 0 && t.owe) {
        /* The owed stone r, then a flip: r leads on. Without b every flip
         * of the turn stays one after r (weakness only grows). */
        bool all = !b->rules.b && (flips_after(p, &t, -1, w), !bb_empty(w, t.nw));
        BB_FOR_EACH(bit, t.empty, t.nw) {
            const int r = b->point_of[bit];
            const bool flips = all || legal_flips_after(p, &t, r, w);
            if (flips) bb_set(ts->more, bit);
            /* The last empty point with nothing after it is a move alone. */
            else if (t.owe == 1 && t.E == 1) bb_set(ts->exact, bit);
        }
    }
    if (ns == 0 && t.owe != 1) legal_flips_after(p, &t, -1, ts->flips);
    if (ns == 1 && t.owe) {
        bool any = legal_flips_after(p, &t, S[0], ts->flips);
        ts->stop |= t.owe == 1 && t.E == 1 && !any;
    }
    ts->stop |= ns > 0 && (t.sizes >> ns & 1);
    ts->swap = ns == 0 && t.swap;
    uint64_t any = ts->stop | ts->swap;
    for (int i = 0; i < t.nw; i++) any |= ts->exact[i] | ts->more[i] | ts->flips[i];
    ts->pass = ns == 0 && !any;
    return 1;
}

int pos_random_completion(const Position *p, const int16_t *S, int ns, uint64_t *rng, Move *out)
{
    if (pos_over(p)) return 0;
    const Board *b = p->board;
    Turn t;
    turn_init(p, &t);
    if (t.adj) return -1;
    if (ns == 0) {
        *out = pos_random_move(p, rng);
        return 1;
    }
    /* Placement sets holding S, by size; the flips after S's one stone. */
    uint64_t place[4] = { 0 }, nplace = 0;
    for (int s = ns; s <= 3; s++)
        if (t.sizes >> s & 1) nplace += place[s] = choose(t.E - ns, s - ns);
    bb_t w = { 0 };
    uint64_t nf = 0;
    bool alone = false;
    if (ns == 1 && t.owe) {
        nf = legal_flips_after(p, &t, S[0], w) ? (uint64_t)bb_popcount(w, t.nw) : 0;
        alone = t.owe == 1 && t.E == 1 && !nf;
    }
    const uint64_t total = nplace + nf + alone;
    if (!total) return 0;
    uint64_t r = rng_below(rng, total);
    if (r < nplace) {
        int s = ns;
        while (r >= place[s]) r -= place[s++];
        *out = random_placement_with(&t, b, S, ns, s, rng);
    } else if (r - nplace < nf) {
        *out = move_pts(MOVE_FLIP, 2, S[0], b->point_of[bb_select(w, t.nw, (int)(r - nplace))], -1);
    } else {
        *out = move_pts(MOVE_PLACE, 1, S[0], -1, -1);
    }
    return 1;
}

/* A plain turn (one placement or one flip: no owed stone, no mutator b or
 * c, not the swap turn): a uniformly random legal move (a pass when there
 * is none), played, with random_plain's draws. false, with nothing drawn
 * or played, on any other turn. S0, NW0: the board's stride and
 * word count as constants (0: the board's), so that the targets, the
 * draw and the move compile per size; P12 as for weak_square. */
static inline __attribute__((always_inline)) bool play_plain_n(Position *p, uint64_t *rng, const int S0, const int NW0, const int P12)
{
    const Board *b = p->board;
    if (!plain_turn(p)) return false;
    const int nw = NW0 ? NW0 : b->words, mover = p->to_move;
    bb_t plane;
    if (!(SIMD_BOARD && S0 && NW0 >= SIMD_MIN_WORDS && NW0 <= 8) && !(PAIR_BOARD && S0 && NW0 >= 2)) /* the vector backends build it in registers */
        for (int i = 0; i < nw; i++) plane[i] = p->stones[mover][i] | b->edge[mover][i];
#if PAIR_BOARD
    const bool kept = S0 && NW0 >= PAIRS_KEPT_WORDS;
    const int bit = kept ? pairs_draw_kept(p, mover, rng, S0, NW0)
                         : plain_draw_n(b, plane, p->stones[mover], p->stones[!mover], b->edge[mover], rng, S0, NW0, P12);
#else
    const int bit = plain_draw_n(b, plane, p->stones[mover], p->stones[!mover], b->edge[mover], rng, S0, NW0, P12);
#endif
    if (__builtin_expect(bit < 0, 0)) {
        const Move m = move_of(MOVE_PASS); /* drawn already: random_plain's pass */
        pos_play(p, &m);
        return true;
    }
    const bool flip = bb_test(p->stones[!mover], bit);
    play_point_by(p, mover, b->point_of[bit], bit, flip, S0, NW0);
#if PAIR_BOARD
    if (kept) pairs_kept_played(p, mover, bit, flip, S0, NW0);
#endif
#ifdef MORPHOS_CHECKS
    pos_assert_played(p);
#endif
    return true;
}

/* White's swap turn otherwise plain (pie, no owed stone, no mutator b or
 * c): a random move with pos_random_move's draws - one among the empty
 * points, the weak enemy stones and the swap; a placement then draws its
 * point again among the empty ones - played. false, with nothing drawn,
 * on any other turn. Every playout from the start passes here, once: one
 * copy for every size. pos_random_move's general path draws the same
 * (test_rules holds the two together step by step); going through it and
 * pos_play instead cost 5x5 playouts 5% of their CPU time. */
static __attribute__((noinline, cold)) bool play_swap_turn(Position *p, uint64_t *rng)
{
    const Board *b = p->board;
    if (p->owe || !b->plain_turns || !swap_turn(p)) return false;
    const int nw = b->words, mover = p->to_move;
    const uint64_t *opp = p->stones[!mover];
    bb_t plane = { 0 }, legal, sub;
    mover_plane(p, mover, plane);
    const int n = plain_targets(b, plane, p->stones[mover], opp, legal);
    int nf = 0;
    for (int i = 0; i < nw; i++) nf += __builtin_popcountll(legal[i] & opp[i]);
    const int E = n - nf;
    uint64_t r = rng_below(rng, (uint64_t)n + 1);
    if (r == (uint64_t)n) {
        const Move m = move_of(MOVE_SWAP);
        pos_play(p, &m);
        return true;
    }
    const bool flip = r >= (uint64_t)E;
    for (int i = 0; i < nw; i++) sub[i] = flip ? legal[i] & opp[i] : legal[i] & ~opp[i];
    if (!flip) r = rng_below(rng, (uint64_t)E);
    else r -= (uint64_t)E;
    const int bit = bb_select(sub, nw, (int)r);
    play_point(p, b->point_of[bit], bit, flip, 0, 0);
#ifdef MORPHOS_CHECKS
    pos_assert_played(p);
#endif
    return true;
}

/* Uniformly random moves (pos_random_move's draws, played) until the game
 * ends or cap plies; the plies played. */
static inline __attribute__((always_inline)) int random_playout_n(Position *p, uint64_t *rng, int cap, const int S0, const int NW0,
                                                                  const int P12)
{
    int plies = 0;
    for (; plies < cap && !pos_over(p); plies++) {
        if (play_plain_n(p, rng, S0, NW0, P12) || play_swap_turn(p, rng)) continue;
        Move m = pos_random_move(p, rng);
        pos_play(p, &m);
    }
    return plies;
}

/* 5x5 under the base rules: the patterns P1 and P2 alone, every turn a
 * plain one (no mutator but e) and no tie-break. The whole board is one
 * word, so a playout keeps the two colours' stones, their connected sets,
 * the key and the generator in registers across plies and writes the
 * position back once (the general loop stores and reloads them every ply);
 * the colour of each ply is a constant (the loop plays Black's and White's
 * ply in turn). The same draws and moves as random_playout_n. The word's
 * sets, weak set, flood and targets: word5.h. */

/* Colour m takes the target x (bit: its index; a placement, or a flip of
 * a stone of op); whether that won. *last: the bit, *flip whether it was
 * a flip. cm, co: the two colours' connected sets, kept as conn_add and
 * flip_stone keep Position.conn, conn_add's test by masks: only a stone
 * that joins cm and brings loose stones along, or a flip of a stone of
 * co, floods (a few plies in a hundred). */
static inline __attribute__((always_inline)) int take5(const Board *b, const int m, const uint64_t x, const int bit, uint64_t *me, uint64_t *op,
                                                       uint64_t *cm, uint64_t *co, uint64_t *key, int *last, int *flip)
{
    const uint64_t g0 = m == BLACK ? ROW5(0) : COL5(0), g1 = m == BLACK ? ROW5(4) : COL5(4);
    const uint64_t f = (*op & x) != 0;
    const int q = b->point_of[bit];
    *op &= ~x;
    *me |= x;
    *key ^= b->zob[m][q] ^ (b->zob[!m][q] & -f);
    *last = bit;
    *flip = (int)f;
    if (__builtin_expect((*co & x) != 0, 0)) *co = conn5(!m, *op);
    /* j: all ones when the stone joins cm (next to it, or on the first
     * goal line); one test for the rare join with loose stones. */
    const uint64_t nb = x << 1 | x >> 1 | x << 7 | x >> 7, j = -(uint64_t)(((nb & *cm) | (x & g0)) != 0);
    if (__builtin_expect((nb & *me & ~*cm & j) != 0, 0)) {
        const uint64_t g = flood5(x, *me & ~*cm);
        *cm |= g;
        return (g & g1) != 0;
    }
    *cm |= x & j;
    return (x & g1 & j) != 0;
}

/* One plain ply of colour m (a constant) in registers, me and op the two
 * colours' stones, the draw of plain_draw_n. Returns 1 when the ply won,
 * 0 when it was played, -1 when there is no target (a pass: nothing drawn,
 * nothing played). */
static inline __attribute__((always_inline)) int ply5(const Board *b, const int m, const int EDGES, uint64_t *me, uint64_t *op, uint64_t *cm,
                                                      uint64_t *co, uint64_t *key,
                                                      uint64_t *rng, int *last, int *flip)
{
    const uint64_t t = targets5(m, EDGES, *me, *op);
    if (__builtin_expect(!t, 0)) return -1;
    const int k = (int)rng_below(rng, (uint64_t)__builtin_popcountll(t));
#ifdef __BMI2__
    /* select64's pdep gives the drawn point as a bit: its index (for the
     * key and the last move) is off the path to the next ply. */
    const uint64_t x = __builtin_ia32_pdep_di((uint64_t)1 << k, t);
    return take5(b, m, x, __builtin_ctzll(x), me, op, cm, co, key, last, flip);
#else
    const int bit = select64(t, k);
    return take5(b, m, (uint64_t)1 << bit, bit, me, op, cm, co, key, last, flip);
#endif
}

/* White's swap turn with the draws of play_swap_turn: one among the
 * targets and the swap, a placement drawn again among the empty points.
 * As ply5, and -2 when the swap was drawn (not played). */
static inline __attribute__((always_inline)) int swap_ply5(const Board *b, const int EDGES, uint64_t *me, uint64_t *op, uint64_t *cm,
                                                           uint64_t *co, uint64_t *key,
                                                           uint64_t *rng, int *last, int *flip)
{
    const uint64_t t = targets5(WHITE, EDGES, *me, *op);
    const uint64_t n = (uint64_t)__builtin_popcountll(t), E = (uint64_t)__builtin_popcountll(t & ~*op);
    uint64_t r = rng_below(rng, n + 1);
    if (r == n) return -2;
    const bool flip_drawn = r >= E;
    if (!flip_drawn) r = rng_below(rng, E);
    else r -= E;
    const int bit = select64(flip_drawn ? t & *op : t & ~*op, (int)r);
    return take5(b, WHITE, (uint64_t)1 << bit, bit, me, op, cm, co, key, last, flip);
}

/* What a loop in registers writes back besides the stones and the
 * connected sets, after plies > 0 plies from the side m0: the key, the
 * ply and side, the last move (bit `last`, a flip or not) and, when the
 * last ply won (r > 0), the result. */
static inline __attribute__((always_inline)) void regs_written_back(Position *p, uint64_t key, int m0, int plies, int r, int last, int flip)
{
    p->key = key;
    p->ply += (uint64_t)plies;
    p->to_move = (uint8_t)((m0 + plies) & 1);
    p->passes = 0;
    const int q = p->board->point_of[last];
    p->flipped = (int16_t)(flip ? q : -1);
    p->last = move_pts(flip ? MOVE_FLIP : MOVE_PLACE, 1, q, -1, -1);
    if (r > 0) p->result = (uint8_t)(((m0 + plies - 1) & 1) == BLACK ? RESULT_BLACK : RESULT_WHITE);
}

/* Up to cap plies of a 5x5 base-rules playout from p (no stone owed) in
 * registers, then p written back, its connected sets rebuilt; the plies
 * played. It stops early at a win, where the mover has no target (the
 * caller plays the pass) and where the swap is drawn (*swap set: the
 * caller plays it). EDGES: the rules' edges (a constant). */
static inline __attribute__((always_inline)) int playout_5_regs(Position *p, uint64_t *rngp, const int cap, bool *swap, const int EDGES)
{
    const Board *b = p->board;
    uint64_t sb = p->stones[BLACK][0], sw = p->stones[WHITE][0], key = p->key, rng = *rngp;
    uint64_t cb = p->conn[BLACK][0], cw = p->conn[WHITE][0];
    const int m0 = p->to_move;
    int plies = 0, r = 0, last = -1, flip = 0;
    if (b->rules.pie && p->ply < 2) { /* Black's first ply, then White's swap turn */
        if (!p->ply) {
            if ((r = ply5(b, BLACK, EDGES, &sb, &sw, &cb, &cw, &key, &rng, &last, &flip)) < 0) goto out;
            plies++;
            if (r || plies == cap) goto out;
        }
        if ((r = swap_ply5(b, EDGES, &sw, &sb, &cw, &cb, &key, &rng, &last, &flip)) < 0) {
            *swap = r == -2;
            goto out;
        }
        plies++;
        if (r) goto out;
    } else if (m0 == WHITE) {
        goto white;
    }
    for (;;) {
        if (plies == cap || (r = ply5(b, BLACK, EDGES, &sb, &sw, &cb, &cw, &key, &rng, &last, &flip)) < 0) break;
        plies++;
        if (r) break;
    white:
        if (plies == cap || (r = ply5(b, WHITE, EDGES, &sw, &sb, &cw, &cb, &key, &rng, &last, &flip)) < 0) break;
        plies++;
        if (r) break;
    }
out:
    *rngp = rng;
    if (!plies) return 0;
    p->stones[BLACK][0] = sb;
    p->stones[WHITE][0] = sw;
    p->conn[BLACK][0] = cb;
    p->conn[WHITE][0] = cw;
    regs_written_back(p, key, m0, plies, r, last, flip);
    return plies;
}
/* Out of line, so that the registers are allocated for this loop alone. */
static __attribute__((noinline)) int playout_5_regs_e1(Position *p, uint64_t *rng, int cap, bool *swap)
{
    return playout_5_regs(p, rng, cap, swap, 1);
}
static __attribute__((noinline)) int playout_5_regs_e0(Position *p, uint64_t *rng, int cap, bool *swap)
{
    return playout_5_regs(p, rng, cap, swap, 0);
}

/* The invariants of a position a loop in registers wrote back (checks builds). */
#ifdef MORPHOS_CHECKS
#define REGS_CHECK(k, p) ((k) ? pos_assert_ok(p) : (void)0)
#else
#define REGS_CHECK(k, p) ((void)0)
#endif

/* 5x5 base-rules playouts in registers; a single ply (a search's step,
 * pos_play_random: the register loop rebuilds the connected sets at its
 * end), a pass and the swap by the general loop, and so are the first two
 * plies of a set-up position whose side to move is not Black at ply 0 and
 * White at ply 1 (the register loop plays the swap turn as White's). */
static inline __attribute__((always_inline)) int playout_5_base_n(Position *p, uint64_t *rng, int cap, const int EDGES)
{
    int plies = 0;
    while (plies < cap && !pos_over(p)) {
        if (cap - plies > 1 && (p->ply >= 2 || !p->board->rules.pie || p->to_move == (p->ply & 1))) {
            bool swap = false;
            const int k = EDGES ? playout_5_regs_e1(p, rng, cap - plies, &swap) : playout_5_regs_e0(p, rng, cap - plies, &swap);
            REGS_CHECK(k, p);
            plies += k;
            if (swap) { /* drawn by the loop, as play_swap_turn draws it */
                const Move m = move_of(MOVE_SWAP);
                pos_play(p, &m);
                plies++;
                continue;
            }
            if (k) continue;
        }
        plies += random_playout_n(p, rng, 1, 7, SQ_NW(5), 1);
    }
    return plies;
}
static int playout_5_base(Position *p, uint64_t *rng, int cap) { return playout_5_base_n(p, rng, cap, 1); }
static int playout_5_base_noedges(Position *p, uint64_t *rng, int cap) { return playout_5_base_n(p, rng, cap, 0); }

#if SIMD_BOARD
/* Square boards of 3 to 8 words (11x11 to 19x19) under the base rules, in
 * the copies with the vector backend (simd.h): a playout's loop with each
 * colour's stones and connected set in a vector register from the first
 * ply to the last, written back once (playout_5_regs's idea). The general
 * loop stores each move into the position word by word, and the next
 * ply's targets read the board back as a vector: a vector load of words
 * just stored one by one waits for the stores (no store-to-load
 * forwarding). Here a ply is the targets (targets.h's patterns), the draw
 * (simd_pick_W), the move as a one-bit vector, and conn_add's test
 * (whether the stone joins the connected set and brings loose stones
 * along) by vector masks. A win test by lines (every row or column
 * held) and a flood from the stone played ran 13x13 playouts 1.35x
 * slower than this: on a large board most plies pass the lines test, and
 * the flood's end mispredicts (on 5x5 too, where the masks replaced it). 7x7 and 9x9 (two words, xmm) ran 1.03-1.07x slower than
 * their word loops, so they keep those. From ply 2 on or without the
 * pie; a pass leaves the loop (the general path plays it). */
#define VREGS(W, V, X)                                                                                                               \
    /* g grown by its four neighbours within m (m holds no frame bit, so                                                          \
     * nothing grows across a row's end). */                                                                                         \
    static inline __attribute__((always_inline)) V vregs_grow_##W(const V g, const V m, const int S)                                \
    {                                                                                                                                \
        const V h = simd_hi_##W(g), l = simd_lo_##W(g);                                                                             \
        return (g | simd_up_##W(g, h, 1) | simd_dn_##W(g, l, 1) | simd_up_##W(g, h, S) | simd_dn_##W(g, l, S)) & m;                \
    }                                                                                                                                \
    /* The stones of m joined to g (in m): `steps` steps unconditionally,                                                         \
     * then until a step adds nothing. */                                                                                            \
    static inline __attribute__((always_inline)) V vregs_flood_##W(V g, const V m, const int S, const int steps)                    \
    {                                                                                                                                \
        _Pragma("GCC unroll 4") for (int k = 0; k < steps; k++) g = vregs_grow_##W(g, m, S);                                        \
        V h = vregs_grow_##W(g, m, S);                                                                                               \
        while (__builtin_expect(X##cmpneq_epi64_mask(g, h) != 0, 0)) {                                                               \
            g = h;                                                                                                                   \
            h = vregs_grow_##W(vregs_grow_##W(g, m, S), m, S);                                                                       \
        }                                                                                                                            \
        return h;                                                                                                                    \
    }                                                                                                                                \
    /* One plain ply of colour m (a constant): ply5's, the board in                                                               \
     * vectors, and the connected sets cm, co kept as conn_add and                                                                   \
     * flip_stone keep Position.conn (a stone that joins cm and brings                                                               \
     * loose stones along fills; a flip of a stone of co rebuilds it). */                                                            \
    static inline __attribute__((always_inline)) int vregs_ply_##W(const Board *b, const int m, V *me, V *op, V *cm, V *co,         \
                                                                   uint64_t *key, uint64_t *rng, int *last, int *flip, const int S, \
                                                                   const int NW)                                                     \
    {                                                                                                                                \
        const V w = weak_vector_##W(*me | simd_load_##W(b->edge[m], NW), simd_load_##W(b->not_first_col, NW),                       \
                                    simd_load_##W(b->not_last_col, NW), 0, 0, S);                                                    \
        const int bit = simd_pick_##W((*op & w) | (simd_load_##W(b->points, NW) & ~(*me | *op)), rng);                              \
        if (__builtin_expect(bit < 0, 0)) return -1;                                                                                 \
        const V x = X##maskz_set1_epi64((__mmask8)(1u << (bit >> 6)), (long long)((uint64_t)1 << (bit & 63)));                      \
        const uint64_t f = X##test_epi64_mask(*op, x) != 0;                                                                          \
        const int q = b->point_of[bit];                                                                                              \
        *op &= ~x;                                                                                                                   \
        *me |= x;                                                                                                                    \
        *key ^= b->zob[m][q] ^ (b->zob[!m][q] & -f);                                                                                 \
        *last = bit;                                                                                                                 \
        *flip = (int)f;                                                                                                              \
        if (__builtin_expect(X##test_epi64_mask(*co, x) != 0, 0))                                                                    \
            *co = vregs_flood_##W(*op & simd_load_##W(b->goal[!m][0], NW), *op, S, 4);                                              \
        const V nb = vregs_grow_##W(x, X##set1_epi32(-1), S);                                                                       \
        if (!(X##test_epi64_mask(nb, *cm) | X##test_epi64_mask(x, simd_load_##W(b->goal[m][0], NW)))) return 0;                     \
        const V loose = *me & ~*cm;                                                                                                  \
        if (__builtin_expect(X##test_epi64_mask(nb & ~x, loose) != 0, 0)) {                                                          \
            const V g = vregs_flood_##W(x, loose, S, 2);                                                                             \
            *cm |= g;                                                                                                                \
            return X##test_epi64_mask(g, simd_load_##W(b->goal[m][1], NW)) != 0;                                                     \
        }                                                                                                                            \
        *cm |= x;                                                                                                                    \
        return X##test_epi64_mask(x, simd_load_##W(b->goal[m][1], NW)) != 0;                                                         \
    }                                                                                                                                \
    /* Up to cap plies from p (ply 2 on, or no pie) in registers, then p                                                          \
     * written back; the plies played. Stops at a win and where the mover                                                        \
     * has no target. */                                                                                                             \
    static inline __attribute__((always_inline)) int vregs_playout_##W(Position *p, uint64_t *rngp, const int cap, const int S,     \
                                                                       const int NW)                                                 \
    {                                                                                                                                \
        const Board *b = p->board;                                                                                                   \
        V sb = simd_load_##W(p->stones[BLACK], NW), sw = simd_load_##W(p->stones[WHITE], NW);                                        \
        V cb = simd_load_##W(p->conn[BLACK], NW), cw = simd_load_##W(p->conn[WHITE], NW);                                            \
        uint64_t key = p->key, rng = *rngp;                                                                                          \
        const int m0 = p->to_move;                                                                                                   \
        int plies = 0, r = 0, last = -1, flip = 0;                                                                                   \
        if (m0 == WHITE) goto white;                                                                                                 \
        for (;;) {                                                                                                                   \
            if (plies == cap || (r = vregs_ply_##W(b, BLACK, &sb, &sw, &cb, &cw, &key, &rng, &last, &flip, S, NW)) < 0) break;                 \
            plies++;                                                                                                                 \
            if (r) break;                                                                                                            \
        white:                                                                                                                       \
            if (plies == cap || (r = vregs_ply_##W(b, WHITE, &sw, &sb, &cw, &cb, &key, &rng, &last, &flip, S, NW)) < 0) break;                 \
            plies++;                                                                                                                 \
            if (r) break;                                                                                                            \
        }                                                                                                                            \
        *rngp = rng;                                                                                                                 \
        if (!plies) return 0;                                                                                                        \
        simd_store_##W(p->stones[BLACK], sb, NW);                                                                                    \
        simd_store_##W(p->stones[WHITE], sw, NW);                                                                                    \
        simd_store_##W(p->conn[BLACK], cb, NW);                                                                                      \
        simd_store_##W(p->conn[WHITE], cw, NW);                                                                                      \
        regs_written_back(p, key, m0, plies, r, last, flip);                                                                         \
        return plies;                                                                                                                \
    }
VREGS(256, __m256i, _mm256_)
VREGS(512, __m512i, _mm512_)
#undef VREGS

/* The sizes that take the vector loop, with its width (the others keep
 * their copy of random_playout_n). */
#define VREGS_SIZES(X) X(11, vregs_playout_256) X(13, vregs_playout_256) X(15, vregs_playout_512) X(19, vregs_playout_512)
#else
#define VREGS_SIZES(X)
#endif

#ifndef __wasm__
/* Square boards of two words (7x7, 9x9) under the base rules: the same
 * loop in general registers, each colour's stones and connected set in
 * two words (every index a constant, so that they stay in registers),
 * the targets and the draw of the word loops (targets_n, bb_select). */
static inline __attribute__((always_inline)) bool wregs_any(const uint64_t *a, const uint64_t *c, const int NW)
{
    uint64_t r = 0;
    for (int i = 0; i < NW; i++) r |= a[i] & c[i];
    return r != 0;
}
static inline __attribute__((always_inline)) int wregs_ply(const Board *b, const int m, uint64_t *me, uint64_t *op, uint64_t *cm, uint64_t *co,
                                                           uint64_t *key, uint64_t *rng, int *last, int *flip, const int S, const int NW)
{
    uint64_t plane[BB_MAXW], t[BB_MAXW], x[BB_MAXW], nb[BB_MAXW];
    for (int i = 0; i < NW; i++) plane[i] = me[i] | b->edge[m][i];
    const int n = targets_n(b, plane, me, op, NULL, t, S, NW, 1);
    if (__builtin_expect(n == 0, 0)) return -1;
    const int bit = bb_select(t, NW, (int)rng_below(rng, (uint64_t)n));
    const uint64_t one = (uint64_t)1 << (bit & 63);
    for (int i = 0; i < NW; i++) x[i] = one & -(uint64_t)((bit >> 6) == i); /* masks: no word indexed by the draw */
    const uint64_t f = wregs_any(op, x, NW);
    const int q = b->point_of[bit];
    for (int i = 0; i < NW; i++) {
        op[i] &= ~x[i];
        me[i] |= x[i];
    }
    *key ^= b->zob[m][q] ^ (b->zob[!m][q] & -f);
    *last = bit;
    *flip = (int)f;
    if (__builtin_expect(wregs_any(co, x, NW), 0)) { /* flip_stone's rebuild */
        for (int i = 0; i < NW; i++) co[i] = op[i] & b->goal[!m][0][i];
        fill_square_n(co, op, S, NW);
    }
    /* conn_add: whether the stone joins cm (a neighbour in it, or on the
     * first goal line), and whether it brings loose stones along. */
    for (int i = 0; i < NW; i++) {
        const uint64_t prev = i ? x[i - 1] : 0, next = i + 1 < NW ? x[i + 1] : 0;
        nb[i] = x[i] << 1 | prev >> 63 | x[i] >> 1 | next << 63 | x[i] << S | prev >> (64 - S) | x[i] >> S | next << (64 - S);
    }
    uint64_t j = 0;
    for (int i = 0; i < NW; i++) j |= (nb[i] & cm[i]) | (x[i] & b->goal[m][0][i]);
    if (!j) return 0;
    uint64_t loose[BB_MAXW], any = 0;
    for (int i = 0; i < NW; i++) any |= nb[i] & (loose[i] = me[i] & ~cm[i]);
    if (__builtin_expect(any != 0, 0)) {
        fill_square_n(x, loose, S, NW);
        for (int i = 0; i < NW; i++) cm[i] |= x[i];
        return wregs_any(x, b->goal[m][1], NW);
    }
    for (int i = 0; i < NW; i++) cm[i] |= x[i];
    return wregs_any(x, b->goal[m][1], NW);
}
static inline __attribute__((always_inline)) int wregs_playout(Position *p, uint64_t *rngp, const int cap, const int S, const int NW)
{
    const Board *b = p->board;
    uint64_t sb[BB_MAXW], sw[BB_MAXW], cb[BB_MAXW], cw[BB_MAXW];
    for (int i = 0; i < NW; i++) {
        sb[i] = p->stones[BLACK][i];
        sw[i] = p->stones[WHITE][i];
        cb[i] = p->conn[BLACK][i];
        cw[i] = p->conn[WHITE][i];
    }
    uint64_t key = p->key, rng = *rngp;
    const int m0 = p->to_move;
    int plies = 0, r = 0, last = -1, flip = 0;
    if (m0 == WHITE) goto white;
    for (;;) {
        if (plies == cap || (r = wregs_ply(b, BLACK, sb, sw, cb, cw, &key, &rng, &last, &flip, S, NW)) < 0) break;
        plies++;
        if (r) break;
    white:
        if (plies == cap || (r = wregs_ply(b, WHITE, sw, sb, cw, cb, &key, &rng, &last, &flip, S, NW)) < 0) break;
        plies++;
        if (r) break;
    }
    *rngp = rng;
    if (!plies) return 0;
    for (int i = 0; i < NW; i++) {
        p->stones[BLACK][i] = sb[i];
        p->stones[WHITE][i] = sw[i];
        p->conn[BLACK][i] = cb[i];
        p->conn[WHITE][i] = cw[i];
    }
    regs_written_back(p, key, m0, plies, r, last, flip);
    return plies;
}
#endif

#ifndef __wasm__
#define WREGS_SIZES(X) X(7, wregs_playout) X(9, wregs_playout)
#else
#define WREGS_SIZES(X) /* WebAssembly: the word pairs of targets.h */
#endif
#define REGS_SIZES(X) WREGS_SIZES(X) VREGS_SIZES(X)

/* The loop in registers for a square size, out of line (its registers
 * allocated for it alone), and around it the general per-size loop for
 * a pass and the plies before the loop's (pie: the first two). */
#define REGS_FN(n, loop)                                                                                                             \
    static __attribute__((noinline)) int regs_loop_##n(Position *p, uint64_t *rng, int cap) { return loop(p, rng, cap, n + 2, SQ_NW(n)); } \
    static int playout_##n##_base(Position *p, uint64_t *rng, int cap)                                                              \
    {                                                                                                                                \
        int plies = 0;                                                                                                               \
        while (plies < cap && !pos_over(p)) {                                                                                        \
            if (cap - plies > 1 && (p->ply >= 2 || !p->board->rules.pie)) {                                                          \
                const int k = regs_loop_##n(p, rng, cap - plies);                                                                    \
                REGS_CHECK(k, p);                                                                                                    \
                plies += k;                                                                                                          \
                if (k) continue;                                                                                                     \
            }                                                                                                                        \
            plies += random_playout_n(p, rng, 1, n + 2, SQ_NW(n), 0);                                                                \
        }                                                                                                                            \
        return plies;                                                                                                                \
    }
REGS_SIZES(REGS_FN)
#undef REGS_FN
#undef REGS_CHECK

/* The loop compiled per board size: the square sizes of targets.h, any
 * one-word board, the rest. One copy per size (the build's time); a
 * single step is the loop with cap 1. 5x5 has a second copy for the base
 * patterns (P1, P2), with no test of the rule set in the weak patterns:
 * on one word the tests kept gcc from scheduling the patterns without
 * spills. */
typedef int (*PlayoutFn)(Position *p, uint64_t *rng, int cap);
#define PLAYOUT_FN(n) \
    static int playout_##n(Position *p, uint64_t *rng, int cap) { return random_playout_n(p, rng, cap, n + 2, SQ_NW(n), 0); }
SQUARE_SIZES(PLAYOUT_FN)
#undef PLAYOUT_FN
static int playout_5_p12(Position *p, uint64_t *rng, int cap) { return random_playout_n(p, rng, cap, 7, SQ_NW(5), 1); }
static int playout_w1(Position *p, uint64_t *rng, int cap) { return random_playout_n(p, rng, cap, 0, 1, 0); }
static int playout_w3(Position *p, uint64_t *rng, int cap) { return random_playout_n(p, rng, cap, 0, 3, 0); }
static int playout_any(Position *p, uint64_t *rng, int cap) { return random_playout_n(p, rng, cap, 0, 0, 0); }

static PlayoutFn playout_for(const Board *b)
{
    if (regs5_rules(b)) return b->rules.edges ? playout_5_base : playout_5_base_noedges;
    if (b->size == 5 && !b->rules.a && !b->rules.p3) return playout_5_p12;
    if (regs_rules(b)) switch (b->size) {
#define CASE(n, loop) \
    case n: return playout_##n##_base;
            REGS_SIZES(CASE)
#undef CASE
        }
    switch (b->size) {
#define CASE(n) \
    case n: return playout_##n;
        SQUARE_SIZES(CASE)
#undef CASE
    default: return b->words == 1 ? playout_w1 : !b->size && b->words == 3 ? playout_w3 : playout_any;
    }
}

#if PAIR_BOARD
/* WebAssembly: a search plays its random plies one at a time
 * (pos_play_random), and V8 ran each per-size loop's entry and exit for
 * every ply (the cap and game-over tests, the loop's own stack check and
 * counters). One ply per call, the same draws and moves as the loop's
 * first ply; pos_play_random's caller has tested the game's end. Named
 * under playout_ for the web build's Asyncify list (web/web.mk). */
static inline __attribute__((always_inline)) int random_ply_n(Position *p, uint64_t *rng, const int S0, const int NW0, const int P12)
{
    if (!play_plain_n(p, rng, S0, NW0, P12) && !play_swap_turn(p, rng)) {
        Move m = pos_random_move(p, rng);
        pos_play(p, &m);
    }
    return 1;
}
#define PLY_FN(n) \
    static int playout_ply_##n(Position *p, uint64_t *rng, int cap) { (void)cap; return random_ply_n(p, rng, n + 2, SQ_NW(n), 0); }
SQUARE_SIZES(PLY_FN)
#undef PLY_FN
static int playout_ply_5_p12(Position *p, uint64_t *rng, int cap) { (void)cap; return random_ply_n(p, rng, 7, SQ_NW(5), 1); }
static int playout_ply_w1(Position *p, uint64_t *rng, int cap) { (void)cap; return random_ply_n(p, rng, 0, 1, 0); }
static int playout_ply_w3(Position *p, uint64_t *rng, int cap) { (void)cap; return random_ply_n(p, rng, 0, 3, 0); }
static int playout_ply_any(Position *p, uint64_t *rng, int cap) { (void)cap; return random_ply_n(p, rng, 0, 0, 0); }

/* One ply of playout_for(b)'s loop (cap is 1), its sizes and rules as
 * there. */
PlayoutFn board_random_ply(const Board *b)
{
    if (regs5_rules(b) || (b->size == 5 && !b->rules.a && !b->rules.p3)) return playout_ply_5_p12;
    switch (b->size) {
#define CASE(n) \
    case n: return playout_ply_##n;
        SQUARE_SIZES(CASE)
#undef CASE
    default: return b->words == 1 ? playout_ply_w1 : !b->size && b->words == 3 ? playout_ply_w3 : playout_ply_any;
    }
}
#else
/* One ply of playout_for(b)'s loop: where that is a register loop's
 * wrapper, the per-size loop the wrapper runs for a single ply (the
 * register loops take two or more), without the rule tests. */
PlayoutFn board_random_ply(const Board *b)
{
    if (regs5_rules(b)) return playout_5_p12; /* playout_5_base_n's one ply */
    if (regs_rules(b)) switch (b->size) {
#define CASE(n, loop) \
    case n: return playout_##n;
            REGS_SIZES(CASE)
#undef CASE
        }
    return playout_for(b);
}
#endif

Move pos_play_random(Position *p, uint64_t *rng)
{
    assert(!pos_over(p));
    hot_assert(p->board->random_ply == board_random_ply(p->board));
    p->board->random_ply(p, rng, 1);
    return p->last; /* what either path played */
}

int pos_random_playout(Position *p, uint64_t *rng, int cap) { return playout_for(p->board)(p, rng, cap); }
