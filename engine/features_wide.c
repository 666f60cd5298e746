/* features_wide.c - the wide pattern (features.h): why. The 3x3 window
 * sees a candidate's own neighbours and their weak status, but a stone's
 * life in Morphos also depends on knight-offset patterns and on whether
 * its neighbours' neighbours are held, and the 3x3 window cannot tell a
 * quiet empty area from one beside a fight. The wide window adds the
 * ring at distance 2 (12 points); it costs a few hundred cycles a
 * candidate, once per tree expansion, so it serves the priors only. */
#include "features.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

/* Cells in the mover's frame: the 3x3 window's 8 first (its order, NW N
 * NE W E SW S SE), then the outer ring row by row. */
static const int WX[FEAT_WIDE_CELLS] = {-1, 0, 1, -1, 1, -1, 0, 1, -1, 0, 1, -2, 2, -2, 2, -2, 2, -1, 0, 1};
static const int WY[FEAT_WIDE_CELLS] = {-1, -1, -1, 0, 0, 1, 1, 1, -2, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 2};

/* The key under symmetry s is sum d[i] 6^j, j cell i's index after the
 * reflection (the four symmetries are involutions, so the permutation is
 * its own inverse). PW[i][d][s] is cell i's term for digit d: the key is
 * a sum of table entries, with no multiply (64-bit lane multiplies are
 * emulated below AVX-512, and gcc's x86-64-v3 copy vectorised them so:
 * 560 instructions a key, 320 from the table; callgrind). */
static uint64_t PW[FEAT_WIDE_CELLS][6][4];
static pthread_once_t pw_once = PTHREAD_ONCE_INIT;

static void build_pw(void)
{
    for (int s = 0; s < 4; s++) {
        const int sx = s & 1 ? -1 : 1, sy = s & 2 ? -1 : 1;
        for (int i = 0; i < FEAT_WIDE_CELLS; i++) {
            int j = 0;
            while (WX[j] != sx * WX[i] || WY[j] != sy * WY[i]) j++;
            uint64_t w = 1;
            for (int k = 0; k < j; k++) w *= 6;
            for (int d = 0; d < 6; d++) PW[i][d][s] = (uint64_t)d * w;
        }
    }
}

void feat_wide_prepare(FeatWide *w, const FeatPos *f)
{
    pthread_once(&pw_once, build_pw);
    const Board *b = f->p->board;
    assert(b->size > 0 && b->size <= MAX_SIZE);
    const int N = b->size, R = N + 4;
    w->size = N, w->row = R;
    for (int i = 0; i < FEAT_WIDE_CELLS; i++) /* Black's frame is the board's; White's its transpose */
        w->off[i] = f->me == BLACK ? WX[i] + WY[i] * R : WY[i] + WX[i] * R;
    memset(w->d, 5, (size_t)R * (size_t)R);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) w->d[(y + 2) * R + x + 2] = (uint8_t)feat_digit(f, b->bit_of[y * N + x]);
}

uint64_t feat_wide_key(const FeatWide *w, int pt, uint32_t inner[8])
{
    assert(pt >= 0 && pt < w->size * w->size);
    const uint8_t *c = w->d + (pt / w->size + 2) * w->row + pt % w->size + 2;
    uint64_t k[4] = {0, 0, 0, 0};
#ifdef __clang__
    /* Not vectorised: clang made two cells a step of 64-bit vector
     * multiplies when the key multiplied, three 32-bit multiplies and
     * their shifts each in the browser (docs/results.md); scalar, the
     * table's four adds a cell are fewer instructions than those were. */
    _Pragma("clang loop vectorize(disable)")
#endif
    for (int i = 0; i < FEAT_WIDE_CELLS; i++) { /* digits 0..5 (feat_digit, or 5 off the board) */
        const uint32_t v = c[w->off[i]];
        if (i < 8) inner[i] = v;
        for (int s = 0; s < 4; s++) k[s] += PW[i][v][s];
    }
    uint64_t best = k[0];
    for (int s = 1; s < 4; s++)
        if (k[s] < best) best = k[s];
    assert(best < FEAT_WIDE_CODES);
    return best;
}
