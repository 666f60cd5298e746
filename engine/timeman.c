/* timeman.c - clock budgets. The margins are deliberate: the controller
 * measures our time including process and pipe latency, and a search
 * ends a little past its hard limit (one simulation, one clock stride).
 * Whatever the clock says, the hard limit never exceeds the time left. */
#include "timeman.h"

#include <string.h>

#define LATENCY 0.05  /* seconds held back on every move */
#define MIN_BUDGET 0.001 /* a search always gets this, when even less is left */

void tm_init(TimeMan *t) { memset(t, 0, sizeof *t); }

void tm_settings(TimeMan *t, double main_time, double byo_time, int byo_stones)
{
    tm_init(t);
    if (main_time < 0) main_time = 0;
    if (byo_time < 0) byo_time = 0;
    if (byo_stones < 0) byo_stones = 0;
    /* GTP: byo-yomi time > 0 with 0 stones means no time limit. */
    t->clock = !(byo_time > 0 && byo_stones == 0) && (main_time > 0 || byo_time > 0);
    t->main_time = main_time;
    t->byo_time = byo_time;
    t->byo_stones = byo_stones;
    for (int c = 0; c < 2; c++) {
        t->left[c] = main_time > 0 ? main_time : byo_time;
        t->stones[c] = main_time > 0 ? 0 : byo_stones;
    }
}

void tm_left(TimeMan *t, Color c, double seconds, int stones)
{
    if (c != BLACK && c != WHITE) return;
    if (seconds < 0) seconds = 0;
    if (stones < 0) stones = 0;
    t->left[c] = seconds;
    t->stones[c] = stones;
    t->reported[c] = 1;
}

void tm_spent(TimeMan *t, Color c, double used)
{
    if (!t->clock || (c != BLACK && c != WHITE)) return;
    t->left[c] -= used;
    if (t->stones[c] > 0) {
        if (--t->stones[c] == 0) { /* period done: a new one starts */
            t->stones[c] = t->byo_stones;
            t->left[c] = t->byo_time;
        }
    } else if (t->left[c] <= 0 && t->byo_stones > 0) {
        t->stones[c] = t->byo_stones;
        t->left[c] = t->byo_time;
    }
    if (t->left[c] < 0) t->left[c] = 0;
}

int tm_budget(const TimeMan *t, const EngineConfig *cfg, const Position *p, double *soft, double *hard)
{
    if (!t->clock) {
        *soft = *hard = cfg->movetime;
        if (cfg->playouts == 0 && cfg->movetime <= 0) *soft = *hard = 1.0;
        return 0;
    }
    Color me = (Color)p->to_move;
    /* What may be used: all but the latency margin; with less than twice
     * the margin left, half of what is left (a quick move still beats a
     * loss on time). */
    double have = t->left[me], left = have - LATENCY;
    if (left < have * 0.5) left = have * 0.5;
    if (left < MIN_BUDGET) left = MIN_BUDGET;
    int use_all = 0;
    double cap = left; /* the most this move may take */
    if (t->stones[me] == 1) {
        /* The period's last stone: what is not used now is lost. */
        *soft = *hard = left * 0.9;
        use_all = 1;
    } else if (t->stones[me] > 0) {
        /* In byo-yomi: share the period evenly, keep 10% back. */
        double per = left / t->stones[me];
        *soft = per * 0.8;
        *hard = per * 0.9;
    } else {
        /* Main time: the rules core's guess of the turns still ours
         * (half the empty points, or three board widths of flips once
         * it is full: mutator e's start spent 1/8 of its time on move 1
         * and lost on time in games of 20 to 69 moves a side), plus a
         * reserve. */
        double moves = pos_turns_hint(p) + 8;
        double per = left / moves;
        double byo = 0;
        if (t->byo_stones > 0 && t->byo_time > 0) byo = 0.8 * t->byo_time / t->byo_stones;
        *soft = per + byo;
        *hard = per * 3 + byo;
        /* Main time left plus this move's share of the byo-yomi period
         * that follows it: the clock's time left for this move. */
        cap = left + byo;
        if (*hard > left * 0.25 + byo) *hard = left * 0.25 + byo;
        if (*soft > *hard) *soft = *hard;
    }
    if (*hard > cap) *hard = cap;
    if (*soft > *hard) *soft = *hard;
    if (*soft < MIN_BUDGET) *soft = MIN_BUDGET;
    if (*hard < *soft) *hard = *soft;
    return use_all;
}
