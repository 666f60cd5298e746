/* targets.h - the weak sets and the plain targets of a turn, inline: weak.c
 * compiles them per board size, and so do the loops that play most moves
 * (random playouts in movegen.c, plain perft in perft.c), so that a 5x5
 * playout runs with its stride and word count as constants end to end.
 * Internal to rules/. */
#ifndef MORPHOS_TARGETS_H
#define MORPHOS_TARGETS_H

#include "core.h"
#include "simd.h"

/* Cairo boards: the flipper's stones among the point's neighbours as a
 * code (board.h), and the code's bit of the point's weak table. nw = 1:
 * one word holds every neighbour. */
static inline __attribute__((always_inline)) bool cairo_weak(const Board *b, const uint64_t *plane, int point, const int nw)
{
#ifdef __BMI2__
    const uint64_t *m = b->ccode[point].m;
    unsigned code = (unsigned)__builtin_ia32_pext_di(plane[nw == 1 ? 0 : b->ccode[point].w[0]], m[0]);
    if (nw != 1) code |= (unsigned)__builtin_ia32_pext_di(plane[b->ccode[point].w[1]], m[1]) << b->ccode[point].shift;
    return b->ccode[point].weak >> code & 1;
#else
    /* Two multiplies where a loop over the neighbours took 2.5 times the
     * instructions of pext (callgrind, Morpharaoh 160). */
    const uint64_t *m = b->ccode[point].m, *mul = b->ccode[point].mul;
    unsigned idx = (unsigned)(((plane[nw == 1 ? 0 : b->ccode[point].w[0]] & m[0]) * mul[0]) >> b->ccode[point].msh[0]);
    if (nw != 1) idx |= (unsigned)(((plane[b->ccode[point].w[1]] & m[1]) * mul[1]) >> b->ccode[point].msh[1]) << b->ccode[point].mb0;
    return b->ccode[point].mweak >> idx & 1;
#endif
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

/* The patterns of rules.md written out and factored, for one word (T
 * uint64_t) or a whole board in a vector (simd.h): bit p of UP(d) reads
 * bit p+d of the plane, DN(d) bit p-d; nf, nl: the 2-column guards.
 * P2' in its 4 orientations (A1..A4) is shared by P1 (which adds the
 * orthogonal pairs), P2 (which adds one cell at a knight's offset) and P3
 * (which adds two knight cells and two at distance 2). P2 and P3 are
 * added when NEED_P2(a shapes, w so far) holds. merged: P1 and P2 in one
 * expression, where P2 is always wanted and P3 is not: fewer operations,
 * but more values live at once, so only on one word (on 9x9 and 13x13
 * the word loops ran 5-6% more instructions so). */
#define WEAK_PATTERNS(T, w, UP, DN, S, nf, nl, mut_a, p3, NEED_P2, merged)                                                    \
    do {                                                                                                                      \
        const T U = UP(S), D = DN(S), L = DN(1), R = UP(1);                                                                   \
        const T UL = UP(S - 1), UR = UP(S + 1), DL = DN(S + 1), DR = DN(S - 1);                                               \
        /* The A shapes (P2') in pairs by their diagonal: a1 = dA & LU,                                                       \
         * a2 = dA & DR2, a3 = dB & LD, a4 = dB & UR2. Grouped so, fewer                                                      \
         * values are live at once (no spills in the branch-free copy). */                                                    \
        const T dA = DL & UR, dB = UL & DR, LU = L & U, DR2 = D & R, LD = L & D, UR2 = U & R;                                 \
        const T ud = U & D, lr = L & R;                                                                                       \
        if (mut_a) {                                                                                                          \
            w = (ud & (L | R)) | (lr & (U | D)) | (dA & (LU | DR2)) | (dB & (LD | UR2));                                      \
        } else if ((merged) && !(p3)) {                                                                                       \
            /* P1 and P2 by the pair of orthogonal cells they share (each                                                     \
             * P1 holds one with its diagonal, each P2 one with the other                                                     \
             * two diagonals): six operations fewer than the two apart. */                                                    \
            w = (LU & ((UL & (D | R)) | (dA & ((UP(S + 2) & nl) | DN(2 * S + 1))))) |                                        \
                (DR2 & ((DR & (U | L)) | (dA & ((DN(S + 2) & nf) | UP(2 * S + 1))))) |                                        \
                (LD & ((DL & (U | R)) | (dB & (UP(2 * S - 1) | (DN(S - 2) & nl))))) |                                        \
                (UR2 & ((UR & (D | L)) | (dB & ((UP(S - 2) & nf) | DN(2 * S - 1)))));                                      \
        } else {                                                                                                              \
            w = (ud & ((L & (UL | DL)) | (R & (UR | DR)))) | (lr & ((U & (UL | UR)) | (D & (DL | DR))));                     \
            if (NEED_P2((dA & (LU | DR2)) | (dB & (LD | UR2)), w)) {                                                          \
                w |= dA & ((LU & ((UP(S + 2) & nl) | DN(2 * S + 1))) | (DR2 & ((DN(S + 2) & nf) | UP(2 * S + 1))));          \
                w |= dB & ((LD & (UP(2 * S - 1) | (DN(S - 2) & nl))) | (UR2 & ((UP(S - 2) & nf) | DN(2 * S - 1))));          \
                /* P3: the A shape on the two sides of the 2x2 block next to                                                  \
                 * the stone, and the four cells on its far sides. */                                                         \
                if (p3) {                                                                                                     \
                    const T a1 = dA & LU, a2 = dA & DR2, a3 = dB & LD, a4 = dB & UR2;                                         \
                    const T k21 = UP(S + 2) & nl, k12 = UP(2 * S + 1), km12 = UP(2 * S - 1), km21 = UP(S - 2) & nf;           \
                    const T km2m1 = DN(S + 2) & nf, km1m2 = DN(2 * S + 1), k1m2 = DN(2 * S - 1), k2m1 = DN(S - 2) & nl;       \
                    const T U2 = UP(2 * S), D2 = DN(2 * S), R2 = UP(2) & nl, L2 = DN(2) & nf;                                 \
                    w |= (a3 & U2 & k12 & k21 & R2) | (a2 & U2 & km12 & km21 & L2) | (a1 & D2 & k1m2 & k2m1 & R2) |           \
                         (a4 & D2 & km1m2 & km2m1 & L2);                                                                      \
                }                                                                                                             \
            }                                                                                                                 \
        }                                                                                                                     \
    } while (0)

#if SIMD_BOARD
/* A plain turn's targets on a square board of nw words (2 to 8) with the
 * whole board in one vector of W bits: the empty points and the weak
 * stones of opp, the mover's plane being own and its edge stones. S, nw:
 * constants. */
#define WEAK_VECTOR(W, V)                                                                                                     \
    /* The centres that a pattern's cells in the plane P match (nf, nl:    \
     * the board's 2-column guards), the board in the register. */         \
    static inline __attribute__((always_inline)) V weak_vector_##W(const V P, const V nf, const V nl, const bool mut_a,        \
                                                                    const bool p3, const int S)                               \
    {                                                                                                                         \
        const V Ph = simd_hi_##W(P), Pl = simd_lo_##W(P);                                                                     \
        V w;                                                                                                                  \
        WEAK_PATTERNS(V, w, VUP, VDN, S, nf, nl, mut_a, p3, WEAK_ALWAYS, 0);                                                  \
        return w;                                                                                                             \
    }                                                                                                                         \
    static inline __attribute__((always_inline)) V targets_vector_##W(const Board *b, const uint64_t *own, const uint64_t *opp, \
                                                                      const uint64_t *edge, const int S, const int nw)        \
    {                                                                                                                         \
        const V O = simd_load_##W(own, nw), E = simd_load_##W(opp, nw);                                                       \
        const V w = weak_vector_##W(O | simd_load_##W(edge, nw), simd_load_##W(b->not_first_col, nw),                         \
                                    simd_load_##W(b->not_last_col, nw), b->rules.a, b->rules.p3, S);                          \
        return (E & w) | (simd_load_##W(b->points, nw) & ~(O | E));                                                           \
    }
#define WEAK_ALWAYS(a, w) 1
#define VUP(d) VSH_UP(P, Ph, d)
#define VDN(d) VSH_DN(P, Pl, d)
#define VSH_UP(x, xh, d) simd_up_128(x, xh, d)
#define VSH_DN(x, xl, d) simd_dn_128(x, xl, d)
WEAK_VECTOR(128, __m128i)
#undef VSH_UP
#undef VSH_DN
#define VSH_UP(x, xh, d) simd_up_256(x, xh, d)
#define VSH_DN(x, xl, d) simd_dn_256(x, xl, d)
WEAK_VECTOR(256, __m256i)
#undef VSH_UP
#undef VSH_DN
#define VSH_UP(x, xh, d) simd_up_512(x, xh, d)
#define VSH_DN(x, xl, d) simd_dn_512(x, xl, d)
WEAK_VECTOR(512, __m512i)
#undef VSH_UP
#undef VSH_DN
#undef VUP
#undef VDN
#undef WEAK_ALWAYS
#undef WEAK_VECTOR
#endif

#if defined(__wasm_simd128__)
/* WebAssembly with SIMD128 (make web): a plain turn's targets on a square
 * board two words at a time, each word pair one 128-bit vector and each
 * shift of the board two lane shifts of the pair and its neighbour pair
 * (WebAssembly has no wider vector and no funnel shift). The same sets as
 * the word loop (perft-public and random positions up to 25x25 agree);
 * 30,000-playout searches ran 1.3x (13x13) and 1.4x (19x19) as fast as
 * with the word loop (docs/results.md). */
/* The 128 bits from byte i of a (any i: an unaligned load). */
static inline __attribute__((always_inline)) pair_t pair_at(const uint64_t *a, const int i)
{
    pair_t v;
    memcpy(&v, (const char *)a + i, sizeof v);
    return v;
}

/* The points of the 128 bits from byte i that the plane makes weak (a
 * pattern's cells all in them): the plane's 128 bits mid there between
 * its 128 bits lo from 8 bytes before and hi from 8 bytes after. base: under the base
 * patterns (neither a nor p3) WEAK_PATTERNS' merged form, behind one test
 * of the rule set: for one or two pairs (the kept points' update, 9x9 to
 * 13x13's targets) V8's code of a random ply then runs 5-7% fewer
 * instructions, fewer of them spills (docs/results.md); over four pairs
 * unrolled (targets_pairs) the branch-free copies spilled more. */
static inline __attribute__((always_inline)) pair_t pair_weak(const Board *b, const pair_t lo, const pair_t mid, const pair_t hi, const int i,
                                                              const int S, const bool base)
{
    const pair_t nf = pair_at(b->not_first_col, i), nl = pair_at(b->not_last_col, i);
#define UP(d) ((mid >> (d)) | (hi << (64 - (d))))
#define DN(d) ((mid << (d)) | (lo >> (64 - (d))))
#define WEAK_ALWAYS(a, w) 1
    pair_t w;
    if (base && !b->rules.a && !b->rules.p3) WEAK_PATTERNS(pair_t, w, UP, DN, S, nf, nl, 0, 0, WEAK_ALWAYS, 1);
    else WEAK_PATTERNS(pair_t, w, UP, DN, S, nf, nl, b->rules.a, b->rules.p3, WEAK_ALWAYS, 0);
#undef WEAK_ALWAYS
#undef UP
#undef DN
    return w;
}

/* The targets of the word pair at word i (even): the plane's pair mid
 * between its neighbour pairs lo (words i-1, i) and hi (i+1, i+2). */
static inline __attribute__((always_inline)) pair_t pair_targets(const Board *b, const pair_t lo, const pair_t mid, const pair_t hi,
                                                                 const uint64_t *own, const uint64_t *opp, const int i, const int S,
                                                                 const bool base)
{
    const pair_t w = pair_weak(b, lo, mid, hi, 8 * i, S, base);
    const pair_t O = pair_load(own + i), E = pair_load(opp + i);
    return (E & w) | (pair_load(b->points + i) & ~(O | E));
}

static inline __attribute__((always_inline)) int targets_pairs(const Board *b, const uint64_t *plane, const uint64_t *own,
                                                               const uint64_t *opp, uint64_t *out, const int S, const int nw)
{
    uint64_t P[BB_MAXW + 3]; /* the plane between zero words; a pair past an odd nw reads zeros */
    P[0] = 0;
    for (int i = 0; i < nw; i++) P[i + 1] = plane[i];
    P[nw + 1] = P[nw + 2] = 0;
    int n = 0;
    _Pragma("GCC unroll 6") for (int i = 0; i < nw; i += 2) {
        const pair_t t = pair_targets(b, pair_load(P + i), pair_load(P + i + 1), pair_load(P + i + 2), own, opp, i, S, false);
        out[i] = t[0];
        n += __builtin_popcountll(t[0]);
        if (i + 1 < nw) { /* bb_t's words past nw read zero (bitboard.h); only nw are written */
            out[i + 1] = t[1];
            n += __builtin_popcountll(t[1]);
        }
    }
    return n;
}

/* The k-th of the n targets in t (NW words), k = rng_below(n), as
 * plain_draw_n's word loop draws it; -1 when there is none. The word of
 * the k-th target is the count of the words whose targets before them
 * (ex) are at most k, its ex read back from memory: a chain of masks or
 * selects for it cost V8's code of a 19x19 random ply 2% more
 * instructions. */
static inline __attribute__((always_inline)) int pairs_pick(const uint64_t *t, uint64_t *rng, const int NW)
{
    int ex[BB_MAXW + 1], n = 0; /* ex[i]: the targets in the words before i */
    _Pragma("clang loop unroll(full)") for (int i = 0; i < NW; i++) {
        ex[i] = n;
        n += __builtin_popcountll(t[i]);
    }
    if (__builtin_expect(n == 0, 0)) return -1;
    const int k = (int)rng_below(rng, (uint32_t)n); /* n > 0: rng_scale's two-product path without a test */
    int word = 0;
    _Pragma("clang loop unroll(full)") for (int i = 1; i < NW; i++) word += k >= ex[i]; /* not branches: k is random */
    return (word << 6) + select64(t[word], k - ex[word]);
}

/* A plain turn's target drawn as plain_draw_n's word loop draws it (the
 * k-th of the n targets, k = rng_below(n)), -1 when there is none, for a
 * square board whose stride S and word count NW are constants: the plane
 * own | edge built pair by pair in registers, each pair's neighbour pairs
 * made by lane shuffles (palignr) rather than loaded at a word's offset
 * from a copy just stored (a load that straddles two stores waits for
 * both: no store-to-load forwarding), the pairs unrolled, and the word of
 * the k-th target found from the words' counts kept on the way. */
static inline __attribute__((always_inline)) int pairs_draw(const Board *b, const uint64_t *own, const uint64_t *opp, const uint64_t *edge,
                                                            uint64_t *rng, const int S, const int NW)
{
    const int NP = (NW + 1) / 2; /* a pair past an odd NW reads zero words (bitboard.h) */
    const pair_t zero = { 0, 0 };
    pair_t X[BB_MAXW / 2 + 2]; /* X[j + 1]: the plane's words 2j, 2j + 1, between zero pairs */
    uint64_t t[BB_MAXW + 1];
    X[0] = zero;
    _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) X[j + 1] = pair_load(own + 2 * j) | pair_load(edge + 2 * j);
    X[NP + 1] = zero;
    _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) {
        const pair_t mid = X[j + 1];
        const pair_t v = pair_targets(b, __builtin_shufflevector(X[j], mid, 1, 2), mid, __builtin_shufflevector(mid, X[j + 2], 1, 2), own,
                                      opp, 2 * j, S, NP <= 2);
        memcpy(t + 2 * j, &v, sizeof v);
    }
    return pairs_pick(t, rng, NW);
}

