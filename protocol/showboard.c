/* showboard.c - the human-readable board of `showboard`: coordinates, the
 * stones (weak ones in lowercase), the last move in parentheses, the side to
 * move or the result, and the rules. Square boards are a grid; Cairo boards
 * a picture of their cells by centroid. */
#include <stdio.h>
#include <string.h>

#include "../rules/cairo.h"
#include "args.h"
#include "context.h"

static const char COLS[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
static const char AP_COLS[] = "abcdefghijklmnopqrstuvwxy"; /* no letter skipped */

static void column_labels(StrBuf *out, int n, const char *cols)
{
    sb_puts(out, "  ");
    for (int x = 0; x < n; x++) sb_printf(out, " %c", cols[x]);
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

/* The grid, in GTP's frame or in AbstractPlay's (its column letters; when
 * mirrored, each cell shows the engine's point sym[cell] with the colours
 * exchanged: the game as AbstractPlay keeps it after the pie). */
static void square_board(const Position *p, const uint64_t weak[2][BB_MAXW], bool ap, bool mirror, StrBuf *out)
{
    const Board *b = p->board;
    int n = b->size;
    bool mark[MAX_POINTS] = { false };
    last_points(p, mark);
    const char *cols = ap ? AP_COLS : COLS;
    column_labels(out, n, cols);
    for (int y = n - 1; y >= 0; y--) {
        sb_printf(out, "%2d", y + 1);
        for (int x = 0; x < n; x++) {
            int cell = y * n + x, pt = mirror ? b->sym[cell] : cell;
            int left = x > 0 ? (mirror ? b->sym[cell - 1] : cell - 1) : -1;
            char sep = mark[pt] ? '(' : (left >= 0 && mark[left]) ? ')' : ' ';
            Color c = pos_color_at(p, pt);
            char ch = '.';
            if (c != EMPTY) {
                bool w = bb_test(weak[c], b->bit_of[pt]);
                bool first = (c == BLACK) != mirror;
                ch = first ? (w ? 'x' : 'X') : (w ? 'o' : 'O');
            }
            sb_printf(out, "%c%c", sep, ch);
        }
        int end = y * n + n - 1;
        sb_printf(out, "%c%d\n", mark[mirror ? b->sym[end] : end] ? ')' : ' ', y + 1);
    }
    column_labels(out, n, cols);
}

/* Weak stones of both colours. */
static void weak_stones(const Position *p, bb_t weak[2])
{
    for (int c = BLACK; c <= WHITE; c++) {
        bb_zero(weak[c]);
        pos_weak_stones(p, (Color)c, weak[c]);
    }
}

void ap_board_picture(const Position *p, bool mirror, StrBuf *out)
{
    bb_t weak[2];
    weak_stones(p, weak);
    square_board(p, (const uint64_t(*)[BB_MAXW])weak, true, mirror, out);
}

/* Listed point by point: the fallback for a board too wide to draw. */
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

/* ---- Cairo boards (Morpharaoh) ----
 *
 * The cells have no grid: the picture puts each cell as "INDEX:STONE" on a
 * row by its centroid height (top row first) and at a column by its x, so
 * that it has the board's shape. The column scale is the smallest one that
 * keeps the closest cells of a row one space apart; the space before and
 * after a cell holds the last-move parentheses. 160 cells fit in about 90
 * columns. */

#define CAIRO_LINE 160       /* wider pictures fall back to a list */
#define CAIRO_MARGIN 3       /* side label, space, '(' */

typedef struct CairoPicture {
    int n, nrows, w;          /* cells, rows, token width */
    int order[MAX_POINTS];    /* cells by row, each row by x */
    int row_start[MAX_POINTS + 1];
    int col[MAX_POINTS];      /* column of each cell's token (by cell) */
    int width;                /* columns used by tokens and parentheses */
} CairoPicture;

/* Insertion sort of idx[0..n) by key, ascending: n is small, and qsort's
 * comparator could not see the cells without a global. */
static void sort_by(int *idx, int n, const float *key)
{
    for (int i = 1; i < n; i++) {
        int v = idx[i], j = i;
        while (j > 0 && key[idx[j - 1]] > key[v]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

/* Rows and columns of the picture; false when it would be too wide. */
static bool cairo_layout(const Board *b, CairoPicture *pic)
{
    const CairoCell *cells = b->cairo;
    int n = b->npoints;
    float negy[MAX_POINTS] = { 0 }, x[MAX_POINTS] = { 0 };
    float xmin = 0;
    for (int i = 0; i < n; i++) {
        pic->order[i] = i;
        negy[i] = -cells[i].y;
        x[i] = cells[i].x;
        if (i == 0 || x[i] < xmin) xmin = x[i];
    }
    pic->n = n;
    sort_by(pic->order, n, negy);
    /* Rows: centroid heights within a small tolerance (rows of the Cairo
     * boards are at least 0.38 apart, cells about 1 wide). */
    pic->nrows = 0;
    for (int k = 0; k < n; k++)
        if (k == 0 || negy[pic->order[k]] - negy[pic->order[pic->row_start[pic->nrows - 1]]] > 0.1f)
            pic->row_start[pic->nrows++] = k;
    pic->row_start[pic->nrows] = n;
    float gap = 0;
    for (int r = 0; r < pic->nrows; r++) {
        int *row = pic->order + pic->row_start[r], len = pic->row_start[r + 1] - pic->row_start[r];
        sort_by(row, len, x);
        for (int k = 1; k < len; k++) {
            float d = x[row[k]] - x[row[k - 1]];
            if (d > 1e-3f && (gap == 0 || d < gap)) gap = d;
        }
    }
    if (gap == 0) gap = 1;
    int digits = 1;
    for (int v = n - 1; v >= 10; v /= 10) digits++;
    pic->w = digits + 2;
    float scale = (float)(pic->w + 1) / gap;
    pic->width = 0;
    for (int r = 0; r < pic->nrows; r++) {
        int prev = -1000;
        for (int k = pic->row_start[r]; k < pic->row_start[r + 1]; k++) {
            int c = pic->order[k];
            int col = (int)((x[c] - xmin) * scale + 0.5f);
            if (col < prev + pic->w + 1) col = prev + pic->w + 1; /* rounding never merges cells */
            pic->col[c] = prev = col;
            if (col + pic->w + 1 > pic->width) pic->width = col + pic->w + 1;
        }
    }
    return CAIRO_MARGIN + pic->width + 2 < CAIRO_LINE;
}

/* Append line[0..len) without trailing spaces, and a newline. */
static void put_line(StrBuf *out, const char *line, int len)
{
    while (len > 0 && line[len - 1] == ' ') len--;
    sb_putn(out, line, (size_t)len);
    sb_putc(out, '\n');
}

static void centred_label(StrBuf *out, const CairoPicture *pic, const char *label)
{
    int pad = CAIRO_MARGIN + (pic->width - (int)strlen(label)) / 2;
    sb_printf(out, "%*s%s\n", pad > 0 ? pad : 0, "", label);
}

static void cairo_board(const Position *p, const uint64_t weak[2][BB_MAXW], StrBuf *out)
{
    const Board *b = p->board;
    CairoPicture pic;
    if (!cairo_layout(b, &pic)) {
        listed_board(p, out);
        return;
    }
    bool mark[MAX_POINTS] = { false };
    last_points(p, mark);
    centred_label(out, &pic, "N (black)");
    for (int r = 0; r < pic.nrows; r++) {
        char line[CAIRO_LINE];
        int len = CAIRO_MARGIN + pic.width + 2;
        memset(line, ' ', sizeof line);
        bool mid = r == pic.nrows / 2;
        if (mid) line[0] = 'E', line[len - 1] = 'W';
        for (int k = pic.row_start[r]; k < pic.row_start[r + 1]; k++) {
            int c = pic.order[k], at = CAIRO_MARGIN + pic.col[c];
            Color s = pos_color_at(p, c);
            char ch = '.';
            if (s != EMPTY) {
                bool w = bb_test(weak[s], b->bit_of[c]);
                ch = s == BLACK ? (w ? 'x' : 'X') : (w ? 'o' : 'O');
            }
            char tok[16];
            snprintf(tok, sizeof tok, "%*d:%c", pic.w - 2, c, ch);
            memcpy(line + at, tok, (size_t)pic.w);
            if (mark[c]) line[at + (int)strspn(tok, " ") - 1] = '(', line[at + pic.w] = ')';
        }
        put_line(out, line, len);
    }
    centred_label(out, &pic, "S (black)");
    sb_puts(out, "sides: black joins N and S, white joins E (left) and W (right)\n");
}

GtpStatus cmd_showboard(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    const Game *gm = &g->game;
    const Position *p = game_pos(gm);
    const Board *b = gm->board;
    bb_t weak[2];
    weak_stones(p, weak);
    sb_putc(out, '\n');
    if (b->size > 0) square_board(p, (const uint64_t(*)[BB_MAXW])weak, false, false, out);
    else cairo_board(p, (const uint64_t(*)[BB_MAXW])weak, out);

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
