/* simd.h - the vector backend of the rules core: a square board's
 * bitboard of 2 to 8 words held in one AVX-512 register (xmm, ymm or zmm
 * by the word count), so that a shift of the whole board by d bits is one
 * funnel shift (VPSHRDVQ/VPSHLDVQ, AVX512-VBMI2) of each word with its
 * neighbour word, the neighbours being the board moved by one word
 * (VALIGNQ), computed once per bitboard and shared by all its shifts.
 *
 * Compiled only where the copy's -march has AVX-512 F, VL, VBMI2 and
 * VPOPCNTDQ
 * (SIMD_BOARD is 1: the x86-64-v4 copy, Makefile LEVELS); the other copies
 * use the word loops of targets.h and core.h, which compute the same sets.
 * Only with the stride and word count as constants (the per-size loops).
 * The WebAssembly build's counterpart, word pairs in 128-bit vectors
 * (PAIR_BOARD), is at the end. Internal to rules/. */
#ifndef MORPHOS_SIMD_H
#define MORPHOS_SIMD_H

#include <stdint.h>

#include "bitboard.h"
#include "rng.h"

/* The fewest words that take the vector path: on 2-word boards (7x7,
 * 9x9) the word loops ran 9x9 random playouts in 0.91 of the xmm path's
 * CPU time. */
#ifndef SIMD_MIN_WORDS
#define SIMD_MIN_WORDS 3
#endif

/* The fewest words whose connection fills take the vector path (conn.h). */
#ifndef SIMD_FILL_MIN_WORDS
#define SIMD_FILL_MIN_WORDS 5
#endif

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512VBMI2__) && defined(__AVX512VPOPCNTDQ__)
#define SIMD_BOARD 1
#include <immintrin.h>

/* The vector for nw words: 2 words xmm, 3-4 ymm, 5-8 zmm. */
#define SIMD_WORDS(nw) ((nw) <= 2 ? 2 : (nw) <= 4 ? 4 : 8)

/* For each width W (words) with vector type V and intrinsic prefix X:
 *   simd_load_W(p, nw)   words [0, nw) of p, the rest zero
 *   simd_store_W(p, v, nw)  words [0, nw) of v into p
 *   simd_up_W(x, xh, d)  bit i reads bit i + d of x (xh = simd_hi_W(x))
 *   simd_dn_W(x, xl, d)  bit i reads bit i - d of x (xl = simd_lo_W(x))
 * with 0 < d < 64; bits shifted in from outside the board read zero. */
#define SIMD_WIDTH(W, V, X)                                                                                       \
    static inline __attribute__((always_inline)) V simd_load_##W(const uint64_t *p, const int nw)                  \
    {                                                                                                               \
        return X##maskz_loadu_epi64((__mmask8)((1u << nw) - 1), p);                                                 \
    }                                                                                                               \
    static inline __attribute__((always_inline)) void simd_store_##W(uint64_t *p, V v, const int nw)               \
    {                                                                                                               \
        X##mask_storeu_epi64(p, (__mmask8)((1u << nw) - 1), v);                                                     \
    }                                                                                                               \
    static inline __attribute__((always_inline)) V simd_hi_##W(V x) { return X##alignr_epi64(X##setzero_si##W(), x, 1); } \
    static inline __attribute__((always_inline)) V simd_lo_##W(V x) { return X##alignr_epi64(x, X##setzero_si##W(), (W / 64) - 1); }
SIMD_WIDTH(128, __m128i, _mm_)
SIMD_WIDTH(256, __m256i, _mm256_)
SIMD_WIDTH(512, __m512i, _mm512_)
#undef SIMD_WIDTH
/* gcc with optimisation takes the count as an immediate (VPSHRDQ: three
 * operands, no count register); clang wants a constant expression there,
 * and the stride is a constant only after inlining, so it (and gcc
 * without optimisation) takes the count as a vector (VPSHRDVQ). */
#if defined(__OPTIMIZE__) && !defined(__clang__)
#define simd_up_128(x, xh, d) _mm_shrdi_epi64((x), (xh), (d))
#define simd_dn_128(x, xl, d) _mm_shldi_epi64((x), (xl), (d))
#define simd_up_256(x, xh, d) _mm256_shrdi_epi64((x), (xh), (d))
#define simd_dn_256(x, xl, d) _mm256_shldi_epi64((x), (xl), (d))
#define simd_up_512(x, xh, d) _mm512_shrdi_epi64((x), (xh), (d))
#define simd_dn_512(x, xl, d) _mm512_shldi_epi64((x), (xl), (d))
#else
#define simd_up_128(x, xh, d) _mm_shrdv_epi64((x), (xh), _mm_set1_epi64x(d))
#define simd_dn_128(x, xl, d) _mm_shldv_epi64((x), (xl), _mm_set1_epi64x(d))
#define simd_up_256(x, xh, d) _mm256_shrdv_epi64((x), (xh), _mm256_set1_epi64x(d))
#define simd_dn_256(x, xl, d) _mm256_shldv_epi64((x), (xl), _mm256_set1_epi64x(d))
#define simd_up_512(x, xh, d) _mm512_shrdv_epi64((x), (xh), _mm512_set1_epi64(d))
#define simd_dn_512(x, xl, d) _mm512_shldv_epi64((x), (xl), _mm512_set1_epi64(d))
#endif

/* A uniformly random set bit of x (rng.h's draw: rng_below(n) picks the
 * k-th of the n set bits, as bb_select), -1 when x is empty: the words'
 * counts (VPOPCNTQ) and their running sums stay in the register, so that
 * the draw reads no memory. L: lanes; lane(v, i): word i of v. */
