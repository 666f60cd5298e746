/* report.c - the engine's analysis (engine.h: moves with visits, win rates
 * and lines, as data) as text for controllers: lz-analyze `info` lines
 * (Leela Zero's format, read by Sabaki and the web board) and GoGui's
 * graphics commands (gfx analyze type and live `gogui-gfx:` lines).
 *
 * Win rates are printed one way everywhere: lz-analyze as an integer
 * 0..10000, GoGui labels as a percentage. */
#include <math.h>
#include <string.h>

#include "context.h"

/* lz-analyze: the 10 most visited moves on one line,
 * "info move M visits V winrate W order K pv M ..." each. */
void report_lz(const Board *b, const Analysis *a, StrBuf *out)
{
    char buf[48];
    for (int k = 0; k < a->n && k < 10; k++) {
        const AnalysisMove *m = &a->moves[k];
        move_format(b, &m->move, buf, sizeof buf);
        sb_printf(out, "%sinfo move %s visits %u winrate %ld order %d pv", k ? " " : "", buf, (unsigned)m->visits,
                  lround(m->winrate * 10000), k);
        for (int i = 0; i < m->npv; i++) {
            move_format(b, &m->pv[i], buf, sizeof buf);
            sb_printf(out, " %s", buf);
        }
    }
}

/* The point GoGui knows a move by: its first point, the swap as Black's
 * stone (pie.c); -1 when it has none (pass). */
static int gogui_point(const Position *p, const AnalysisMove *m)
{
    if (m->move.kind == MOVE_SWAP) return swap_point(p, NULL);
    return m->point;
}

/* The best line as GoGui's VAR: each move's points in the colour of its
 * mover (after a swap Black moves again), passes left out. */
static void gfx_var(const Position *root, const AnalysisMove *best, StrBuf *out)
{
    Position p = *root;
    char buf[16];
    sb_puts(out, "VAR");
    for (int i = 0; i < best->npv && !pos_over(&p); i++) {
        const Move *m = &best->pv[i];
        char c = p.to_move == BLACK ? 'b' : 'w';
        if (m->kind == MOVE_SWAP) {
            int pt = swap_point(&p, NULL);
            if (pt >= 0) sb_printf(out, " %c %s", c, point_format(p.board, pt, buf, sizeof buf));
        } else if (m->kind == MOVE_PLACE || m->kind == MOVE_FLIP) {
            for (int k = 0; k < m->n; k++) sb_printf(out, " %c %s", c, point_format(p.board, m->pt[k], buf, sizeof buf));
        }
        pos_play(&p, m);
    }
    sb_putc(out, '\n');
}

void report_gfx(const Position *p, const Analysis *a, GfxLabel label, StrBuf *out)
{
    const Board *b = p->board;
    char buf[16];
    if (a->n == 0 || b->size <= 0) return;
    /* ab (by_value): each move's value as a share of the best's. */
    uint32_t most = 0;
    for (int k = 0; k < a->n; k++)
        if (a->moves[k].visits > most) most = a->moves[k].visits;
    double top = a->moves[0].winrate;
    /* Shades in the mover's colour (GoGui: positive black, negative
     * white): each move's visits as a share of the most visited move's. */
    double sign = p->to_move == BLACK ? 1 : -1;
    sb_puts(out, "INFLUENCE");
    for (int k = 0; k < a->n; k++) {
        int pt = gogui_point(p, &a->moves[k]);
        if (pt >= 0)
            sb_printf(out, " %s %.2f", point_format(b, pt, buf, sizeof buf),
                      a->by_value ? (top > 0 ? sign * a->moves[k].winrate / top : 0.0)
                                  : most ? sign * a->moves[k].visits / most : 0.0);
    }
    sb_putc(out, '\n');
    if (label != GFX_NONE && !a->move_only) {
        sb_puts(out, "LABEL");
        for (int k = 0; k < a->n; k++) {
            const AnalysisMove *m = &a->moves[k];
            int pt = gogui_point(p, m);
            if (pt < 0) continue;
            sb_printf(out, " %s ", point_format(b, pt, buf, sizeof buf));
            /* A bare number on a point reads as a move number in GoGui:
             * win rates carry '%', visits an 'n' (n7, n6.8k, n16k, n1.2M). */
            unsigned v = (unsigned)m->visits;
            if (label == GFX_WINRATE) sb_printf(out, "%ld%%", lround(m->winrate * 100));
            else if (v < 1000) sb_printf(out, "n%u", v);
            else if (v < 9950) sb_printf(out, "n%.1fk", v / 1000.0);
            else if (v < 999500) sb_printf(out, "n%uk", (v + 500) / 1000);
            else sb_printf(out, "n%.1fM", v / 1e6);
        }
        sb_putc(out, '\n');
    }
    gfx_var(p, &a->moves[0], out);
    char mv[48];
    move_format(b, &a->moves[0].move, mv, sizeof mv);
    if (a->move_only) {
        sb_printf(out, "TEXT %s to move: this searcher's move %s; it keeps no statistics per move, so there is no map "
                       "(searcher mcts has one)\n", p->to_move == BLACK ? "Black" : "White", mv);
        return;
    }
    if (a->by_value) {
        sb_printf(out, "TEXT %s to move: best %s, value %.1f%% (alpha-beta: %d moves scored, by value); %ld nodes in %.1f s%s\n",
                  p->to_move == BLACK ? "Black" : "White", mv, a->moves[0].winrate * 100, a->n, a->playouts, a->seconds,
                  label == GFX_WINRATE ? "; labels: value %" : label == GFX_VISITS ? "; labels: nodes" : "");
        return;
    }
    sb_printf(out, "TEXT %s to move: best %s, win rate %.1f%%, %u visits; %ld playouts in %.1f s%s\n",
              p->to_move == BLACK ? "Black" : "White", mv, a->moves[0].winrate * 100, (unsigned)a->moves[0].visits,
              a->playouts, a->seconds, label == GFX_WINRATE ? "; labels: win rate %" :
              label == GFX_VISITS ? "; labels: visits" : "");
}
