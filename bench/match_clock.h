/* match_clock.h - the runner's own clock for one player, in GTP's time
 * system (main time, then Canadian byo-yomi: byo seconds per `stones`
 * moves). A per-move limit of S seconds is main 0, byo S, 1 stone; sudden
 * death is main M, byo 0, 0 stones. The runner measures each genmove itself
 * and tells engines what is left with time_left. */
#ifndef MORPHOS_BENCH_MATCH_CLOCK_H
#define MORPHOS_BENCH_MATCH_CLOCK_H

#include <stdbool.h>

typedef struct TimeControl {
    bool on;         /* false: no clock (engines use their own limits) */
    double main;     /* seconds */
    double byo;      /* seconds per period */
    int stones;      /* moves per period; 0 = no byo-yomi */
} TimeControl;

typedef struct MatchClock {
    double main_left;
    double byo_left;
    int stones_left;  /* > 0 once in byo-yomi */
} MatchClock;

/* Parse "S" (sudden death, S seconds), "M:B:N" (main M, then B seconds per
 * N moves); per-move time is "0:S:1". NULL, or why not. */
const char *tc_parse(TimeControl *tc, const char *text);
void tc_format(const TimeControl *tc, char *buf, int len);

void clock_start(MatchClock *c, const TimeControl *tc);
/* The most this move may take before it loses on time. */
double clock_budget(const MatchClock *c, const TimeControl *tc);
/* Charge a move that took `seconds`; false when it overstepped (more than
 * `margin` seconds beyond the budget). */
bool clock_spend(MatchClock *c, const TimeControl *tc, double seconds, double margin);
/* What GTP time_left reports: seconds left in the current period and the
 * stones left in it (0 while in main time). */
void clock_left(const MatchClock *c, double *seconds, int *stones);

#endif