#define SIMD_PICK(W, V, X, L, LANE)                                                                                 \
    static inline __attribute__((always_inline)) int simd_pick_##W(V x, uint64_t *rng)                                 \
    {                                                                                                                   \
        const V z = X##setzero_si##W(), cnt = X##popcnt_epi64(x);                                                      \
        V sum = cnt + X##alignr_epi64(cnt, z, L - 1); /* running sums: lane i, words 0..i */                           \
        if (L > 2) sum += X##alignr_epi64(sum, z, L - 2);                                                               \
        if (L > 4) sum += X##alignr_epi64(sum, z, L - 4);                                                               \
        const uint64_t n = (uint64_t)LANE(sum, L - 1);                                                                  \
        if (__builtin_expect(n == 0, 0)) return -1;                                                                     \
        const uint64_t k = rng_below(rng, n);                                                                           \
        const int word = __builtin_popcount((unsigned)X##cmple_epu64_mask(sum, X##set1_epi64x((long long)k)));          \
        const uint64_t before = (uint64_t)LANE(sum - cnt, word);                                                        \
        return (word << 6) + select64((uint64_t)LANE(x, word), (int)(k - before));                                      \
    }
/* f grown through `within` to its fixed point (a flood fill by the four
 * orthogonal neighbours, fill_square_n's), the board in the register: a
 * step is four funnel shifts, two steps between tests. within holds no
 * frame bits, so that nothing grows across a row's end. */
#define SIMD_FILL(W, V, X, L)                                                                                           \
    static inline __attribute__((always_inline)) void simd_fill_##W(uint64_t *f, const uint64_t *within, const int S, const int nw) \
    {                                                                                                                   \
        const V in = simd_load_##W(within, nw);                                                                         \
        V x = simd_load_##W(f, nw);                                                                                     \
        for (;;) {                                                                                                      \
            const V before = x;                                                                                         \
            for (int step = 0; step < 2; step++) {                                                                      \
                const V h = simd_hi_##W(x), l = simd_lo_##W(x);                                                         \
                x = (x | simd_up_##W(x, h, 1) | simd_dn_##W(x, l, 1) | simd_up_##W(x, h, S) | simd_dn_##W(x, l, S)) & in; \
            }                                                                                                           \
            if (X##cmpeq_epi64_mask(x, before) == (__mmask8)((1u << L) - 1)) break;                                     \
        }                                                                                                               \
        simd_store_##W(f, x, nw);                                                                                       \
    }
SIMD_FILL(512, __m512i, _mm512_, 8)
#undef SIMD_FILL

#define _mm512_set1_epi64x _mm512_set1_epi64
#define LANE_128(v, i) ((i) ? _mm_extract_epi64((v), 1) : _mm_cvtsi128_si64(v))
#define LANE_256(v, i) _mm_cvtsi128_si64(_mm256_castsi256_si128(_mm256_permutexvar_epi64(_mm256_set1_epi64x(i), (v))))
#define LANE_512(v, i) _mm_cvtsi128_si64(_mm512_castsi512_si128(_mm512_permutexvar_epi64(_mm512_set1_epi64(i), (v))))
SIMD_PICK(128, __m128i, _mm_, 2, LANE_128)
SIMD_PICK(256, __m256i, _mm256_, 4, LANE_256)
SIMD_PICK(512, __m512i, _mm512_, 8, LANE_512)
#undef SIMD_PICK
#undef _mm512_set1_epi64x

#else
#define SIMD_BOARD 0
#endif

#if defined(__wasm_simd128__)
/* WebAssembly with SIMD128 (make web): a square board's bitboard as word
 * pairs, each one 128-bit vector, a shift of the board two lane shifts of
 * a pair and its neighbour pair (WebAssembly has no wider vector and no
 * funnel shift). The weak sets and targets: targets.h. */
#define PAIR_BOARD 1
#include <string.h>
typedef uint64_t pair_t __attribute__((vector_size(16)));
static inline __attribute__((always_inline)) pair_t pair_load(const uint64_t *p)
{
    pair_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* f grown through `within` to its fixed point, fill_square_n's, for a
 * square board of NW words (2 or more; the word past an odd NW is zero in
 * both): the pairs in registers, each step growing them in order by the
 * four neighbours (the pair below already grown), two steps between
 * tests. */
static inline __attribute__((always_inline)) void pairs_fill(uint64_t *f, const uint64_t *within, const int S, const int NW)
{
    const int NP = (NW + 1) / 2;
    const pair_t zero = { 0, 0 };
    pair_t in[BB_MAXW / 2], x[BB_MAXW / 2 + 1];
    _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) {
        in[j] = pair_load(within + 2 * j);
        x[j] = pair_load(f + 2 * j);
    }
    x[NP] = zero;
    for (;;) {
        pair_t d = zero;
        _Pragma("clang loop unroll(full)") for (int step = 0; step < 2; step++) {
            pair_t prev = zero;
            _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) {
                const pair_t mid = x[j], lo = __builtin_shufflevector(prev, mid, 1, 2), hi = __builtin_shufflevector(mid, x[j + 1], 1, 2);
                const pair_t g = (mid | (mid >> 1) | (hi << 63) | (mid << 1) | (lo >> 63) | (mid >> S) | (hi << (64 - S)) | (mid << S) |
                                  (lo >> (64 - S))) &
                                 in[j];
                d |= g ^ mid;
                prev = x[j] = g;
            }
        }
        if (!(d[0] | d[1])) break;
    }
    _Pragma("clang loop unroll(full)") for (int j = 0; j < NP; j++) memcpy(f + 2 * j, &x[j], sizeof x[j]);
}
#else
#define PAIR_BOARD 0
#endif

#endif
