/* symmetry.c - see symmetry.h. */
#include "symmetry.h"

#include <assert.h>

int sym_count(const Board *b) { return b->size > 0 ? SYM_MAX : 1; }

int sym_point(const Board *b, int s, int point)
{
    assert(s >= 0 && s < sym_count(b) && point >= 0 && point < b->npoints);
    int n = b->size, x = point % (n ? n : 1), y = point / (n ? n : 1);
    if (s & 1) x = n - 1 - x; /* left-right */
    if (s & 2) y = n - 1 - y; /* top-bottom; both: the half turn */
    return s ? y * n + x : point;
}

Move sym_move(const Board *b, int s, Move m)
{
    if (s == 0 || m.kind == MOVE_PASS || m.kind == MOVE_SWAP || m.kind == MOVE_NONE) return m;
    for (int i = 0; i < m.n; i++) m.pt[i] = (int16_t)sym_point(b, s, m.pt[i]);
    /* Placements in canonical order; a flip's stone stays last. */
    int np = m.kind == MOVE_FLIP ? m.n - 1 : m.n;
    for (int i = 1; i < np; i++)
        for (int j = i; j > 0 && m.pt[j - 1] > m.pt[j]; j--) {
            int16_t t = m.pt[j];
            m.pt[j] = m.pt[j - 1];
            m.pt[j - 1] = t;
        }
    return m;
}

uint64_t sym_hash(const Position *p, int s)
{
    const Board *b = p->board;
    uint64_t h = pos_hash(p);
    if (s == 0) return h;
    /* pos_hash is the stones' key and the state's keys: keep the state,
     * map the stones and mutator b's flipped point. */
    h ^= p->key;
    if (p->flipped >= 0 && b->rules.b) h ^= b->zob_flip[p->flipped] ^ b->zob_flip[sym_point(b, s, p->flipped)];
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < b->words; w++)
            for (uint64_t x = p->stones[c][w]; x; x &= x - 1) {
                int pt = b->point_of[w * 64 + __builtin_ctzll(x)];
                h ^= b->zob[c][sym_point(b, s, pt)];
            }
    return h;
}

uint64_t sym_canon(const Position *p, int *s)
{
    const Board *b = p->board;
    uint64_t h0 = pos_hash(p);
    if (sym_count(b) == 1) {
        if (s) *s = 0;
        return h0;
    }
    /* The three images in one pass over the stones (the solver's children
     * each pay this). */
    int n = b->size;
    uint64_t st = h0 ^ p->key, h[SYM_MAX] = { h0, st, st, st };
    if (p->flipped >= 0 && b->rules.b)
        for (int i = 1; i < SYM_MAX; i++) h[i] ^= b->zob_flip[p->flipped] ^ b->zob_flip[sym_point(b, i, p->flipped)];
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < b->words; w++)
            for (uint64_t x = p->stones[c][w]; x; x &= x - 1) {
                int pt = b->point_of[w * 64 + __builtin_ctzll(x)], px = pt % n, py = pt / n;
                int fx = n - 1 - px, fy = n - 1 - py;
                h[1] ^= b->zob[c][py * n + fx];
                h[2] ^= b->zob[c][fy * n + px];
                h[3] ^= b->zob[c][fy * n + fx];
            }
    int bs = 0;
    for (int i = 1; i < SYM_MAX; i++)
        if (h[i] < h[bs]) bs = i;
    if (s) *s = bs;
    return h[bs];
}
