/* showboard.c - the human-readable board of `showboard`: coordinates, the
 * stones (weak ones in lowercase), the last move in parentheses, the side to
 * move or the result, and the rules. */
#include <string.h>

#include "args.h"
#include "context.h"

static const char COLS[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

static void column_labels(StrBuf *out, int n)
{
    sb_puts(out, "  ");
    for (int x = 0; x < n; x++) sb_printf(out, " %c", COLS[x]);
    sb_putc(out, '\n');
}

/* The last move's points (placements and flip) as a per-point mark. */
static void last_points(const Position *p, bool *mark)
{
    const Move *m = &p->last;
    if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) return;
    for (int i = 0; i < m->n && i < 3; i++)
        if (m->pt[i] >= 0 && m->pt[i] < p->board->npoints) mark[m->pt[i]] = true;
}

static void square_board(const Position *p, const uint64_t weak[2][BB_MAXW], StrBuf *out)
{
    const Board *b = p->board;
    int n = b->size;
    bool mark[MAX_POINTS] = { false };
    last_points(p, mark);
    column_labels(out, n);
    for (int y = n - 1; y >= 0; y--) {
        sb_printf(out, "%2d", y + 1);
        for (int x = 0; x < n; x++) {
            int pt = y * n + x;
            char sep = mark[pt] ? '(' : (x > 0 && mark[pt - 1]) ? ')' : ' ';
            Color c = pos_color_at(p, pt);
            char ch = '.';
            if (c != EMPTY) {
                bool w = bb_test(weak[c], b->bit_of[pt]);
                ch = c == BLACK ? (w ? 'x' : 'X') : (w ? 'o' : 'O');
            }
            sb_printf(out, "%c%c", sep, ch);
        }
        sb_printf(out, "%c%d\n", mark[y * n + n - 1] ? ')' : ' ', y + 1);
    }
    column_labels(out, n);
}

/* Boards without a grid (Cairo) are listed point by point. */
static void listed_board(const Position *p, StrBuf *out)
{
    for (int c = BLACK; c <= WHITE; c++) {
        bb_t bits;
        memcpy(bits, p->stones[c], sizeof bits);
        sb_printf(out, "%s:", color_name((Color)c));
        if (!bb_empty(bits, p->board->words)) sb_putc(out, ' ');
        sb_put_points(out, p->board, bits);
        sb_putc(out, '\n');
    }
}

GtpStatus cmd_showboard(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    const Game *gm = &g->game;
    const Position *p = game_pos(gm);
    const Board *b = gm->board;
    bb_t weak[2];
    for (int c = BLACK; c <= WHITE; c++) {
        bb_zero(weak[c]);
        pos_weak_stones(p, (Color)c, weak[c]);
    }
    sb_putc(out, '\n');
    if (b->size > 0) square_board(p, (const uint64_t(*)[BB_MAXW])weak, out);
    else listed_board(p, out);

    if (p->result == RESULT_DRAW) sb_puts(out, "game over: both passed, no winner\n");
    else if (pos_over(p)) sb_printf(out, "game over: %s wins\n", result_name(p->result));
    else sb_printf(out, "%s to move%s\n", color_name((Color)p->to_move),
                   p->owe ? " (a returned stone first)" : "");
    char buf[32] = "none";
    if (gm->n > 0) move_format(b, &gm->moves[gm->n - 1], buf, sizeof buf);
    sb_printf(out, "moves played: %zu, last move: %s", gm->n, buf);
    if (gm->n > 0) sb_printf(out, " (%s)", color_name((Color)gm->pos[gm->n - 1].to_move));
    sb_putc(out, '\n');
    if (g->partial.n > 0) {
        sb_puts(out, "pending (GoGui):");
        for (int i = 0; i < g->partial.n; i++) {
            char pt[16];
            point_format(b, g->partial.pt[i], pt, sizeof pt);
            sb_printf(out, " %s", pt);
        }
        sb_putc(out, '\n');
    }
    for (int c = BLACK; c <= WHITE; c++) {
        sb_printf(out, "weak %s:", color_name((Color)c));
        if (!bb_empty(weak[c], b->words)) sb_putc(out, ' ');
        sb_put_points(out, b, weak[c]);
        sb_putc(out, '\n');
    }
    char rules[256];
    ruleset_format(&b->rules, rules, sizeof rules);
    sb_printf(out, "rules: %s", rules);
    return GTP_OK;
}
