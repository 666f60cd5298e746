/* weak.c - which stones the patterns make weak.
 *
 * Square boards compute the whole set at once: for each cell offset d the
 * plane is shifted so that bit p reads bit p+d, and an orientation matches
 * where all its shifted planes are set. Word by word, so the work scales
 * with the board's words, not the largest board's. Single points use a
 * table (square) or a code of the neighbours and a per-point table (Cairo). */
#include "core.h"

/* Cairo boards: the flipper's stones among the point's neighbours as a
 * code (board.h), and the code's bit of the point's weak table. nw = 1:
 * one word holds every neighbour. */
static inline __attribute__((always_inline)) bool cairo_weak(const Board *b, const uint64_t *plane, int point, const int nw)
{
#ifdef __BMI2__
    const uint64_t *m = b->ccode[point].m;
    unsigned code = (unsigned)__builtin_ia32_pext_di(plane[nw == 1 ? 0 : b->ccode[point].w[0]], m[0]);
    if (nw != 1) code |= (unsigned)__builtin_ia32_pext_di(plane[b->ccode[point].w[1]], m[1]) << b->ccode[point].shift;
#else
    (void)nw;
    unsigned code = 0;
    for (int k = 0; k < b->nnbr[point]; k++) code |= (unsigned)bb_test(plane, b->bit_of[b->cnbr[point][k]]) << k;
#endif
    return b->ccode[point].weak >> code & 1;
}

static inline __attribute__((always_inline)) void
weak_cairo(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out, const int nw)
{
    for (int i = 0; i < nw; i++) {
        uint64_t c = centres[i], w = 0;
        while (c) {
            int bit = __builtin_ctzll(c);
            w |= (uint64_t)cairo_weak(b, plane, i * 64 + bit, nw) << bit;
            c &= c - 1;
        }
        out[i] = w;
    }
}

/* The patterns of rules.md written out and factored:
 * P2' in its 4 orientations (A1..A4) is shared by P1 (which adds the
 * orthogonal pairs), P2 (which adds one cell at a knight's offset) and P3
 * (which adds two knight cells and two at distance 2).
 * S0, NW0: the stride and word count as constants (0: the board's), so
 * that the common sizes get shifts by immediates and unrolled loops.
 * full: every word, and P2 without the test for its A shape, so that
 * nothing branches on the stones (plain_targets). */
