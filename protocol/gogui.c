/* gogui.c - GoGui's rules extension (the engine is GoGui's rules
 * authority: board, legal moves, side to move, result) and its analyze
 * command list. GoGui knows single points and pass only: see cmd_play for
 * how it asks for the pie (swap), partial.c for compound moves. GoGui draws
 * square grids only, so the board commands refuse Cairo boards; the others
 * answer with cell numbers for text clients. */
#include <string.h>

#include "args.h"
#include "context.h"

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

/* GoGui takes an engine that lists the rules extension for its rules
 * program and cannot go on when the board size fails (a null pointer in
 * GoGui 1.6); without the extension it treats the engine as a Go program
 * and shows `boardsize`'s refusal, which says where to play instead. */
bool gogui_offered(const Gtp *g, const char *name)
{
    return strncmp(name, "gogui-rules_", 12) != 0 || g->game.board->size > 0;
}

GtpStatus cmd_gogui_game_id(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    sb_puts(out, g->game.board->rules.game == GAME_MORPHARAOH ? "Morpharaoh" : "Morphos");
    return GTP_OK;
}

GtpStatus cmd_gogui_board_size(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    if (g->game.board->size <= 0) return fail(out, "not a square board");
    sb_printf(out, "%d", g->game.board->size);
    return GTP_OK;
}

/* The points of a pending compound move are shown as stones of the side
 * to move: GoGui redraws its board from this after every play. */
GtpStatus cmd_gogui_board(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    const Position *p = game_pos(&g->game);
    int n = g->game.board->size;
    if (n <= 0) return fail(out, "not a square board");
    for (int y = n - 1; y >= 0; y--) {
        for (int x = 0; x < n; x++) {
            int pt = y * n + x;
            Color c = pos_color_at(p, pt);
            for (int i = 0; i < g->partial.n; i++)
                if (g->partial.pt[i] == pt) c = (Color)p->to_move;
            sb_printf(out, "%s%c", x ? " " : "", c == BLACK ? 'X' : c == WHITE ? 'O' : '.');
        }
        if (y) sb_putc(out, '\n');
    }
    return GTP_OK;
}

/* The points GoGui may send next: whole single-point moves, first (or
 * next) points of compound moves, Black's stones when swap is legal (White
 * "plays on" one to swap), and pass when it is forced. */
GtpStatus cmd_gogui_legal_moves(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    const Position *p = game_pos(&g->game);
    const Board *b = g->game.board;
    bb_t pts;
    bb_zero(pts);
    bool pass;
    partial_targets(g, pts, &pass);
    Move s = move_of(MOVE_SWAP);
    if (g->partial.n == 0 && !pos_over(p) && pos_check_move(p, &s) == NULL)
        for (int w = 0; w < b->words; w++) pts[w] |= p->stones[BLACK][w];
    sb_put_points(out, b, pts);
    if (pass) sb_puts(out, bb_empty(pts, b->words) ? "pass" : " pass");
    return GTP_OK;
}

GtpStatus cmd_gogui_side_to_move(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    sb_puts(out, color_name((Color)game_pos(&g->game)->to_move));
    return GTP_OK;
}

GtpStatus cmd_gogui_final_result(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    /* GoGui shows this text as the end of game message. */
    const Position *p = game_pos(&g->game);
    char rules[256];
    ruleset_format(&g->game.board->rules, rules, sizeof rules);
    switch (p->result) {
    case RESULT_BLACK: sb_printf(out, "Black wins (B+): a black chain joins Black's sides. Rules %s", rules); break;
    case RESULT_WHITE: sb_printf(out, "White wins (W+): a white chain joins White's sides. Rules %s", rules); break;
    case RESULT_DRAW: sb_printf(out, "Draw (0): both players passed. Rules %s", rules); break;
    default: sb_puts(out, "unknown"); break;
    }
    return GTP_OK;
}

GtpStatus cmd_gogui_captured_count(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)g, (void)argc, (void)argv;
    sb_puts(out, "0 0");
    return GTP_OK;
}

GtpStatus cmd_gogui_analyze_commands(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)g, (void)argc, (void)argv;
    sb_puts(out,
            "plist/Weak Stones Black/weak_stones black\n"
            "plist/Weak Stones White/weak_stones white\n"
            "plist/Winning Chain/winning_chain\n"
            "plist/Legal Points/gogui-rules_legal_moves\n"
            "string/Why Not Here?/explain_point %p\n"
            "string/Legal Moves/legal_moves\n"
            "string/Winner/winner\n"
            "string/Perft 1/perft 1\n"
            "string/Perft 2/perft 2\n"
            "string/Perft 3/perft 3\n"

            "hstring/Divide 2/divide 2\n"
            "string/Rules/rules\n"
            "string/Solve/solve\n"
            "gfx/Search: Win Rates/search_gfx winrate\n"
            "gfx/Search: Visits/search_gfx visits\n"
            "param/Engine Parameters/gogui-params\n"
            "hstring/Show Board/showboard\n"
            "none/Save Game Record (Result, Rules).../printsgf %w");
    return GTP_OK;
}

/* GoGui's param type: no argument lists "NAME VALUE" lines; NAME VALUE
 * sets one. */
GtpStatus cmd_gogui_params(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc == 0) return cmd_get_param(g, 0, argv, out);
    if (argc == 1) return fail(out, "usage: gogui-params [NAME VALUE]");
    return cmd_set_param(g, argc, argv, out);
}

/* GoGui asks this once to learn that the engine stops the command in
 * progress when it reads the line `# interrupt` (gtp.c). */
GtpStatus cmd_gogui_interrupt(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv, (void)out;
    g->gogui_app = true;
    return GTP_OK;
}

/* gogui-version VERSION: GoGui (1.6 on) tells the program it runs in it. */
GtpStatus cmd_gogui_version(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv, (void)out;
    g->gogui_app = true;
    return GTP_OK;
}
