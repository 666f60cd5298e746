/* bitboard.h - fixed-capacity bitboards over a board's bit layout.
 *
 * A board uses only its first `nw` words (board->words); the rest stay zero.
 * Capacity covers the largest square board (25x25 plus a one-point frame on
 * each side, 27*27 = 729 bits) and the 160-cell Cairo board. Loops run over
 * `nw` words only, so small boards pay for what they use. */
#ifndef MORPHOS_BITBOARD_H
#define MORPHOS_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define BB_MAXW 12

typedef uint64_t bb_t[BB_MAXW];

static inline bool bb_test(const uint64_t *b, int bit) { return (b[bit >> 6] >> (bit & 63)) & 1; }
static inline void bb_set(uint64_t *b, int bit) { b[bit >> 6] |= (uint64_t)1 << (bit & 63); }
static inline void bb_clear(uint64_t *b, int bit) { b[bit >> 6] &= ~((uint64_t)1 << (bit & 63)); }
static inline void bb_zero(uint64_t *b) { memset(b, 0, sizeof(bb_t)); }

static inline int bb_popcount(const uint64_t *b, int nw)
{
    int n = 0;
    for (int i = 0; i < nw; i++) n += __builtin_popcountll(b[i]);
    return n;
}

static inline bool bb_empty(const uint64_t *b, int nw)
{
    uint64_t acc = 0;
    for (int i = 0; i < nw; i++) acc |= b[i];
    return acc == 0;
}

/* Index of the lowest set bit at or after word `*wi`; -1 when none. Iterate
 * with: for (int bit = bb_first(b, nw); bit >= 0; bit = bb_next(b, nw, bit)). */
static inline int bb_next_from(const uint64_t *b, int nw, int from)
{
    int wi = from >> 6;
    if (wi >= nw) return -1;
    uint64_t w = b[wi] & (~(uint64_t)0 << (from & 63));
    while (!w) {
        if (++wi >= nw) return -1;
        w = b[wi];
    }
    return (wi << 6) + __builtin_ctzll(w);
}
static inline int bb_first(const uint64_t *b, int nw) { return bb_next_from(b, nw, 0); }
static inline int bb_next(const uint64_t *b, int nw, int bit) { return bit == 63 + 64 * (BB_MAXW - 1) ? -1 : bb_next_from(b, nw, bit + 1); }

/* 64 bits of a from bit lo on, without a branch: lo >= 0 and a's word
 * after lo's inside the bitboard (a square board's frame keeps a point's
 * neighbourhood, lo = bit - stride - 1 and up, so). */
static inline uint64_t bb_window64(const uint64_t *a, int lo)
{
    const int w = lo >> 6, r = lo & 63;
    return a[w] >> r | (a[w + 1] << 1) << (63 - r);
}

/* The k-th (0-based) set bit of one word, k < popcount(w). Without
 * BMI2's pdep (the x86-64 and x86-64-v2 copies, WebAssembly): broadword
 * select, branch-free - the running bit counts of the bytes (byte i: the
 * set bits of bytes 0..i) tell in one comparison of all eight bytes how
 * many bytes lie wholly before the k-th bit, then the same with that
 * byte's bits spread one to a byte (bit i to the top of byte i). It took
 * 0.39 of the binary search's time natively and 0.49 in WebAssembly, the
 * same answers (test_rules: every k of random words). */
static inline int select64(uint64_t w, int k)
{
#ifdef __BMI2__
    return __builtin_ctzll(__builtin_ia32_pdep_di((uint64_t)1 << k, w));
#else
    const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
    uint64_t s = w - ((w >> 1) & 0x5555555555555555ull);
    s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
    s = ((s + (s >> 4)) & 0x0f0f0f0f0f0f0f0full) * ones;
    /* byte i's top bit: its running count is at most k (counts <= 64) */
    const int at = 8 * __builtin_popcountll(((((uint64_t)k * ones) | tops) - s) & tops);
    k -= (int)((s << 8) >> at & 0xff);
    const uint64_t bits = ((((((w >> at) & 0xff) * ones) & 0x8040201008040201ull) + 0x00406070787c7e7full) & tops) >> 7;
    return at + __builtin_popcountll(((((uint64_t)k * ones) | tops) - bits * ones) & tops);
#endif
}

/* The k-th (0-based) set bit of a bitboard; the caller guarantees
 * k < popcount. The word is found with masks rather than branches, so a
 * random k costs the same wherever it falls. */
static inline int bb_select(const uint64_t *b, int nw, int k)
{
    int word = 0, before = 0, acc = 0;
    for (int i = 0; i < nw; i++) {
        int c = __builtin_popcountll(b[i]);
        int here = (k >= acc) & (k < acc + c);
        word |= -here & i;
        before |= -here & acc;
        acc += c;
    }
    return (word << 6) + select64(b[word], k - before);
}

#define BB_FOR_EACH(bit, b, nw) for (int bit = bb_first((b), (nw)); bit >= 0; bit = bb_next((b), (nw), bit))

#endif
