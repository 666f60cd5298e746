/* cmd_abstractplay.c - moves and games in AbstractPlay's notation
 * (rules/apnotation.h; docs/protocol.md): ap_play, ap_genmove,
 * ap_legal_moves, ap_loadgame, ap_printgame, ap_winner.
 *
 * AbstractPlay exchanges seats at the pie and keeps the stones; this
 * engine's swap maps the position through the symmetry instead. Every
 * command reads and prints AbstractPlay cells through that symmetry once
 * the game has swapped, so that AbstractPlay's move list replays here and
 * the engine's answer can be played there unchanged. */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "context.h"

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
    Move m;
    if (ap_move_parse(p, text, swapped(&g->game), &m, err, sizeof err) < 0) return fail(out, err);
    if (game_play(&g->game, &m) < 0) return fail(out, "game record full");
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

GtpStatus cmd_ap_loadgame(Gtp *g, int argc, char **argv, StrBuf *out)
{
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
    char *s = strdup(sb_str(&text)); /* no arguments: the start position */
    sb_free(&text);
    if (!s) return fail(out, "out of memory");
    size_t k = 0;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == ' ' && ((k && s[k - 1] == ',') || s[i + strspn(s + i, " ")] == ',')) continue;
        s[k++] = s[i];
    }
    s[k] = 0;
    /* Replay on a scratch position first: an error changes nothing. */
    Position p;
    pos_init(&p, g->game.board);
    size_t n = 0, cap = 64;
    Move *moves = malloc(cap * sizeof *moves);
    bool sw = false;
    GtpStatus st = GTP_OK;
    char *save = NULL;
    for (char *t = moves ? strtok_r(s, " ;", &save) : NULL; t && st == GTP_OK; t = strtok_r(NULL, " ;", &save)) {
        if (move_number(t)) continue;
        char err[200];
        Move m;
        if (pos_over(&p)) {
            sb_printf(out, "move %zu '%s': the game is already over", n + 1, t);
            st = GTP_ERR;
        } else if (n >= GAME_MAX_PLIES) {
            sb_puts(out, "too many moves");
            st = GTP_ERR;
        } else if (ap_move_parse(&p, t, sw, &m, err, sizeof err) < 0) {
            sb_printf(out, "move %zu '%s': %s", n + 1, t, err);
            st = GTP_ERR;
        } else {
            if (n == cap) {
                Move *more = realloc(moves, 2 * cap * sizeof *moves);
                if (!more) {
                    sb_puts(out, "out of memory");
                    st = GTP_ERR;
                    break;
                }
                moves = more;
                cap *= 2;
            }
            sw ^= m.kind == MOVE_SWAP;
            pos_play(&p, &m);
            moves[n++] = m;
        }
    }
    free(s);
    if (!moves) return fail(out, "out of memory");
    if (st != GTP_OK) {
        free(moves);
        return st;
    }
    game_clear(&g->game);
    for (size_t i = 0; i < n && st == GTP_OK; i++)
        if (game_play(&g->game, &moves[i]) < 0) {
            game_clear(&g->game);
            sb_puts(out, "game record full");
            st = GTP_ERR;
        }
    free(moves);
    gtp_new_game(g);
    if (st == GTP_OK) sb_printf(out, "%zu", n);
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
        sb_printf(out, "%s%s", i ? " " : "", ap_move_format(&gm->pos[i], &gm->moves[i], sw, buf, sizeof buf));
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
