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

/* The k-th (0-based) set bit; the caller guarantees k < popcount. Word
 * selection without data-dependent branches on the hot path is the
 * playout's job; this is the plain version. */
static inline int bb_select(const uint64_t *b, int nw, int k)
{
    for (int i = 0; i < nw; i++) {
        int c = __builtin_popcountll(b[i]);
        if (k < c) {
            uint64_t w = b[i];
            for (; k > 0; k--) w &= w - 1;
            return (i << 6) + __builtin_ctzll(w);
        }
        k -= c;
    }
    return -1;
}

#define BB_FOR_EACH(bit, b, nw) for (int bit = bb_first((b), (nw)); bit >= 0; bit = bb_next((b), (nw), bit))

#endif