/* wk's 128 bits from byte i (i = 0 or 4 and up) = the points that own |
 * edge makes weak there, the neighbour pairs loaded 8 bytes either side
 * (words past the board read zero; before the first word a lane
 * shuffle). */
static inline __attribute__((always_inline)) void pair_weak_word(const Board *b, const uint64_t *own, const uint64_t *edge, uint64_t *wk,
                                                                 const int i, const int S)
{
    const pair_t zero = { 0, 0 };
    const pair_t mid = pair_at(own, i) | pair_at(edge, i);
    const pair_t hi = pair_at(own, i + 8) | pair_at(edge, i + 8);
    const int ib = i >= 8 ? i - 8 : 0;
    const pair_t L = pair_at(own, ib) | pair_at(edge, ib);
    /* Before the first word zeros: the pair before bytes 0 and 4 made from
     * the first pair by a byte shuffle. */
    typedef uint8_t bytes_t __attribute__((vector_size(16)));
    const pair_t lo = i >= 8  ? L
                      : i > 0 ? (pair_t)__builtin_shufflevector((bytes_t)zero, (bytes_t)L, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27)
                              : __builtin_shufflevector(zero, L, 1, 2);
    const pair_t v = pair_weak(b, lo, mid, hi, i, S, true);
    memcpy((char *)wk + i, &v, sizeof v);
}

