/* timeman.c - clock budgets. The margins are deliberate: the controller
 * measures our time including process and pipe latency, and a search
 * ends a little past its hard limit (one simulation, one clock stride).
 * Whatever the clock says, the hard limit never exceeds the time left. */
#include "timeman.h"

#include <string.h>

#define LATENCY 0.05  /* seconds held back on every move */
#define MIN_BUDGET 0.001 /* a search always gets this, when even less is left */
/* The lag before any move was measured, and the most one sample counts
 * for (a stall of the whole machine is not the next move's cost). */
#define LAG_PRIOR 0.005
#define LAG_MAX 0.25
#define LAG_DECAY 0.1 /* a sample below the lag moves it this part of the way */

void tm_init(TimeMan *t)
{
    memset(t, 0, sizeof *t);
    t->lag = t->lag_mean = LAG_PRIOR;
    t->expect[0] = t->expect[1] = -1;
}

static void lag_learn(TimeMan *t, double x)
{
    if (x < 0) x = 0;
    if (x > LAG_MAX) x = LAG_MAX;
    /* Peak-held: a loss on time costs the game, a reserve a little
     * search; so a high sample counts at once, a low one slowly. */
    t->lag = x > t->lag ? x : t->lag + (x - t->lag) * LAG_DECAY;
    t->lag_mean += (x - t->lag_mean) * LAG_DECAY;
}

void tm_searched(TimeMan *t, Color c, double searched, double hard)
{
    if (c != BLACK && c != WHITE) return;
    t->pending = 1;
    t->pend_color = c;
    t->pend_left = t->left[c] + searched; /* before tm_spent charged it */
    t->pend_search = searched;
    t->pend_hard = hard;
}

void tm_answered(TimeMan *t, double took)
{
    if (!t->pending) return;
    t->pending = 0;
    Color c = t->pend_color;
    double search = t->pend_hard > 0 && t->pend_search > t->pend_hard ? t->pend_hard : t->pend_search;
    t->last_sample[c] = took - search;
    lag_learn(t, t->last_sample[c]);
    t->expect[c] = t->clock && t->stones[c] == 0 ? t->pend_left - took : -1;
}

void tm_settings(TimeMan *t, double main_time, double byo_time, int byo_stones)
{
    double lag = t->lag, mean = t->lag_mean;
    tm_init(t);
    if (lag > 0) t->lag = lag, t->lag_mean = mean;
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
    /* What the controller charged beyond what we saw (main time, a report
     * finer than whole seconds: GTP's integers say nothing of ms). */
    if (t->expect[c] >= 0 && stones == 0 && t->stones[c] == 0 && (seconds < 1 || seconds != (double)(long)seconds)) {
        double unseen = t->expect[c] - seconds;
        if (unseen > 0) lag_learn(t, t->last_sample[c] + unseen);
    }
    t->expect[c] = -1;
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
    /* What may be used: all but the latency margin and this move's lag;
     * with less than twice the margin left, half of what is left, and
     * never more than the lag leaves (a quick move still beats a loss on
     * time). */
    double have = t->left[me], lag = t->lag, left = have - LATENCY - lag;
    double low = have * 0.5 < have - lag ? have * 0.5 : have - lag;
    if (left < low) left = low;
    if (left < MIN_BUDGET) left = MIN_BUDGET;
    int flags = 0;
    double cap = left; /* the most this move may take */
    if (t->stones[me] == 1) {
        /* The period's last stone: what is not used now is lost. */
        *soft = *hard = left * 0.9;
        flags = TM_USE_ALL;
    } else if (t->stones[me] > 0) {
        /* In byo-yomi: share the period evenly, keep 10% back, and the
         * lag of the period's other moves. */
        double per = (left - lag * (t->stones[me] - 1)) / t->stones[me];
        if (per < MIN_BUDGET) per = MIN_BUDGET;
        *soft = per * 0.8;
        *hard = per * 0.9;
    } else {
        /* Main time: the rules core's guess of the turns still ours
         * (half the empty points, or three board widths of flips once
         * it is full: mutator e's start spent 1/8 of its time on move 1
         * and lost on time in games of 20 to 69 moves a side), plus a
         * reserve. */
        double hint = pos_turns_hint(p), moves = hint + 8;
        /* Each move still to come costs its lag beyond its search: keep
         * that back (25x25 mutator e, ~69 moves a side in 1 s sudden
         * death on a busy machine, ran its clock out by tens of ms). */
        double byo = 0;
        if (t->byo_stones > 0 && t->byo_time > 0) byo = 0.8 * t->byo_time / t->byo_stones;
        double per = (left - (byo > 0 ? 0 : lag * hint)) / moves; /* a byo-yomi pays its own lag */
        /* Sudden death with less than the shortest search a turn once even
         * the usual lag (not its peak) is kept back: the clock is nearly
         * empty, and the move is answered without a search. On a busy
         * machine a move that needs a core for a millisecond waits for it
         * far longer than one that needs it for a tenth (25x25 e, 100
         * genmoves with 20 ms left, load 16: 1-ms searches 0.13 s CPU and
         * 0.5-0.8 s wall, no search 0.01 s CPU and 0.1 s wall with the
         * start-up). Only then: a move without a search is a weak one
         * (25x25 e at 1 s, the rule on whenever the peak lag left less
         * than 1 ms a turn: 2 games of 20 won against a308a54; on the
         * mean, 12 of 20). */
        if (byo == 0 && (left - t->lag_mean * hint) / moves < MIN_BUDGET) flags = TM_NO_SEARCH;
        if (per < MIN_BUDGET) per = MIN_BUDGET;
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
    return flags;
}
