/* timeman.h - how long to think: from GTP clock reports (main time plus
 * Canadian byo-yomi) or, without a clock, the movetime/playouts options.
 * Budgets keep a safety margin so that the engine never loses on time. */
#ifndef MORPHOS_ENGINE_TIMEMAN_H
#define MORPHOS_ENGINE_TIMEMAN_H

#include "../rules/rules.h"
#include "config.h"

typedef struct TimeMan {
    int clock;            /* time_settings gave a real limit */
    double main_time, byo_time;
    int byo_stones;
    double left[2];       /* seconds left by colour (from time_left or our count) */
    int stones[2];        /* stones left in the byo-yomi period; 0 = main time */
    int reported[2];      /* time_left was received for this colour */
    /* What a move costs beyond its search, learned from the moves played
     * (tm_searched, tm_answered, tm_left): seconds, peak-held, decaying
     * slowly; kept across games (a property of the machine and its load). */
    double lag;
    double lag_mean;      /* the samples' running mean (same decay): a move's usual cost */
    int pending;          /* a search ended; its answer is not written yet */
    Color pend_color;
    double pend_left, pend_search, pend_hard;
    double expect[2];     /* our count of the time left after our last move; < 0: none */
    double last_sample[2];
} TimeMan;

void tm_init(TimeMan *t);
void tm_settings(TimeMan *t, double main_time, double byo_time, int byo_stones);
void tm_left(TimeMan *t, Color c, double seconds, int stones);
/* Budget for a move of the side to move of p: *soft is the target, *hard
 * the absolute limit (both 0 = no time limit: playouts decide). Returns
 * flags: TM_USE_ALL when time not used now is lost (the last stone of a
 * byo-yomi period): the search should then run to *soft rather than stop
 * early. TM_NO_SEARCH when, in sudden death, the time left after the
 * usual lag (lag_mean) of the turns still to come is less than the
 * shortest search a turn (MIN_BUDGET): the clock is nearly empty and the
 * move is to be answered without a search (soft and hard are still set,
 * to that shortest search). */
#define TM_USE_ALL 1
#define TM_NO_SEARCH 2
int tm_budget(const TimeMan *t, const EngineConfig *cfg, const Position *p, double *soft, double *hard);
/* Account for `used` seconds spent by colour c (when the controller sends
 * no time_left, our own count keeps the budget honest). */
void tm_spent(TimeMan *t, Color c, double used);
/* The latency reserve. tm_searched(): colour c's search took `searched`
 * seconds against its hard limit `hard` (0: none). tm_answered(): the
 * answer was written `took` seconds after the command arrived; what it
 * took beyond the search (or beyond the hard limit, when the search ran
 * past it) is a sample of the lag. tm_left() then adds what the
 * controller's clock charged beyond `took` (pipe and wake-up latency the
 * engine cannot see), when the report is finer than whole seconds. The
 * budget keeps the lag for this move and for each move still to come. */
void tm_searched(TimeMan *t, Color c, double searched, double hard);
void tm_answered(TimeMan *t, double took);

#endif