/* The points of wk that a stone on bit reaches (a pattern reaches 2S + 1
 * bits either side: 4S + 3 bits, three words at most for S up to 31)
 * worked out again from own, and `of` (the stones wk holds for) made own:
 * the word pair from the first of those words; when they run past it
 * (S = 21: a third of the stones) the 128 bits from the middle of that
 * word, which hold them for S up to 23 (they start at bit 42 of it or
 * later, 128 - 4S - 2, and end by 63 + 4S + 2 < 160), from the second
 * word on: the pair after it too cost V8's code of a 19x19 random ply
 * 134 instructions a third of the time (docs/results.md). */
static inline __attribute__((always_inline)) void pairs_kept_at(const Board *b, const uint64_t *own, const uint64_t *edge, uint64_t *wk,
                                                                uint64_t *of, const int bit, const int S, const int NW)
{
    const int lo = bit - (2 * S + 1), hi = bit + (2 * S + 1);
    const int k = lo < 0 ? 0 : lo >> 6;
    if ((hi >> 6) <= k + 1 || k + 2 >= NW) {
        pair_weak_word(b, own, edge, wk, 8 * k, S);
    } else if (S <= 23) {
        pair_weak_word(b, own, edge, wk, 8 * k + 4, S);
    } else {
        pair_weak_word(b, own, edge, wk, 8 * k, S);
        pair_weak_word(b, own, edge, wk, 8 * k + 16, S);
    }
    of[bit >> 6] = own[bit >> 6];
}