static inline __attribute__((always_inline)) void
weak_square(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out, const int S0, const int NW0, const int full)
{
    const int S = S0 ? S0 : b->stride, nw = NW0 ? NW0 : b->words;
    const bool mut_a = b->rules.a, p3 = b->rules.p3; /* under a, P2' lies inside every P3 */
    uint64_t P[BB_MAXW + 2];
    P[0] = 0;
    for (int i = 0; i < nw; i++) P[i + 1] = plane[i];
    P[nw + 1] = 0;
    _Pragma("GCC unroll 12") for (int i = 0; i < nw; i++) {
        const uint64_t c = centres[i];
        if (!full && !c) {
            out[i] = 0;
            continue;
        }
        const uint64_t lo = P[i], mid = P[i + 1], hi = P[i + 2];
/* bit p of the result reads bit p+d (UP) or p-d (DN) of the plane */
#define UP(d) ((mid >> (d)) | (hi << (64 - (d))))
#define DN(d) ((mid << (d)) | (lo >> (64 - (d))))
        const uint64_t U = UP(S), D = DN(S), L = DN(1), R = UP(1);
        const uint64_t UL = UP(S - 1), UR = UP(S + 1), DL = DN(S + 1), DR = DN(S - 1);
        /* The A shapes (P2') in pairs by their diagonal: a1 = dA & LU,
         * a2 = dA & DR2, a3 = dB & LD, a4 = dB & UR2. Grouped so, fewer
         * values are live at once (no spills in the branch-free copy). */
        const uint64_t dA = DL & UR, dB = UL & DR, LU = L & U, DR2 = D & R, LD = L & D, UR2 = U & R;
        const uint64_t ud = U & D, lr = L & R;
        uint64_t w;
        if (mut_a) {
            w = (ud & (L | R)) | (lr & (U | D)) | (dA & (LU | DR2)) | (dB & (LD | UR2));
        } else {
            w = (ud & ((L & (UL | DL)) | (R & (UR | DR)))) | (lr & ((U & (UL | UR)) | (D & (DL | DR))));
            /* P2 and P3 need an A shape first: most words have none at
             * an enemy stone, and skip the eight knight-offset shifts. */
            if (full || (c & ((dA & (LU | DR2)) | (dB & (LD | UR2))) & ~w)) {
                const uint64_t nf = b->not_first_col[i], nl = b->not_last_col[i];
                w |= dA & ((LU & ((UP(S + 2) & nl) | DN(2 * S + 1))) | (DR2 & ((DN(S + 2) & nf) | UP(2 * S + 1))));
                w |= dB & ((LD & (UP(2 * S - 1) | (DN(S - 2) & nl))) | (UR2 & ((UP(S - 2) & nf) | DN(2 * S - 1))));
                /* P3: the A shape on the two sides of the 2x2 block next to
                 * the stone, and the four cells on its far sides. */
                if (p3) {
                    const uint64_t a1 = dA & LU, a2 = dA & DR2, a3 = dB & LD, a4 = dB & UR2;
                    const uint64_t k21 = UP(S + 2) & nl, k12 = UP(2 * S + 1), km12 = UP(2 * S - 1), km21 = UP(S - 2) & nf;
                    const uint64_t km2m1 = DN(S + 2) & nf, km1m2 = DN(2 * S + 1), k1m2 = DN(2 * S - 1), k2m1 = DN(S - 2) & nl;
                    const uint64_t U2 = UP(2 * S), D2 = DN(2 * S), R2 = UP(2) & nl, L2 = DN(2) & nf;
                    w |= (a3 & U2 & k12 & k21 & R2) | (a2 & U2 & km12 & km21 & L2) | (a1 & D2 & k1m2 & k2m1 & R2) |
                         (a4 & D2 & km1m2 & km2m1 & L2);
                }
            }
        }
#undef UP
#undef DN
        out[i] = c & w;
    }
}

/* The square sizes with their own copy of the code (the benchmarked ones
 * and their neighbours); other sizes take the generic one. */
#define SQUARE_SIZES(X) X(5) X(7) X(9) X(11) X(13) X(15) X(19)
#define SQ_NW(n) (((n) + 2) * ((n) + 2) + 63) / 64

void weak_set(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out)
{
    switch (b->size) {
#define CASE(n)                                                     \
    case n: weak_square(b, plane, centres, out, n + 2, SQ_NW(n), 0); return;
        SQUARE_SIZES(CASE)
#undef CASE
    case 0: /* Cairo: one table lookup per stone (bits are points) */
        if (b->words == 1) weak_cairo(b, plane, centres, out, 1);
        else weak_cairo(b, plane, centres, out, b->words);
        return;
    default: weak_square(b, plane, centres, out, 0, 0, 0); return;
    }
}

static inline __attribute__((always_inline)) int
targets_n(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp, uint64_t *out, const int S0, const int NW0)
{
    const int nw = NW0 ? NW0 : b->words;
    if (S0 || b->size) weak_square(b, plane, opp, out, S0, NW0, 1);
    else weak_cairo(b, plane, opp, out, nw);
    int n = 0;
    _Pragma("GCC unroll 12") for (int i = 0; i < nw; i++) {
        out[i] |= b->points[i] & ~(own[i] | opp[i]);
        n += __builtin_popcountll(out[i]);
    }
    return n;
}

int plain_targets(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp, uint64_t *out)
{
    switch (b->size) {
#define CASE(n)                                                        \
    case n: return targets_n(b, plane, own, opp, out, n + 2, SQ_NW(n));
        SQUARE_SIZES(CASE)
#undef CASE
    case 0:
        if (b->words == 1) return targets_n(b, plane, own, opp, out, 0, 1);
        return targets_n(b, plane, own, opp, out, 0, 0);
    default: return targets_n(b, plane, own, opp, out, 0, 0);
    }
}

