/* features.c - the learned model's features (features.h): why these.
 * In Morphos a stone's life is decided by the stones around it (a weak
 * stone sits in a pattern of enemy stones, knight offsets included), so
 * the 8 neighbours with their weak status carry most of what a move does;
 * the move features add what a 3x3 window cannot see: the reply to the
 * last move, bridge shapes, the distance to the goal lines, wins and
 * blocks in one. */
#include "features.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>

#include "../rules/cairo.h"
#include "shape.h"

/* The 3x3 window in the mover's frame, cell i at (dx, dy) of DX/DY; for
 * colour c and symmetry s (sx, sy = +-1) the board offset of cell i. */
static const int DX[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, DY[8] = {-1, -1, -1, 0, 0, 1, 1, 1};


/* The four symmetries as permutations of the window's cells. */
static const uint8_t perm[4][8] = {
    {0, 1, 2, 3, 4, 5, 6, 7}, /* identity */
    {2, 1, 0, 4, 3, 7, 6, 5}, /* left-right */
    {5, 6, 7, 3, 4, 0, 1, 2}, /* top-bottom */
    {7, 6, 5, 4, 3, 2, 1, 0}, /* half turn */
};

uint32_t feat_square_key(const uint32_t d[8])
{
    uint32_t best = FEAT_NO_PATTERN;
    for (int s = 0; s < 4; s++) {
        uint32_t k = 0;
        for (int i = 7; i >= 0; i--) k = k * 6 + d[perm[s][i]];
        if (k < best) best = k;
    }
    assert(best < FEAT_SQUARE_CODES);
    return best;
}

int feat_square_frames(uint32_t key, uint32_t raw[4])
{
    assert(key < FEAT_SQUARE_CODES);
    uint32_t e[8];
    for (int i = 0; i < 8; i++, key /= 6) e[i] = key % 6;
    for (int s = 0; s < 4; s++) {
        uint32_t d[8], r = 0;
        for (int i = 0; i < 8; i++) d[perm[s][i]] = e[i];
        for (int i = 7; i >= 0; i--) r = r * 6 + d[i];
        raw[s] = r;
    }
    return 4;
}

void feat_square_offsets(const Board *b, int me, int off[8])
{
    assert(b->size > 0);
    for (int i = 0; i < 8; i++) {
        /* Black's frame is the board's; White's is its transpose. */
        int ax = me == BLACK ? DX[i] : DY[i], ay = me == BLACK ? DY[i] : DX[i];
        off[i] = ax + ay * b->stride;
    }
}

static uint32_t square_pattern(const FeatPos *f, int pt)
{
    const Board *b = f->p->board;
    const int N = b->size, S = b->stride, x = pt % N, y = pt / N, qb = b->bit_of[pt];
    uint32_t d[8];
    for (int i = 0; i < 8; i++) {
        int ax = f->me == BLACK ? DX[i] : DY[i], ay = f->me == BLACK ? DY[i] : DX[i];
        int cx = x + ax, cy = y + ay;
        d[i] = cx < 0 || cy < 0 || cx >= N || cy >= N ? 5 : feat_digit(f, qb + ax + ay * S);
    }
    return feat_square_key(d);
}

uint32_t feat_square_raw(const FeatPos *f, int pt)
{
    /* The digits of square_pattern from one 64-bit window of each set
     * (bit S + 1 is pt; the frame around the board holds no point, so no
     * bounds checks): the priors read every child's window. */
    const Position *p = f->p;
    const Board *b = p->board;
    assert(b->size > 0);
    const int S = b->stride, me = f->me, lo = b->bit_of[pt] - S - 1;
    const uint64_t on = bb_window64(b->points, lo);
    const uint64_t own = bb_window64(p->stones[me], lo), opp = bb_window64(p->stones[me ^ 1], lo);
    const uint64_t ownw = bb_window64(f->weak[me], lo), oppw = bb_window64(f->weak[me ^ 1], lo);
    uint32_t c = 0;
    for (int i = 7; i >= 0; i--) {
        const int ax = me == BLACK ? DX[i] : DY[i], ay = me == BLACK ? DY[i] : DX[i], k = ax + 1 + (ay + 1) * S;
        const uint32_t d = !(on >> k & 1) ? 5 : own >> k & 1 ? 1 + 2 * (uint32_t)(ownw >> k & 1)
                                            : opp >> k & 1 ? 2 + 2 * (uint32_t)(oppw >> k & 1) : 0;
        c = c * 6 + d;
    }
#ifdef MORPHOS_CHECKS
    uint32_t d[8], r = c;
    for (int i = 0; i < 8; i++, r /= 6) d[i] = r % 6;
    assert(feat_square_key(d) == square_pattern(f, pt));
#endif
    return c;
}

/* Cairo: each cell's orthogonal neighbours in angular order around its
 * centroid, built once per board. */
typedef struct CairoRing {
    int8_t n[CAIRO_MAX_CELLS];
    int16_t ring[CAIRO_MAX_CELLS][5];
} CairoRing;

static const int ring_cells[2] = {48, 160};
static CairoRing rings[2];
static pthread_once_t rings_once = PTHREAD_ONCE_INIT;

static void build_rings(void)
{
    for (int r = 0; r < 2; r++) {
        const CairoCell *cell = cairo_cells(ring_cells[r]);
        assert(cell);
        for (int c = 0; c < ring_cells[r]; c++) {
            int n = cell[c].northo;
            double ang[5];
            int16_t nb[5];
            assert(n >= 1 && n <= 5);
            for (int k = 0; k < n; k++) {
                nb[k] = cell[c].orth[k];
                ang[k] = atan2(cell[nb[k]].y - cell[c].y, cell[nb[k]].x - cell[c].x);
            }
            for (int i = 1; i < n; i++) /* insertion sort by angle */
                for (int j = i; j > 0 && ang[j] < ang[j - 1]; j--) {
                    double ta = ang[j]; ang[j] = ang[j - 1]; ang[j - 1] = ta;
                    int16_t tn = nb[j]; nb[j] = nb[j - 1]; nb[j - 1] = tn;
                }
            rings[r].n[c] = (int8_t)n;
            for (int k = 0; k < n; k++) rings[r].ring[c][k] = nb[k];
        }
    }
}

static const CairoRing *ring_of(const Board *b)
{
    pthread_once(&rings_once, build_rings);
    assert(b->size == 0 && (b->npoints == ring_cells[0] || b->npoints == ring_cells[1]));
    return &rings[b->npoints == ring_cells[0] ? 0 : 1];
}

int feat_cairo_ring(const Board *b, int pt, int16_t out[5])
{
    const CairoRing *R = ring_of(b);
    for (int k = 0; k < R->n[pt]; k++) out[k] = R->ring[pt][k];
    return R->n[pt];
}

int feat_cairo_side(const Board *b, int me, int pt)
{
    const int bit = pt; /* a Cairo cell's bit is its number */
    const int own = bb_test(b->goal[me][0], bit) || bb_test(b->goal[me][1], bit);
    const int opp = bb_test(b->goal[me ^ 1][0], bit) || bb_test(b->goal[me ^ 1][1], bit);
    return own + 2 * opp;
}

uint32_t feat_cairo_key(const uint32_t *d, int n, int side)
{
    assert(n >= 1 && n <= 5 && side >= 0 && side < 4);
    uint32_t best = FEAT_NO_PATTERN;
    for (int r = 0; r < n; r++)
        for (int dir = -1; dir <= 1; dir += 2) {
            uint32_t k = 0;
            for (int i = 0; i < n; i++) k = k * 6 + d[((r + dir * i) % n + n) % n];
            if (k < best) best = k;
        }
    assert(best < 7776u);
    return FEAT_SQUARE_CODES + best + 7776u * (uint32_t)(n + 6 * side);
}

int feat_cairo_frames(uint32_t key, int *n, int *side, uint32_t raw[10])
{
    assert(key >= FEAT_SQUARE_CODES);
    key -= FEAT_SQUARE_CODES;
    uint32_t e = key % 7776u, ns = key / 7776u;
    *n = (int)(ns % 6), *side = (int)(ns / 6);
    assert(*n >= 1 && *n <= 5 && *side < 4);
    uint32_t ed[5];
    for (int i = *n - 1; i >= 0; i--, e /= 6) ed[i] = e % 6; /* ed[0] the most significant */
    int m = 0;
    for (int r = 0; r < *n; r++)
        for (int dir = -1; dir <= 1; dir += 2) {
            uint32_t d[5], v = 0;
            for (int i = 0; i < *n; i++) d[((r + dir * i) % *n + *n) % *n] = ed[i];
            for (int k = *n - 1; k >= 0; k--) v = v * 6 + d[k];
            raw[m++] = v;
        }
    return m;
}

static uint32_t cairo_pattern(const FeatPos *f, int pt)
{
    const CairoRing *R = ring_of(f->p->board);
    const int n = R->n[pt];
    uint32_t d[5];
    for (int k = 0; k < n; k++) d[k] = feat_digit(f, R->ring[pt][k]); /* a Cairo cell's bit is its number */
    return feat_cairo_key(d, n, feat_cairo_side(f->p->board, f->me, pt));
}

int feat_bridge_answer(const Position *p, int q)
{
    const Board *b = p->board;
    if (b->size == 0) return shape_cairo_bridge_answer(p, q);
    /* q's 3x3 neighbourhood from one 64-bit window of each set (bit S + 1
     * is q; the frame around the board holds no stones, so no bounds
     * checks). The first answer in the order E-S, S-W, W-N, N-E. */
    const int S = b->stride, lo = b->bit_of[q] - S - 1;
    const uint64_t own = bb_window64(p->stones[p->to_move], lo);
    const uint64_t empty = bb_window64(b->points, lo) & ~own & ~bb_window64(p->stones[p->to_move ^ 1], lo);
    const int orth[5] = {S + 2, 2 * S + 1, S, 1, S + 2}; /* E, S, W, N, E */
    const int diag[4] = {2 * S + 2, 2 * S, 0, 2};       /* SE, SW, NW, NE: between orth[i] and orth[i + 1] */
    for (int i = 0; i < 4; i++)
        if (own >> orth[i] & own >> orth[i + 1] & empty >> diag[i] & 1) return b->point_of[lo + diag[i]];
    return -1;
}

int feat_bridge_answers(const Position *p, int q, int *out)
{
    const Board *b = p->board;
    if (b->size == 0) return shape_cairo_bridge_answers(p, q, out);
    const int S = b->stride, lo = b->bit_of[q] - S - 1;
    const uint64_t own = bb_window64(p->stones[p->to_move], lo);
    const uint64_t empty = bb_window64(b->points, lo) & ~own & ~bb_window64(p->stones[p->to_move ^ 1], lo);
    const int orth[5] = {S + 2, 2 * S + 1, S, 1, S + 2};
    const int diag[4] = {2 * S + 2, 2 * S, 0, 2};
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (own >> orth[i] & own >> orth[i + 1] & empty >> diag[i] & 1) out[n++] = b->point_of[lo + diag[i]];
    return n;
}

int feat_bridges(const Position *p, int pt, int c)
{
    const Board *b = p->board;
    if (b->size == 0) return shape_cairo_bridges(p, pt, c);
    int S = b->stride, qb = b->bit_of[pt], n = 0;
    static const int dx[4] = {1, 1, -1, -1}, dy[4] = {1, -1, 1, -1};
    for (int i = 0; i < 4; i++) {
        int db = qb + dx[i] + dy[i] * S, l1 = qb + dx[i], l2 = qb + dy[i] * S;
        if (b->point_of[db] < 0 || !bb_test(p->stones[c], db)) continue;
        if (bb_test(p->stones[0], l1) || bb_test(p->stones[1], l1)) continue;
        if (bb_test(p->stones[0], l2) || bb_test(p->stones[1], l2)) continue;
        n++;
    }
    return n;
}

void feat_prepare_ex(FeatPos *f, const Position *p, int wins)
{
    assert(!pos_over(p));
    f->p = p;
    f->me = p->to_move;
    f->conn = NULL;
    const Move *l = &p->last;
    f->last = (l->kind == MOVE_PLACE || l->kind == MOVE_FLIP) && l->n >= 1 ? l->pt[l->n - 1] : -1;
    f->nans = l->kind == MOVE_PLACE && l->n == 1 ? feat_bridge_answers(p, l->pt[0], f->ans) : 0;
    for (int c = 0; c < 2; c++) {
        pos_weak_stones(p, (Color)c, f->weak[c]);
        bb_zero(f->win[c]);
        if (wins) pos_winning_points(p, c, f->win[c]);
    }
    bb_zero(f->weak_if);
    pos_weak_if_placed(p, (Color)f->me, f->weak_if);
}

int feat_closeness(const Board *b, int a, int c)
{
    if (a == c) return 0;
    if (b->size) {
        int N = b->size, dx = a % N - c % N, dy = a / N - c / N;
        if (dx < 0) dx = -dx;
        if (dy < 0) dy = -dy;
        if (dx + dy == 1) return 1;
        if (dx == 1 && dy == 1) return 2;
        return dx <= 2 && dy <= 2 ? 3 : 4;
    }
    for (int k = 0; k < b->nnbr[a]; k++)
        if (b->nbr[a][k] == c) return 1;
    const CairoCell *cell = b->cairo;
    for (int k = 0; k < cell[a].ndiag; k++)
        if (cell[a].diag[k] == c) return 2;
    for (int k = 0; k < b->nnbr[a]; k++) {
        int m = b->nbr[a][k];
        for (int j = 0; j < b->nnbr[m]; j++)
            if (b->nbr[m][j] == c) return 3;
    }
    return 4;
}

static inline void add(MoveFeat *out, int id)
{
    assert(id >= 0 && id < FEAT_ALL && out->n < FEAT_MAX_FIXED);
    out->id[out->n++] = (uint8_t)id;
}

void feat_add_edges(const Board *b, int me, int pt, MoveFeat *out)
{
    const int bit = b->bit_of[pt];
    if (b->size) {
        /* In the mover's frame own goal lines are rows 0 and N - 1. */
        int N = b->size, x = pt % N, y = pt / N;
        int u = me == BLACK ? y : x, v = me == BLACK ? x : y;
        int du = u < N - 1 - u ? u : N - 1 - u, dv = v < N - 1 - v ? v : N - 1 - v;
        if (du <= 3) add(out, FEAT_OWN_EDGE0 + du);
        if (dv <= 2) add(out, FEAT_OPP_EDGE0 + dv);
    } else {
        if (bb_test(b->goal[me][0], bit) || bb_test(b->goal[me][1], bit)) add(out, FEAT_OWN_EDGE0);
        if (bb_test(b->goal[me ^ 1][0], bit) || bb_test(b->goal[me ^ 1][1], bit)) add(out, FEAT_OPP_EDGE0);
    }
}

void feat_move_ex(const FeatPos *f, int kind, int pt, MoveFeat *out, int pattern)
{
    const Position *p = f->p;
    const Board *b = p->board;
    const int me = f->me;
    out->n = 0;
    out->pattern = FEAT_NO_PATTERN;
    if (kind == MOVE_PASS || kind == MOVE_SWAP) {
        add(out, kind == MOVE_PASS ? FEAT_PASS : FEAT_SWAP);
        return;
    }
    assert((kind == MOVE_PLACE || kind == MOVE_FLIP) && pt >= 0 && pt < b->npoints);
    const int bit = b->bit_of[pt];
    assert(kind == MOVE_PLACE ? !bb_test(p->stones[0], bit) && !bb_test(p->stones[1], bit) : bb_test(p->stones[me ^ 1], bit));
    if (pattern) out->pattern = b->size ? square_pattern(f, pt) : cairo_pattern(f, pt);
    if (kind == MOVE_FLIP) {
        add(out, FEAT_FLIP);
    } else {
        add(out, bb_test(f->weak_if, bit) ? FEAT_PLACE_WEAK : FEAT_PLACE);
        int nb = feat_bridges(p, pt, me);
        if (nb) add(out, nb > 1 ? FEAT_BRIDGE2 : FEAT_BRIDGE1);
        for (int k = 0; k < f->nans; k++)
            if (pt == f->ans[k]) {
                add(out, FEAT_BRIDGE_ANSWER);
                break;
            }
    }
    if (f->last >= 0) {
        static const int ids[5] = {FEAT_LAST_SAME, FEAT_LAST_ADJ, FEAT_LAST_DIAG, FEAT_LAST_NEAR, -1};
        int c = ids[feat_closeness(b, pt, f->last)];
        if (c >= 0) add(out, c);
    }
    feat_add_edges(b, me, pt, out);
    if (bb_test(f->win[me], bit)) add(out, FEAT_WIN);
    else if (bb_test(f->win[me ^ 1], bit)) add(out, FEAT_BLOCK);
    if (f->conn && f->conn[pt] < FEAT_CONN_N) add(out, FEAT_CONN + f->conn[pt]);
}
