/* cmd_engine.c - the commands that reach the searcher: genmove,
 * reg_genmove, the clock commands, set_param/get_param, solve, analyze. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/clock.h"
#include "args.h"
#include "context.h"

#define MAX_STONES 1000000

static GtpStatus fail(StrBuf *out, const char *msg)
{
    sb_puts(out, msg);
    return GTP_ERR;
}

/* The clock commands' arguments, each refused with its name and range:
 * seconds are decimal numbers (no exponent), stones decimal integers. */
static bool seconds_arg(const char *s, const char *name, double lo, double *v, StrBuf *out)
{
    if (arg_num(s, lo, MAX_SECONDS, v) == 0) return true;
    sb_printf(out, "syntax error: %s '%.40s' must be a decimal number of seconds from %.0f to %.0f", name, s, lo,
              MAX_SECONDS);
    return false;
}

static bool stones_arg(const char *s, const char *name, long *v, StrBuf *out)
{
    if (arg_int(s, 0, MAX_STONES, v) == 0) return true;
    sb_printf(out, "syntax error: %s '%.40s' must be an integer from 0 to %d", name, s, MAX_STONES);
    return false;
}

bool can_search(Gtp *g, StrBuf *out)
{
    if (!g->lim.search) sb_puts(out, "search disabled");
    else if (!g->engine) sb_puts(out, "no engine");
    else return true;
    return false;
}

/* What the hooks of a running search see (engine.h's SearchHooks): the
 * context, the position searched, and where a report goes. */
typedef struct Watch {
    Gtp *g;
    const Position *p;
    StrBuf *out;   /* analyze without a live stream (tests): the answer */
    int reports;
} Watch;

/* GoGui's interrupt (`# interrupt`, announced by gogui-interrupt) stops
 * genmove, solve and search_gfx; nothing else in the input does, since GTP
 * controllers wait for the answer before the next command. A caller
 * without a reader may interrupt from outside (gtp_set_interrupt). */
static int interrupted(void *ctx)
{
    Watch *w = ctx;
    return gtp_interrupted(w->g);
}

/* Live graphics for GoGui while genmove thinks, as Fuego and Pachi send
 * them: `gogui-gfx:` and gfx commands on stderr, up to an empty line. */
static void live_gfx(const Analysis *a, void *ctx)
{
    Watch *w = ctx;
    StrBuf t;
    sb_init(&t);
    report_gfx(w->p, a, GFX_NONE, &t);
    if (t.len && !t.overflow) fprintf(stderr, "gogui-gfx:\n%s\n", sb_str(&t));
    fflush(stderr);
    sb_free(&t);
    w->reports++;
}

/* The engine's move for p, checked: a searcher bug must not corrupt the
 * game. */
int engine_move(Gtp *g, const Position *p, Move *m, StrBuf *out)
{
    /* Graphics only for GoGui's player (the process asked to move) and on
     * boards GoGui draws. */
    bool gfx = g->gogui && g->game.board->size > 0;
    Watch w = { g, p, NULL, 0 };
    SearchHooks h = { .stop = interrupted, .report = gfx ? live_gfx : NULL, .ctx = &w, .interval_cs = 50 };
    *m = engine_genmove_live(g->engine, p, &h);
    if (gfx && w.reports) {
        fputs("gogui-gfx: CLEAR\n", stderr); /* before the answer: no stale marks */
        fflush(stderr);
    }
    const char *why = pos_check_move(p, m);
    if (why) {
        sb_printf(out, "engine chose an illegal move: %s", why);
        return -1;
    }
    return 0;
}

/* In GoGui's player a compound move (mutators c, d: `C3,E5`) is answered
 * point by point, as GoGui's rules program takes it from clicks: the first
 * genmove names the first point, kept pending with the same side to move
 * (partial.c), and each next genmove of that side the next point, until
 * the move is whole and played. start_planned() begins that for m;
 * next_planned() goes on with a plan still valid (nothing else happened). */
static bool start_planned(Gtp *g, const Move *m, StrBuf *out)
{
    if (!g->gogui || g->partial.n != 0 || (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) || m->n < 2) return false;
    char buf[16];
    g->plan = *m;
    g->plan_ply = g->game.n;
    g->partial = move_pts(MOVE_PLACE, 1, m->pt[0], -1, -1);
    sb_puts(out, point_format(g->game.board, m->pt[0], buf, sizeof buf));
    return true;
}

