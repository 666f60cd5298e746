/* match_clock.c - see match_clock.h. */
#include "match_clock.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_seconds(const char *s, char **end, double *out)
{
    errno = 0;
    double v = strtod(s, end);
    if (errno || *end == s || !(v >= 0 && v <= 1e6)) return -1;
    *out = v;
    return 0;
}

const char *tc_parse(TimeControl *tc, const char *text)
{
    TimeControl t = {.on = true};
    char *end;
    if (parse_seconds(text, &end, &t.main)) return "main time must be 0..1000000 seconds";
    if (*end == ':') {
        if (parse_seconds(end + 1, &end, &t.byo) || *end != ':') return "want MAIN:BYO:STONES";
        char *e2;
        errno = 0;
        long n = strtol(end + 1, &e2, 10);
        if (errno || e2 == end + 1 || *e2 || n < 0 || n > 1000) return "stones must be 0..1000";
        t.stones = (int)n;
        end = e2;
    }
    if (*end) return "want SECONDS or MAIN:BYO:STONES";
    if (t.stones > 0 && t.byo <= 0) return "byo-yomi needs seconds";
    if (t.stones == 0) t.byo = 0;
    if (t.main <= 0 && t.stones == 0) return "no time at all";
    *tc = t;
    return NULL;
}

void tc_format(const TimeControl *tc, char *buf, int len)
{
    if (!tc->on)
        snprintf(buf, (size_t)len, "none");
    else if (tc->stones)
        snprintf(buf, (size_t)len, "%g:%g:%d", tc->main, tc->byo, tc->stones);
    else
        snprintf(buf, (size_t)len, "%g", tc->main);
}

void clock_start(MatchClock *c, const TimeControl *tc)
{
    c->main_left = tc->main;
    c->byo_left = 0;
    c->stones_left = 0;
    if (c->main_left <= 0 && tc->stones > 0) {
        c->byo_left = tc->byo;
        c->stones_left = tc->stones;
    }
}

double clock_budget(const MatchClock *c, const TimeControl *tc)
{
    if (c->stones_left > 0) return c->byo_left;
    /* Running out of main time mid-move rolls over into a fresh period. */
    return c->main_left + (tc->stones > 0 ? tc->byo : 0);
}

bool clock_spend(MatchClock *c, const TimeControl *tc, double seconds, double margin)
{
    if (seconds > clock_budget(c, tc) + margin) return false;
    if (c->stones_left == 0) {
        if (seconds <= c->main_left) {
            c->main_left -= seconds;
            return true;
        }
        seconds -= c->main_left;
        c->main_left = 0;
        if (tc->stones == 0) return true; /* within the margin */
        c->byo_left = tc->byo;
        c->stones_left = tc->stones;
    }
    c->byo_left -= seconds;
    if (c->byo_left < 0) c->byo_left = 0;
    if (--c->stones_left == 0) {
        c->byo_left = tc->byo;
        c->stones_left = tc->stones;
    }
    return true;
}

void clock_left(const MatchClock *c, double *seconds, int *stones)
{
    if (c->stones_left > 0) {
        *seconds = c->byo_left;
        *stones = c->stones_left;
    } else {
        *seconds = c->main_left;
        *stones = 0;
    }
}