/* pairs_draw for the side to move of p, its weak points kept in p
 * (Position.wk): worked out in full only when its stones are not those
 * they were kept for; pairs_kept_played brings them up to date after a
 * move, out of the next ply's way. From PAIRS_KEPT_WORDS words (15x15
 * and larger; NW + 2 <= BB_MAXW): 19x19 searches 1.04x as fast as with
 * pairs_draw, where the weak patterns of four pairs lie on every ply's
 * path (docs/results.md); with two pairs (13x13) nothing to gain. */
#define PAIRS_KEPT_WORDS 5
static inline __attribute__((always_inline)) int pairs_draw_kept(Position *p, const int mover, uint64_t *rng, const int S, const int NW)
{
    const Board *b = p->board;
    const int NP = (NW + 1) / 2;
    const uint64_t *own = p->stones[mover], *opp = p->stones[!mover], *edge = b->edge[mover];
    uint64_t *wk = p->wk[mover], *of = p->wk_of[mover];
    /* By pairs (V8's code of a 19x19 random ply 1% fewer instructions
     * than by words): past an odd NW own reads zero (a bitboard) and so
     * does of (only its NW words are written, in a zeroed Position; were
     * it not, the points would only be worked out again). */
    pair_t d = { (uint64_t)(p->wk_board[mover] != b), 0 };
    _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) d |= pair_load(own + 2 * j) ^ pair_load(of + 2 * j);
    if (__builtin_expect((d[0] | d[1]) != 0, 0)) {
        _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) pair_weak_word(b, own, edge, wk, 16 * j, S);
        memcpy(of, own, 8 * (size_t)NW);
        p->wk_board[mover] = b;
    }
    uint64_t t[BB_MAXW + 1];
    _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) {
        const pair_t O = pair_load(own + 2 * j), E = pair_load(opp + 2 * j);
        const pair_t v = (E & pair_load(wk + 2 * j)) | (pair_load(b->points + 2 * j) & ~(O | E));
        memcpy(t + 2 * j, &v, sizeof v);
    }
    return pairs_pick(t, rng, NW);
}

