/* cmd_game.c - the commands that set up, play and inspect the game:
 * boardsize, clear_board, komi, play, undo, final_score, rules, legal_moves,
 * perft, divide, winner, weak_stones, winning_chain. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../engine/clock.h"
#include "args.h"
#include "context.h"

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

void sb_put_points(StrBuf *out, const Board *b, const uint64_t *bits)
{
    /* Bit order is not point order on every board shape: sort. */
    int pts[MAX_POINTS];
    int n = 0;
    BB_FOR_EACH(bit, bits, b->words) {
        int p = b->point_of[bit];
        if (p >= 0 && n < MAX_POINTS) pts[n++] = p;
    }
    qsort(pts, (size_t)n, sizeof pts[0], cmp_int);
    char buf[16];
    for (int i = 0; i < n; i++) {
        point_format(b, pts[i], buf, sizeof buf);
        sb_printf(out, "%s%s", i ? " " : "", buf);
    }
}

const char *result_name(int result)
{
    switch (result) {
    case RESULT_BLACK: return "black";
    case RESULT_WHITE: return "white";
    case RESULT_DRAW: return "draw";
    default: return "none";
    }
}

GtpStatus cmd_boardsize(Gtp *g, int argc, char **argv, StrBuf *out)
{
    long n;
    if (argc != 1) return fail(out, "usage: boardsize SIZE");
    /* A Cairo board is fixed by the rules' board= option; accepting a size
     * here would silently mean nothing, or switch games behind the
     * controller's back. */
    if (g->game.board->size == 0)
        return fail(out, "Morpharaoh has no board size: the board comes from the rules"
                         " (rules morpharaoh board=48|160). " CAIRO_ELSEWHERE);
    if (arg_int(argv[0], MIN_SIZE, MAX_SIZE, &n) < 0) {
        sb_printf(out, "unacceptable size (allowed: %d to %d)", MIN_SIZE, MAX_SIZE);
        return GTP_ERR;
    }
    char err[160];
    Ruleset r = g->game.board->rules;
    if (game_reset(&g->game, (int)n, &r, err, sizeof err) < 0) return fail(out, err);
    gtp_new_game(g);
    return GTP_OK;
}

GtpStatus cmd_clear_board(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv, (void)out;
    game_clear(&g->game);
    gtp_new_game(g);
    return GTP_OK;
}

GtpStatus cmd_komi(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)g;
    double k;
    if (argc != 1) return fail(out, "usage: komi FLOAT");
    if (arg_num(argv[0], -1e9, 1e9, &k) < 0) return fail(out, "komi not a float");
    return GTP_OK; /* Morphos has no score: accepted and ignored */
}

/* Check that colour c may move now; a message in out if not. A repeat of
 * the move just played (GoGui sends some twice) gets a message that says
 * so. */
static bool may_move(Gtp *g, Color c, const char *text, StrBuf *out)
{
    const Game *gm = &g->game;
    const Position *p = game_pos(gm);
    if (pos_over(p)) {
        if (p->result == RESULT_DRAW) sb_puts(out, "game is over: both players passed");
        else sb_printf(out, "game is over: %s won", result_name(p->result));
        return false;
    }
    if (c == (Color)p->to_move) return true;
    if (text && gm->n > 0 && (Color)gm->pos[gm->n - 1].to_move == c) {
        Move prev;
        char err[8];
        if (move_parse(&gm->pos[gm->n - 1], text, &prev, err, sizeof err) == 0 &&
            move_equal(&prev, &gm->moves[gm->n - 1])) {
            char buf[32];
            move_format(gm->board, &prev, buf, sizeof buf);
            sb_printf(out, "%s was just played by %s; %s to move", buf, color_name(c),
                      color_name((Color)p->to_move));
            return false;
        }
    }
    sb_printf(out, "not %s's turn: %s to move", color_name(c), color_name((Color)p->to_move));
    return false;
}

/* The move text with the pending points of a compound move (GoGui) in
 * front: "C3" after a pending B2 reads "B2,C3". */
static void with_partial(const Gtp *g, const char *text, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->partial.n && o < len; i++) {
        char pt[16];
        point_format(g->game.board, g->partial.pt[i], pt, sizeof pt);
        int w = snprintf(buf + o, len - o, "%s,", pt);
        if (w < 0) return;
        o += (size_t)w;
    }
    if (o < len) snprintf(buf + o, len - o, "%s", text);
}

