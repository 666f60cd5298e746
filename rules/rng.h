/* rng.h - the one-word random generator (xorshift64*) that playouts and
 * searchers use: one word of state, never zero, cheap enough for the
 * innermost loops (a four-word generator was turned into slow vector code). */
#ifndef MORPHOS_RNG_H
#define MORPHOS_RNG_H

#include <stdint.h>

static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* The draw in [0, n) that the random word r gives (multiply-shift: the
 * high word of r * n). It grows with n, so a caller that knows n only
 * within bounds can tell from the bounds' draws where the draw falls.
 * Where a 128-bit product is a library call (WebAssembly: __multi3) and n
 * fits 32 bits, the same high word from two 64-bit products. */
static inline uint64_t rng_scale(uint64_t r, uint64_t n)
{
#ifdef __wasm__
    if (n >> 32 == 0) return ((r >> 32) * n + (((r & 0xffffffffu) * n) >> 32)) >> 32;
#endif
    return (uint64_t)(((unsigned __int128)r * n) >> 64);
}

/* Uniform in [0, n). */
static inline uint64_t rng_below(uint64_t *s, uint64_t n) { return rng_scale(rng_next(s), n); }

#endif