/* After pairs_draw_kept's target bit was played (a placement, or a flip
 * when flip): the mover's kept weak points (held for its stones before
 * the move) and, after a flip, the other side's if they were held for its
 * stones before the move, brought up to date around bit. */
static inline __attribute__((always_inline)) void pairs_kept_played(Position *p, const int mover, const int bit, const bool flip, const int S,
                                                                    const int NW)
{
    const Board *b = p->board;
    pairs_kept_at(b, p->stones[mover], b->edge[mover], p->wk[mover], p->wk_of[mover], bit, S, NW);
    if (flip) {
        const int o = !mover;
        uint64_t d = p->wk_board[o] != b;
        d |= p->wk_of[o][bit >> 6] ^ (p->stones[o][bit >> 6] | (uint64_t)1 << (bit & 63));
        for (int i = 0; i < NW; i++) d |= (p->wk_of[o][i] ^ p->stones[o][i]) & -(uint64_t)(i != bit >> 6);
        if (!d) pairs_kept_at(b, p->stones[o], b->edge[o], p->wk[o], p->wk_of[o], bit, S, NW);
    }
}
#endif

/* The weak sets of a square board word by word. S0, NW0: the stride and
 * word count as constants (0: the board's), so that the common sizes get
 * shifts by immediates and unrolled loops. full: every word, and P2
 * without the test for its A shape, so that nothing branches on the
 * stones (plain_targets). P12: 1 when the board is known to have the
 * base patterns alone (P1 and P2: neither mutator a nor P3), so that the
 * copy has no test of the rule set either (0: the board's rules). */
