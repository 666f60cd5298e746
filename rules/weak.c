/* weak.c - which stones the patterns make weak.
 *
 * Square boards compute the whole set at once: for each distinct cell
 * offset d, the plane shifted so that bit p reads bit p+d; a pattern
 * orientation matches where all its shifted planes are set. Word by word,
 * so the work scales with the board's words, not the largest board's. */
#include "core.h"

void weak_set(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out)
{
    int nw = b->words;
    if (!b->size) { /* no shift structure: test each centre */
        for (int i = 0; i < nw; i++) out[i] = 0;
        BB_FOR_EACH(bit, centres, nw)
            if (point_weak(b, plane, b->point_of[bit])) bb_set(out, bit);
        return;
    }
    uint64_t P[BB_MAXW + 2];
    P[0] = 0;
    for (int i = 0; i < nw; i++) P[i + 1] = plane[i];
    P[nw + 1] = 0;
    for (int i = 0; i < nw; i++) {
        uint64_t c = centres[i];
        if (!c) {
            out[i] = 0;
            continue;
        }
        uint64_t sh[32];
        for (int k = 0; k < b->noff; k++) {
            int d = b->off[k];
            sh[k] = d > 0 ? (P[i + 1] >> d) | (P[i + 2] << (64 - d)) : (P[i + 1] << -d) | (P[i] >> (64 + d));
        }
        uint64_t acc = 0;
        for (int o = 0; o < b->nsq; o++) {
            uint64_t m = ~(uint64_t)0;
            for (int k = 0; k < b->sq[o].n; k++) m &= sh[b->sq[o].cell[k]];
            if (b->sq[o].guard & 1) m &= b->not_first_col[i];
            if (b->sq[o].guard & 2) m &= b->not_last_col[i];
            acc |= m;
        }
        out[i] = c & acc;
    }
}

bool point_weak(const Board *b, const uint64_t *plane, int point)
{
    const PatternCells *pc = b->pat + point * MAX_PATTERNS;
    for (int k = 0; k < b->npat[point]; k++) {
        int j = 0;
        while (j < pc[k].n && bb_test(plane, pc[k].bit[j])) j++;
        if (j == pc[k].n) return true;
    }
    return false;
}
