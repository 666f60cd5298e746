/* clock.h - the project's one clock, and the budget check every search
 * shares.
 *
 * now_seconds: monotonic wall seconds (never jumps with clock changes), for
 * budgets, timings and benchmarks alike.
 *
 * Deadline: a search charges its work as it goes (a node, a generated move
 * list, a child evaluated) and the clock is read whenever a fixed amount
 * of work has passed since the last read. The test is "work >= next", so
 * no pattern of charges can step over a read (a node counter tested for
 * exact multiples can: that hung the root solver under rule c), and each
 * unit of work is bounded on every board and rule set, so the time between
 * reads is too. A Deadline reads its own clock, now_seconds unless
 * deadline_set_clock says otherwise: the tests drive deadlines with a
 * clock of their own, not with wall time. */
#ifndef MORPHOS_ENGINE_CLOCK_H
#define MORPHOS_ENGINE_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Work units between clock reads. A unit is about one position played and
 * hashed (tens of nanoseconds); a read costs about as much as one unit, so
 * reads take well under 1% and come every few microseconds. */
#define DEADLINE_STRIDE 256
/* The external stop (GTP input waiting, a system call) is polled less often. */
#define DEADLINE_STOP_EVERY 0.005

typedef struct Deadline {
    double at;               /* now_seconds() value at which to stop; 0 = never */
    int (*stop)(void *ctx);  /* optional external stop, polled with the clock */
    void *ctx;               /* (at most every DEADLINE_STOP_EVERY seconds) */
    uint64_t work, next;
    double stop_next;
    int hit;
    double (*clock)(void);   /* now_seconds, or a test's clock */
} Deadline;

static inline void deadline_init(Deadline *d, double at, int (*stop)(void *ctx), void *ctx)
{
    d->at = at;
    d->stop = stop;
    d->ctx = ctx;
    d->work = 0;
    d->next = 0; /* the first check reads the clock */
    d->stop_next = 0;
    d->hit = 0;
    d->clock = now_seconds;
}

/* Read time from clock (same scale as at) instead of now_seconds. */
static inline void deadline_set_clock(Deadline *d, double (*clock)(void)) { d->clock = clock; }

/* Charge `units` of work; nonzero once the deadline has passed (or stop
 * said so), and from then on. */
static inline int deadline_over(Deadline *d, uint64_t units)
{
    if (d->hit) return 1;
    d->work += units;
    if (d->work < d->next) return 0;
    d->next = d->work + DEADLINE_STRIDE;
    double now = d->clock();
    if (d->at > 0 && now >= d->at) d->hit = 1;
    else if (d->stop && now >= d->stop_next) {
        d->stop_next = now + DEADLINE_STOP_EVERY;
        if (d->stop(d->ctx)) d->hit = 1;
    }
    return d->hit;
}

/* Work that cannot be interrupted is checked before it is done: a move
 * list is charged only once made, and under rule c one 19x19 node can have
 * 5.2 million moves (0.16 s to list). A unit costs at most about
 * DEADLINE_UNIT_SECONDS; nonzero when `units` fit in the time left, and
 * when they do not the deadline counts as passed. Reads the clock. */
#define DEADLINE_UNIT_SECONDS 1e-7

static inline int deadline_affords(Deadline *d, uint64_t units)
{
    if (d->hit) return 0;
    if (d->at > 0 && d->clock() + (double)units * DEADLINE_UNIT_SECONDS > d->at) d->hit = 1;
    return !d->hit;
}

#endif
