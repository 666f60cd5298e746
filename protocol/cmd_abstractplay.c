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
