/* cmd_board.c - what a graphical controller needs to draw the game without
 * knowing its rules (the web board, web/): board_geometry, stones,
 * side_to_move, move_history. All read-only. */
#include <stdio.h>

#include "args.h"
#include "context.h"
#include "../rules/cairo.h"

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

/* board_geometry: line 1 `square N` or `cairo N` (points), then the sides
 * each colour joins (`black S N`, `white W E`), then one line per point
 * in point order: `NAME X Y SIDES X1 Y1 ... X5 Y5`: the centre, the board
 * sides the point touches (letters, `-` for none) and the corners of its
 * cell, y up. Square cells are unit squares around (column, row), W the
 * left side; Cairo cells are Ludii's pentagons, its E on the left. */
GtpStatus cmd_board_geometry(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argv;
    if (argc != 0) return fail(out, "usage: board_geometry");
    const Board *b = g->game.board;
    char name[16];
    if (b->size) {
        int n = b->size;
        sb_printf(out, "square %d\nblack S N\nwhite W E", n);
        for (int p = 0; p < b->npoints; p++) {
            int x = p % n, y = p / n;
            char sides[5];
            int k = 0;
            if (y == 0) sides[k++] = 'S';
            if (y == n - 1) sides[k++] = 'N';
            if (x == 0) sides[k++] = 'W';
            if (x == n - 1) sides[k++] = 'E';
            if (!k) sides[k++] = '-';
            sides[k] = 0;
            sb_printf(out, "\n%s %d %d %s %g %g %g %g %g %g %g %g", point_format(b, p, name, sizeof name), x, y, sides,
                      x - 0.5, y - 0.5, x + 0.5, y - 0.5, x + 0.5, y + 0.5, x - 0.5, y + 0.5);
        }
        return GTP_OK;
    }
    sb_printf(out, "cairo %d\nblack S N\nwhite E W", b->npoints);
    for (int p = 0; p < b->npoints; p++) {
        const CairoCell *c = &b->cairo[p];
        sb_printf(out, "\n%s %.6f %.6f %c", point_format(b, p, name, sizeof name), c->x, c->y, c->side);
        for (int i = 0; i < 5; i++) sb_printf(out, " %.6f %.6f", c->poly[i][0], c->poly[i][1]);
    }
    return GTP_OK;
}

/* stones COLOR: the points holding that colour's stones, sorted. */
GtpStatus cmd_stones(Gtp *g, int argc, char **argv, StrBuf *out)
{
    Color c;
    if (argc != 1) return fail(out, "usage: stones COLOR");
    if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
    sb_put_points(out, g->game.board, game_pos(&g->game)->stones[c]);
    return GTP_OK;
}

/* side_to_move: `black` or `white` (also once the game is over). */
GtpStatus cmd_side_to_move(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argv;
    if (argc != 0) return fail(out, "usage: side_to_move");
    sb_puts(out, color_name((Color)game_pos(&g->game)->to_move));
    return GTP_OK;
}

/* move_history: the moves from the game's first position (after any SGF
 * setup), one a line as `COLOR MOVE`; empty at the start. */
GtpStatus cmd_move_history(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argv;
    if (argc != 0) return fail(out, "usage: move_history");
    const Game *gm = &g->game;
    char buf[64];
    for (size_t i = 0; i < gm->n; i++)
        sb_printf(out, "%s%s %s", i ? "\n" : "", color_name((Color)gm->pos[i].to_move),
                  move_format(gm->board, &gm->moves[i], buf, sizeof buf));
    return GTP_OK;
}
