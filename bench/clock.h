/* clock.h - wall-clock seconds for timing runs (monotonic, so that clock
 * adjustments never show up as speed changes). */
#ifndef MORPHOS_BENCH_CLOCK_H
#define MORPHOS_BENCH_CLOCK_H

#include <time.h>

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
