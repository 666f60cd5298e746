/* match_game.h - one game between two GTP engines, refereed by the rules
 * core.
 *
 * Each game starts both engines afresh (so a crash costs one game only),
 * sets them up with boardsize, rules, clear_board and time_settings, plays
 * the opening to both, then asks the side to move for genmove and passes
 * the move on with play. Every move is checked with move_parse. The
 * offender loses, with the reason recorded, on: an illegal or malformed
 * move, an error answer or a malformed reply, a rejected legal move, a
 * crash, a hang (no answer within the timeout), a time loss, or resigning.
 * Games longer than max_plies, and games both sides pass out, are draws. */
#ifndef MORPHOS_BENCH_MATCH_GAME_H
#define MORPHOS_BENCH_MATCH_GAME_H

#include <stddef.h>

#include "../rules/rules.h"
#include "match_clock.h"

typedef struct MatchConfig {
    const char *cmd[2];        /* engine command lines: [0] is A, [1] is B */
    const Board *board;        /* size and rules (shared, read-only) */
    TimeControl tc;
    double timeout;            /* seconds for any answer (genmove too without a clock) */
    double margin;             /* seconds over the clock before a time loss */
    int max_plies;             /* after this many plies: a draw */
    const char *stderr_path;   /* engines' stderr, appended; NULL discards it */
    const char *clock_log;     /* one line per timed genmove, appended; NULL: none */
} MatchConfig;

enum { WIN_A = 0, WIN_B = 1, WIN_DRAW = 2, WIN_NONE = 3 };

typedef struct GameRecord {
    long id;
    int black;                 /* 0: A plays black; 1: B does */
    int winner;                /* WIN_A, WIN_B, WIN_DRAW; WIN_NONE: not played */
    char reason[200];          /* one line, no tabs */
    int plies;                 /* moves played, the opening included */
    char *moves;               /* ';'-separated canonical moves (malloc'd) */
} GameRecord;

/* Play game `id` from `opening` (';'-separated, checked to be legal), with
 * A as black when black == 0. Fills rec (free rec->moves after). Returns
 * 0, or -1 if the runner itself failed (no memory, cannot start processes:
 * then rec->winner is WIN_NONE and rec->reason says why). */
int match_play_game(const MatchConfig *cfg, long id, int black, const char *opening, GameRecord *rec);

void game_record_free(GameRecord *rec);

#endif
