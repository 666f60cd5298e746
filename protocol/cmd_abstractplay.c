/* cmd_abstractplay.c - moves and games in AbstractPlay's notation
 * (rules/apnotation.h; docs/protocol.md): ap_play, ap_genmove,
 * ap_legal_moves, ap_loadgame, ap_loadrecord, ap_printgame, ap_winner.
 *
 * AbstractPlay exchanges seats at the pie and keeps the stones; this
 * engine's swap maps the position through the symmetry instead. Every
 * command reads and prints AbstractPlay cells through that symmetry once
 * the game has swapped, so that AbstractPlay's move list replays here and
 * the engine's answer can be played there unchanged. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aprecord.h"
#include "args.h"
#include "context.h"
#include "file.h"
#include "json.h"

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

/* Whether the game so far contains the swap (at most one: White's first turn). */
static bool swapped(const Game *gm)
{
    for (size_t i = 0; i < gm->n && i < 2; i++)
        if (gm->moves[i].kind == MOVE_SWAP) return true;
    return false;
}

static bool square(const Gtp *g, StrBuf *out)
{
    if (g->game.board->size) return true;
    sb_puts(out, "AbstractPlay notation is for square boards (Morphos), not Morpharaoh");
    return false;
}

/* Arguments joined by nothing: AbstractPlay ignores white space in a move. */
static void joined(int argc, char **argv, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < argc && o + 1 < len; i++) {
        size_t l = strlen(argv[i]);
        if (l > len - o - 1) l = len - o - 1;
        memcpy(buf + o, argv[i], l);
        o += l;
        buf[o] = 0;
    }
}

