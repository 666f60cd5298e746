/* engine.h - the searchers behind genmove, as the protocol sees them.
 *
 * An Engine is the one engine context: options, clocks, the searcher in use
 * (a struct of function pointers, one per searcher: mcts, ab, uct, random)
 * and whatever that searcher keeps between moves (the tree). The protocol
 * owns one Engine and only calls these functions; it never reaches inside.
 * Positions passed in are never modified. */
#ifndef MORPHOS_ENGINE_H
#define MORPHOS_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"
#include "proof_check.h"

typedef struct Engine Engine;

Engine *engine_create(void);
void engine_free(Engine *e);

/* Options (searcher, threads, playouts, movetime, memory, seed, search
 * constants). 0 on success; -1 and a message in err on a bad name or value
 * (the option is then unchanged). */
int engine_set_param(Engine *e, const char *name, const char *value, char *err, size_t errlen);
int engine_get_param(Engine *e, const char *name, char *out, size_t outlen);
/* NULL-terminated list of option names. */
const char *const *engine_param_names(void);

/* A new game (board size or rules changed, clear_board, loadsgf). */
void engine_new_game(Engine *e, const Position *p);

/* Clock: main time and Canadian byo-yomi (seconds, stones); time_left as
 * reported by the controller for colour c. */
void engine_time_settings(Engine *e, double main_time, double byo_time, int byo_stones);
void engine_time_left(Engine *e, Color c, double seconds, int stones);

/* What a search thinks of a position, as data; the protocol formats it
 * (lz-analyze lines, GoGui graphics). One entry per move the root tried,
 * most visited first (by_value: best first). */
#define ANALYSIS_PV 12
typedef struct AnalysisMove {
    Move move;             /* a whole move */
    int point;             /* the point the move starts with (its first
                              placement, or the stone it flips); -1 for
                              pass and swap */
    uint32_t visits;
    double winrate;        /* for the side to move at the root, 0..1 */
    int npv;
    Move pv[ANALYSIS_PV];  /* the expected line, pv[0] == move */
} AnalysisMove;

typedef struct Analysis {
    long playouts;         /* so far, in this search */
    double seconds;        /* elapsed */
    int n;
    AnalysisMove *moves;   /* n entries, valid during the report call */
    int move_only;         /* a searcher without statistics (random, ab
                              where it cannot analyse): its move alone,
                              visits and winrate unknown */
    int by_value;          /* ab: the moves by value, best first; visits
                              are the nodes of each move's search and
                              playouts the nodes of the whole */
} Analysis;

/* A caller's view into a running search (every field may be NULL/0):
 * stop() is polled about every 10 ms and ends the search when it returns
 * nonzero (genmove then plays its best move so far, solve answers unknown
 * unless proven); report() gets the analysis every interval_cs
 * centiseconds. */
typedef struct SearchHooks {
    int (*stop)(void *ctx);
    void (*report)(const Analysis *a, void *ctx);
    void *ctx;
    int interval_cs;
    /* genmove: report() also gets the root's final counts once, after the
     * search and before the move is returned (self-play records them).
     * No report when no search ran (the only move, the book, a proof). */
    int final_report;
} SearchHooks;

/* The move to play for the side to move of p (not over): always legal.
 * engine_genmove_live() is the same with the caller's hooks (NULL: none). */
Move engine_genmove(Engine *e, const Position *p);
Move engine_genmove_live(Engine *e, const Position *p, const SearchHooks *h);
/* The last genmove's answer was written `took` seconds after its command
 * arrived (the caller's measure): the time manager learns the lag a move
 * costs beyond its search from it (timeman.h); other answers: no effect. */
void engine_answered(Engine *e, double took);

/* Exact solver: returns the winner (RESULT_BLACK/RESULT_WHITE) with a
 * winning move in *best when proven, RESULT_NONE when unknown within the
 * limits (seconds; 0 = the engine's default) or stopped by h->stop. */
Result engine_solve(Engine *e, const Position *p, double seconds, const SearchHooks *h, Move *best);

/* The proof database (engine/proofdb.h) that solve reads and writes and
 * genmove and analysis consult: opened on path (created when absent) for
 * p's board and rules, replacing the one open, written at least every
 * flush_seconds (30 when 0) while a solve runs; NULL path closes it. 0, or
 * -1 and the reason in err (the database open stays as it was). On a
 * solved position genmove plays the database's move (a winning one, else
 * the longest resistance) and analysis reports the proven value. */
int engine_proofdb(Engine *e, const Position *p, const char *path, double flush_seconds, char *err, size_t errlen);
/* One line on the open database: its file, rule set, entries and size. */
void engine_proofdb_info(Engine *e, char *out, size_t len);
/* The proven value of p for its side to move in the database: 1 won, -1
 * lost, 0 unknown (or no database for p's board); the move in *m. */
int engine_proven(Engine *e, const Position *p, Move *m);
/* Checks the database's value of p with nothing but the rules core
 * (proof_check.h), walking at most max_positions (0: all). 1 proven (out:
 * what was proven), 0 refuted (out: the first position that failed), -1
 * unknown or too large. export: a file to write the proof's entries
 * alone (a small proof database), or NULL. */
int engine_proof_check(Engine *e, const Position *p, size_t max_positions, const char *export_path, char *out, size_t len);
/* The proof file (proof_check.h) of the position start reaches by
 * line[0..n) and of each of its children the database holds: the number
 * of roots written and a summary in out, or -1 and the reason. */
int engine_proof_export(Engine *e, const Position *start, const Move *line, size_t n, const char *path, char *out,
                        size_t len);
/* Verifies the proof file at path (proof_check.h's proof_verify). */
int engine_proof_verify(const char *path, void (*f)(const ProofRoot *r, void *ctx), void *ctx, CheckResult *cr,
                        char *err, size_t errlen);

/* The opening map: the value of every first placement from the start of
 * p's board, up to the board's symmetries, with the pie declined (the map
 * a player needs for the pie rule), each solved within `seconds`
 * (engine_solve's limits, threads and database). */
typedef struct OpeningResult {
    int point;             /* the first stone */
    int rep;               /* the point of its class that was solved (itself when first) */
    Result winner;         /* RESULT_NONE: unknown within the limits */
    Move reply;            /* White's winning reply when White wins, else White's longest resistance */
    unsigned long long nodes;
    double seconds;
} OpeningResult;
/* Fills out[0..n) in point order (out: room for every point); returns n,
 * or -1 and a reason in err (a board whose first turn is not a placement,
 * a chosen point that is not a first placement). only[0..nonly): when
 * nonly > 0, the classes solved (opening_map.h); the others from the
 * database alone. */
int engine_opening_map(Engine *e, const Position *p, double seconds, const int *only, int nonly, const SearchHooks *h,
                       OpeningResult *out, char *err, size_t errlen);

/* Live analysis: search p, reporting every h->interval_cs (100 if 0),
 * until h->stop() returns nonzero (required). Searchers without live
 * statistics report their move once, with one visit and winrate 0.5. */
void engine_analyze(Engine *e, const Position *p, const SearchHooks *h);

#endif