/* 128 bits of the plane from bit `start` on (start may be negative: bits
 * outside the board's words read as zero). */
static inline unsigned __int128 window128(const uint64_t *pl, int nw, int start)
{
    int base = start + 64, w = base / 64 - 1, r = base % 64;
    uint64_t a = w >= 0 && w < nw ? pl[w] : 0;
    uint64_t m = w + 1 >= 0 && w + 1 < nw ? pl[w + 1] : 0;
    uint64_t h = w + 2 >= 0 && w + 2 < nw ? pl[w + 2] : 0;
    unsigned __int128 x = ((unsigned __int128)m << 64 | a) >> r;
    if (r) x |= (unsigned __int128)h << (128 - r);
    return x;
}

bool point_weak(const Board *b, const uint64_t *plane, int point)
{
    if (b->size) {
        const int S = b->stride, back = WINDOW_BACK(S);
        unsigned __int128 win = window128(plane, b->words, b->bit_of[point] - back);
        /* Every pattern holds at least two orthogonal neighbours: most
         * stones fail here, before the pattern loop. */
        unsigned orth = (unsigned)(win >> (back - S) & 1) + (unsigned)(win >> (back + S) & 1) +
                        (unsigned)(win >> (back - 1) & 1) + (unsigned)(win >> (back + 1) & 1);
        if (orth < 2) return false;
#ifdef __BMI2__
        /* Gather the cells into a code and look it up. */
        if (__builtin_expect(!b->code_clash, 1)) {
            const uint64_t mlo = (uint64_t)b->code_cells, mhi = (uint64_t)(b->code_cells >> 64);
            unsigned code = (unsigned)__builtin_ia32_pext_di((uint64_t)win, mlo) |
                            (unsigned)__builtin_ia32_pext_di((uint64_t)(win >> 64), mhi) << __builtin_popcountll(mlo);
            code &= b->code_mask[point];
            return b->weak_code[code >> 3] >> (code & 7) & 1;
        }
#endif
        const unsigned __int128 *m = b->wpat + point * MAX_PATTERNS;
        for (int k = 0; k < b->npat[point]; k++)
            if ((win & m[k]) == m[k]) return true;
        return false;
    }
    return cairo_weak(b, plane, point, b->words);
}

bool point_weak_gap(const Board *b, const uint64_t *plane, const uint64_t *gaps, int point)
{
    if (b->size) {
        /* Per pattern, the cells it misses: none, or one that is a gap. */
        const int back = WINDOW_BACK(b->stride), start = b->bit_of[point] - back;
        const unsigned __int128 win = window128(plane, b->words, start), gw = gaps ? window128(gaps, b->words, start) : 0;
        /* Every pattern holds two orthogonal neighbours: with fewer, even
         * counting one gap, no pattern can close (most stones stop here). */
        const int S = b->stride;
        const unsigned __int128 one = 1, orth = one << (back - S) | one << (back + S) | one << (back - 1) | one << (back + 1);
        if (__builtin_popcountll((uint64_t)(win & orth)) + __builtin_popcountll((uint64_t)((win & orth) >> 64)) + ((gw & orth) != 0) < 2)
            return false;
        const unsigned __int128 *m = b->wpat + point * MAX_PATTERNS;
        bool weak = false;
        for (int k = 0; k < b->npat[point]; k++) {
            const unsigned __int128 miss = m[k] & ~win;
            weak |= (miss & (miss - 1)) == 0 && (miss & ~gw) == 0; /* zero, or one bit that is a gap */
        }
        return weak;
    }
    const PatternCells *pc = b->pat + point * MAX_PATTERNS;
    for (int k = 0; k < b->npat[point]; k++) {
        int missing = 0, gap = -1;
        for (int j = 0; j < pc[k].n && missing < 2; j++)
            if (!bb_test(plane, pc[k].bit[j])) missing++, gap = pc[k].bit[j];
        if (missing == 0 || (missing == 1 && gaps && bb_test(gaps, gap))) return true;
    }
    return false;
}