/* How `play` reads the point `text` for the side to move: 0 a whole move
 * (in m), 1 the start of a compound move (kept pending), -1 illegal with
 * the reason in err. Changes nothing. */
static int read_move(Gtp *g, const char *text, Move *m, char *err, size_t errlen)
{
    const Position *p = game_pos(&g->game);
    char full[96];
    with_partial(g, text, full, sizeof full);
    if (move_parse(p, full, m, err, errlen) == 0) return 0;
    if (g->partial.n == 0 && swap_by_point(p, text, m)) return 0;
    Move keep = g->partial;
    bool starts = partial_extend(g, text);
    g->partial = keep;
    if (starts) return 1;
    /* A whole move (as legal_moves lists it while points are pending)
     * that holds the pending points; one without them is refused: the
     * pending points are part of this turn until undo drops them. */
    char e2[8];
    if (g->partial.n > 0 && move_parse(p, text, m, e2, sizeof e2) == 0) {
        if (partial_holds(g, m)) return 0;
        char pt[16];
        snprintf(err, errlen, "%s does not hold the pending %s (a compound move given point by point):"
                 " send the rest of that move, or undo to drop %s", text,
                 point_format(g->game.board, g->partial.pt[0], pt, sizeof pt), g->partial.n > 1 ? "them" : "it");
    }
    return -1;
}

/* explain_point POINT: why a point can or cannot be played now - GoGui
 * refuses an illegal click itself with no reason ("Illegal move"); its
 * analyze command "Why Not Here?" asks this for the point clicked. */
GtpStatus cmd_explain_point(Gtp *g, int argc, char **argv, StrBuf *out)
{
    const Position *p = game_pos(&g->game);
    if (argc != 1) return fail(out, "usage: explain_point POINT");
    if (strlen(argv[0]) > 64) return fail(out, "not a point");
    if (pos_over(p)) {
        sb_printf(out, "%s: the game is over (%s won)", argv[0], result_name(p->result));
        return GTP_OK;
    }
    Move m;
    char err[160], buf[32];
    int r = read_move(g, argv[0], &m, err, sizeof err);
    const char *who = color_name((Color)p->to_move);
    if (r < 0) {
        sb_printf(out, "%s cannot play %s: %s", who, argv[0], err);
        return GTP_OK;
    }
    if (r == 1) {
        sb_printf(out, "%s may play %s: the first point of a compound move", who, argv[0]);
        return GTP_OK;
    }
    move_format(g->game.board, &m, buf, sizeof buf);
    const char *what = m.kind == MOVE_SWAP ? " (the swap: White on Black's stone)"
                     : m.kind == MOVE_FLIP ? " (a flip of a weak stone)" : m.kind == MOVE_PASS ? "" : " (a placement)";
    sb_printf(out, "%s may play %s: %s%s", who, argv[0], buf, what);
    return GTP_OK;
}

GtpStatus cmd_play(Gtp *g, int argc, char **argv, StrBuf *out)
{
    Color c;
    if (argc != 2) return fail(out, "usage: play COLOR MOVE");
    if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
    /* The winner's pass that ends a won game for Go controllers (genmove). */
    if (!strcasecmp(argv[1], "pass") && game_may_end_pass(&g->game, c) && g->partial.n == 0)
        return game_end_pass(&g->game) < 0 ? fail(out, "game record full (at most 200000 turns)") : GTP_OK;
    if (!may_move(g, c, argv[1], out)) return GTP_ERR;
    Move m;
    char err[160];
    if (strlen(argv[1]) > 64) return fail(out, "illegal move: move text too long");
    int r = read_move(g, argv[1], &m, err, sizeof err);
    if (r == 1 && partial_extend(g, argv[1])) return GTP_OK;
    if (r != 0) {
        /* GTP's message for this is "illegal move"; the rules core's reason
         * may already start with it. */
        if (strncmp(err, "illegal move", 12) == 0) sb_puts(out, err);
        else sb_printf(out, "illegal move: %s", err);
        return GTP_ERR;
    }
    if (game_play(&g->game, &m) < 0) return fail(out, "game record full (at most 200000 turns)");
    g->partial.n = 0;
    return GTP_OK;
}

