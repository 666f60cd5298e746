/* pie.c - the pie rule for controllers that know only points.
 *
 * GoGui, gogui-twogtp and Go tournament managers cannot send or receive
 * `swap`. As in Hex GUIs, White asks for the pie by "playing on" one of
 * Black's stones; the engine reads that point as `swap` whenever the point
 * is not also a legal move (a flip always wins the reading). The same
 * reading serves `play`, `loadsgf` (GoGui and twogtp save the swap that
 * way) and, in point form, what `genmove` and `printsgf` write. */
#include <string.h>

#include "context.h"

static bool swap_legal(const Position *p)
{
    Move s = move_of(MOVE_SWAP);
    return p->to_move == WHITE && !pos_over(p) && pos_check_move(p, &s) == NULL;
}

bool swap_by_point(const Position *p, const char *text, Move *m)
{
    int pt;
    if (!swap_legal(p) || point_parse(p->board, text, &pt) < 0) return false;
    if (pos_color_at(p, pt) != BLACK) return false;
    Move flip;
    char err[8];
    if (move_parse(p, text, &flip, err, sizeof err) == 0) return false;
    *m = move_of(MOVE_SWAP);
    return true;
}

/* Whether point pt, written out, reads back as the swap. */
static bool expresses(const Position *p, int pt)
{
    char text[16];
    Move m;
    point_format(p->board, pt, text, sizeof text);
    return swap_by_point(p, text, &m);
}

int swap_point(const Position *p, const Move *last)
{
    if (!swap_legal(p)) return -1;
    /* The stone Black just placed is the natural one to name. */
    if (last && (last->kind == MOVE_PLACE || last->kind == MOVE_FLIP))
        for (int i = 0; i < last->n; i++)
            if (last->pt[i] >= 0 && expresses(p, last->pt[i])) return last->pt[i];
    for (int pt = 0; pt < p->board->npoints; pt++)
        if (expresses(p, pt)) return pt;
    return -1;
}

bool gtp_point_form(const Gtp *g)
{
    return g->pie_form == PIE_POINT || (g->pie_form == PIE_AUTO && g->gogui);
}

const char *pie_form_name(int form)
{
    return form == PIE_POINT ? "point" : form == PIE_SWAP ? "swap" : "auto";
}

/* pie_form [auto|point|swap]: without an argument, the setting and the
 * form in use ("auto point" once GoGui spoke). */
GtpStatus cmd_pie_form(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc == 0) {
        sb_printf(out, "%s %s", pie_form_name(g->pie_form), gtp_point_form(g) ? "point" : "swap");
        return GTP_OK;
    }
    for (int f = PIE_AUTO; f <= PIE_SWAP; f++)
        if (!strcmp(argv[0], pie_form_name(f))) {
            g->pie_form = f;
            return GTP_OK;
        }
    sb_puts(out, "pie form must be auto, point or swap");
    return GTP_ERR;
}
