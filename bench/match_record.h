/* match_record.h - match result files and the tally they add up to.
 *
 * A result file is tab-separated text: '#' header lines that say what was
 * played (engine command lines, size, rules, time control), then one line
 * per game:
 *     game  black  winner  plies  reason  moves
 * game is the game number, black is A or B (who played black), winner A, B
 * or draw, moves the whole game ';'-separated (canonical text). Files from
 * batches run anywhere (different seeds or game ranges) are simply read one
 * after another into one tally; a file may hold several runs (appended). */
#ifndef MORPHOS_BENCH_MATCH_RECORD_H
#define MORPHOS_BENCH_MATCH_RECORD_H

#include <stdio.h>

#include "elo.h"
#include "match_game.h"

#define MATCH_FILE_MAGIC "# morphos-match 1"

/* Reasons worth counting separately (the first word of a game's reason). */
enum { END_NORMAL = 0, END_RESIGN, END_ILLEGAL, END_ERROR, END_PROTOCOL, END_CRASH, END_HANG, END_TIME, END_CAP, END_KINDS };

typedef struct Tally {
    long games;
    long res[2][3];             /* [A's colour: 0 black, 1 white][A wins, A losses, draws] */
    long ends[2][END_KINDS];    /* [loser: 0 A, 1 B][how]; draws by move cap under [0][END_CAP] */
    long runner_failures;       /* games the runner could not play */
    /* Games 2k and 2k+1 share an opening with colours swapped: pairs[h] counts
     * the pairs where A scored h half-points (0..4, the pentanomial). A game
     * waits in pending[k] (0 = none, else 1 + 3 * (id & 1) + A's half-points)
     * until its partner comes; a second game of the same id and colour (files
     * of different seeds read one after another) replaces it. */
    long pairs[5];
    unsigned char *pending;
    long npending;              /* size of pending */
} Tally;

/* Add one game; 0, or -1 when out of memory for its pair (the game still
 * counts, unpaired). tally_free releases the pairing table. */
int tally_add(Tally *t, const GameRecord *g);
void tally_free(Tally *t);
/* Games counted but not (yet) in a pair. */
long tally_unpaired(const Tally *t);
/* Wins, losses and draws of A. */
void tally_wld(const Tally *t, long *w, long *l, long *d);
/* The category of a reason text (END_*). */
int end_kind(const char *reason);

/* The header of a result file for this run. */
void record_write_header(FILE *f, const MatchConfig *cfg, const char *rules_text, const char *opening_text);
/* One game as one line (flushed, so that an interrupted match keeps every
 * finished game). */
void record_write_game(FILE *f, const GameRecord *g);

/* Parse one game line (modified in place; rec->moves points into it).
 * 1 for a game, 0 for a header or blank line, -1 for a malformed line. */
int record_parse_line(char *line, GameRecord *rec);

/* Read a whole file into t; header lines with the engines are copied to
 * `headers` (when not NULL) for the report. 0, or -1 with a message in err
 * (t then holds the games before the bad line). */
int record_read_file(const char *path, Tally *t, FILE *headers, char *err, size_t errlen);

/* The report: scores per engine and per colour, how games ended, the Elo
 * difference with its 95% interval, the pairs (and the Elo interval from
 * them), and the SPRT state when sprt != NULL. */
void tally_report(FILE *out, const Tally *t, const Sprt *sprt);

#endif