GtpStatus cmd_undo(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    if (g->partial.n > 0) { /* the pending points are the latest input */
        g->partial.n = 0;
        return GTP_OK;
    }
    if (game_undo(&g->game) < 0) return fail(out, "cannot undo");
    return GTP_OK;
}

GtpStatus cmd_final_score(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    const Position *p = game_pos(&g->game);
    switch (p->result) {
    case RESULT_BLACK: sb_puts(out, "B+"); return GTP_OK;
    case RESULT_WHITE: sb_puts(out, "W+"); return GTP_OK;
    case RESULT_DRAW: sb_puts(out, "0"); return GTP_OK;
    default: return fail(out, "game not over");
    }
}

GtpStatus cmd_rules(Gtp *g, int argc, char **argv, StrBuf *out)
{
    char buf[256];
    if (argc == 0) {
        ruleset_format(&g->game.board->rules, buf, sizeof buf);
        sb_puts(out, buf);
        return GTP_OK;
    }
    /* GoGui keeps the game in a second engine process (its rules program)
     * that only ever gets play, boardsize and clear_board: a rules change
     * here would leave the two processes playing different games. */
    if (g->gogui_app)
        return fail(out, "GoGui's rules program would not see a rules change: start the engine with"
                         " --rules TOKENS (e.g. gogui -program \"./morphos --rules a,b\")");
    StrBuf text;
    sb_init(&text);
    for (int i = 0; i < argc; i++) {
        if (i) sb_putc(&text, ' ');
        sb_puts(&text, argv[i]);
    }
    Ruleset r;
    ruleset_default(&r);
    const char *why = ruleset_parse(&r, sb_str(&text));
    sb_free(&text);
    if (why) return fail(out, why);
    char err[160];
    if (game_reset(&g->game, g->game.size, &r, err, sizeof err) < 0) return fail(out, err);
    gtp_new_game(g);
    return GTP_OK;
}

/* legal_moves [COLOR]: some controllers name the side to move. */
GtpStatus cmd_legal_moves(Gtp *g, int argc, char **argv, StrBuf *out)
{
    const Position *p = game_pos(&g->game);
    Color c;
    if (argc == 1) {
        if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
        if (c != (Color)p->to_move && !pos_over(p)) {
            sb_printf(out, "not %s's turn: %s to move", color_name(c), color_name((Color)p->to_move));
            return GTP_ERR;
        }
    }
    if (listing_fits(p, "legal_moves", out) < 0) return GTP_ERR;
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    char buf[32];
    bool first = true;
    for (size_t i = 0; i < ml.n; i++) {
        /* Points pending (GoGui): the moves this turn can still become. */
        if (g->partial.n > 0 && !partial_holds(g, &ml.m[i])) continue;
        move_format(p->board, &ml.m[i], buf, sizeof buf);
        sb_printf(out, "%s%s", first ? "" : " ", buf);
        first = false;
    }
    movelist_free(&ml);
    return GTP_OK;
}

int listing_fits(const Position *p, const char *what, StrBuf *out)
{
    uint64_t n = pos_count_moves(p);
    if (n <= LISTING_MAX) return 0;
    sb_printf(out, "%s: %llu legal moves, too many to list (at most %d); perft 1 counts them,"
              " explain_point POINT tells whether a point may be played",
              what, (unsigned long long)n, LISTING_MAX);
    return -1;
}

bool gtp_interrupted(Gtp *g)
{
    if (g->interrupt && g->interrupt(g->interrupt_ctx)) return true;
    return g->reader && reader_interrupted(g->reader);
}

/* Long counts go root move by root move; between them GoGui's interrupt
 * is looked for, every 10 ms at most (it costs a system call). */
typedef struct CountWatch {
    Gtp *g;
    double next;
    size_t done, total;
} CountWatch;

static int count_stop(size_t done, size_t total, void *ctx)
{
    CountWatch *w = ctx;
    w->done = done, w->total = total;
    double now = now_seconds();
    if (now < w->next) return 0;
    w->next = now + 0.01;
    return gtp_interrupted(w->g);
}

