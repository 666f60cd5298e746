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
#ifdef __wasm_simd128__
/* WebAssembly (make web): six vector stores. A memset of 96 bytes is a
 * library call there (about 20 ns against 5 in node), and the compiler
 * merges plain stores back into that call: volatile keeps them stores. */
static inline void bb_zero(uint64_t *b)
{
    typedef uint64_t zero_t __attribute__((vector_size(16), aligned(8)));
    for (int i = 0; i < BB_MAXW; i += 2) *(volatile zero_t *)(b + i) = (zero_t){ 0, 0 };
}
#else
static inline void bb_zero(uint64_t *b) { memset(b, 0, sizeof(bb_t)); }
#endif

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

#ifdef __wasm__
/* Byte b's set bits in ascending order, 4 bits each: the k-th is
 * select8[b] >> 4k & 7 (select64 below). */
static const uint32_t select8[256] = {
    0x00000000, 0x00000000, 0x00000001, 0x00000010, 0x00000002, 0x00000020, 0x00000021, 0x00000210,
    0x00000003, 0x00000030, 0x00000031, 0x00000310, 0x00000032, 0x00000320, 0x00000321, 0x00003210,
    0x00000004, 0x00000040, 0x00000041, 0x00000410, 0x00000042, 0x00000420, 0x00000421, 0x00004210,
    0x00000043, 0x00000430, 0x00000431, 0x00004310, 0x00000432, 0x00004320, 0x00004321, 0x00043210,
    0x00000005, 0x00000050, 0x00000051, 0x00000510, 0x00000052, 0x00000520, 0x00000521, 0x00005210,
    0x00000053, 0x00000530, 0x00000531, 0x00005310, 0x00000532, 0x00005320, 0x00005321, 0x00053210,
    0x00000054, 0x00000540, 0x00000541, 0x00005410, 0x00000542, 0x00005420, 0x00005421, 0x00054210,
    0x00000543, 0x00005430, 0x00005431, 0x00054310, 0x00005432, 0x00054320, 0x00054321, 0x00543210,
    0x00000006, 0x00000060, 0x00000061, 0x00000610, 0x00000062, 0x00000620, 0x00000621, 0x00006210,
    0x00000063, 0x00000630, 0x00000631, 0x00006310, 0x00000632, 0x00006320, 0x00006321, 0x00063210,
    0x00000064, 0x00000640, 0x00000641, 0x00006410, 0x00000642, 0x00006420, 0x00006421, 0x00064210,
    0x00000643, 0x00006430, 0x00006431, 0x00064310, 0x00006432, 0x00064320, 0x00064321, 0x00643210,
    0x00000065, 0x00000650, 0x00000651, 0x00006510, 0x00000652, 0x00006520, 0x00006521, 0x00065210,
    0x00000653, 0x00006530, 0x00006531, 0x00065310, 0x00006532, 0x00065320, 0x00065321, 0x00653210,
    0x00000654, 0x00006540, 0x00006541, 0x00065410, 0x00006542, 0x00065420, 0x00065421, 0x00654210,
    0x00006543, 0x00065430, 0x00065431, 0x00654310, 0x00065432, 0x00654320, 0x00654321, 0x06543210,
    0x00000007, 0x00000070, 0x00000071, 0x00000710, 0x00000072, 0x00000720, 0x00000721, 0x00007210,
    0x00000073, 0x00000730, 0x00000731, 0x00007310, 0x00000732, 0x00007320, 0x00007321, 0x00073210,
    0x00000074, 0x00000740, 0x00000741, 0x00007410, 0x00000742, 0x00007420, 0x00007421, 0x00074210,
    0x00000743, 0x00007430, 0x00007431, 0x00074310, 0x00007432, 0x00074320, 0x00074321, 0x00743210,
    0x00000075, 0x00000750, 0x00000751, 0x00007510, 0x00000752, 0x00007520, 0x00007521, 0x00075210,
    0x00000753, 0x00007530, 0x00007531, 0x00075310, 0x00007532, 0x00075320, 0x00075321, 0x00753210,
    0x00000754, 0x00007540, 0x00007541, 0x00075410, 0x00007542, 0x00075420, 0x00075421, 0x00754210,
    0x00007543, 0x00075430, 0x00075431, 0x00754310, 0x00075432, 0x00754320, 0x00754321, 0x07543210,
    0x00000076, 0x00000760, 0x00000761, 0x00007610, 0x00000762, 0x00007620, 0x00007621, 0x00076210,
    0x00000763, 0x00007630, 0x00007631, 0x00076310, 0x00007632, 0x00076320, 0x00076321, 0x00763210,
    0x00000764, 0x00007640, 0x00007641, 0x00076410, 0x00007642, 0x00076420, 0x00076421, 0x00764210,
    0x00007643, 0x00076430, 0x00076431, 0x00764310, 0x00076432, 0x00764320, 0x00764321, 0x07643210,
    0x00000765, 0x00007650, 0x00007651, 0x00076510, 0x00007652, 0x00076520, 0x00076521, 0x00765210,
    0x00007653, 0x00076530, 0x00076531, 0x00765310, 0x00076532, 0x00765320, 0x00765321, 0x07653210,
    0x00007654, 0x00076540, 0x00076541, 0x00765410, 0x00076542, 0x00765420, 0x00765421, 0x07654210,
    0x00076543, 0x00765430, 0x00765431, 0x07654310, 0x00765432, 0x07654320, 0x07654321, 0x76543210,
};
#endif

#ifndef __BMI2__
/* select64's first step without pdep: the running bit counts of w's
 * bytes (byte i: the set bits of bytes 0..i). */
static inline __attribute__((always_inline)) uint64_t select64_sums(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ull;
#if defined(__wasm_simd128__) && __has_builtin(__builtin_wasm_popcnt_i8x16)
    /* The bytes' counts by i8x16.popcnt (a table lookup per nibble in
     * V8's code): 12 of V8's instructions where the three steps below
     * took 18; a Morpharaoh 48 random ply 2.5% fewer (docs/results.md). */
    typedef signed char i8x16_t __attribute__((vector_size(16)));
    typedef uint64_t u64x2_t __attribute__((vector_size(16)));
    const u64x2_t wv = { w, w }; /* a splat: { w, 0 } kept a zero vector on the stack */
    return ((u64x2_t)__builtin_wasm_popcnt_i8x16((i8x16_t)wv))[0] * ones;
#else
    uint64_t s = w - ((w >> 1) & 0x5555555555555555ull);
    s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
    return ((s + (s >> 4)) & 0x0f0f0f0f0f0f0f0full) * ones;
#endif
}

/* select64's second step without pdep: the k-th set bit of w from
 * s = select64_sums(w). */
static inline __attribute__((always_inline)) int select64_with(uint64_t w, uint64_t s, int k)
{
    const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
    /* byte i's top bit: its running count is at most k (counts <= 64) */
    const int at = 8 * __builtin_popcountll(((((uint64_t)k * ones) | tops) - s) & tops);
    k -= (int)((s << 8) >> at & 0xff);
#ifdef __wasm__
    /* The byte's k-th bit from a table: WebAssembly's three multiplies
     * below cost more than one load from 1 KiB. */
    return at + (int)(select8[(w >> at) & 0xff] >> (4 * k) & 7);
#endif
    const uint64_t bits = ((((((w >> at) & 0xff) * ones) & 0x8040201008040201ull) + 0x00406070787c7e7full) & tops) >> 7;
    return at + __builtin_popcountll(((((uint64_t)k * ones) | tops) - bits * ones) & tops);
}
#endif

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
    return select64_with(w, select64_sums(w), k);
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
