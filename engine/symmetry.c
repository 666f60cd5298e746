/* symmetry.c - see symmetry.h. */
#include "symmetry.h"

#include <assert.h>
#include <stdlib.h>

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
    if (p->flipped >= 0 && b->flip_bannable) h ^= b->zob_flip[p->flipped] ^ b->zob_flip[sym_point(b, s, p->flipped)];
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < b->words; w++)
            for (uint64_t x = p->stones[c][w]; x; x &= x - 1) {
                int pt = b->point_of[w * 64 + __builtin_ctzll(x)];
                h ^= b->zob[c][sym_point(b, s, pt)];
            }
    return h;
}

/* The keys of the three images of a stone of colour c on pt. */
static void images(const Board *b, int c, int pt, uint64_t out[SYM_MAX - 1])
{
    for (int i = 1; i < SYM_MAX; i++) out[i - 1] = b->zob[c][sym_point(b, i, pt)];
}

/* The images' keys of p before its stones, and the choice among them once
 * the stones are in (shared by sym_canon and sym_canon_t). */
static void canon_start(const Position *p, uint64_t h[SYM_MAX])
{
    const Board *b = p->board;
    uint64_t st = h[0] ^ p->key;
    for (int i = 1; i < SYM_MAX; i++) h[i] = st;
    if (p->flipped >= 0 && b->flip_bannable)
        for (int i = 1; i < SYM_MAX; i++) h[i] ^= b->zob_flip[p->flipped] ^ b->zob_flip[sym_point(b, i, p->flipped)];
}

static uint64_t canon_pick(const uint64_t h[SYM_MAX], int *s)
{
    int bs = 0;
    for (int i = 1; i < SYM_MAX; i++)
        if (h[i] < h[bs]) bs = i;
    if (s) *s = bs;
    return h[bs];
}

uint64_t sym_canon(const Position *p, int *s)
{
    const Board *b = p->board;
    uint64_t h[SYM_MAX] = { pos_hash(p) };
    if (sym_count(b) == 1) {
        if (s) *s = 0;
        return h[0];
    }
    canon_start(p, h);
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < b->words; w++)
            for (uint64_t x = p->stones[c][w]; x; x &= x - 1) {
                uint64_t im[SYM_MAX - 1];
                images(b, c, b->point_of[w * 64 + __builtin_ctzll(x)], im);
                for (int i = 1; i < SYM_MAX; i++) h[i] ^= im[i - 1];
            }
    return canon_pick(h, s);
}

int sym_table_init(SymTable *t, const Board *b)
{
    t->b = b;
    t->z = NULL;
    if (sym_count(b) == 1) return 0;
    size_t nbits = (size_t)b->words * 64;
    if (!(t->z = calloc(nbits * 2 * (SYM_MAX - 1), sizeof *t->z))) return -1;
    for (size_t bit = 0; bit < nbits; bit++)
        for (int c = 0; c < 2; c++)
            if (b->point_of[bit] >= 0) images(b, c, b->point_of[bit], &t->z[(bit * 2 + (size_t)c) * (SYM_MAX - 1)]);
    return 0;
}

void sym_table_free(SymTable *t)
{
    free(t->z);
    t->z = NULL;
}

uint64_t sym_canon_t(const SymTable *t, const Position *p, int *s)
{
    const Board *b = p->board;
    assert(b == t->b);
    if (!t->z) return sym_canon(p, s);
    uint64_t h[SYM_MAX] = { pos_hash(p) };
    canon_start(p, h);
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < b->words; w++)
            for (uint64_t x = p->stones[c][w]; x; x &= x - 1) {
                const uint64_t *im = &t->z[((size_t)(w * 64 + __builtin_ctzll(x)) * 2 + (size_t)c) * (SYM_MAX - 1)];
                h[1] ^= im[0];
                h[2] ^= im[1];
                h[3] ^= im[2];
            }
    return canon_pick(h, s);
}
