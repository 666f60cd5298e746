/* simd.h - the vector backend of the rules core: a square board's
 * bitboard of 2 to 8 words held in one AVX-512 register (xmm, ymm or zmm
 * by the word count), so that a shift of the whole board by d bits is one
 * funnel shift (VPSHRDQ/VPSHLDQ, AVX512-VBMI2) of each word with its
 * neighbour word, the neighbours being the board moved by one word
 * (VALIGNQ), computed once per bitboard and shared by all its shifts.
 *
 * Compiled only where the copy's -march has AVX-512 F, VL and VBMI2
 * (SIMD_BOARD is 1: the x86-64-v4 copy, Makefile LEVELS); the other copies
 * use the word loops of targets.h and core.h, which compute the same sets.
 * Only with the stride and word count as constants (the per-size loops):
 * the shifts take immediates. Internal to rules/. */
#ifndef MORPHOS_SIMD_H
#define MORPHOS_SIMD_H

#include <stdint.h>

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512VBMI2__)
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
#define simd_up_128(x, xh, d) _mm_shrdi_epi64((x), (xh), (d) & 63)
#define simd_dn_128(x, xl, d) _mm_shldi_epi64((x), (xl), (d) & 63)
#define simd_up_256(x, xh, d) _mm256_shrdi_epi64((x), (xh), (d) & 63)
#define simd_dn_256(x, xl, d) _mm256_shldi_epi64((x), (xl), (d) & 63)
#define simd_up_512(x, xh, d) _mm512_shrdi_epi64((x), (xh), (d) & 63)
#define simd_dn_512(x, xl, d) _mm512_shldi_epi64((x), (xl), (d) & 63)

#else
#define SIMD_BOARD 0
#endif

#endif
