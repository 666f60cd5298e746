/* weak.c - which stones the patterns make weak.
 *
 * Square boards compute the whole set at once: for each cell offset d the
 * plane is shifted so that bit p reads bit p+d, and an orientation matches
 * where all its shifted planes are set. Word by word, so the work scales
 * with the board's words, not the largest board's. Single points use a
 * table (square) or a code of the neighbours and a per-point table (Cairo). */
#include "targets.h"

void weak_set(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out)
{
    switch (b->size) {
#define CASE(n)                                                     \
    case n: weak_square(b, plane, centres, out, n + 2, SQ_NW(n), 0, 0); return;
        SQUARE_SIZES(CASE)
#undef CASE
    case 0: /* Cairo: one table lookup per stone (bits are points) */
        if (b->words == 1) weak_cairo(b, plane, centres, out, 1);
        else weak_cairo(b, plane, centres, out, b->words);
        return;
    default: weak_square(b, plane, centres, out, 0, 0, 0, 0); return;
    }
}

/* The loops that play most moves (random playouts, plain perft) have
 * their own per-size copies (targets.h); this one serves the rest (a
 * single random move, the swap turn), by word count only. */
int plain_targets(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp, uint64_t *out)
{
    if (b->words == 1) return targets_n(b, plane, own, opp, NULL, out, 0, 1, 0);
    return targets_n(b, plane, own, opp, NULL, out, 0, 0, 0);
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
        const unsigned __int128 orth = b->orth_window;
        if (__builtin_popcountll((uint64_t)(win & orth)) + __builtin_popcountll((uint64_t)((win & orth) >> 64)) + ((gw & orth) != 0) < 2)
            return false;
        const unsigned __int128 *m = b->wpat + point * MAX_PATTERNS;
        for (int k = 0; k < b->npat[point]; k++) {
            const unsigned __int128 miss = m[k] & ~win;
            if ((miss & (miss - 1)) == 0 && (miss & ~gw) == 0) return true; /* zero, or one bit that is a gap */
        }
        return false;
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