static int depth_arg(Gtp *g, int argc, char **argv, long min, long *d, StrBuf *out)
{
    if (argc != 1) {
        sb_puts(out, "usage: DEPTH");
        return -1;
    }
    if (arg_int(argv[0], min, g->lim.max_depth, d) < 0) {
        sb_printf(out, "depth must be %ld..%d", min, g->lim.max_depth);
        return -1;
    }
    return 0;
}

static GtpStatus count_interrupted(const char *what, const CountWatch *w, StrBuf *out)
{
    sb_clear(out);
    sb_printf(out, "%s interrupted (# interrupt) after %zu of %zu root moves: no count", what, w->done, w->total);
    return GTP_ERR;
}

/* perft: depth 1 and less in one call (bulk counting, at once); deeper
 * root move by root move, so that GoGui's interrupt can stop it. */
GtpStatus cmd_perft(Gtp *g, int argc, char **argv, StrBuf *out)
{
    long d;
    if (depth_arg(g, argc, argv, 0, &d, out) < 0) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (d <= 1 || pos_over(p)) {
        sb_printf(out, "%llu", (unsigned long long)perft(p, (int)d, true));
        return GTP_OK;
    }
    if (listing_fits(p, "perft 2 and deeper", out) < 0) return GTP_ERR;
    CountWatch w = { g, 0, 0, 0 };
    bool stopped = false;
    uint64_t n = divide_into(p, (int)d, true, NULL, count_stop, &w, &stopped);
    if (stopped) return count_interrupted("perft", &w, out);
    sb_printf(out, "%llu", (unsigned long long)n);
    return GTP_OK;
}

uint64_t divide_into(const Position *p, int depth, bool bulk, StrBuf *out,
                     int (*progress)(size_t done, size_t total, void *ctx), void *ctx, bool *stopped)
{
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    uint64_t total = 0;
    char buf[32];
    if (stopped) *stopped = false;
    for (size_t i = 0; i < ml.n; i++) {
        Position q = *p;
        pos_play(&q, &ml.m[i]);
        uint64_t n = perft(&q, depth - 1, bulk);
        total += n;
        move_format(p->board, &ml.m[i], buf, sizeof buf);
        if (out) sb_printf(out, "%s %llu\n", buf, (unsigned long long)n);
        if (progress && progress(i + 1, ml.n, ctx)) {
            if (stopped) *stopped = true;
            break;
        }
    }
    movelist_free(&ml);
    return total;
}

GtpStatus cmd_divide(Gtp *g, int argc, char **argv, StrBuf *out)
{
    long d;
    if (depth_arg(g, argc, argv, 1, &d, out) < 0) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (listing_fits(p, "divide", out) < 0) return GTP_ERR;
    CountWatch w = { g, 0, 0, 0 };
    bool stopped = false;
    uint64_t total = divide_into(p, (int)d, true, out, count_stop, &w, &stopped);
    if (stopped) return count_interrupted("divide", &w, out);
    sb_printf(out, "total %llu", (unsigned long long)total);
    return GTP_OK;
}

GtpStatus cmd_winner(Gtp *g, int argc, char **argv, StrBuf *out)
{
    (void)argc, (void)argv;
    sb_puts(out, result_name(game_pos(&g->game)->result));
    return GTP_OK;
}

GtpStatus cmd_weak_stones(Gtp *g, int argc, char **argv, StrBuf *out)
{
    Color c;
    if (argc != 1) return fail(out, "usage: weak_stones COLOR");
    if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
    bb_t bits;
    bb_zero(bits);
    pos_weak_stones(game_pos(&g->game), c, bits);
    sb_put_points(out, g->game.board, bits);
    return GTP_OK;
}

GtpStatus cmd_winning_chain(Gtp *g, int argc, char **argv, StrBuf *out)
{
    const Position *p = game_pos(&g->game);
    bb_t bits, one;
    bb_zero(bits);
    if (argc > 1) return fail(out, "usage: winning_chain [COLOR]");
    if (argc == 1) {
        Color c;
        if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
        pos_winning_chain(p, c, bits);
    } else {
        for (int c = BLACK; c <= WHITE; c++) {
            bb_zero(one);
            if (pos_winning_chain(p, (Color)c, one))
                for (int w = 0; w < BB_MAXW; w++) bits[w] |= one[w];
        }
    }
    sb_put_points(out, g->game.board, bits);
    return GTP_OK;
}