static inline __attribute__((always_inline)) void weak_square(const Board *b, const uint64_t *plane, const uint64_t *centres, uint64_t *out,
                                                              const int S0, const int NW0, const int full, const int P12)
{
    const int S = S0 ? S0 : b->stride, nw = NW0 ? NW0 : b->words;
    const bool mut_a = !P12 && b->rules.a, p3 = !P12 && b->rules.p3; /* under a, P2' lies inside every P3 */
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
        const uint64_t lo = P[i], mid = P[i + 1], hi = P[i + 2], nf = b->not_first_col[i], nl = b->not_last_col[i];
/* bit p of the result reads bit p+d (UP) or p-d (DN) of the plane */
#define UP(d) ((mid >> (d)) | (hi << (64 - (d))))
#define DN(d) ((mid << (d)) | (lo >> (64 - (d))))
/* P2 and P3 need an A shape first: most words have none at an enemy
 * stone, and skip the eight knight-offset shifts. */
#define NEED_P2(a, w) (full || (c & (a) & ~(w)))
        uint64_t w;
        WEAK_PATTERNS(uint64_t, w, UP, DN, S, nf, nl, mut_a, p3, NEED_P2, 0);
#undef NEED_P2
#undef UP
#undef DN
        out[i] = c & w;
    }
}

/* The square sizes with their own copy of the code (the benchmarked ones
 * and their neighbours); other sizes take the generic one. SQ_NW(n): the
 * words of an n x n board with its frame. */
#define SQUARE_SIZES(X) X(5) X(7) X(9) X(11) X(13) X(15) X(19)
#define SQ_NW(n) (((n) + 2) * ((n) + 2) + 63) / 64

/* plain_targets with the stride and word count as constants (0: the
 * board's). edge: the mover's edge stones when plane is own | edge (the
 * vector backend builds the plane in its register from them), else NULL.
 * P12 as for weak_square. */
static inline __attribute__((always_inline)) int targets_n(const Board *b, const uint64_t *plane, const uint64_t *own, const uint64_t *opp,
                                                           const uint64_t *edge, uint64_t *out, const int S0, const int NW0, const int P12)
{
    const int nw = NW0 ? NW0 : b->words;
    (void)edge;
#if SIMD_BOARD
    if (S0 && NW0 >= SIMD_MIN_WORDS && NW0 <= 8 && edge) {
        /* Whole vectors stored (out is a bb_t; the words past nw come out
         * zero): loads from a masked store are not forwarded. */
        if (SIMD_WORDS(NW0) == 2) _mm_storeu_si128((__m128i *)out, targets_vector_128(b, own, opp, edge, S0, NW0));
        else if (SIMD_WORDS(NW0) == 4) _mm256_storeu_si256((__m256i *)out, targets_vector_256(b, own, opp, edge, S0, NW0));
        else _mm512_storeu_si512(out, targets_vector_512(b, own, opp, edge, S0, NW0));
        int n = 0;
        for (int i = 0; i < nw; i++) n += __builtin_popcountll(out[i]);
        return n;
    }
#endif
#if PAIR_BOARD
    if ((S0 || b->size) && nw >= 2) return targets_pairs(b, plane, own, opp, out, S0 ? S0 : b->stride, nw);
#endif
    if (S0 || b->size) weak_square(b, plane, opp, out, S0, NW0, 1, P12);
    else weak_cairo(b, plane, opp, out, nw);
    int n = 0;
    _Pragma("GCC unroll 12") for (int i = 0; i < nw; i++) {
        out[i] |= b->points[i] & ~(own[i] | opp[i]);
        n += __builtin_popcountll(out[i]);
    }
    return n;
}

#endif
