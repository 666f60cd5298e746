/* cmd_engine.c - the commands that reach the searcher: genmove,
 * reg_genmove, the clock commands, set_param/get_param, solve, analyze. */
#include <string.h>

#include "args.h"
#include "context.h"

#define MAX_SECONDS 1e9
#define MAX_STONES 1000000

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

static bool can_search(Gtp *g, StrBuf *out)
{
    if (!g->lim.search) sb_puts(out, "search disabled");
    else if (!g->engine) sb_puts(out, "no engine");
    else return true;
    return false;
}

/* The engine's move for p, checked: a searcher bug must not corrupt the
 * game. */
static int engine_move(Gtp *g, const Position *p, Move *m, StrBuf *out)
{
    *m = engine_genmove(g->engine, p);
    const char *why = pos_check_move(p, m);
    if (why) {
        sb_printf(out, "engine chose an illegal move: %s", why);
        return -1;
    }
    return 0;
}

static GtpStatus genmove(Gtp *g, int argc, char **argv, StrBuf *out, bool play)
{
    Color c;
    if (argc != 1) return fail(out, "usage: genmove COLOR");
    if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
    if (!can_search(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (pos_over(p)) {
        /* Controllers that know only Go end a game on resign or two passes. */
        if (p->result == RESULT_DRAW) sb_puts(out, "pass");
        else if ((p->result == RESULT_BLACK) != (c == BLACK)) sb_puts(out, "resign");
        else {
            sb_printf(out, "game is over: %s already won", color_name(c));
            return GTP_ERR;
        }
        return GTP_OK;
    }
    if (c != (Color)p->to_move) {
        sb_printf(out, "not %s's turn: %s to move", color_name(c), color_name((Color)p->to_move));
        return GTP_ERR;
    }
    Move m;
    if (engine_move(g, p, &m, out) < 0) return GTP_ERR;
    char buf[32];
    move_format(g->game.board, &m, buf, sizeof buf);
    if (m.kind == MOVE_SWAP && gtp_point_form(g)) {
        const Move *last = g->game.n ? &g->game.moves[g->game.n - 1] : NULL;
        int pt = swap_point(p, last);
        /* Some point says it after every first move under every mutator
         * (tests/test_protocol.c, test_swap_point). */
        if (pt >= 0) point_format(g->game.board, pt, buf, sizeof buf);
    }
    if (play && game_play(&g->game, &m) < 0) return fail(out, "game record full");
    if (play) g->partial.n = 0;
    sb_puts(out, buf);
    return GTP_OK;
}

GtpStatus cmd_genmove(Gtp *g, int argc, char **argv, StrBuf *out)
{
    return genmove(g, argc, argv, out, true);
}

GtpStatus cmd_reg_genmove(Gtp *g, int argc, char **argv, StrBuf *out)
{
    return genmove(g, argc, argv, out, false);
}

GtpStatus cmd_time_settings(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double main_time, byo;
    long stones;
    if (argc != 3) return fail(out, "usage: time_settings MAIN BYO_YOMI STONES");
    if (arg_num(argv[0], 0, MAX_SECONDS, &main_time) < 0 || arg_num(argv[1], 0, MAX_SECONDS, &byo) < 0 ||
        arg_int(argv[2], 0, MAX_STONES, &stones) < 0)
        return fail(out, "syntax error");
    if (g->engine) engine_time_settings(g->engine, main_time, byo, (int)stones);
    return GTP_OK;
}

GtpStatus cmd_kgs_time_settings(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double main_time = 0, byo = 0;
    long stones = 0;
    const char *usage = "usage: kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS"
                        " | canadian MAIN BYO STONES";
    if (argc < 1) return fail(out, usage);
    const char *sys = argv[0];
    if (!strcmp(sys, "none") && argc == 1) {
        /* GTP: byo-yomi time without stones means no time limit. */
        byo = 1;
    } else if (!strcmp(sys, "absolute") && argc == 2) {
        if (arg_num(argv[1], 0, MAX_SECONDS, &main_time) < 0) return fail(out, "syntax error");
    } else if ((!strcmp(sys, "byoyomi") || !strcmp(sys, "canadian")) && argc == 4) {
        long periods;
        if (arg_num(argv[1], 0, MAX_SECONDS, &main_time) < 0 || arg_num(argv[2], 0, MAX_SECONDS, &byo) < 0 ||
            arg_int(argv[3], 0, MAX_STONES, &periods) < 0)
            return fail(out, "syntax error");
        /* Japanese byo-yomi is kept as its last period: one move per
         * period time, as a Canadian period of one stone. */
        stones = sys[0] == 'b' ? (periods > 0) : periods;
    } else {
        return fail(out, usage);
    }
    if (g->engine) engine_time_settings(g->engine, main_time, byo, (int)stones);
    return GTP_OK;
}

GtpStatus cmd_time_left(Gtp *g, int argc, char **argv, StrBuf *out)
{
    Color c;
    double t;
    long stones;
    if (argc != 3) return fail(out, "usage: time_left COLOR TIME STONES");
    if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
    if (arg_num(argv[1], -MAX_SECONDS, MAX_SECONDS, &t) < 0 || arg_int(argv[2], 0, MAX_STONES, &stones) < 0)
        return fail(out, "syntax error");
    if (g->engine) engine_time_left(g->engine, c, t, (int)stones);
    return GTP_OK;
}

/* NAME VALUE...: the value may hold spaces. */
GtpStatus cmd_set_param(Gtp *g, int argc, char **argv, StrBuf *out)
{
    if (argc < 2) return fail(out, "usage: set_param NAME VALUE");
    if (!g->engine) return fail(out, "no engine");
    StrBuf v;
    sb_init(&v);
    for (int i = 1; i < argc; i++) {
        if (i > 1) sb_putc(&v, ' ');
        sb_puts(&v, argv[i]);
    }
    char err[200] = "invalid parameter";
    int rc = engine_set_param(g->engine, argv[0], sb_str(&v), err, sizeof err);
    sb_free(&v);
    if (rc < 0) return fail(out, err);
    return GTP_OK;
}

/* Without a name: every option as "NAME VALUE" lines. */
GtpStatus cmd_get_param(Gtp *g, int argc, char **argv, StrBuf *out)
{
    char val[256];
    if (argc > 1) return fail(out, "usage: get_param [NAME]");
    if (!g->engine) return fail(out, "no engine");
    if (argc == 1) {
        if (engine_get_param(g->engine, argv[0], val, sizeof val) < 0) return fail(out, "unknown parameter");
        sb_puts(out, val);
        return GTP_OK;
    }
    const char *const *names = engine_param_names();
    for (int i = 0; names && names[i]; i++)
        if (engine_get_param(g->engine, names[i], val, sizeof val) == 0)
            sb_printf(out, "%s%s %s", i ? "\n" : "", names[i], val);
    return GTP_OK;
}

GtpStatus cmd_solve(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = 0;
    if (argc > 1 || (argc == 1 && arg_num(argv[0], 0, MAX_SECONDS, &secs) < 0))
        return fail(out, "usage: solve [SECONDS]");
    if (!can_search(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (pos_over(p)) {
        sb_puts(out, result_name(p->result));
        return GTP_OK;
    }
    Move best;
    Result r = engine_solve(g->engine, p, secs, &best);
    if (r != RESULT_BLACK && r != RESULT_WHITE) {
        sb_puts(out, "unknown");
        return GTP_OK;
    }
    char buf[32];
    move_format(g->game.board, &best, buf, sizeof buf);
    sb_printf(out, "%s %s", result_name(r), buf);
    return GTP_OK;
}

typedef struct AnalyzeSink {
    Gtp *g;
    StrBuf *out;
    int lines;
} AnalyzeSink;

static int analyze_stop(void *ctx)
{
    AnalyzeSink *s = ctx;
    /* Without a live input (tests, fuzzing) one report is enough. */
    if (!s->g->reader) return s->lines > 0;
    return reader_pending(s->g->reader);
}

static void analyze_emit(const char *line, void *ctx)
{
    AnalyzeSink *s = ctx;
    /* An empty line would end the answer: never write one. */
    size_t n = strcspn(line, "\n");
    if (n == 0) return;
    s->lines++;
    if (s->g->stream) {
        fwrite(line, 1, n, s->g->stream);
        fputc('\n', s->g->stream);
        fflush(s->g->stream);
    } else {
        sb_putn(s->out, line, n);
        sb_putc(s->out, '\n');
    }
}

/* analyze [COLOR] [INTERVAL]: like Leela Zero's lz-analyze, "=" then
 * "info ..." lines every INTERVAL centiseconds until the next command
 * arrives, then the empty line. */
GtpStatus cmd_analyze(Gtp *g, int argc, char **argv, StrBuf *out)
{
    long interval = 100;
    int a = 0;
    Color c;
    const Position *p = game_pos(&g->game);
    bool colored = a < argc && arg_color(argv[a], &c) == 0;
    if (colored) a++;
    if (a < argc && arg_int(argv[a++], 1, 360000, &interval) < 0) return fail(out, "invalid interval");
    if (a != argc) return fail(out, "usage: analyze [COLOR] [INTERVAL]");
    if (!can_search(g, out)) return GTP_ERR;
    if (pos_over(p)) return fail(out, "game is over");
    if (colored && c != (Color)p->to_move) {
        sb_printf(out, "not %s's turn: %s to move", color_name(c), color_name((Color)p->to_move));
        return GTP_ERR;
    }
    AnalyzeSink s = { g, out, 0 };
    if (g->stream) {
        fprintf(g->stream, "=%s\n", g->id);
        fflush(g->stream);
    }
    engine_analyze(g->engine, p, (int)interval, analyze_stop, analyze_emit, &s);
    if (g->stream) {
        fputc('\n', g->stream);
        fflush(g->stream);
        return GTP_DONE;
    }
    return GTP_OK;
}
