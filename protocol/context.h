/* context.h - the inside of the protocol context, shared by the files that
 * implement commands (not for use outside protocol/).
 *
 * A command handler gets the context and the arguments after the command
 * name, writes its answer text (or error message) to out, and returns
 * GTP_OK or GTP_ERR; GTP_DONE means it wrote the whole answer to the
 * stream itself (analyze). Handlers check everything before changing state,
 * so an error leaves the context as it was. */
#ifndef MORPHOS_CONTEXT_H
#define MORPHOS_CONTEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "../engine/engine.h"
#include "../rules/rules.h"
#include "game.h"
#include "gtp.h"
#include "reader.h"
#include "strbuf.h"

#define MAX_SECONDS 1e9 /* the most seconds a command's time argument takes */

typedef enum { GTP_OK = 0, GTP_ERR = 1, GTP_DONE = 2 } GtpStatus;

struct Gtp {
    Game game;
    Engine *engine;
    GtpLimits lim;
    Reader *reader;      /* input while gtp_run runs, else NULL */
    FILE *stream;        /* output while gtp_run runs, else NULL */
    const char *id;      /* the current command's id text ("" if none) */
    int (*interrupt)(void *ctx); /* gtp_set_interrupt(), else NULL */
    void *interrupt_ctx;
    bool quit;
    /* GoGui can send single points only. Once a client uses the GoGui rules
     * extension (a gogui-rules_ command answered), a point that starts a
     * compound move (mutators c, d) is kept here as pending, with the same
     * side to move, until the points given make a whole legal move (see
     * partial.c). Cleared whenever the game changes. */
    bool gogui;
    Move partial;
    /* GoGui takes one point per genmove answer: a compound move of the
     * engine is handed over point by point (cmd_engine.c), the points given
     * kept pending in `partial` as clicks are. plan is the whole move,
     * planned at game ply plan_ply; plan.n == 0: none. */
    Move plan;
    size_t plan_ply;
    /* GoGui itself announced it (gogui-interrupt, gogui-version, which only
     * GoGui sends): it then runs a second engine process as its rules
     * program, which a rules change here would not reach. */
    bool gogui_app;
    /* How the pie reaches the controller (pie.c): `swap`, or in point form
     * Black's stone's point; auto means point form once the controller
     * spoke GoGui's rules extension. */
    int pie_form;
};

enum { PIE_AUTO = 0, PIE_POINT, PIE_SWAP };

typedef GtpStatus (*GtpFn)(Gtp *g, int argc, char **argv, StrBuf *out);

typedef struct GtpCommand {
    const char *name;
    GtpFn fn;
    int max_args; /* more is an error before the handler runs; -1: any */
} GtpCommand;

/* The command table (gtp.c), NULL-terminated. */
extern const GtpCommand gtp_commands[];