/* 0: no plan goes on; else the answer's status. */
static int next_planned(Gtp *g, StrBuf *out)
{
    int k = g->partial.n;
    bool valid = g->plan.n > 0 && g->plan_ply == g->game.n && k > 0 && k < g->plan.n;
    for (int i = 0; valid && i < k; i++) valid = g->partial.pt[i] == g->plan.pt[i];
    if (!valid) {
        g->plan.n = 0;
        return 0;
    }
    char buf[16];
    if (k + 1 == g->plan.n) {
        Move whole = g->plan;
        if (game_play(&g->game, &whole) < 0) return fail(out, "game record full") + 1;
        g->plan.n = 0;
        g->partial.n = 0;
    } else {
        g->partial.pt[k] = g->plan.pt[k];
        g->partial.n++;
    }
    sb_puts(out, point_format(g->game.board, g->plan.pt[k], buf, sizeof buf));
    return GTP_OK + 1;
}

/* play: play the move (genmove) or only name it (reg_genmove); by_points:
 * GoGui's point-by-point answers of a compound move (genmove only). */
static GtpStatus genmove(Gtp *g, int argc, char **argv, StrBuf *out, bool play, bool by_points)
{
    assert(play || !by_points);
    Color c;
    if (argc != 1) return fail(out, "usage: genmove COLOR");
    if (arg_color(argv[0], &c) < 0) return fail(out, "invalid color");
    if (!can_search(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (pos_over(p)) {
        /* Controllers that know only Go end a game on resign or two passes:
         * the loser resigns; the winner to move (mutator b sees a win at
         * the start of the winner's turn) passes, and the loser resigns
         * next. */
        if (p->result == RESULT_DRAW) sb_puts(out, "pass");
        else if ((p->result == RESULT_BLACK) != (c == BLACK)) sb_puts(out, "resign");
        else if (game_may_end_pass(&g->game, c)) {
            if (play && game_end_pass(&g->game) < 0) return fail(out, "game record full (at most 200000 turns)");
            sb_puts(out, "pass");
        } else {
            sb_printf(out, "game is over: %s already won", color_name(c));
            return GTP_ERR;
        }
        return GTP_OK;
    }
    if (c != (Color)p->to_move) {
        sb_printf(out, "not %s's turn: %s to move", color_name(c), color_name((Color)p->to_move));
        return GTP_ERR;
    }
    int planned = by_points ? next_planned(g, out) : 0;
    if (planned) return (GtpStatus)(planned - 1);
    Move m;
    if (engine_move(g, p, &m, out) < 0) return GTP_ERR;
    if (by_points && start_planned(g, &m, out)) return GTP_OK;
    char buf[32];
    move_format(g->game.board, &m, buf, sizeof buf);
    if (m.kind == MOVE_SWAP && gtp_point_form(g)) {
        const Move *last = g->game.n ? &g->game.moves[g->game.n - 1] : NULL;
        int pt = swap_point(p, last);
        /* Some point says it after every first move under every mutator
         * (tests/test_protocol.c, test_swap_point). */
        if (pt >= 0) point_format(g->game.board, pt, buf, sizeof buf);
    }
    if (play && game_play(&g->game, &m) < 0) return fail(out, "game record full (at most 200000 turns)");
    if (play) g->partial.n = 0;
    sb_puts(out, buf);
    return GTP_OK;
}

GtpStatus cmd_genmove(Gtp *g, int argc, char **argv, StrBuf *out)
{
    return genmove(g, argc, argv, out, true, true);
}

GtpStatus genmove_whole(Gtp *g, int argc, char **argv, StrBuf *out)
{
    return genmove(g, argc, argv, out, true, false);
}

GtpStatus cmd_reg_genmove(Gtp *g, int argc, char **argv, StrBuf *out)
{
    return genmove(g, argc, argv, out, false, false);
}

GtpStatus cmd_time_settings(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double main_time, byo;
    long stones;
    if (argc != 3) return fail(out, "usage: time_settings MAIN BYO_YOMI STONES");
    if (!seconds_arg(argv[0], "MAIN", 0, &main_time, out) || !seconds_arg(argv[1], "BYO_YOMI", 0, &byo, out) ||
        !stones_arg(argv[2], "STONES", &stones, out))
        return GTP_ERR;
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
        if (!seconds_arg(argv[1], "MAIN", 0, &main_time, out)) return GTP_ERR;
    } else if ((!strcmp(sys, "byoyomi") || !strcmp(sys, "canadian")) && argc == 4) {
        long periods;
        if (!seconds_arg(argv[1], "MAIN", 0, &main_time, out) ||
            !seconds_arg(argv[2], sys[0] == 'b' ? "PERIOD" : "BYO", 0, &byo, out) ||
            !stones_arg(argv[3], sys[0] == 'b' ? "PERIODS" : "STONES", &periods, out))
            return GTP_ERR;
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
    if (!seconds_arg(argv[1], "TIME", -MAX_SECONDS, &t, out) || !stones_arg(argv[2], "STONES", &stones, out))
        return GTP_ERR;
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

Result solve_verdict(Gtp *g, const Position *p, double seconds, Move *best, StrBuf *out)
{
    Watch w = { g, p, NULL, 0 };
    SearchHooks h = { .stop = interrupted, .ctx = &w };
    Result r = engine_solve(g->engine, p, seconds, &h, best);
    if (r == RESULT_BLACK || r == RESULT_WHITE) return r;
    sb_puts(out, "unknown");
    return RESULT_NONE;
}

GtpStatus cmd_solve(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = 0;
    if (arg_opt_num(argc, argv, 0, MAX_SECONDS, &secs) < 0) return fail(out, "usage: solve [SECONDS]");
    if (!can_search(g, out)) return GTP_ERR;
    const Position *p = game_pos(&g->game);
    if (pos_over(p)) {
        sb_puts(out, result_name(p->result));
        return GTP_OK;
    }
    Move best;
    Result r = solve_verdict(g, p, secs, &best, out);
    if (r == RESULT_NONE) return GTP_OK;
    char buf[32];
    move_format(g->game.board, &best, buf, sizeof buf);
    sb_printf(out, "%s %s", result_name(r), buf);
    return GTP_OK;
}

typedef struct VerifyOut {
    StrBuf *out;
    int failed;
} VerifyOut;

static void verify_line(const ProofRoot *r, void *ctx)
{
    VerifyOut *v = ctx;
    const char *who = r->winner == RESULT_BLACK ? "black" : "white";
    if (r->ok == 1)
        sb_printf(v->out, "%s %s wins: proven, %zu positions, %zu proof moves\n", r->line[0] ? r->line : "-", who,
                  r->positions, r->used);
    else
        sb_printf(v->out, "%s %s wins: refuted: %s\n", r->line[0] ? r->line : "-", who, r->why), v->failed = 1;
}

/* proofdb FILE [FLUSH_SECONDS] | proofdb off | proofdb | proofdb check
 * [MAX [EXPORT]] | proofdb export FILE | proofdb verify FILE: open
 * (create) the proof database, close it, describe it, check the value it
 * holds for the current position, write the proof file of the current
 * position and its children, or verify a proof file (engine.h). */
GtpStatus cmd_proofdb(Gtp *g, int argc, char **argv, StrBuf *out)
{
    static const char usage[] =
        "usage: proofdb [FILE [FLUSH_SECONDS] | off | check [MAX_POSITIONS [EXPORT_FILE]] | export FILE | verify FILE]";
    char msg[512];
    if (!g->engine) return fail(out, "no engine");
    const Position *p = game_pos(&g->game);
    if (argc == 0) {
        engine_proofdb_info(g->engine, msg, sizeof msg);
        sb_puts(out, msg);
        return GTP_OK;
    }
    if (strcmp(argv[0], "check") == 0) {
        long max = 0;
        if (argc > 3 || (argc >= 2 && arg_int(argv[1], 0, 1000000000L, &max) < 0)) return fail(out, usage);
        int r = engine_proof_check(g->engine, p, (size_t)max, argc == 3 ? argv[2] : NULL, msg, sizeof msg);
        if (r < 0 && strncmp(msg, "not checked", 11) != 0) return fail(out, msg);
        sb_puts(out, msg);
        return GTP_OK;
    }
    if (strcmp(argv[0], "verify") == 0) {
        if (argc != 2) return fail(out, usage);
        CheckResult cr;
        VerifyOut v = { out, 0 };
        int r = engine_proof_verify(argv[1], verify_line, &v, &cr, msg, sizeof msg);
        if (r < 0) {
            sb_clear(out);
            return fail(out, msg);
        }
        sb_printf(out, "%s: %zu positions, %zu proof moves, longest line %d", r == 1 ? "proven" : "refuted", cr.positions,
                  cr.used, cr.depth);
        return r == 1 ? GTP_OK : GTP_ERR;
    }
    if (strcmp(argv[0], "export") == 0) {
        if (argc != 2) return fail(out, usage);
        const Game *gm = &g->game;
        Position start;
        pos_init(&start, gm->board);
        if (pos_hash(&start) != pos_hash(&gm->pos[0]))
            return fail(out, "the game starts from set-up stones: a proof file starts from the empty board");
        if (engine_proof_export(g->engine, &gm->pos[0], gm->moves, gm->n, argv[1], msg, sizeof msg) < 0)
            return fail(out, msg);
        sb_puts(out, msg);
        return GTP_OK;
    }
    double flush = 0;
    if (argc > 2 || (argc == 2 && arg_num(argv[1], 0.001, 86400, &flush) < 0)) return fail(out, usage);
    if (strcmp(argv[0], "off") == 0) {
        if (argc != 1) return fail(out, usage);
        engine_proofdb(g->engine, p, NULL, 0, msg, sizeof msg);
        return GTP_OK;
    }
    if (engine_proofdb(g->engine, p, argv[0], flush, msg, sizeof msg) < 0) return fail(out, msg);
    engine_proofdb_info(g->engine, msg, sizeof msg);
    sb_puts(out, msg);
    return GTP_OK;
}

/* opening_map [SECONDS [POINT...]]: the value of every first stone with
 * the pie declined, one line per class of symmetric openings (the stone,
 * the winner, White's winning reply when White wins, time and nodes), then
 * the map: B where the opening wins for Black, W where it loses, ? where
 * unknown. SECONDS per opening (default: solve_time). With POINTs, only
 * their classes are solved, in that order; the others are answered from
 * the proof database (unknown when it has no value). */
GtpStatus cmd_opening_map(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = 0;
    if (arg_opt_num(argc > 1 ? 1 : argc, argv, 0, MAX_SECONDS, &secs) < 0)
        return fail(out, "usage: opening_map [SECONDS [POINT...]]");
    if (!can_search(g, out)) return GTP_ERR;
    const Board *b = g->game.board;
    if (b->size == 0) return fail(out, "opening maps are drawn on square boards only");
    int only[MAX_POINTS], nonly = 0;
    for (int i = 1; i < argc; i++) {
        if (nonly == MAX_POINTS || point_parse(b, argv[i], &only[nonly]) < 0) {
            char msg[128];
            snprintf(msg, sizeof msg, "not a point of this board: %.32s (usage: opening_map [SECONDS [POINT...]])", argv[i]);
            return fail(out, msg);
        }
        nonly++;
    }
    OpeningResult *res = calloc((size_t)b->npoints, sizeof *res);
    if (!res) return fail(out, "out of memory");
    const Position *p = game_pos(&g->game);
    Watch w = { g, p, NULL, 0 };
    SearchHooks h = { .stop = interrupted, .ctx = &w };
    char err[256], buf[32], buf2[32];
    int n = engine_opening_map(g->engine, p, secs, only, nonly, &h, res, err, sizeof err);
    if (n < 0) {
        free(res);
        return fail(out, err);
    }
    char map[MAX_POINTS];
    memset(map, '.', sizeof map);
    for (int i = 0; i < n; i++) {
        const OpeningResult *o = &res[i];
        map[o->point] = o->winner == RESULT_BLACK ? 'B' : o->winner == RESULT_WHITE ? 'W' : '?';
        if (o->rep != o->point) continue;
        sb_printf(out, "%s %s", point_format(b, o->point, buf, sizeof buf),
                  o->winner == RESULT_BLACK ? "black" : o->winner == RESULT_WHITE ? "white" : "unknown");
        if (o->winner == RESULT_WHITE) sb_printf(out, " %s", move_format(b, &o->reply, buf2, sizeof buf2));
        sb_printf(out, " %.1fs %llu nodes\n", o->seconds, o->nodes);
    }
    sb_puts(out, "  ");
    for (int x = 0; x < b->size; x++) sb_printf(out, " %c", "ABCDEFGHJKLMNOPQRSTUVWXYZ"[x]);
    for (int y = b->size - 1; y >= 0; y--) {
        sb_printf(out, "\n%2d", y + 1);
        for (int x = 0; x < b->size; x++) sb_printf(out, " %c", map[y * b->size + x]);
    }
    free(res);
    return GTP_OK;
}

static int analyze_stop(void *ctx)
{
    Watch *w = ctx;
    if (w->g->interrupt && w->g->interrupt(w->g->interrupt_ctx)) return 1;
    /* Without a live input (tests, fuzzing) one report is enough. */
    if (!w->g->reader) return w->reports > 0;
    return reader_pending(w->g->reader);
}

static void analyze_report(const Analysis *a, void *ctx)
{
    Watch *w = ctx;
    StrBuf t;
    sb_init(&t);
    report_lz(w->p->board, a, &t);
    if (t.len && !t.overflow) {
        w->reports++;
        if (w->g->stream) {
            fprintf(w->g->stream, "%s\n", sb_str(&t));
            fflush(w->g->stream);
        } else {
            sb_printf(w->out, "%s\n", sb_str(&t));
        }
    }
    sb_free(&t);
}

/* analyze [COLOR] [INTERVAL]: like Leela Zero's lz-analyze, "=" then
 * "info ..." lines every INTERVAL centiseconds until the next command
 * arrives (GoGui's `# interrupt` too), then the empty line. */
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
    Watch w = { g, p, out, 0 };
    SearchHooks h = { .stop = analyze_stop, .report = analyze_report, .ctx = &w, .interval_cs = (int)interval };
    if (g->stream) {
        fprintf(g->stream, "=%s\n", g->id);
        fflush(g->stream);
    }
    engine_analyze(g->engine, p, &h);
    if (g->stream) {
        fputc('\n', g->stream);
        fflush(g->stream);
        return GTP_DONE;
    }
    return GTP_OK;
}

typedef struct Timed {
    Watch w;
    double until;      /* seconds on the clock */
    Analysis *last;    /* the latest report, copied (moves grown here) */
    int cap;
    bool broke;        /* an interrupt ended it */
} Timed;

static int timed_stop(void *ctx)
{
    Timed *s = ctx;
    if (interrupted(&s->w)) s->broke = true;
    return s->broke || now_seconds() >= s->until;
}

static void timed_keep(const Analysis *a, void *ctx)
{
    Timed *s = ctx;
    if (a->n > s->cap) {
        AnalysisMove *m = realloc(s->last->moves, (size_t)a->n * sizeof *m);
        if (!m) return;
        s->last->moves = m;
        s->cap = a->n;
    }
    memcpy(s->last->moves, a->moves, (size_t)a->n * sizeof *a->moves);
    AnalysisMove *moves = s->last->moves;
    *s->last = *a;
    s->last->moves = moves;
    s->w.reports++;
}

int search_for(Gtp *g, const Position *p, double seconds, Analysis *a, bool *broke)
{
    *a = (Analysis){ 0 };
    Timed s = { .w = { g, p, NULL, 0 }, .until = now_seconds() + seconds, .last = a };
    SearchHooks h = { .stop = timed_stop, .report = timed_keep, .ctx = &s, .interval_cs = 10 };
    engine_analyze(g->engine, p, &h);
    if (!s.w.reports) {
        free(a->moves);
        *a = (Analysis){ 0 };
    }
    if (broke) *broke = s.broke;
    return s.w.reports;
}

/* search_gfx winrate|visits [SECONDS]: GoGui's gfx analyze commands that
 * show the search's view of the position: a search of SECONDS (default:
 * the movetime option, else 3; at most 600; `# interrupt` ends it early),
 * then each move's win rate (%) or visits on its point, visit shares as
 * shades, the best line and a summary. Square boards only (GoGui's). */
GtpStatus cmd_search_gfx(Gtp *g, int argc, char **argv, StrBuf *out)
{
    double secs = 3;
    char mt[64];
    if (g->engine && engine_get_param(g->engine, "movetime", mt, sizeof mt) == 0 && atof(mt) > 0) secs = atof(mt);
    GfxLabel label;
    const Position *p = game_pos(&g->game);
    if (argc < 1 || argc > 2) return fail(out, "usage: search_gfx winrate|visits [SECONDS]");
    if (!strcmp(argv[0], "winrate")) label = GFX_WINRATE;
    else if (!strcmp(argv[0], "visits")) label = GFX_VISITS;
    else return fail(out, "usage: search_gfx winrate|visits [SECONDS]");
    if (argc == 2 && arg_num(argv[1], 0.01, 600, &secs) < 0) return fail(out, "SECONDS must be 0.01..600");
    if (!can_search(g, out)) return GTP_ERR;
    if (g->game.board->size <= 0) return fail(out, "not a square board");
    if (pos_over(p)) return fail(out, "game is over");
    Analysis a;
    if (search_for(g, p, secs, &a, NULL)) report_gfx(p, &a, label, out);
    free(a.moves);
    return GTP_OK;
}