GtpStatus cmd_ap_play(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc < 1) return fail(out, "usage: ap_play MOVE (AbstractPlay notation: e5, xe5, e5,e6, e5,xf6, e5,pass, pass, pie)");
    if (!square(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (pos_over(p)) return fail(out, "game is over");
    char text[128], err[200];
    joined(argc, argv, text, sizeof text);
    Move m, given;
    if (ap_move_parse_given(p, text, swapped(&g->game), &m, &given, err, sizeof err) < 0) return fail(out, err);
    if (game_play_given(&g->game, &m, &given) < 0) return fail(out, "game record full");
    g->partial.n = 0;
    return GTP_OK;
}

GtpStatus cmd_ap_genmove(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (!square(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (pos_over(p)) return fail(out, "game is over");
    /* genmove checks the search limits, the colour and the move, and plays
     * it whole: the answer below is the record's last move. */
    char *color[1] = { (char *)(p->to_move == BLACK ? "b" : "w") };
    if (argc == 1) color[0] = argv[0];
    const bool was = swapped(&g->game);
    const size_t before = g->game.n;
    StrBuf gtp;
    sb_init(&gtp);
    GtpStatus st = genmove_whole(g, 1, color, &gtp);
    if (st != GTP_OK) {
        sb_puts(out, sb_str(&gtp));
        sb_free(&gtp);
        return st;
    }
    sb_free(&gtp);
    const Game *gm = &g->game;
    assert(gm->n == before + 1);
    char buf[48];
    ap_move_format(&gm->pos[gm->n - 1], &gm->moves[gm->n - 1], was, buf, sizeof buf);
    sb_puts(out, buf);
    return GTP_OK;
}

GtpStatus cmd_ap_legal_moves(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    if (!square(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (listing_fits(p, "ap_legal_moves", out) < 0) return GTP_ERR;
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    const bool sw = swapped(&g->game);
    char buf[48];
    for (size_t i = 0; i < ml.n; i++) sb_printf(out, "%s%s", i ? " " : "", ap_move_format(p, &ml.m[i], sw, buf, sizeof buf));
    movelist_free(&ml);
    return GTP_OK;
}

/* A move number as AbstractPlay's list shows it ("1." or "12)"): skipped. */
static bool move_number(const char *t)
{
    size_t n = 0;
    while (isdigit((unsigned char)t[n])) n++;
    return n > 0 && (t[n] == '.' || t[n] == ')') && t[n + 1] == 0;
}

/* Replay AbstractPlay move texts from the start of board b, checking every
 * move: -1 and the moves (as canonical and as written, to free()), or the
 * index of the first text that fails with the reason in err. */
static long replay(const Board *b, const char *const *texts, size_t n, Move **moves, Move **given, char *err, size_t errlen)
{
    Position p;
    pos_init(&p, b);
    *moves = malloc((n ? n : 1) * sizeof **moves);
    *given = malloc((n ? n : 1) * sizeof **given);
    if (!*moves || !*given) {
        free(*moves);
        free(*given);
        *moves = *given = NULL;
        snprintf(err, errlen, "out of memory");
        return 0;
    }
    bool sw = false;
    for (size_t i = 0; i < n; i++) {
        long bad = (long)i;
        if (pos_over(&p)) snprintf(err, errlen, "the game is already over");
        else if (i >= GAME_MAX_PLIES) snprintf(err, errlen, "too many moves (at most %d)", GAME_MAX_PLIES);
        else if (ap_move_parse_given(&p, texts[i], sw, &(*moves)[i], &(*given)[i], err, errlen) == 0) bad = -1;
        if (bad >= 0) {
            free(*moves);
            free(*given);
            *moves = *given = NULL;
            return bad;
        }
        sw ^= (*moves)[i].kind == MOVE_SWAP;
        pos_play(&p, &(*moves)[i]);
    }
    return -1;
}

/* Replace gm's game by the replayed moves (its board kept). */
static int adopt(Game *gm, const Move *moves, const Move *given, size_t n)
{
    game_clear(gm);
    for (size_t i = 0; i < n; i++)
        if (game_play_given(gm, &moves[i], &given[i]) < 0) {
            game_clear(gm);
            return -1;
        }
    return 0;
}

GtpStatus cmd_ap_loadgame(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc == 0)
        return fail(out, "usage: ap_loadgame MOVES ... (AbstractPlay's move list, `pie` where the pie was invoked;"
                         " clear_board for a game without moves)");
    if (!square(g, out)) return GTP_ERR;
    /* One text: the arguments joined by spaces, with the spaces around
     * commas dropped (`e5, e6` is one move); moves are then separated by
     * white space or ';'. */
    StrBuf text;
    sb_init(&text);
    for (int i = 0; i < argc; i++) {
        if (i) sb_putc(&text, ' ');
        sb_puts(&text, argv[i]);
    }
    char *s = text.overflow ? NULL : strdup(sb_str(&text));
    sb_free(&text);
    if (!s) return fail(out, "out of memory");
    size_t k = 0;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == ' ' && ((k && s[k - 1] == ',') || s[i + strspn(s + i, " ")] == ',')) continue;
        s[k++] = s[i];
    }
    s[k] = 0;
    /* A move is a character and a separator at least. */
    const char **texts = malloc((k / 2 + 1) * sizeof *texts);
    if (!texts) {
        free(s);
        return fail(out, "out of memory");
    }
    size_t n = 0;
    char *save = NULL;
    for (char *t = strtok_r(s, " ;", &save); t; t = strtok_r(NULL, " ;", &save))
        if (!move_number(t)) texts[n++] = t;
    GtpStatus st = GTP_OK;
    Move *moves, *given;
    char err[200];
    long bad = n ? replay(g->game.board, texts, n, &moves, &given, err, sizeof err) : 0;
    if (!n) snprintf(err, sizeof err, "no moves, only move numbers");
    if (bad >= 0) {
        if (n) sb_printf(out, "move %ld '%s': %s", bad + 1, texts[bad], err);
        else sb_puts(out, err);
        st = GTP_ERR;
    } else {
        if (adopt(&g->game, moves, given, n) < 0) {
            sb_puts(out, "game record full");
            st = GTP_ERR;
        } else {
            sb_printf(out, "%zu", n);
        }
        free(moves);
        free(given);
        gtp_new_game(g);
    }
    free(s);
    free(texts);
    return st;
}

GtpStatus cmd_ap_printgame(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    if (!square(g, out)) return GTP_ERR;
    const Game *gm = &g->game;
    if (memcmp(gm->pos[0].stones, gm->board->start, sizeof gm->board->start))
        return fail(out, "the game starts from a set-up position, which AbstractPlay's move list cannot hold");
    bool sw = false;
    char buf[48];
    for (size_t i = 0; i < gm->n; i++) {
        sb_printf(out, "%s%s", i ? " " : "", ap_move_format_given(&gm->pos[i], &gm->moves[i], &gm->given[i], sw, buf, sizeof buf));
        sw ^= gm->moves[i].kind == MOVE_SWAP;
    }
    return GTP_OK;
}

/* AbstractPlay's player 1 owns the first stone and rows 1 to N whatever
 * the seats: after a swap that is this engine's White. */
GtpStatus cmd_ap_winner(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    const Position *p = game_pos(&g->game);
    const bool sw = swapped(&g->game);
    switch (p->result) {
    case RESULT_BLACK: sb_puts(out, sw ? "player2" : "player1"); break;
    case RESULT_WHITE: sb_puts(out, sw ? "player1" : "player2"); break;
    case RESULT_DRAW: sb_puts(out, "draw"); break;
    default: sb_puts(out, "none"); break;
    }
    return GTP_OK;
}

/* AbstractPlay's seat (1 or 2) of the engine's colour c in game gm: player
 * 1 is Black until the swap, White after it. */
static int seat(const Game *gm, Color c)
{
    return (c == BLACK) != swapped(gm) ? 1 : 2;
}

#define RECORD_MAX_BYTES (16u << 20)

static const char *const END_TEXT[] = { "", "resigned", "ran out of time", "", "" };

/* The answer's lines after the move count (docs/protocol.md). */
static void describe(const Gtp *g, const ApRecord *r, StrBuf *out)
{
    const Position *p = game_pos(&g->game);
    sb_printf(out, "\nsize %d\nrules abstractplay=%s\npie %s", r->size, r->preset, r->pied ? "yes" : "no");
    for (int i = 0; i < 2; i++)
        if (r->player[i]) sb_printf(out, "\nplayer%d %s", i + 1, r->player[i]);
    sb_puts(out, "\nresult ");
    const int board = p->result == RESULT_BLACK ? seat(&g->game, BLACK) : p->result == RESULT_WHITE ? seat(&g->game, WHITE) : -1;
    switch (r->end) {
    case AP_END_RESIGN:
    case AP_END_TIMEOUT:
        sb_printf(out, "player%d wins: player%d %s", 3 - r->end_seat, r->end_seat, END_TEXT[r->end]);
        break;
    case AP_END_DRAW: sb_puts(out, "draw agreed"); break;
    case AP_END_ABANDONED: sb_puts(out, "abandoned"); break;
    case AP_END_NONE:
        if (board > 0) sb_printf(out, "player%d wins on the board", board);
        else sb_printf(out, "none yet: player%d to move", seat(&g->game, (Color)p->to_move));
        if (r->winner > 0 && r->winner != board)
            sb_printf(out, "\nwarning: the file says player%d won, which the board does not show", r->winner);
        break;
    }
}

int gtp_load_ap_record_text(Gtp *g, const char *text, size_t len, int pie, StrBuf *out)
{
    char err[256];
    JsonDoc d;
    ApRecord r;
    if (json_parse(&d, text, len, err, sizeof err) < 0) return fail(out, err);
    if (ap_record_read(&d, &r, err, sizeof err) < 0) {
        json_free(&d);
        return fail(out, err);
    }
    if (pie >= 0) r.pied = pie;
    /* The moves with the pie after the first (AbstractPlay's list has no
     * move for it), checked on the record's board and rules. */
    const char **texts = malloc((r.n + 1) * sizeof *texts);
    size_t n = 0;
    for (size_t i = 0; texts && i < r.n; i++) {
        texts[n++] = r.moves[i];
        if (i == 0 && r.pied) texts[n++] = "pie";
    }
    Ruleset rules;
    ruleset_default(&rules);
    char preset[48];
    snprintf(preset, sizeof preset, "abstractplay=%s", r.preset);
    const char *why = ruleset_parse(&rules, preset);
    assert(!why), (void)why;
    Game fresh;
    Move *moves = NULL, *given = NULL;
    GtpStatus st = GTP_ERR;
    if (!texts) {
        sb_puts(out, "out of memory");
    } else if (r.pied && r.n == 0) {
        sb_puts(out, "the file says the pie was invoked, but it has no first move");
    } else if (game_init(&fresh, r.size, &rules, err, sizeof err) < 0) {
        sb_puts(out, err);
    } else {
        long bad = replay(fresh.board, texts, n, &moves, &given, err, sizeof err);
        if (bad >= 0) {
            /* Numbered as the file numbers its moves: the pie is not one. */
            long k = bad + 1 - (r.pied && bad >= 1);
            if (!strcmp(texts[bad], "pie")) sb_printf(out, "the pie after move 1: %s", err);
            else sb_printf(out, "move %ld '%s': %s", k, texts[bad], err);
            game_free(&fresh);
        } else if (adopt(&fresh, moves, given, n) < 0) {
            sb_puts(out, "game record full");
            game_free(&fresh);
        } else {
            game_free(&g->game);
            g->game = fresh;
            gtp_new_game(g);
            sb_printf(out, "%zu", r.n);
            describe(g, &r, out);
            st = GTP_OK;
        }
    }
    free(moves);
    free(given);
    free(texts);
    ap_record_free(&r);
    json_free(&d);
    return st;
}

GtpStatus cmd_ap_loadrecord(Gtp *g, int argc, char **argv, StrBuf *out)
{
    const char *usage = "usage: ap_loadrecord FILE [pie|nopie] (AbstractPlay's game record or game state, JSON)";
    int pie = -1;
    if (argc < 1 || argc > 2) return fail(out, usage);
    if (argc == 2) {
        if (!strcmp(argv[1], "pie")) pie = 1;
        else if (!strcmp(argv[1], "nopie")) pie = 0;
        else return fail(out, usage);
    }
    if (!g->lim.files) return fail(out, "file access disabled");
    char err[200];
    size_t len;
    char *text = read_regular_file(argv[0], RECORD_MAX_BYTES, &len, err, sizeof err);
    if (!text) return fail(out, err);
    GtpStatus st = (GtpStatus)gtp_load_ap_record_text(g, text, len, pie, out);
    free(text);
    return st;
}

/* ---- Analysis in AbstractPlay's frame ----
 * The engine's searches (cmd_engine.c) on the game as stored, printed
 * through the same mirror as the moves: cells as AbstractPlay shows them
 * and seats (player1, player2) instead of colours, after the pie too. */

/* Whether the game had swapped before ply k. */
static bool swapped_at(const Game *gm, size_t k)
{
    for (size_t i = 0; i < k && i < 2; i++)
        if (gm->moves[i].kind == MOVE_SWAP) return true;
    return false;
}

/* The seat of colour c at ply k (before the swap, if any, Black is
 * player 1). */
static int seat_at(const Game *gm, size_t k, Color c)
{
    return (c == BLACK) != swapped_at(gm, k) ? 1 : 2;
}

/* A line of moves from p (the swap state sw there), each in AbstractPlay's
 * text: " m1 m2 ...", stopping at the end of the game. */
static void ap_line(const Position *p, bool sw, const Move *line, int n, StrBuf *out)
{
    Position q = *p;
    char buf[48];
    for (int i = 0; i < n && !pos_over(&q) && !pos_check_move(&q, &line[i]); i++) {
        sb_printf(out, " %s", ap_move_format(&q, &line[i], sw, buf, sizeof buf));
        sw ^= line[i].kind == MOVE_SWAP;
        pos_play(&q, &line[i]);
    }
}

/* The search time: SECONDS if given (0.01 to 600), else the movetime
 * option, else 3 s (search_gfx's rule). -1 with the usage in out. */
static double seconds_arg(Gtp *g, int argc, char **argv, const char *usage, StrBuf *out)
{
    double secs = 3;
    char mt[64];
    if (g->engine && engine_get_param(g->engine, "movetime", mt, sizeof mt) == 0 && atof(mt) > 0) secs = atof(mt);
    if (arg_opt_num(argc, argv, 0.01, 600, &secs) < 0) {
        sb_puts(out, usage);
        return -1;
    }
    return secs;
}

/* Checks shared by the analysis commands: a square board, a search
 * allowed, the game not over. */
static bool can_analyse(Gtp *g, StrBuf *out)
{
    if (!square(g, out) || !can_search(g, out)) return false;
    if (pos_over(game_pos(&g->game))) {
        sb_puts(out, "game is over");
        return false;
    }
    return true;
}

/* ap_analyze [SECONDS]: the search's view, the 10 most visited moves. */
GtpStatus cmd_ap_analyze(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = seconds_arg(g, argc, argv, "usage: ap_analyze [SECONDS] (0.01 to 600)", out);
    if (secs < 0 || !can_analyse(g, out)) return GTP_ERR;
    const Game *gm = &g->game;
    const Position *p = game_pos(gm);
    const bool sw = swapped(gm);
    Analysis a;
    if (!search_for(g, p, secs, &a, NULL)) return fail(out, "the search reported nothing (interrupted at once?)");
    sb_printf(out, "player%d to move: %ld playouts in %.1f s", seat(gm, (Color)p->to_move), a.playouts, a.seconds);
    char buf[48];
    for (int k = 0; k < a.n && k < 10; k++) {
        const AnalysisMove *m = &a.moves[k];
        sb_printf(out, "\n%s %.1f%% %u pv", ap_move_format(p, &m->move, sw, buf, sizeof buf), m->winrate * 100,
                  (unsigned)m->visits);
        ap_line(p, sw, m->pv, m->npv, out);
    }
    free(a.moves);
    return GTP_OK;
}

/* ap_suggest: the move ap_genmove would play, not played. */
GtpStatus cmd_ap_suggest(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argv;
    if (argc) return fail(out, "usage: ap_suggest");
    if (!can_analyse(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    Move m;
    if (engine_move(g, p, &m, out) < 0) return GTP_ERR;
    char buf[48];
    sb_puts(out, ap_move_format(p, &m, swapped(&g->game), buf, sizeof buf));
    return GTP_OK;
}

/* ap_solve [SECONDS]: the solver's verdict as solve gives it, in seats:
 * `player1 h5` (the winner, and the side to move's move: the winning one,
 * or the longest resistance), `unknown`, or the winner of a finished
 * game. */
GtpStatus cmd_ap_solve(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = 0;
    if (arg_opt_num(argc, argv, 0, MAX_SECONDS, &secs) < 0) return fail(out, "usage: ap_solve [SECONDS]");
    if (!square(g, out) || !can_search(g, out)) return GTP_ERR;
    const Game *gm = &g->game;
    const Position *p = game_pos(gm);
    if (pos_over(p)) return cmd_ap_winner(g, 0, argv, out);
    Move best;
    Result r = solve_verdict(g, p, secs, &best, out);
    if (r == RESULT_NONE) return GTP_OK;
    char buf[48];
    sb_printf(out, "player%d %s", seat(gm, r == RESULT_BLACK ? BLACK : WHITE), ap_move_format(p, &best, swapped(gm), buf, sizeof buf));
    return GTP_OK;
}

/* ap_showboard: the board as AbstractPlay draws it. */
GtpStatus cmd_ap_showboard(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    if (!square(g, out)) return GTP_ERR;
    const Game *gm = &g->game;
    const Position *p = game_pos(gm);
    const int n = gm->board->size;
    sb_putc(out, '\n');
    ap_board_picture(p, swapped(gm), out);
    sb_printf(out, "X player1 (rows 1 and %d), O player2 (columns a and %c); weak stones lowercase\n", n, 'a' + n - 1);
    if (p->result == RESULT_DRAW) sb_puts(out, "game over: no winner\n");
    else if (pos_over(p)) sb_printf(out, "game over: player%d wins\n", seat(gm, p->result == RESULT_BLACK ? BLACK : WHITE));
    else sb_printf(out, "player%d to move%s\n", seat(gm, (Color)p->to_move), p->owe ? " (the owed stone first)" : "");
    char buf[48] = "none";
    if (gm->n > 0)
        ap_move_format_given(&gm->pos[gm->n - 1], &gm->moves[gm->n - 1], &gm->given[gm->n - 1], swapped_at(gm, gm->n - 1), buf,
                             sizeof buf);
    sb_printf(out, "moves: %zu, last: %s", gm->n, buf);
    if (gm->n > 0) sb_printf(out, " (player%d)", seat_at(gm, gm->n - 1, (Color)gm->pos[gm->n - 1].to_move));
    return GTP_OK;
}

/* One line of ap_review, to the stream at once when there is one (a long
 * review shows its progress), else to the answer. */
static void review_line(Gtp *g, StrBuf *out, const char *text)
{
    if (g->stream) {
        fprintf(g->stream, "%s\n", text);
        fflush(g->stream);
    } else {
        sb_printf(out, "%s\n", text);
    }
}

/* The value of position k for its side to move: the best move's win rate
 * from a search of secs, or 1 / 0 for a finished game (the mover of the
 * move before won / lost). */
typedef struct Look {
    double best;       /* win rate of the side to move, 0..1 */
    Move move;         /* the best move (MOVE_NONE when over) */
    bool ok;
} Look;

static Look look(Gtp *g, size_t k, double secs, bool *broke)
{
    const Position *p = &g->game.pos[k];
    Look l = { 0, move_of(MOVE_NONE), true };
    if (pos_over(p)) {
        /* The side to move of a finished game is the loser of the last
         * move unless it was a draw. */
        l.best = p->result == RESULT_DRAW ? 0.5 : (p->result == RESULT_BLACK) == (p->to_move == BLACK) ? 1 : 0;
        return l;
    }
    Analysis a;
    l.ok = search_for(g, p, secs, &a, broke) > 0 && a.n > 0;
    if (l.ok) {
        l.best = a.moves[0].winrate;
        l.move = a.moves[0].move;
    }
    free(a.moves);
    return l;
}

/* ap_review [SECONDS]: every move of the game judged by a search of
 * SECONDS (default 1) of the position before it and of the one after:
 * the mover's win rate after the move played against the best move's. */
GtpStatus cmd_ap_review(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = 1;
    if (arg_opt_num(argc, argv, 0.01, 600, &secs) < 0)
        return fail(out, "usage: ap_review [SECONDS] (a search of each position, 0.01 to 600; default 1)");
    if (!square(g, out) || !can_search(g, out)) return GTP_ERR;
    const Game *gm = &g->game;
    if (memcmp(gm->pos[0].stones, gm->board->start, sizeof gm->board->start))
        return fail(out, "the game starts from a set-up position, which AbstractPlay's move list cannot hold");
    if (gm->n == 0) return fail(out, "no moves to review (ap_loadrecord or ap_loadgame first)");
    if (g->stream) {
        fprintf(g->stream, "=%s ", g->id);
        fflush(g->stream);
    }
    char head[96];
    snprintf(head, sizeof head, "%zu moves, %.2g s a position; win rates for the player who moves", gm->n, secs);
    review_line(g, out, head);
    bool broke = false;
    Look before = look(g, 0, secs, &broke);
    size_t k = 0;
    for (; k < gm->n && !broke; k++) {
        Look after = look(g, k + 1, secs, &broke);
        if (broke || !before.ok || !after.ok) break;
        const Position *p = &gm->pos[k];
        const bool sw = swapped_at(gm, k);
        char played[48], best[48], line[200];
        ap_move_format_given(p, &gm->moves[k], &gm->given[k], sw, played, sizeof played);
        const double got = 1 - after.best;
        const double lost = before.best - got;
        int w = snprintf(line, sizeof line, "%zu. player%d %s %.1f%%", k + 1, seat_at(gm, k, (Color)p->to_move), played, got * 100);
        if (!memcmp(&before.move, &gm->moves[k], sizeof before.move))
            snprintf(line + w, sizeof line - (size_t)w, " (best)");
        else
            snprintf(line + w, sizeof line - (size_t)w, " (best %s %.1f%%, -%.1f)%s",
                     ap_move_format(p, &before.move, sw, best, sizeof best), before.best * 100, lost > 0 ? lost * 100 : 0,
                     lost >= 0.2 ? " ??" : lost >= 0.1 ? " ?" : "");
        review_line(g, out, line);
        before = after;
    }
    char last[160];
    const Position *end = game_pos(gm);
    if (k < gm->n) {
        snprintf(last, sizeof last, "interrupted before move %zu", k + 1);
    } else if (pos_over(end)) {
        snprintf(last, sizeof last, "game over: %s", end->result == RESULT_DRAW ? "no winner" :
                 end->result == RESULT_BLACK ? (seat(gm, BLACK) == 1 ? "player1 wins" : "player2 wins") :
                 (seat(gm, WHITE) == 1 ? "player1 wins" : "player2 wins"));
    } else {
        char best[48];
        snprintf(last, sizeof last, "next: player%d to move, best %s %.1f%%", seat(gm, (Color)end->to_move),
                 ap_move_format(end, &before.move, swapped(gm), best, sizeof best), before.best * 100);
    }
    if (g->stream) {
        fprintf(g->stream, "%s\n\n", last);
        fflush(g->stream);
        return GTP_DONE;
    }
    sb_puts(out, last);
    return GTP_OK;
}