/* Handlers, grouped by file. */
/* cmd_game.c */
GtpStatus cmd_boardsize(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_clear_board(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_komi(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_play(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_undo(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_final_score(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_rules(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_legal_moves(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_perft(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_divide(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_winner(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_weak_stones(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_winning_chain(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_explain_point(Gtp *, int, char **, StrBuf *);
/* cmd_engine.c */
GtpStatus cmd_genmove(Gtp *, int, char **, StrBuf *);
/* genmove that always plays the whole move, never GoGui's point-by-point
 * answer of a compound one (ap_genmove answers from the record). */
GtpStatus genmove_whole(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_reg_genmove(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_time_settings(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_kgs_time_settings(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_time_left(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_set_param(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_get_param(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_solve(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_proofdb(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_opening_map(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_analyze(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_search_gfx(Gtp *, int, char **, StrBuf *);
/* The searches behind them, for the commands that print the engine's view
 * their own way (cmd_abstractplay.c). can_search(): whether the search
 * commands may run (else the reason in out). engine_move(): the engine's
 * move for p under its options, checked legal (else -1 and the reason).
 * solve_verdict(): engine_solve() stopped by an interrupt: the winner, *best
 * the side to move's move (its win, or its longest resistance), or
 * RESULT_NONE having answered `unknown` in out. search_for():
 * analysis of p for `seconds` (or until an interrupt): the number of
 * reports, the last copied into *a (free a->moves); *broke (if not NULL)
 * says an interrupt ended it (GoGui's `# interrupt`, gtp_set_interrupt). */
bool can_search(Gtp *g, StrBuf *out);
int engine_move(Gtp *g, const Position *p, Move *m, StrBuf *out);
Result solve_verdict(Gtp *g, const Position *p, double seconds, Move *best, StrBuf *out);
int search_for(Gtp *g, const Position *p, double seconds, Analysis *a, bool *broke);
/* cmd_board.c */
GtpStatus cmd_board_geometry(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_stones(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_side_to_move(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_move_history(Gtp *, int, char **, StrBuf *);
/* showboard.c */
GtpStatus cmd_showboard(Gtp *, int, char **, StrBuf *);
/* showboard's grid of a square board in AbstractPlay's frame: its column
 * letters, X the first player's stones (rows 1 to N), O the second's, weak
 * ones lowercase, the last move in parentheses; mirror: the game has
 * swapped, so each cell shows its mirror image with the colours exchanged. */
void ap_board_picture(const Position *p, bool mirror, StrBuf *out);
/* gogui.c */
GtpStatus cmd_gogui_game_id(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_board_size(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_board(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_legal_moves(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_side_to_move(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_final_result(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_captured_count(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_analyze_commands(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_params(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_interrupt(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_gogui_version(Gtp *, int, char **, StrBuf *);
/* pie.c */
GtpStatus cmd_pie_form(Gtp *, int, char **, StrBuf *);
/* cmd_abstractplay.c */
GtpStatus cmd_ap_play(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_genmove(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_legal_moves(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_loadgame(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_printgame(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_winner(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_loadrecord(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_analyze(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_suggest(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_solve(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_showboard(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_ap_review(Gtp *, int, char **, StrBuf *);
/* ap_loadrecord's work on the file's text (tests, fuzzing): pie 1 or 0
 * overrides what the file says, -1 keeps it. GTP_OK with the answer, or
 * GTP_ERR with the reason and the game unchanged. */
int gtp_load_ap_record_text(Gtp *g, const char *text, size_t len, int pie, StrBuf *out);
/* sgf.c */
GtpStatus cmd_loadsgf(Gtp *, int, char **, StrBuf *);
GtpStatus cmd_printsgf(Gtp *, int, char **, StrBuf *);

/* A new game began (size, rules, clear_board, loadsgf): tell the engine. */
void gtp_new_game(Gtp *g);

/* Where Morpharaoh can be played, for the messages of the controllers
 * that draw square boards only. */
#define CAIRO_ELSEWHERE "Go boards (GoGui, Sabaki, Go match runners) cannot show its Cairo board:" \
    " play Morpharaoh on the web board (web/) or over text GTP"

/* Whether a command is offered (list_commands, known_command) in this
 * game: GoGui's rules extension only on square boards (gogui.c). */
bool gogui_offered(const Gtp *g, const char *name);

/* Shared helpers (cmd_game.c). */
void sb_put_points(StrBuf *out, const Board *b, const uint64_t *bits); /* sorted, space-separated */
const char *result_name(int result); /* "black", "white", "draw", "none" */
/* Append "MOVE COUNT\n" for every legal move; returns the total.
 * progress, if given, is called after each root move; nonzero from it
 * stops the count (*stopped set, if given). */
uint64_t divide_into(const Position *p, int depth, bool bulk, StrBuf *out,
                     int (*progress)(size_t done, size_t total, void *ctx), void *ctx, bool *stopped);

/* Listings (legal_moves, ap_legal_moves, divide) of more moves than this
 * are refused with the count, before any is made: a turn under c can have
 * tens of millions (25x25, c+d: 38,391,578), whose list would take
 * seconds, hundreds of MiB and an answer no controller reads. */
#define LISTING_MAX 1000000
/* 0 when the side to move's moves may be listed; else -1 with the refusal
 * in out (the count, the limit, and what to use instead). */
int listing_fits(const Position *p, const char *what, StrBuf *out);
/* Whether GoGui's `# interrupt` arrived (gtp_run's input), or the
 * caller's interrupt (gtp_set_interrupt) says stop: ends genmove, solve,
 * search_gfx, and long counts (divide, perft) between root moves. */
bool gtp_interrupted(Gtp *g);

/* partial.c: pending placements of a compound move given point by point.
 * partial_extend() adds the point `text` when the pending points plus it
 * are the start of some legal move (true) and changes nothing otherwise;
 * partial_targets() sets the points that may be sent next. */
bool partial_extend(Gtp *g, const char *text);
/* Whether m is a whole move the pending points can still become: each is
 * a placement of m, and m has more points (the moves legal_moves lists
 * and play takes whole while points are pending). */
bool partial_holds(const Gtp *g, const Move *m);
void partial_targets(const Gtp *g, uint64_t *bits, bool *pass);

/* pie.c: the swap as a point. swap_by_point() reads `text` (White on one
 * of Black's stones, not itself a legal move) as the swap; swap_point()
 * gives the point that reads so at p (the stones of `last`, Black's move,
 * first), -1 if the swap is not legal or no point can say it.
 * gtp_point_form(): genmove and printsgf write the swap as that point. */
bool swap_by_point(const Position *p, const char *text, Move *m);
int swap_point(const Position *p, const Move *last);
bool gtp_point_form(const Gtp *g);
const char *pie_form_name(int form);

/* report.c: the engine's analysis as text. report_lz(): lz-analyze info
 * lines (no newline); report_gfx(): GoGui gfx commands for position p
 * (square boards), one a line: shades by visits, labels, the best line,
 * a status text. */
typedef enum { GFX_NONE, GFX_WINRATE, GFX_VISITS } GfxLabel;
void report_lz(const Board *b, const Analysis *a, StrBuf *out);
void report_gfx(const Position *p, const Analysis *a, GfxLabel label, StrBuf *out);

/* sgf.c: replace the game by the main line of SGF text (limit: moves to
 * replay, -1 all). On error the game is kept and err says why. */
int gtp_load_sgf_text(Gtp *g, const char *text, size_t len, long limit, char *err, size_t errlen);

#endif
