/* aprecord.h - what an AbstractPlay game file says about a Morphos game
 * (docs/protocol.md, ap_loadrecord): the board size, the rule variant, the
 * moves in order, whether the pie was invoked, the players and the result.
 *
 * Two files are read: the game record AbstractPlay offers for a finished
 * game (its JSON game record: `header` with the variants by name or id,
 * `pied` or `pie-invoked`, the players in their final seats with their
 * results; `moves` by rounds, each move a string or {"move": ...}), and
 * the game state its board page offers for any game, finished or not
 * (`game`, `variants` by id, `stack` of states with each `lastmove`; no
 * word on the pie). The moves stay text: the caller plays them (and so
 * names an illegal one). Only JSON in, nothing about the board here. */
#ifndef MORPHOS_APRECORD_H
#define MORPHOS_APRECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "json.h"

typedef enum { AP_END_NONE, AP_END_RESIGN, AP_END_TIMEOUT, AP_END_DRAW, AP_END_ABANDONED } ApEnd;

typedef struct ApRecord {
    bool is_state;            /* a game state, not a game record */
    int size;                 /* 13 unless a size variant says otherwise */
    const char *preset;       /* rules abstractplay=PRESET: default, minimorph, ... */
    bool pied;                /* the pie was invoked (a state cannot say: false) */
    const char *player[2];    /* seat 1 (player1) and seat 2 at the end; NULL if none */
    int winner;               /* from the record: 1, 2, 0 draw, -1 none or unknown */
    ApEnd end;                /* how a game ended off the board (the last move) */
    int end_seat;             /* the seat of the player who resigned or timed out */
    const char **moves;       /* the board moves in order (the pie not among them) */
    size_t n;
} ApRecord;

/* Read a parsed JSON document. 0, or -1 with what cannot be read in err.
 * The strings point into d, which must outlive r. */
int ap_record_read(const JsonDoc *d, ApRecord *r, char *err, size_t errlen);
void ap_record_free(ApRecord *r);

#endif
